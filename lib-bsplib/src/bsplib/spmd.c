/*
 * spmd.c - BSPlib initialisation, halt, enquiry and superstep calls:
 * bsp_begin, bsp_end, bsp_init, bsp_abort, bsp_nprocs, bsp_pid, bsp_time,
 * bsp_sync; plus the argument checks the other files share.
 */
#include <stdarg.h>
#include <stdlib.h>
#include "bspi.h"

void (*bspi_end_check)(const struct ns_site *site);

void
bspi_not_running(const struct ns_site *site)
{
    ns_fatal(site, "called outside the parallel part; call it between bsp_begin and bsp_end");
}

void
bspi_bad_pid(int pid, const struct ns_site *site)
{
    ns_fatal(site, "process id %d is out of range; use 0 <= pid < bsp_nprocs() = %d",
             pid, ns_nprocs());
}

void
bspi_negative(int value, const char *what, const struct ns_site *site)
{
    ns_fatal(site, "%s is %d; it must not be negative", what, value);
}

void
bspi_no_bsmp(const struct ns_site *site)
{
    ns_fatal(site, "BSMP is not available with NS_SYNC=%s: a message queue needs the global "
             "message count of a barrier, which the relaxed modes do without; send with "
             "bsp_put into a registered area and wait for it with bspx_read, or run in "
             "barrier mode (NS_SYNC=barrier, bsprun --sync=barrier)", ns_sync_mode_name());
}

void
bspi_begin_at(int maxprocs, const char *file, int line)
{
    ns_engine_start(maxprocs, NS_SITE("bsp_begin", file, line));
}

void bsp_begin(int maxprocs) { bspi_begin_at(maxprocs, NULL, 0); }

void
bspi_end_at(const char *file, int line)
{
    const struct ns_site *site = NS_SITE("bsp_end", file, line);
    bspi_require_running(site);
    if (bspi_end_check)
        bspi_end_check(site);
    ns_sync(NS_SYNC_END, site);
    ns_engine_stop(site);
}

void bsp_end(void) { bspi_end_at(NULL, 0); }

void
bsp_init(void (*spmdproc)(void), int argc, char **argv)
{
    (void)argc;
    (void)argv;
    const struct ns_site *site = NS_SITE("bsp_init", NULL, 0);
    if (ns_engine_state() != NS_NOT_STARTED)
        ns_fatal(site, "called after bsp_begin; bsp_init must be the first statement of main");
    if (!spmdproc)
        ns_fatal(site, "the SPMD procedure is NULL; pass the function that calls bsp_begin");
    if (ns_mpi_world_rank() != 0) {
        spmdproc();
        exit(0);
    }
    ns_engine_expect_start();
}

void
bsp_abort(const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    ns_user_abort(format, ap);
}

int
bsp_nprocs(void)
{
    return ns_engine_running() ? ns_nprocs() : ns_mpi_world_size();
}

int
bsp_pid(void)
{
    bspi_require_running(NS_SITE("bsp_pid", NULL, 0));
    return ns_pid();
}

double
bsp_time(void)
{
    bspi_require_running(NS_SITE("bsp_time", NULL, 0));
    return ns_time();
}

void
bspi_sync_at(const char *file, int line)
{
    const struct ns_site *site = NS_SITE("bsp_sync", file, line);
    bspi_require_running(site);
    ns_sync(NS_SYNC_STEP, site);
}

void bsp_sync(void) { bspi_sync_at(NULL, 0); }
