/*
 * bsc_coll.c - the collectives of bsc.h: scatter, gather, allgather and
 * alltoall (one superstep of direct puts or gets), and bcast, reduce,
 * allreduce and scan with their algorithms (direct, a binary tree, a
 * ceil(sqrt n)-ary tree, and for bcast two phases: bsc_tree.c), each with
 * its cost and superstep count, as bsc_collective_t descriptors; the calls
 * that check their arguments, choose the cheapest algorithm and schedule
 * it; and the algorithms by name (bsc_*_qtree_single, bsc_bcast_2phase).
 *
 * The choice is made at the call, from the group's size, the block size,
 * bsc_g and bsc_L, so every member makes the same one and the call returns
 * the superstep that algorithm ends in.  A tree relays through members, so
 * a neighbourhood (whose members hold different member sets) always goes
 * direct: the root serves the members it lists.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "bsci.h"

static struct bsci_group *
group_of(bsc_group_t h)
{
    struct ns_site s = bsci_site("bsc_sync");
    return bsci_group(h, &s);
}

static char *
at(const void *base, long i, int size)
{
    return (char *)base + i * (long)size;
}

/* ---- superstep counts and costs ---- */

static bsc_step_t steps_one(bsc_group_t g) { (void)g; return 1; }

/* One superstep in which the busiest member sends or fetches a block of
 * each call to or from every other member. */
static double
cost_one(bsc_request_t type, bsc_group_t g, bsc_coll_params_t *set, bsc_size_t n)
{
    double bytes = 0;
    for (int c = 0; c < n; c++)
        bytes += set[c].size * bsc_g(type, set[c].size);
    return bsc_L(type) + (group_of(g)->n - 1) * bytes;
}
static double cost_put(bsc_group_t g, bsc_coll_params_t *set, bsc_size_t n)
{ return cost_one(BSC_PUT, g, set, n); }
static double cost_get(bsc_group_t g, bsc_coll_params_t *set, bsc_size_t n)
{ return cost_one(BSC_GET, g, set, n); }

/* ---- scatter: the root puts block i into member i's dst ---- */

static bsc_step_t
scatter_alg(bsc_step_t d, bsc_pid_t root, bsc_group_t h, bsc_coll_params_t *set, bsc_size_t n)
{
    struct bsci_group *g = group_of(h);
    if (ns_pid() == root)
        for (int c = 0; c < n; c++)
            for (int i = 0; i < g->n; i++)
                bsc_put(d, g->gid[i], at(set[c].src, i, set[c].size), set[c].dst, 0,
                        set[c].size);
    return d + 1;
}

/* Runs one(d, receive, g, call) for each call of a set, receive telling
 * whether this process is the root (root < 0: every member is). */
typedef void per_call(bsc_step_t d, int receive, const struct bsci_group *g,
                      bsc_coll_params_t *c);

static bsc_step_t
each_call(per_call *one, bsc_step_t d, bsc_pid_t root, bsc_group_t h, bsc_coll_params_t *set,
          bsc_size_t n)
{
    struct bsci_group *g = group_of(h);
    for (int c = 0; c < n; c++)
        one(d, root < 0 || ns_pid() == root, g, &set[c]);
    return d + 1;
}

/* ---- gather and allgather: the root (every member) gets member i's src
 * into its block i ---- */

static void
gather_one(bsc_step_t d, int receive, const struct bsci_group *g, bsc_coll_params_t *c)
{
    for (int i = 0; i < g->n && receive; i++)
        bsc_get(d, g->gid[i], c->src, 0, at(c->dst, i, c->size), c->size);
}

static bsc_step_t
gather_alg(bsc_step_t d, bsc_pid_t root, bsc_group_t h, bsc_coll_params_t *set, bsc_size_t n)
{
    return each_call(gather_one, d, root, h, set, n);
}

static bsc_step_t
allgather_alg(bsc_step_t d, bsc_pid_t root, bsc_group_t h, bsc_coll_params_t *set,
              bsc_size_t n)
{
    (void)root;
    return each_call(gather_one, d, -1, h, set, n);
}

/* ---- alltoall: block i of src goes to member i, into the block that
 * stands for this process in member i's order ---- */

static bsc_step_t
alltoall_alg(bsc_step_t d, bsc_pid_t root, bsc_group_t h, bsc_coll_params_t *set,
             bsc_size_t n)
{
    (void)root;
    struct bsci_group *g = group_of(h);
    for (int c = 0; c < n; c++)
        for (int i = 0; i < g->n; i++)
            bsc_put(d, g->gid[i], at(set[c].src, i, set[c].size), set[c].dst,
                    g->rof[i] * set[c].size, set[c].size);
    return d + 1;
}

/* ---- bcast, reduce, allreduce, scan: bsc_tree.c's algorithms with the
 * arity q of each variant ---- */

static int q_direct(const struct bsci_group *g) { return g->n; }
static int q_binary(const struct bsci_group *g) { (void)g; return 2; }
static int q_named(const struct bsci_group *g) { (void)g; return bsci_arity(); }
static int
q_sqrt(const struct bsci_group *g)
{
    int q = 2;
    while ((long)q * q < g->n)
        q++;
    return q;
}

/* The algorithm, cost and superstep count of one variant; all but the
 * direct one relay through members, so on a neighbourhood they cost
 * HUGE_VAL (never chosen) and count one superstep. */
#define TREE(name, kind, qf, relays)                                                      \
    static bsc_step_t name##_alg(bsc_step_t d, bsc_pid_t root, bsc_group_t h,            \
                                 bsc_coll_params_t *set, bsc_size_t n)                   \
    {                                                                                    \
        const struct bsci_group *g = group_of(h);                                        \
        return bsci_tree(kind, d, root, g, set, n, qf(g));                               \
    }                                                                                    \
    static double name##_cost(bsc_group_t h, bsc_coll_params_t *set, bsc_size_t n)      \
    {                                                                                    \
        const struct bsci_group *g = group_of(h);                                        \
        if ((relays) && g->neighbourhood)                                                \
            return HUGE_VAL;                                                             \
        return bsci_tree_cost(kind, g->n, qf(g), set, n);                                \
    }                                                                                    \
    static bsc_step_t name##_steps(bsc_group_t h)                                        \
    {                                                                                    \
        const struct bsci_group *g = group_of(h);                                        \
        return g->neighbourhood ? 1 : bsci_tree_steps(kind, g->n, qf(g));                \
    }

TREE(bcast_direct, BSCI_BCAST, q_direct, 0)
TREE(bcast_binary, BSCI_BCAST, q_binary, 1)
TREE(bcast_sqrt, BSCI_BCAST, q_sqrt, 1)
TREE(bcast_named, BSCI_BCAST, q_named, 1)
TREE(reduce_direct, BSCI_REDUCE, q_direct, 0)
TREE(reduce_binary, BSCI_REDUCE, q_binary, 1)
TREE(reduce_sqrt, BSCI_REDUCE, q_sqrt, 1)
TREE(reduce_named, BSCI_REDUCE, q_named, 1)
TREE(allreduce_direct, BSCI_ALLREDUCE, q_direct, 0)
TREE(allreduce_binary, BSCI_ALLREDUCE, q_binary, 1)
TREE(allreduce_sqrt, BSCI_ALLREDUCE, q_sqrt, 1)
TREE(allreduce_named, BSCI_ALLREDUCE, q_named, 1)
TREE(scan_direct, BSCI_SCAN, q_direct, 0)
TREE(scan_binary, BSCI_SCAN, q_binary, 1)
TREE(scan_sqrt, BSCI_SCAN, q_sqrt, 1)
TREE(scan_named, BSCI_SCAN, q_named, 1)

static bsc_step_t
bcast_2phase_alg(bsc_step_t d, bsc_pid_t root, bsc_group_t h, bsc_coll_params_t *set,
                 bsc_size_t n)
{
    return bsci_bcast_2phase(d, root, group_of(h), set, n);
}

static double
bcast_2phase_cost(bsc_group_t h, bsc_coll_params_t *set, bsc_size_t n)
{
    const struct bsci_group *g = group_of(h);
    return g->neighbourhood ? HUGE_VAL : bsci_2phase_cost(g->n, set, n);
}

static bsc_step_t
bcast_2phase_steps(bsc_group_t h)
{
    return group_of(h)->neighbourhood ? 1 : 2;
}

/* ---- descriptors ---- */

#define ONE_ALG(name, alg, cost) \
    static const bsc_collective_t name = { { alg }, { cost }, { steps_one }, 1 }
#define ONE(v) { { v##_alg }, { v##_cost }, { v##_steps }, 1 }
#define THREE(k) { { k##_direct_alg, k##_binary_alg, k##_sqrt_alg },             \
                   { k##_direct_cost, k##_binary_cost, k##_sqrt_cost },          \
                   { k##_direct_steps, k##_binary_steps, k##_sqrt_steps }, 3 }

ONE_ALG(scatter_desc, scatter_alg, cost_put);
ONE_ALG(gather_desc, gather_alg, cost_get);
ONE_ALG(allgather_desc, allgather_alg, cost_get);
ONE_ALG(alltoall_desc, alltoall_alg, cost_put);

/* Each of bcast, reduce, allreduce and scan: the descriptor with all its
 * algorithms (bsc_coll_bcast, ...), each algorithm alone (what the calls
 * schedule once they have chosen), and the tree with the caller's q. */
static const bsc_collective_t bcast_desc = {
    { bcast_direct_alg, bcast_binary_alg, bcast_sqrt_alg, bcast_2phase_alg },
    { bcast_direct_cost, bcast_binary_cost, bcast_sqrt_cost, bcast_2phase_cost },
    { bcast_direct_steps, bcast_binary_steps, bcast_sqrt_steps, bcast_2phase_steps }, 4
};
static const bsc_collective_t bcast_alone[4] = {
    ONE(bcast_direct), ONE(bcast_binary), ONE(bcast_sqrt), ONE(bcast_2phase)
};
static const bsc_collective_t reduce_desc = THREE(reduce);
static const bsc_collective_t reduce_alone[3] = {
    ONE(reduce_direct), ONE(reduce_binary), ONE(reduce_sqrt)
};
static const bsc_collective_t allreduce_desc = THREE(allreduce);
static const bsc_collective_t allreduce_alone[3] = {
    ONE(allreduce_direct), ONE(allreduce_binary), ONE(allreduce_sqrt)
};
static const bsc_collective_t scan_desc = THREE(scan);
static const bsc_collective_t scan_alone[3] = {
    ONE(scan_direct), ONE(scan_binary), ONE(scan_sqrt)
};
static const bsc_collective_t bcast_named_desc = ONE(bcast_named);
static const bsc_collective_t reduce_named_desc = ONE(reduce_named);
static const bsc_collective_t allreduce_named_desc = ONE(allreduce_named);
static const bsc_collective_t scan_named_desc = ONE(scan_named);

const bsc_collective_t *const bsc_coll_scatter = &scatter_desc;
const bsc_collective_t *const bsc_coll_gather = &gather_desc;
const bsc_collective_t *const bsc_coll_allgather = &allgather_desc;
const bsc_collective_t *const bsc_coll_alltoall = &alltoall_desc;
const bsc_collective_t *const bsc_coll_bcast = &bcast_desc;
const bsc_collective_t *const bsc_coll_reduce = &reduce_desc;
const bsc_collective_t *const bsc_coll_allreduce = &allreduce_desc;
const bsc_collective_t *const bsc_coll_scan = &scan_desc;

static const struct { const bsc_collective_t *desc; int rooted; } builtins[] = {
    { &scatter_desc, 1 }, { &gather_desc, 1 }, { &allgather_desc, 0 }, { &alltoall_desc, 0 },
    { &bcast_desc, 1 }, { &bcast_alone[0], 1 }, { &bcast_alone[1], 1 }, { &bcast_alone[2], 1 },
    { &bcast_alone[3], 1 }, { &bcast_named_desc, 1 },
    { &reduce_desc, 1 }, { &reduce_alone[0], 1 }, { &reduce_alone[1], 1 },
    { &reduce_alone[2], 1 }, { &reduce_named_desc, 1 },
    { &allreduce_desc, 0 }, { &allreduce_alone[0], 0 }, { &allreduce_alone[1], 0 },
    { &allreduce_alone[2], 0 }, { &allreduce_named_desc, 0 },
    { &scan_desc, 0 }, { &scan_alone[0], 0 }, { &scan_alone[1], 0 }, { &scan_alone[2], 0 },
    { &scan_named_desc, 0 },
};
#define NBUILTINS ((int)(sizeof builtins / sizeof builtins[0]))

int
bsci_builtin_id(const bsc_collective_t *coll)
{
    for (int i = 0; i < NBUILTINS; i++)
        if (builtins[i].desc == coll)
            return i + 1;
    return 0;
}

int
bsci_builtin_rooted(const bsc_collective_t *coll)
{
    int id = bsci_builtin_id(coll);
    return id && builtins[id - 1].rooted;
}

/* ---- the calls ---- */

/* Checks what every collective shares and schedules it. */
static bsc_step_t
schedule(bsc_step_t depends, const bsc_collective_t *coll, bsc_pid_t root, bsc_group_t group,
         bsc_coll_params_t p, const struct ns_site *site)
{
    bsci_require_barrier(site);
    bspi_check_nonneg(p.size, "size", site);
    bspi_check_nonneg(p.nmemb, "nmemb", site);
    return bsci_schedule(depends, coll, root, group, &p, 0, site);
}

static bsc_step_t
move(const char *call, bsc_step_t depends, const bsc_collective_t *coll, bsc_pid_t root,
     bsc_group_t group, const void *src, void *dst, bsc_size_t size)
{
    struct ns_site site = bsci_site(call);
    bsc_coll_params_t p = { .src = src, .dst = dst, .size = size };
    return schedule(depends, coll, root, group, p, &site);
}

bsc_step_t
bsc_scatter(bsc_step_t depends, bsc_pid_t root, bsc_group_t group, const void *src, void *dst,
            bsc_size_t size)
{
    return move("bsc_scatter", depends, &scatter_desc, root, group, src, dst, size);
}

bsc_step_t
bsc_gather(bsc_step_t depends, bsc_pid_t root, bsc_group_t group, const void *src, void *dst,
           bsc_size_t size)
{
    return move("bsc_gather", depends, &gather_desc, root, group, src, dst, size);
}

bsc_step_t
bsc_allgather(bsc_step_t depends, bsc_group_t group, const void *src, void *dst,
              bsc_size_t size)
{
    return move("bsc_allgather", depends, &allgather_desc, 0, group, src, dst, size);
}

bsc_step_t
bsc_alltoall(bsc_step_t depends, bsc_group_t group, const void *src, void *dst,
             bsc_size_t size)
{
    return move("bsc_alltoall", depends, &alltoall_desc, 0, group, src, dst, size);
}

/* bcast, reduce, allreduce and scan: all algorithms, each alone, and the
 * tree with the caller's arity. */
static const struct {
    const bsc_collective_t *all, *alone, *named;
} family[] = {
    [BSCI_BCAST] = { &bcast_desc, bcast_alone, &bcast_named_desc },
    [BSCI_REDUCE] = { &reduce_desc, reduce_alone, &reduce_named_desc },
    [BSCI_ALLREDUCE] = { &allreduce_desc, allreduce_alone, &allreduce_named_desc },
    [BSCI_SCAN] = { &scan_desc, scan_alone, &scan_named_desc },
};

/* A named tree or two-phase broadcast relays through members. */
static void
require_relay(const struct bsci_group *g, const struct ns_site *site)
{
    if (g->neighbourhood)
        ns_fatal(site, "this algorithm relays through the members, so every member must hold "
                 "the same members, which those of a neighbourhood do not; use bsc_all or a "
                 "group of bsc_group_create_partition (on a neighbourhood the collective "
                 "without a named algorithm goes directly from each root)");
}

/* Schedules the tree of kind with arity q if the caller named it, else the
 * cheapest of its algorithms for this call by their cost functions (every
 * member computes the same). */
static bsc_step_t
schedule_kind(int kind, bsc_step_t depends, bsc_pid_t root, bsc_group_t group,
              bsc_coll_params_t p, int named, int q, const struct ns_site *site)
{
    bsci_require_barrier(site);
    bspi_check_nonneg(p.size, "size", site);
    bspi_check_nonneg(p.nmemb, "nmemb", site);
    const struct bsci_group *g = bsci_group(group, site);
    if (named) {
        if (q < 2)
            ns_fatal(site, "the arity q is %d; a tree needs q >= 2 (q >= the group's size is "
                     "the direct algorithm, one superstep)", q);
        require_relay(g, site);
        return bsci_schedule(depends, family[kind].named, root, group, &p, q, site);
    }
    const bsc_collective_t *all = family[kind].all;
    int best = 0;
    double best_cost = 0;
    for (int a = 0; a < all->n_algs; a++) {
        double cost = all->costfuncs[a](group, &p, 1);
        if (a == 0 || cost < best_cost) {
            best = a;
            best_cost = cost;
        }
    }
    return bsci_schedule(depends, &family[kind].alone[best], root, group, &p, 0, site);
}

static bsc_step_t
bcast(const char *call, bsc_step_t depends, bsc_pid_t root, bsc_group_t group,
      const void *src, void *dst, bsc_size_t size, int named, int q)
{
    struct ns_site site = bsci_site(call);
    bsc_coll_params_t p = { .src = src, .dst = dst, .size = size };
    return schedule_kind(BSCI_BCAST, depends, root, group, p, named, q, &site);
}

bsc_step_t
bsc_bcast(bsc_step_t depends, bsc_pid_t root, bsc_group_t group, const void *src, void *dst,
          bsc_size_t size)
{
    return bcast("bsc_bcast", depends, root, group, src, dst, size, 0, 0);
}

bsc_step_t
bsc_bcast_qtree_single(bsc_step_t depends, bsc_pid_t root, bsc_group_t group, const void *src,
                       void *dst, bsc_size_t size, bsc_pid_t q)
{
    return bcast("bsc_bcast_qtree_single", depends, root, group, src, dst, size, 1, q);
}

bsc_step_t
bsc_bcast_2phase(bsc_step_t depends, bsc_pid_t root, bsc_group_t group,
                 bsc_coll_params_t *params, bsc_size_t n)
{
    struct ns_site site = bsci_site("bsc_bcast_2phase");
    bsci_require_barrier(&site);
    bspi_check_nonneg(n, "n", &site);
    if (n > 0 && !params)
        ns_fatal(&site, "params is NULL but n is %d; pass an array of the n calls", n);
    require_relay(bsci_group(group, &site), &site);
    for (int i = 0; i < n; i++) {
        /* only src, dst and size mean something to a broadcast */
        bsc_coll_params_t p = { .src = params[i].src, .dst = params[i].dst,
                                .size = params[i].size };
        schedule(depends, &bcast_alone[3], root, group, p, &site);
    }
    return depends + 2;
}

static bsc_step_t
fold(const char *call, int kind, bsc_step_t depends, bsc_pid_t root, bsc_group_t group,
     const void *src, void *dst, void *tmp, bsc_reduce_t reducer, const void *zero,
     bsc_size_t nmemb, bsc_size_t size, int named, int q)
{
    struct ns_site site = bsci_site(call);
    bsci_require_barrier(&site);
    if (!reducer || !zero)
        ns_fatal(&site, "the %s is NULL; pass %s", reducer ? "zero" : "reducer",
                 reducer ? "a pointer to the neutral element of the reducer"
                 : "the function that folds the elements");
    if (!tmp)
        ns_fatal(&site, "tmp_space is NULL; pass registered scratch space (bsc(3) says how "
                 "large)");
    if (!dst && (kind != BSCI_REDUCE || ns_pid() == root))
        ns_fatal(&site, "dst is NULL; pass memory for the result");
    if (kind == BSCI_SCAN && !bsci_group(group, &site)->same_order)
        ns_fatal(&site, "the members of this neighbourhood list it in different orders, so "
                 "a scan has no order to follow; list the neighbours in the same order on "
                 "every member");
    bsc_coll_params_t p = { .src = src, .dst = dst, .tmp = tmp, .reducer = reducer,
                            .zero = zero, .nmemb = nmemb, .size = size };
    if (nmemb > 0 && !src)
        ns_fatal(&site, "src is NULL but nmemb is %d", nmemb);
    return schedule_kind(kind, depends, root, group, p, named, q, &site);
}

bsc_step_t
bsc_reduce(bsc_step_t depends, bsc_pid_t root, bsc_group_t group, const void *src, void *dst,
           void *tmp_space, bsc_reduce_t reducer, const void *zero, bsc_size_t nmemb,
           bsc_size_t size)
{
    return fold("bsc_reduce", BSCI_REDUCE, depends, root, group, src, dst, tmp_space, reducer,
                zero, nmemb, size, 0, 0);
}

bsc_step_t
bsc_reduce_qtree_single(bsc_step_t depends, bsc_pid_t root, bsc_group_t group, const void *src,
                        void *dst, void *tmp_space, bsc_reduce_t reducer, const void *zero,
                        bsc_size_t nmemb, bsc_size_t size, bsc_pid_t q)
{
    return fold("bsc_reduce_qtree_single", BSCI_REDUCE, depends, root, group, src, dst,
                tmp_space, reducer, zero, nmemb, size, 1, q);
}

bsc_step_t
bsc_allreduce(bsc_step_t depends, bsc_group_t group, const void *src, void *dst,
              void *tmp_space, bsc_reduce_t reducer, const void *zero, bsc_size_t nmemb,
              bsc_size_t size)
{
    return fold("bsc_allreduce", BSCI_ALLREDUCE, depends, 0, group, src, dst, tmp_space,
                reducer, zero, nmemb, size, 0, 0);
}

bsc_step_t
bsc_allreduce_qtree_single(bsc_step_t depends, bsc_group_t group, const void *src, void *dst,
                           void *tmp_space, bsc_reduce_t reducer, const void *zero,
                           bsc_size_t nmemb, bsc_size_t size, bsc_pid_t q)
{
    return fold("bsc_allreduce_qtree_single", BSCI_ALLREDUCE, depends, 0, group, src, dst,
                tmp_space, reducer, zero, nmemb, size, 1, q);
}

bsc_step_t
bsc_scan(bsc_step_t depends, bsc_group_t group, const void *src, void *dst, void *tmp_space,
         bsc_reduce_t reducer, const void *zero, bsc_size_t nmemb, bsc_size_t size)
{
    return fold("bsc_scan", BSCI_SCAN, depends, 0, group, src, dst, tmp_space, reducer, zero,
                nmemb, size, 0, 0);
}

bsc_step_t
bsc_scan_qtree_single(bsc_step_t depends, bsc_group_t group, const void *src, void *dst,
                      void *tmp_space, bsc_reduce_t reducer, const void *zero,
                      bsc_size_t nmemb, bsc_size_t size, bsc_pid_t q)
{
    return fold("bsc_scan_qtree_single", BSCI_SCAN, depends, 0, group, src, dst, tmp_space,
                reducer, zero, nmemb, size, 1, q);
}
