/*
 * fatal.c - stopping the whole job with one clear message.  Misuse found by
 * any process ends every process (MPI_Abort), so nobody waits forever.  When
 * several processes find an error at once (misuse that every process
 * commits), only the first to claim the report prints (report_once.c).
 */
#include <fcntl.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>
#include "internal.h"
#include "report_once.h"

static int dying;
int ns_fatal_defer;
void (*ns_fatal_serve)(void);
void (*ns_fatal_flush)(void);

/* Longest a process that lost the report waits for the reporter to stop the
 * job before it stops the job itself. */
#define REPORTER_WAIT_S 10.0

/* 1 if this process prints the job's error line; else waits (silently)
 * while the process that does stops the job. */
static int
report_or_wait(void)
{
    ns_report_state(NS_WATCH_REPORTED);
    if (ns_report_claim())
        return 1;
    fflush(stdout);
    ns_report_wait_reporter(REPORTER_WAIT_S);
    return 0;
}

static void __attribute__((noreturn))
stop_job(void)
{
    int fin = 0;
    fflush(stdout);
    fflush(stderr);
    if (NS_STOP_BY_EXIT)
        _exit(1);
    MPI_Finalized(&fin);
    if (!fin) {
        /* MPICH's launcher tears the job down on MPI_Abort, sometimes before it
         * has forwarded our last output (measured: 5 lost lines in 200 runs).
         * Give it a moment: this path runs once, to end the job. */
        struct timespec drain = { 0, 150 * 1000 * 1000 };
        nanosleep(&drain, NULL);
        ns_mpi_world_rank();        /* initialises MPI if need be: others may wait */
        /* The job's error line is out; MPICH's "Abort(1) on node ..." would
         * be a second one. */
        ns_report_hand_over();
        int devnull = open("/dev/null", O_WRONLY);
        if (devnull >= 0)
            dup2(devnull, STDERR_FILENO);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    _exit(1);
}

void
ns_vfatal(const struct ns_site *site, const char *fmt, va_list ap)
{
    char msg[2048], where[512];
    int fin = 0, rank = -1;

    if (dying)
        _exit(1);
    dying = 1;
    if (ns_fatal_flush)
        ns_fatal_flush();
    vsnprintf(msg, sizeof msg, fmt, ap);
    if (site && site->file)
        snprintf(where, sizeof where, "%s:%d: ", site->file, site->line);
    else
        where[0] = '\0';
    MPI_Finalized(&fin);
    if (ns_proc.running)
        rank = ns_proc.pid;
    else if (!fin)
        rank = ns_mpi_world_rank();
    fflush(stdout);
    if (ns_fatal_defer) {
        /* the group's process 0 finds this too: let it report, and report
         * only if it has not stopped the job within 5 s; meanwhile say
         * where this process is, should the reporter ask (stall_detect.c) */
        struct timespec nap = { 0, 10 * 1000 * 1000 };
        for (int i = 0; i < 500; i++) {
            if (ns_fatal_serve)
                ns_fatal_serve();
            nanosleep(&nap, NULL);
        }
    }
    if (!report_or_wait())
        stop_job();
    if (ns_proc.running)
        fprintf(stderr, "%serror: [process %d, superstep %ld] %s: %s\n", where, rank,
                ns_eng.superstep, site && site->call ? site->call : "bsplib", msg);
    else
        fprintf(stderr, "%serror: [process %d] %s: %s\n", where, rank,
                site && site->call ? site->call : "bsplib", msg);
    stop_job();
}

void
ns_fatal(const struct ns_site *site, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ns_vfatal(site, fmt, ap);
}

void
ns_user_abort(const char *fmt, va_list ap)
{
    char msg[2048];
    if (dying)
        _exit(1);
    dying = 1;
    if (ns_fatal_flush)
        ns_fatal_flush();
    vsnprintf(msg, sizeof msg, fmt, ap);
    size_t n = strlen(msg);
    fflush(stdout);
    if (!report_or_wait())
        stop_job();
    fprintf(stderr, "bsp_abort: process %d: %s%s", ns_proc.running ? ns_proc.pid : ns_mpi_world_rank(),
            msg, n && msg[n - 1] == '\n' ? "" : "\n");
    stop_job();
}
