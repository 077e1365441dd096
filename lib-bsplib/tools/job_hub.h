/*
 * job_hub.h - what bsprun-launch (the hub) and the watches of its job say to
 * each other.  The hub listens on a Unix socket bound to an abstract name
 * made from the job's key (NS_JOB_KEY), so only the watches on bsprun's own
 * machine reach it.  Each watch connects once, says hello, and reports the
 * states its program goes through (report_once.h: NS_WATCH_*) and how it
 * ended.  The hub answers a watch whose program left before bsp_begin with
 * "go" (every process left before bsp_begin: the job ends with its
 * statuses) or "stop" (another process went on into MPI or bsp_begin,
 * where it would wait for this one for ever), and passes a signal sent to
 * bsprun on to every watch.  The hub judges starts only when all
 * processes of the job run on its machine (hello's `local`); it learns the
 * job's exit status from the watches' last words.
 */
#ifndef NESTSTEP_JOB_HUB_H
#define NESTSTEP_JOB_HUB_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>

/* One message, either way (SOCK_SEQPACKET keeps them whole). */
struct ns_hub_msg {
    int32_t kind;
    int32_t rank;               /* the watch's process */
    int32_t a, b;               /* as the kind says */
};

enum ns_hub_kind {
    /* watch -> hub */
    NS_HUB_HELLO = 1,           /* a = the job's size (PMI_SIZE), b = 1 if every
                                   process of the job runs on this machine */
    NS_HUB_STATE,               /* a = the program's new state (NS_WATCH_*) */
    NS_HUB_LEFT,                /* the program left before bsp_begin: a = its exit
                                   status, -1 while it is still in MPI_Finalize;
                                   the watch waits for GO or STOP */
    NS_HUB_STOPPING,            /* the watch stops the job: a = the job's status */
    NS_HUB_END,                 /* the program ended by itself: a = its status */
    /* hub -> watch */
    NS_HUB_GO,                  /* every process left before bsp_begin: end */
    NS_HUB_STOP,                /* stop the job: process a went on (b = its state) */
    NS_HUB_SIGNAL               /* bsprun got signal a: pass on signal b (SIGTERM
                                   for a SIGHUP, which MPI programs catch) */
};

/* The hub's address for the job key; 0 if the key does not fit. */
static inline socklen_t
ns_hub_address(struct sockaddr_un *addr, const char *key)
{
    memset(addr, 0, sizeof *addr);
    addr->sun_family = AF_UNIX;
    /* sun_path[0] stays '\0': the abstract namespace, nothing on disk */
    int n = snprintf(addr->sun_path + 1, sizeof addr->sun_path - 1, "neststep-hub-%s", key);
    if (n < 0 || (size_t)n >= sizeof addr->sun_path - 1)
        return 0;
    return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + (size_t)n);
}

#endif /* NESTSTEP_JOB_HUB_H */
