/*
 * job_hub_server.h - the hub's side of job_hub.h, for bsprun-launch
 * (job_hub.c): the watches' connections, what each process is doing, and
 * the judgement of a start that cannot complete.
 */
#ifndef NESTSTEP_JOB_HUB_SERVER_H
#define NESTSTEP_JOB_HUB_SERVER_H
#include <poll.h>

struct hub_conn {
    int fd;                     /* -1 once closed */
    int rank;                   /* -1 until its hello */
};

struct hub_rank {
    int conn;                   /* index in conns, -1 if none (yet, or any more) */
    int status;                 /* exit status once known, -1 before */
    unsigned mpi_started : 1,   /* went into MPI_Init */
        mpi_done : 1,           /* came out of it */
        begun : 1,              /* went into bsp_begin */
        left : 1,               /* left before bsp_begin */
        ended : 1,              /* ended by itself (status known) */
        gone : 1;               /* its watch is gone */
};

struct hub {
    int listen_fd;              /* -1: no hub */
    struct hub_conn *conns;
    int nconns, cap;
    struct hub_rank *ranks;     /* one per process, once the size is known */
    int size;                   /* -1 until the first hello */
    int hellos;
    int nonlocal;               /* some process runs on another machine */
    int verdict;                /* a start was judged (or the job stops): no more */
    int signal;                 /* passed on to every watch, 0 if none */
    int stopped, stop_status;   /* a watch stopped the job, with this status */
};

/* Listens for the watches of the job `key`; -1 if it cannot (the watches
 * then go without a hub). */
int hub_open(struct hub *h, const char *key);
/* The descriptors to poll (at most max into p), and how many there may be. */
int hub_pollfds(const struct hub *h, struct pollfd *p, int max);
int hub_npollfds(const struct hub *h);
/* Takes what poll found on those descriptors, then judges. */
void hub_handle(struct hub *h, const struct pollfd *p, int n);
/* Passes signal sig on to every watch, and to those that come later. */
void hub_signal(struct hub *h, int sig);
/* 1 if the hub reaches every process of the job (so a signal passed on to
 * the watches reaches them all). */
int hub_covers_job(const struct hub *h);
/* 1 and *status if the hub knows how the job ended: the status the watch
 * that stopped it gave, or, when every process ended by itself, the first
 * non-zero status in process order (0 if none). */
int hub_job_status(const struct hub *h, int *status);
void hub_close(struct hub *h);

#endif /* NESTSTEP_JOB_HUB_SERVER_H */
