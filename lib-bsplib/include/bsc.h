/*
 * bsc.h - BSPonMPI's collectives API ("bulk synchronous collectives") on
 * NestStep-C's BSPlib: process groups, requests scheduled for a later
 * superstep, and the collectives built from them.  Programs written for
 * BSPonMPI's bsc.h build with bspcc unchanged.  See bsc(3) and the section
 * "Collectives of bsc.h" of docs/bsplib.md.
 *
 * The model.  Supersteps of an epoch are numbered from bsc_start (0).  A
 * request names the superstep in which it runs and returns the superstep
 * in which its result is there: bsc_put(s, ...) and bsc_get(s, ...) are a
 * bsp_put/bsp_get issued in superstep s, complete when superstep s + 1
 * starts, and return s + 1.  A collective scheduled for superstep s returns
 * the superstep by which it has completed (s + 1 for the direct
 * algorithms, more for a tree).  Requests wait in a local queue until bsc_sync(until) runs the
 * supersteps up to the start of `until`; so independent collectives given
 * the same start superstep run side by side, and a collective's result can
 * be waited for later while the program goes on.  bsc_sync(bsc_flush) runs
 * everything still queued on every process, acts as a barrier of all
 * processes, and starts a new epoch at superstep 0.  The first bsc_sync of a
 * program (or group creation, if one comes first) is collective whatever
 * its argument: it registers the library's area (one bsp_sync on every
 * process).
 *
 * Buffers: the ones named "registered" below must be registered with
 * bsp_push_reg (and a bsp_sync) on every member before the superstep in
 * which the collective runs; the others are local memory.  Sources must
 * hold their data, and destinations must not be used, from the start
 * superstep until the returned one has started.
 *
 * Misuse (a group that does not hold the caller, a root outside the group
 * (a partition or bsc_all),
 * members that schedule different collectives, roots or sizes in the same
 * superstep, a superstep already past, an unregistered buffer) stops the job
 * with a message that names the process, the call and its line.
 */
#ifndef NESTSTEP_BSC_H
#define NESTSTEP_BSC_H

#include "bsp.h"

#ifdef __cplusplus
extern "C" {
#endif

#define NESTSTEP_BSC 1

typedef unsigned bsc_step_t;    /* a superstep number within an epoch */
typedef int bsc_size_t;         /* sizes and counts, in bytes or elements */
typedef int bsc_pid_t;          /* process ids, as bsp_pid() */

/* ---- process groups ---- */
typedef void *bsc_group_t;
extern const bsc_group_t bsc_all;   /* every process, in process-id order */

/* Collective, one bsp_sync (two for the first group or bsc_sync of a
 * program, which registers the library's arrays): processes that pass the
 * same symbol form one group, ordered by process id. */
bsc_group_t bsc_group_create_partition(unsigned symbol);
/* Collective, as the partition: the calling process and the neighbours it
 * lists (itself included) form its group, in the order listed; every
 * neighbour must list it back. */
bsc_group_t bsc_group_create_neighbourhood(bsc_pid_t *neighbours, bsc_size_t size);
/* Local: frees a group once no request of it is queued. */
void bsc_group_destroy(bsc_group_t group);

/* ---- cost parameters, used to choose between algorithms ----
 * In units of one byte sent.  A request of `word_size` bytes costs
 * word_size * bsc_g(type, word_size): the bytes plus a per-message cost
 * (NS_BSC_O bytes, default 1024), so bsc_g(type, w) = 1 + NS_BSC_O / w;
 * bsc_L(type) is what a superstep costs (NS_BSC_L, default 16384).  Every
 * request type has the same parameters here. */
typedef enum bsc_request {
    BSC_PUT, BSC_HPPUT, BSC_GET, BSC_HPGET, BSC_SEND,
    BSC_N_REQUEST_TYPES
} bsc_request_t;
double bsc_g(bsc_request_t type, int word_size);
double bsc_L(bsc_request_t type);

/* ---- supersteps ---- */
extern const bsc_step_t bsc_start;  /* 0, the first superstep of an epoch */
extern const bsc_step_t bsc_flush;  /* bsc_sync(bsc_flush): finish everything, new epoch */

bsc_step_t bsc_current(void);
/* Runs the queued requests superstep by superstep until superstep `until`
 * starts (one bsp_sync each, empty supersteps of all processes skipped) and
 * returns it; bsc_sync(bsc_flush) runs all of them on every process, ends
 * the epoch and returns 0.  Every process must be in a bsc_sync for the
 * supersteps any process runs. */
bsc_step_t bsc_sync(bsc_step_t until);

/* ---- delayed primitives ---- */
/* bsp_put(dst_pid, src, dst, offset, size) in superstep `depends`: src is
 * read then.  Returns depends + 1. */
bsc_step_t bsc_put(bsc_step_t depends, bsc_pid_t dst_pid, const void *src,
                   void *dst, bsc_size_t offset, bsc_size_t size);
/* bsp_get(src_pid, src, offset, dst, size) in superstep `depends`.
 * Returns depends + 1. */
bsc_step_t bsc_get(bsc_step_t depends, bsc_pid_t src_pid, const void *src,
                   bsc_size_t offset, void *dst, bsc_size_t size);

/* An associative operator on elements: with xs an array of `size` bytes,
 * a reducer for reductions stores a0 + xs[0] + ... + xs[n-1] in a; one for
 * bsc_scan stores the prefixes a[i] = a0 + xs[0] + ... + xs[i] in the array
 * a.  a, a0 and xs do not overlap. */
typedef void (*bsc_reduce_t)(void *a, const void *a0, const void *xs, bsc_size_t size);

/* reducer(a, a0, xs, size) locally, once the communication of superstep
 * `depends` has arrived.  Returns depends + 1. */
bsc_step_t bsc_exec_reduce(bsc_step_t depends, bsc_reduce_t reducer, void *a,
                           const void *a0, const void *xs, bsc_size_t size);

/* ---- user collectives ---- */
/* The arguments of one call of a collective; calls with the same
 * collective, root and group in the same superstep reach its algorithm
 * together, as one array, in the order they were made. */
typedef struct bsc_coll_params {
    const void *src;
    void *dst;
    void *tmp;                  /* registered scratch space */
    bsc_reduce_t reducer;
    const void *zero;           /* neutral element of reducer */
    bsc_size_t nmemb;           /* number of elements */
    bsc_size_t size;            /* bytes per element (or per block) */
} bsc_coll_params_t;

/* An algorithm schedules the collective with bsc_put, bsc_get,
 * bsc_exec_reduce (and other collectives) from superstep `depends` on, and
 * returns the superstep by which it has completed. */
typedef bsc_step_t (*bsc_coll_alg_t)(bsc_step_t depends, bsc_pid_t root, bsc_group_t group,
                                     bsc_coll_params_t *set, bsc_size_t n);
/* Its cost (in bsc_g/bsc_L units); the cheapest algorithm runs, ties to the
 * first.  Must give the same value on every member. */
typedef double (*bsc_coll_cost_t)(bsc_group_t group, bsc_coll_params_t *set, bsc_size_t n);
/* The most supersteps it takes. */
typedef bsc_step_t (*bsc_coll_steps_t)(bsc_group_t group);

#define BSC_MAX_COLL_ALGS 10
typedef struct bsc_collective {
    bsc_coll_alg_t algorithms[BSC_MAX_COLL_ALGS];
    bsc_coll_cost_t costfuncs[BSC_MAX_COLL_ALGS];
    bsc_coll_steps_t maxsteps[BSC_MAX_COLL_ALGS];
    bsc_size_t n_algs;
} bsc_collective_t;

/* Schedules `collective` for superstep `depends` on every member of group;
 * returns depends plus the largest maxsteps of its algorithms. */
bsc_step_t bsc_collective(bsc_step_t depends, const bsc_collective_t *collective,
                          bsc_pid_t root, bsc_group_t group, bsc_coll_params_t params);

/* ---- collectives: called by every member of group with the same
 * depends, root and size (and reducer); blocks are `size` bytes, member i
 * is the i-th of the group's order.  On a neighbourhood a rooted
 * collective is the root's: the root serves the members it lists, and the
 * others pass any root (they take part in the collective of each root that
 * lists them).  Each returns the superstep by which it has completed; the
 * algorithm (one superstep of direct puts or gets, a tree, or for bsc_bcast
 * two phases) is the cheapest by bsc_g and bsc_L, chosen at the call, the
 * same on every member; a neighbourhood always goes direct. ---- */
/* dst (registered) of member i <- block i of src on root */
bsc_step_t bsc_scatter(bsc_step_t depends, bsc_pid_t root, bsc_group_t group,
                       const void *src, void *dst, bsc_size_t size);
/* block i of dst on root <- src (registered) of member i */
bsc_step_t bsc_gather(bsc_step_t depends, bsc_pid_t root, bsc_group_t group,
                      const void *src, void *dst, bsc_size_t size);
/* block i of dst on every member <- src (registered) of member i */
bsc_step_t bsc_allgather(bsc_step_t depends, bsc_group_t group,
                         const void *src, void *dst, bsc_size_t size);
/* block i of dst (registered) on member j <- block j of src on member i */
bsc_step_t bsc_alltoall(bsc_step_t depends, bsc_group_t group,
                        const void *src, void *dst, bsc_size_t size);
/* dst (registered) of every member <- src of root */
bsc_step_t bsc_bcast(bsc_step_t depends, bsc_pid_t root, bsc_group_t group,
                     const void *src, void *dst, bsc_size_t size);
/* dst (size bytes) on root <- the fold of every member's nmemb elements of
 * src, members in process-id order; tmp_space: registered, (n + 1) * size
 * bytes for a group of n.  nmemb may differ between members. */
bsc_step_t bsc_reduce(bsc_step_t depends, bsc_pid_t root, bsc_group_t group,
                      const void *src, void *dst, void *tmp_space,
                      bsc_reduce_t reducer, const void *zero,
                      bsc_size_t nmemb, bsc_size_t size);
/* as bsc_reduce, with the result in dst on every member */
bsc_step_t bsc_allreduce(bsc_step_t depends, bsc_group_t group,
                         const void *src, void *dst, void *tmp_space,
                         bsc_reduce_t reducer, const void *zero,
                         bsc_size_t nmemb, bsc_size_t size);
/* dst[i] (nmemb elements) on member j <- the fold of the elements of members
 * before j in the group's order and src[0..i] of j (inclusive prefix);
 * reducer computes prefixes; tmp_space: registered, n * size bytes. */
bsc_step_t bsc_scan(bsc_step_t depends, bsc_group_t group,
                    const void *src, void *dst, void *tmp_space,
                    bsc_reduce_t reducer, const void *zero,
                    bsc_size_t nmemb, bsc_size_t size);

/* ---- the algorithms by name (BSPonMPI's library exports them) ----
 * A q-ary tree (q >= 2; q >= n is the direct algorithm): each process
 * sends or fetches at most q blocks per superstep.  With R = the smallest
 * r such that q^r >= n (1 at least): bcast and reduce take R supersteps,
 * allreduce 2R - 1 (a reduce whose top q members exchange their parts,
 * then a broadcast down), scan R' (q^R' >= n - 1).  They relay through
 * members, so the group must be bsc_all or a partition; members must pass
 * the same q.  Scratch space as the collectives above. */
bsc_step_t bsc_bcast_qtree_single(bsc_step_t depends, bsc_pid_t root, bsc_group_t group,
                                  const void *src, void *dst, bsc_size_t size, bsc_pid_t q);
bsc_step_t bsc_reduce_qtree_single(bsc_step_t depends, bsc_pid_t root, bsc_group_t group,
                                   const void *src, void *dst, void *tmp_space,
                                   bsc_reduce_t reducer, const void *zero,
                                   bsc_size_t nmemb, bsc_size_t size, bsc_pid_t q);
bsc_step_t bsc_allreduce_qtree_single(bsc_step_t depends, bsc_group_t group,
                                      const void *src, void *dst, void *tmp_space,
                                      bsc_reduce_t reducer, const void *zero,
                                      bsc_size_t nmemb, bsc_size_t size, bsc_pid_t q);
bsc_step_t bsc_scan_qtree_single(bsc_step_t depends, bsc_group_t group,
                                 const void *src, void *dst, void *tmp_space,
                                 bsc_reduce_t reducer, const void *zero,
                                 bsc_size_t nmemb, bsc_size_t size, bsc_pid_t q);
/* The two-phase broadcast of the n calls in params (src, dst registered
 * and size of each; the root's src): the root scatters the concatenated
 * bytes in n-member blocks, then every member puts its block to all.  Two
 * supersteps; bsc_all or a partition.  Returns depends + 2. */
bsc_step_t bsc_bcast_2phase(bsc_step_t depends, bsc_pid_t root, bsc_group_t group,
                            bsc_coll_params_t *params, bsc_size_t n);

/* The collectives above as bsc_collective_t, for bsc_collective. */
extern const bsc_collective_t *const bsc_coll_scatter;
extern const bsc_collective_t *const bsc_coll_gather;
extern const bsc_collective_t *const bsc_coll_allgather;
extern const bsc_collective_t *const bsc_coll_alltoall;
extern const bsc_collective_t *const bsc_coll_bcast;
extern const bsc_collective_t *const bsc_coll_reduce;
extern const bsc_collective_t *const bsc_coll_allreduce;
extern const bsc_collective_t *const bsc_coll_scan;

/* Errors name the caller's line: each call is also a macro that records it
 * first (BSP_NO_SITE_MACROS: plain functions only).  The algorithms by name
 * have none: programs written for BSPonMPI declare them themselves. */
void bsci_at(const char *file, int line);
#ifndef BSP_NO_SITE_MACROS
#define BSCI_AT_(call, ...)   (bsci_at(__FILE__, __LINE__), call(__VA_ARGS__))
#define bsc_group_create_partition(...)     BSCI_AT_(bsc_group_create_partition, __VA_ARGS__)
#define bsc_group_create_neighbourhood(...) BSCI_AT_(bsc_group_create_neighbourhood, __VA_ARGS__)
#define bsc_group_destroy(...)  BSCI_AT_(bsc_group_destroy, __VA_ARGS__)
#define bsc_sync(...)           BSCI_AT_(bsc_sync, __VA_ARGS__)
#define bsc_put(...)            BSCI_AT_(bsc_put, __VA_ARGS__)
#define bsc_get(...)            BSCI_AT_(bsc_get, __VA_ARGS__)
#define bsc_exec_reduce(...)    BSCI_AT_(bsc_exec_reduce, __VA_ARGS__)
#define bsc_collective(...)     BSCI_AT_(bsc_collective, __VA_ARGS__)
#define bsc_scatter(...)        BSCI_AT_(bsc_scatter, __VA_ARGS__)
#define bsc_gather(...)         BSCI_AT_(bsc_gather, __VA_ARGS__)
#define bsc_allgather(...)      BSCI_AT_(bsc_allgather, __VA_ARGS__)
#define bsc_alltoall(...)       BSCI_AT_(bsc_alltoall, __VA_ARGS__)
#define bsc_bcast(...)          BSCI_AT_(bsc_bcast, __VA_ARGS__)
#define bsc_reduce(...)         BSCI_AT_(bsc_reduce, __VA_ARGS__)
#define bsc_allreduce(...)      BSCI_AT_(bsc_allreduce, __VA_ARGS__)
#define bsc_scan(...)           BSCI_AT_(bsc_scan, __VA_ARGS__)
#endif

#ifdef __cplusplus
}
#endif
#endif /* NESTSTEP_BSC_H */
