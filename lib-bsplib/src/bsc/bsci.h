/*
 * bsci.h - what the files of bsc.h share: groups (bsc_group.c), the request
 * queue and its supersteps (bsc_sync.c), the call sites that errors name,
 * and the tree algorithms (bsc_tree.c).  The collectives (bsc_coll.c) are
 * built on these.
 */
#ifndef NESTSTEP_BSCI_H
#define NESTSTEP_BSCI_H

#include <stdint.h>
#include "bspi.h"
#include "bsc.h"

/* bsp_end: no request of bsc.h may be left queued (bsc_sync.c). */
void bsci_check_end(const struct ns_site *site);

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
 * and the wrappers of bsc_coll.c); arity: the q of a tree algorithm named
 * by the caller (bsc_*_qtree_single), else 0.  Calls coalesce only with
 * calls of the same arity, and members must pass the same one. */
bsc_step_t bsci_schedule(bsc_step_t depends, const bsc_collective_t *coll, bsc_pid_t root,
                         bsc_group_t group, const bsc_coll_params_t *params, int arity,
                         const struct ns_site *site);
/* The arity of the call whose algorithm, cost or superstep count is being
 * computed (0 if none). */
int bsci_arity(void);

/* ---- the tree algorithms (bsc_tree.c) ----
 * Each schedules every call of a set from superstep d on with a q-ary tree
 * over the group's members (q >= n: the direct algorithm, one superstep),
 * and returns the superstep by which all are done.  Broadcast, reduce and
 * allreduce order members by process id, scan by the group's order.  With
 * q < n they relay through members, so they need a group whose members
 * hold the same members (bsc_all or a partition); on a neighbourhood the
 * direct algorithm serves each root's (or member's) own list. */
enum bsci_tree_kind { BSCI_BCAST, BSCI_REDUCE, BSCI_ALLREDUCE, BSCI_SCAN };
bsc_step_t bsci_tree(int kind, bsc_step_t d, int root, const struct bsci_group *g,
                     bsc_coll_params_t *set, int ncalls, int q);
/* The two-phase broadcast: the root scatters the calls' bytes in n blocks,
 * then each member puts its block to all.  Returns d + 2. */
bsc_step_t bsci_bcast_2phase(bsc_step_t d, int root, const struct bsci_group *g,
                             bsc_coll_params_t *set, int ncalls);
/* Supersteps the tree of `kind` takes on n members, and its cost in
 * bsc_g/bsc_L units (the busiest process: supersteps, and the messages it
 * sends or fetches); the same on every member. */
bsc_step_t bsci_tree_steps(int kind, int n, int q);
double bsci_tree_cost(int kind, int n, int q, const bsc_coll_params_t *set, int ncalls);
double bsci_2phase_cost(int n, const bsc_coll_params_t *set, int ncalls);
/* The smallest r >= 0 with q^r >= n. */
int bsci_levels(long n, long q);

/* The library's own registered areas (bsc_sync.c): pushes them if not yet
 * done; they take effect at the caller's next bsp_sync.  Returns 1 if it
 * pushed. */
int bsci_register(void);

#endif
