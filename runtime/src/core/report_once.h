/*
 * report_once.h - one error line per job: the first process of a job that
 * claims the report prints it; the others stay silent while it stops the
 * job.  Used by the engine's fatal path and by bsprun's per-process watch
 * (lib-bsplib/tools/bsprun-watch.c), so it needs nothing but libc.
 */
#ifndef NESTSTEP_REPORT_ONCE_H
#define NESTSTEP_REPORT_ONCE_H

/* 1 if this process is the job's reporter (or the claim cannot be made, for
 * example outside a launched job: then every process reports), 0 if another
 * process of the job already claimed the report.  The claim lasts until the
 * process ends. */
int ns_report_claim(void);

/* After a lost claim: waits until the reporter has ended, or max_s seconds,
 * whichever comes first. */
void ns_report_wait_reporter(double max_s);

/* What the process tells bsprun's watch (through the socket NS_WATCH_FD names;
 * nothing without one), so that the watch can name a process that ends
 * inside the parallel part without a word (_exit, exit from a handler), and
 * stop a job whose start cannot complete: one process leaves before
 * bsp_begin while another has gone on into MPI_Init or bsp_begin, which
 * wait for every process (lib-bsplib/tools/job_hub.c). */
enum {
    NS_WATCH_MPI_INIT = 'I',    /* calling MPI_Init (bsp_nprocs, bsp_init, bsp_begin) */
    NS_WATCH_MPI_READY = 'M',   /* MPI_Init returned */
    NS_WATCH_BEGIN = 'B',       /* in bsp_begin (or NestStep_init) */
    NS_WATCH_RUNNING = 'R',     /* in the parallel part (after bsp_begin) */
    NS_WATCH_STOPPED = 'S',     /* left it normally (bsp_end), or was not needed */
    NS_WATCH_LEAVING = 'E',     /* ending before bsp_begin, MPI initialised
                                   (MPI_Finalize waits for every process) */
    NS_WATCH_REPORTED = 'F'     /* stopping the job with its own message */
};
void ns_report_state(char state);
/* The reporter, about to stop the job: gives its claim to the watch, which
 * holds it until the job is stopped. */
void ns_report_hand_over(void);
#define NS_WATCH_FD_ENV "NS_WATCH_FD"

#endif
