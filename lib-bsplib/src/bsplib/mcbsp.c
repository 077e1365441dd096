/*
 * mcbsp.c - the calls of MulticoreBSP for C 2.0's API (bsp-mcbsp.h) whose
 * types or empty-queue results differ from BSPlib's: enquiry with unsigned
 * ids, bsp_vabort, bsp_set_tagsize and the BSMP queue with size_t.  The
 * others are inline in the header and call the BSPlib entry points.
 */
#define BSP_MCBSP_API 1
#include <stdint.h>
#include "bspi.h"

bsp_pid_t
mcbspi_nprocs(void)
{
    return (bsp_pid_t)(ns_engine_running() ? ns_nprocs() : ns_mpi_world_size());
}

bsp_pid_t
mcbspi_pid(void)
{
    bspi_require_running(NS_SITE("bsp_pid", NULL, 0));
    return (bsp_pid_t)ns_pid();
}

void
mcbspi_vabort(const char *format, va_list args)
{
    va_list ap;
    va_copy(ap, args);
    ns_user_abort(format, ap);
}

void
mcbspi_too_large(const char *call, const char *what, size_t value, const char *file, int line)
{
    ns_fatal(NS_SITE(call, file, line), "%s is %zu, more than this library takes (%d); "
             "split the transfer or the area into pieces of at most %d bytes",
             what, value, INT_MAX, INT_MAX);
}

void
mcbspi_set_tagsize_at(bsp_size_t *size, const char *file, int line)
{
    const struct ns_site *site = NS_SITE("bsp_set_tagsize", file, line);
    bspi_require_bsmp(site);
    if (!size)
        ns_fatal(site, "the argument is NULL; pass a pointer to the new tag size");
    if (*size > INT_MAX)
        mcbspi_too_large("bsp_set_tagsize", "the tag size", *size, file, line);
    *size = ns_set_tagsize(*size);
}

void
mcbspi_qsize(bsp_nprocs_t *packets, bsp_size_t *accumulated_size)
{
    const struct ns_site *site = NS_SITE("bsp_qsize", NULL, 0);
    size_t bytes;
    bspi_require_bsmp(site);
    if (!packets)
        ns_fatal(site, "packets is NULL; pass a pointer to a bsp_nprocs_t");
    *packets = (bsp_nprocs_t)ns_queue_size(&bytes);
    if (accumulated_size)           /* optional in MulticoreBSP */
        *accumulated_size = bytes;
}

void
mcbspi_get_tag(bsp_size_t *status, void *tag)
{
    const struct ns_site *site = NS_SITE("bsp_get_tag", NULL, 0);
    bspi_require_bsmp(site);
    if (!status)
        ns_fatal(site, "status is NULL; pass a pointer to a bsp_size_t");
    long n = bspi_peek_tag(tag, site);
    *status = n < 0 ? SIZE_MAX : (size_t)n;     /* MulticoreBSP: SIZE_MAX when empty */
}

void
mcbspi_move(void *payload, bsp_size_t max_copy_size)
{
    const struct ns_site *site = NS_SITE("bsp_move", NULL, 0);
    bspi_require_bsmp(site);
    bspi_take(payload, max_copy_size, site);    /* MulticoreBSP: nothing when empty */
}

bsp_size_t
mcbspi_hpmove(void **p_tag, void **p_payload)
{
    const struct ns_site *site = NS_SITE("bsp_hpmove", NULL, 0);
    bspi_require_bsmp(site);
    long n = bspi_take_pointers(p_tag, p_payload, site);
    return n < 0 ? SIZE_MAX : (size_t)n;
}
