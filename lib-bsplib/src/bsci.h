/*
 * bsci.h - what the files of bsc.h share: groups (bsc_group.c), the request
 * queue and its supersteps (bsc_sync.c), and the call sites that errors
 * name.  The collectives (bsc_coll.c) are built on these.
 */
#ifndef NESTSTEP_BSCI_H
#define NESTSTEP_BSCI_H

#include <stdint.h>
#include "bspi.h"
#include "bsc.h"

/* A process group.  Members are numbered in the group's order (gid[i] is
 * the process id of member i as this process lists them); sorted[] lists
 * them by process id, the order every member agrees on. */
struct bsci_group {
    unsigned magic;             /* BSCI_GROUP_MAGIC while alive */
    int n;                      /* number of members */
    int me;                     /* this process's index in the group's order */
    int *gid;                   /* [n] process id of member i */
    int *lid;                   /* [nprocs] index of process q, or -1 */
    int *rof;                   /* [n] index of this process in member i's order */
    int *sorted;                /* [n] process ids, ascending */
    int rank;                   /* index of this process in sorted[] */
    int same_order;             /* every member lists the group in one order */
    int neighbourhood;          /* members may hold different member sets */
    uint64_t hash;              /* of the member set: equal on every member (a
                                 * partition) or a neighbourhood's mark */
    long queued;                /* collectives of this group in the queue */
};
#define BSCI_GROUP_MAGIC 0x62736367U

/* A bsc call: running, and in barrier mode (the supersteps agree through
 * puts delivered at a barrier). */
void bsci_require_barrier(const struct ns_site *site);

/* The group behind a handle (bsc_all: every process); stops the job with
 * the site named when the handle is not a live group or the caller is not
 * one of its members. */
struct bsci_group *bsci_group(bsc_group_t g, const struct ns_site *site);

/* The site of the call being made (file and line from bsci_at, when the
 * macro recorded them); inside an algorithm run by bsc_sync, the site of the
 * collective call it serves. */
struct ns_site bsci_site(const char *call);

/* A local function run once the communication of superstep `step` has
 * arrived (after bsc_exec_reduce requests queued before it); frees ctx
 * after. */
void bsci_local(bsc_step_t step, void (*fn)(void *ctx), void *ctx);

/* The descriptor's index among the built-in collectives (1..), or 0 for a
 * user collective (bsc_coll.c). */
int bsci_builtin_id(const bsc_collective_t *coll);
/* Whether it is a built-in collective whose root takes part. */
int bsci_builtin_rooted(const bsc_collective_t *coll);

/* Mixes v into the hash h (never 0 for a nonzero h). */
uint64_t bsci_hash(uint64_t h, uint64_t v);

/* Schedules a collective with the site of the user's call (bsc_collective
 * and the wrappers of bsc_coll.c). */
bsc_step_t bsci_schedule(bsc_step_t depends, const bsc_collective_t *coll, bsc_pid_t root,
                         bsc_group_t group, const bsc_coll_params_t *params,
                         const struct ns_site *site);

/* The library's own registered areas (bsc_sync.c): pushes them if not yet
 * done; they take effect at the caller's next bsp_sync.  Returns 1 if it
 * pushed. */
int bsci_register(void);

#endif
