/*
 * bsc_coll.c - the collectives of bsc.h: scatter, gather, allgather,
 * alltoall, bcast, reduce, allreduce, scan; each an algorithm (or two) with
 * its cost and superstep count, as bsc_collective_t descriptors, and the
 * calls that check their arguments and schedule them.
 *
 * All are one superstep of direct puts or gets (h = n * size bytes at the
 * busiest member of a group of n), which at the group sizes BSP programs
 * run is cheaper than a tree's log n supersteps; a broadcast whose one-phase
 * h-relation would cost more than a superstep goes in two (the root
 * scatters blocks, every member puts its block to all: h = 2 * size).
 * Reductions fold the members' partial results in process-id order on
 * every member, so results are the same on all of them and at every p.
 */
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
static bsc_step_t steps_two(bsc_group_t g) { (void)g; return 2; }

/* One block of each call, as messages of type. */
static double
blocks(bsc_request_t type, bsc_coll_params_t *set, bsc_size_t n)
{
    double cost = 0;
    for (int c = 0; c < n; c++)
        cost += set[c].size * bsc_g(type, set[c].size);
    return cost;
}

/* One superstep in which the busiest member sends or fetches a block of
 * each call to or from every other member. */
static double
cost_one(bsc_group_t g, bsc_coll_params_t *set, bsc_size_t n)
{
    return bsc_L(BSC_PUT) + (group_of(g)->n - 1) * blocks(BSC_PUT, set, n);
}

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

/* ---- bcast ---- */

/* One phase: the root puts src into every member's dst. */
static bsc_step_t
bcast_direct(bsc_step_t d, bsc_pid_t root, bsc_group_t h, bsc_coll_params_t *set,
             bsc_size_t n)
{
    struct bsci_group *g = group_of(h);
    if (ns_pid() == root)
        for (int c = 0; c < n; c++)
            for (int i = 0; i < g->n; i++)
                bsc_put(d, g->gid[i], set[c].src, set[c].dst, 0, set[c].size);
    return d + 1;
}

static double
bcast_direct_cost(bsc_group_t g, bsc_coll_params_t *set, bsc_size_t n)
{
    return bsc_L(BSC_PUT) + (group_of(g)->n - 1) * blocks(BSC_PUT, set, n);
}

/* Two phases: block k (by process id) goes from the root to the k-th
 * member, which then puts it to all members. */
static bsc_step_t
bcast_two_phase(bsc_step_t d, bsc_pid_t root, bsc_group_t h, bsc_coll_params_t *set,
                bsc_size_t n)
{
    struct bsci_group *g = group_of(h);
    for (int c = 0; c < n; c++) {
        int size = set[c].size, block = (size + g->n - 1) / g->n;
        for (int k = 0; k < g->n; k++) {
            int off = k * block, len = size - off < block ? size - off : block;
            if (len <= 0)
                break;
            if (ns_pid() == root)
                bsc_put(d, g->sorted[k], at(set[c].src, off, 1), set[c].dst, off, len);
            if (k == g->rank)
                for (int i = 0; i < g->n; i++)
                    if (g->gid[i] != ns_pid())
                        bsc_put(d + 1, g->gid[i], at(set[c].dst, off, 1), set[c].dst, off,
                                len);
        }
    }
    return d + 2;
}

static double
bcast_two_phase_cost(bsc_group_t h, bsc_coll_params_t *set, bsc_size_t n)
{
    int members = group_of(h)->n;
    double cost = 0;
    for (int c = 0; c < n; c++) {
        int block = (set[c].size + members - 1) / members;
        cost += (double)block * bsc_g(BSC_PUT, block) * (members - 1);
    }
    return 2 * bsc_L(BSC_PUT) + 2 * cost;
}

/* ---- reduce and allreduce: each member folds its elements into slot 0
 * of tmp; the receivers get every member's slot 0 into slots 1..n (by
 * process id) and fold those into dst ---- */

static void
reduce_one(bsc_step_t d, int receive, const struct bsci_group *g, bsc_coll_params_t *c)
{
    c->reducer(c->tmp, c->zero, c->src, c->nmemb * c->size);
    if (!receive)
        return;
    for (int k = 0; k < g->n; k++)
        bsc_get(d, g->sorted[k], c->tmp, 0, at(c->tmp, k + 1, c->size), c->size);
    bsc_exec_reduce(d, c->reducer, c->dst, c->zero, at(c->tmp, 1, c->size), g->n * c->size);
}

static bsc_step_t
reduce_alg(bsc_step_t d, bsc_pid_t root, bsc_group_t h, bsc_coll_params_t *set, bsc_size_t n)
{
    return each_call(reduce_one, d, root, h, set, n);
}

static bsc_step_t
allreduce_alg(bsc_step_t d, bsc_pid_t root, bsc_group_t h, bsc_coll_params_t *set,
              bsc_size_t n)
{
    (void)root;
    return each_call(reduce_one, d, -1, h, set, n);
}

/* ---- scan: each member puts the fold of its elements into slot j of tmp
 * on every later member j' (j its index); then each folds slots 0..j-1
 * into the prefix of the members before it and rescans its elements from
 * there into dst ---- */

struct scan_finish {
    bsc_reduce_t reducer;
    const void *src, *zero;
    void *dst, *tmp;
    int before, nmemb, size;
};

static void
scan_finish(void *ctx)
{
    struct scan_finish *f = ctx;
    const void *start = f->zero;
    char *prefixes = NULL;
    if (f->before > 0) {
        prefixes = malloc((size_t)f->before * (size_t)f->size);
        if (!prefixes)
            ns_fatal(NS_SITE("bsc_scan", NULL, 0), "out of memory");
        f->reducer(prefixes, f->zero, f->tmp, f->before * f->size);
        start = at(prefixes, f->before - 1, f->size);
    }
    f->reducer(f->dst, start, f->src, f->nmemb * f->size);
    free(prefixes);
}

static bsc_step_t
scan_alg(bsc_step_t d, bsc_pid_t root, bsc_group_t h, bsc_coll_params_t *set, bsc_size_t n)
{
    (void)root;
    struct bsci_group *g = group_of(h);
    for (int c = 0; c < n; c++) {
        bsc_coll_params_t *p = &set[c];
        p->reducer(p->dst, p->zero, p->src, p->nmemb * p->size);
        const void *total = p->nmemb ? at(p->dst, p->nmemb - 1, p->size) : p->zero;
        for (int j = g->me + 1; j < g->n; j++)
            bsc_put(d, g->gid[j], total, p->tmp, g->me * p->size, p->size);
        struct scan_finish *f = malloc(sizeof *f);
        if (!f)
            ns_fatal(NS_SITE("bsc_scan", NULL, 0), "out of memory");
        *f = (struct scan_finish){ p->reducer, p->src, p->zero, p->dst, p->tmp, g->me,
                                   p->nmemb, p->size };
        bsci_local(d, scan_finish, f);
    }
    return d + 1;
}

/* ---- descriptors ---- */

#define ONE_ALG(name, alg) \
    static const bsc_collective_t name = { { alg }, { cost_one }, { steps_one }, 1 }

ONE_ALG(scatter_desc, scatter_alg);
ONE_ALG(gather_desc, gather_alg);
ONE_ALG(allgather_desc, allgather_alg);
ONE_ALG(alltoall_desc, alltoall_alg);
ONE_ALG(reduce_desc, reduce_alg);
ONE_ALG(allreduce_desc, allreduce_alg);
ONE_ALG(scan_desc, scan_alg);
static const bsc_collective_t bcast_desc = {
    { bcast_direct, bcast_two_phase }, { bcast_direct_cost, bcast_two_phase_cost },
    { steps_one, steps_two }, 2
};
/* bsc_bcast of a size the direct algorithm serves best: one superstep */
static const bsc_collective_t bcast_small_desc = {
    { bcast_direct }, { bcast_direct_cost }, { steps_one }, 1
};

const bsc_collective_t *const bsc_coll_scatter = &scatter_desc;
const bsc_collective_t *const bsc_coll_gather = &gather_desc;
const bsc_collective_t *const bsc_coll_allgather = &allgather_desc;
const bsc_collective_t *const bsc_coll_alltoall = &alltoall_desc;
const bsc_collective_t *const bsc_coll_bcast = &bcast_desc;
const bsc_collective_t *const bsc_coll_reduce = &reduce_desc;
const bsc_collective_t *const bsc_coll_allreduce = &allreduce_desc;
const bsc_collective_t *const bsc_coll_scan = &scan_desc;

static const struct { const bsc_collective_t *desc; int rooted; } builtins[] = {
    { &scatter_desc, 1 }, { &gather_desc, 1 }, { &allgather_desc, 0 },
    { &alltoall_desc, 0 }, { &bcast_desc, 1 }, { &bcast_small_desc, 1 },
    { &reduce_desc, 1 }, { &allreduce_desc, 0 }, { &scan_desc, 0 },
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
    return bsci_schedule(depends, coll, root, group, &p, site);
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

bsc_step_t
bsc_bcast(bsc_step_t depends, bsc_pid_t root, bsc_group_t group, const void *src, void *dst,
          bsc_size_t size)
{
    struct ns_site site = bsci_site("bsc_bcast");
    bsc_coll_params_t p = { .src = src, .dst = dst, .size = size };
    bsci_require_barrier(&site);
    bsci_group(group, &site);
    bspi_check_nonneg(size, "size", &site);
    const bsc_collective_t *coll = &bcast_small_desc;
    if (bcast_two_phase_cost(group, &p, 1) < bcast_direct_cost(group, &p, 1))
        coll = &bcast_desc;
    return schedule(depends, coll, root, group, p, &site);
}

static bsc_step_t
fold(const char *call, bsc_step_t depends, const bsc_collective_t *coll, bsc_pid_t root,
     bsc_group_t group, const void *src, void *dst, void *tmp, bsc_reduce_t reducer,
     const void *zero, bsc_size_t nmemb, bsc_size_t size)
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
    if (!dst && (coll != &reduce_desc || ns_pid() == root))
        ns_fatal(&site, "dst is NULL; pass memory for the result");
    if (coll == &scan_desc && !bsci_group(group, &site)->same_order)
        ns_fatal(&site, "the members of this neighbourhood list it in different orders, so "
                 "a scan has no order to follow; list the neighbours in the same order on "
                 "every member");
    bsc_coll_params_t p = { .src = src, .dst = dst, .tmp = tmp, .reducer = reducer,
                            .zero = zero, .nmemb = nmemb, .size = size };
    if (nmemb > 0 && !src)
        ns_fatal(&site, "src is NULL but nmemb is %d", nmemb);
    return schedule(depends, coll, root, group, p, &site);
}

bsc_step_t
bsc_reduce(bsc_step_t depends, bsc_pid_t root, bsc_group_t group, const void *src, void *dst,
           void *tmp_space, bsc_reduce_t reducer, const void *zero, bsc_size_t nmemb,
           bsc_size_t size)
{
    return fold("bsc_reduce", depends, &reduce_desc, root, group, src, dst, tmp_space, reducer,
                zero, nmemb, size);
}

bsc_step_t
bsc_allreduce(bsc_step_t depends, bsc_group_t group, const void *src, void *dst,
              void *tmp_space, bsc_reduce_t reducer, const void *zero, bsc_size_t nmemb,
              bsc_size_t size)
{
    return fold("bsc_allreduce", depends, &allreduce_desc, 0, group, src, dst, tmp_space,
                reducer, zero, nmemb, size);
}

bsc_step_t
bsc_scan(bsc_step_t depends, bsc_group_t group, const void *src, void *dst, void *tmp_space,
         bsc_reduce_t reducer, const void *zero, bsc_size_t nmemb, bsc_size_t size)
{
    return fold("bsc_scan", depends, &scan_desc, 0, group, src, dst, tmp_space, reducer, zero,
                nmemb, size);
}
