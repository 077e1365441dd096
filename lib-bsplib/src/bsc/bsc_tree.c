/*
 * bsc_tree.c - the algorithms of bsc.h's broadcast, reduce, allreduce and
 * scan: a q-ary tree for each (q = n is the direct one-superstep algorithm,
 * q = 2 a binary tree), the two-phase broadcast, and what each costs.
 * bsc_coll.c wraps them as collectives.
 *
 * Ranks are positions in an order every member agrees on: process ids for
 * broadcast and the reductions (so a reduction folds in process-id order
 * and gives the same bits on every member), the group's order for scan.
 * All move data with puts (one message each); each process sends at most
 * q and receives at most q blocks per superstep:
 *   broadcast  R = levels(n, q) supersteps: in superstep t the members of
 *              relative rank (to the root) below q^t put to rank + i q^t;
 *   reduce     R supersteps: in superstep t < R rank + i q^(t-1) puts its
 *              partial fold to rank, a multiple of q^t, which folds
 *              [rank, rank + q^t); in the last the (at most q) holders of
 *              the top blocks, the multiples of q^(R-1), put theirs to the
 *              root;
 *   allreduce  2R - 1: the reduce, in whose last superstep every top block
 *              holder puts to every other, then a broadcast down the blocks;
 *   scan       R' = levels(n - 1, q) (at least 1): a dissemination over the
 *              members' totals shifted by one, so that after superstep t
 *              member m holds the fold of members [m - q^t, m), and m puts
 *              it to m + i q^t.
 * On a neighbourhood only the direct algorithm runs, and a root fetches
 * its reduction's parts (only it knows whom it lists).  Scratch space
 * (tmp, registered): slot 0 is this member's part, slots 1.. receive: at
 * most q + 1 slots for the reductions, n for scan.
 */
#include <stdlib.h>
#include <string.h>
#include "bsci.h"

static char *
slot(const void *base, long i, int size)
{
    return (char *)base + i * (long)size;
}

int
bsci_levels(long n, long q)
{
    int r = 0;
    for (long span = 1; span < n; span *= q)
        r++;
    return r;
}

/* The index of process pid in the group's process-id order, or -1. */
static int
rank_of(const struct bsci_group *g, int pid)
{
    int lo = 0, hi = g->n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (g->sorted[mid] == pid)
            return mid;
        if (g->sorted[mid] < pid)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

static int
clamp_arity(int q, int n)
{
    if (q > n)
        q = n;
    return q < 2 ? 2 : q;
}

/* ---- local steps run after a superstep's communication ---- */

struct copy { void *to; const void *from; int size; };

static void
run_copy(void *ctx)
{
    struct copy *c = ctx;
    memmove(c->to, c->from, (size_t)c->size);
}

/* Copies size bytes once the communication of superstep `step` is in. */
static void
copy_after(bsc_step_t step, void *to, const void *from, int size)
{
    struct copy *c = malloc(sizeof *c);
    if (!c)
        ns_fatal(NS_SITE("bsc_sync", NULL, 0), "out of memory");
    *c = (struct copy){ to, from, size };
    bsci_local(step, run_copy, c);
}

static void run_nothing(void *ctx) { (void)ctx; }

/* ---- broadcast ---- */

static void
bcast_one(bsc_step_t d, int r, const struct bsci_group *g, const bsc_coll_params_t *p, int q)
{
    int n = g->n, rel = (g->rank - r + n) % n;
    if (rel == 0)
        bsc_put(d, ns_pid(), p->src, p->dst, 0, p->size);
    long range = 1;
    for (bsc_step_t t = 0; range < n; t++, range *= q) {
        if (rel >= range)
            continue;
        for (long i = 1; i < q && rel + i * range < n; i++)
            bsc_put(d + t, g->sorted[(rel + i * range + r) % n], rel == 0 ? p->src : p->dst,
                    p->dst, 0, p->size);
    }
}

/* ---- reduce and allreduce ---- */

/* Where a part goes: slot `at` of tmp on process pid (its own: a put to
 * itself, which costs no message and arrives with the others). */
static void
push(bsc_step_t step, int pid, const bsc_coll_params_t *p, int at)
{
    bsc_put(step, pid, p->tmp, p->tmp, at * p->size, p->size);
}

/* The levels below the top: the ranks that are multiples of q^t fold
 * [rank, rank + q^t) into slot 0, from the parts of rank + i q^(t-1) put
 * into their slot 1 + i.  Returns q^(R-1), the span of the top blocks. */
static long
reduce_up(bsc_step_t d, const struct bsci_group *g, const bsc_coll_params_t *p, int q, int R)
{
    int n = g->n, my = g->rank;
    long span = 1;
    for (int t = 1; t < R; t++, span *= q) {
        bsc_step_t step = d + (bsc_step_t)t - 1;
        long base = my - my % (span * q);
        if (my % span == 0)
            push(step, g->sorted[base], p, 1 + (int)((my - base) / span));
        if (my == base) {
            int k = 0;
            while (k < q && my + k * span < n)
                k++;
            bsc_exec_reduce(step, p->reducer, p->tmp, p->zero, slot(p->tmp, 1, p->size),
                            k * p->size);
        }
    }
    return span;
}

/* The top: the holders of the top blocks (multiples of span, at most q)
 * put them into slot 1 + j of the root (r >= 0) or of every holder
 * (r < 0), which folds them into dst. */
static void
reduce_top(bsc_step_t step, const struct bsci_group *g, const bsc_coll_params_t *p, long span,
           int r)
{
    int n = g->n, my = g->rank, k = (int)((n + span - 1) / span);
    if (my % span == 0) {
        int j = 1 + (int)(my / span);
        if (r >= 0)
            push(step, g->sorted[r], p, j);
        else
            for (int h = 0; h < k; h++)
                push(step, g->sorted[h * span], p, j);
    }
    if (r >= 0 ? my == r : my % span == 0)
        bsc_exec_reduce(step, p->reducer, p->dst, p->zero, slot(p->tmp, 1, p->size),
                        k * p->size);
}

/* A neighbourhood's direct reduction: only the receiver knows its members,
 * so it fetches their slot 0 into its slots 1..n and folds them into dst. */
static void
fetch_all(bsc_step_t step, const struct bsci_group *g, const bsc_coll_params_t *p)
{
    for (int i = 0; i < g->n; i++)
        bsc_get(step, g->sorted[i], p->tmp, 0, slot(p->tmp, 1 + i, p->size), p->size);
    bsc_exec_reduce(step, p->reducer, p->dst, p->zero, slot(p->tmp, 1, p->size),
                    g->n * p->size);
}

static void
reduce_one(bsc_step_t d, int r, const struct bsci_group *g, const bsc_coll_params_t *p, int q)
{
    int n = g->n, R = bsci_levels(n, q);
    if (n == 1) {
        if (r == 0)
            p->reducer(p->dst, p->zero, p->src, p->nmemb * p->size);
        return;
    }
    p->reducer(p->tmp, p->zero, p->src, p->nmemb * p->size);
    if (g->neighbourhood) {
        if (g->rank == r)
            fetch_all(d, g, p);
        return;
    }
    long span = reduce_up(d, g, p, q, R);
    reduce_top(d + (bsc_step_t)R - 1, g, p, span, r);
}

static void
allreduce_one(bsc_step_t d, const struct bsci_group *g, const bsc_coll_params_t *p, int q)
{
    int n = g->n, my = g->rank, R = bsci_levels(n, q);
    if (n == 1) {
        p->reducer(p->dst, p->zero, p->src, p->nmemb * p->size);
        return;
    }
    p->reducer(p->tmp, p->zero, p->src, p->nmemb * p->size);
    if (g->neighbourhood) {
        fetch_all(d, g, p);
        return;
    }
    long span = reduce_up(d, g, p, q, R);
    bsc_step_t step = d + (bsc_step_t)R - 1;
    reduce_top(step, g, p, span, -1);
    /* down: the holders of the result (multiples of q^t) put it into slot
     * 0 of rank + i q^(t-1), which copy it to dst */
    for (int t = R - 1; t >= 1; t--) {
        step++;
        span /= q;
        if (my % (span * q) == 0) {
            for (long i = 1; i < q && my + i * span < n; i++)
                bsc_put(step, g->sorted[my + i * span], p->dst, p->tmp, 0, p->size);
        } else if (my % span == 0) {
            copy_after(step, p->dst, p->tmp, p->size);
        }
    }
}

/* ---- scan ---- */

/* Member r's part of round t: k(r) values, from r - k(r) range ... r - range
 * into its slots 1..k(r); at most q in the first round, q - 1 after. */
static int
scan_k(int r, long range, int q, int first)
{
    long k = r / range, most = first ? q : q - 1;
    return (int)(k < most ? k : most);
}

static void
scan_one(bsc_step_t d, const struct bsci_group *g, const bsc_coll_params_t *p, int q)
{
    int n = g->n, my = g->me, size = p->size;
    p->reducer(p->dst, p->zero, p->src, p->nmemb * size);      /* own prefixes */
    if (n == 1)
        return;
    int R = bsci_levels(n - 1, q);
    if (R < 1)
        R = 1;
    /* slot 0: this member's total, then the fold of [my - q^t, my) */
    memmove(p->tmp, p->nmemb ? slot(p->dst, p->nmemb - 1, size) : p->zero, (size_t)size);
    char *out = malloc((size_t)q * (size_t)(size ? size : 1));  /* the prefixes of a fold */
    if (!out)
        ns_fatal(NS_SITE("bsc_scan", NULL, 0), "out of memory");
    /* superstep 1: the totals of the (at most q) members before; member m
     * puts its total into slot 1 + k(r) - i of r = m + i */
    for (int i = 1; i <= q && my + i < n; i++)
        push(d, g->gid[my + i], p, 1 + scan_k(my + i, 1, q, 1) - i);
    int k = scan_k(my, 1, q, 1);
    if (k) {
        bsc_exec_reduce(d, p->reducer, out, p->zero, slot(p->tmp, 1, size), k * size);
        copy_after(d, p->tmp, slot(out, k - 1, size), size);
    } else {
        copy_after(d, p->tmp, p->zero, size);
    }
    /* superstep t: the folds of [m - q^(t-1), m) of m = my - i q^(t-1),
     * i = k .. 1, then this member's own */
    long range = q;
    for (int t = 2; t <= R; t++, range *= q) {
        bsc_step_t step = d + (bsc_step_t)t - 1;
        for (int i = 1; i < q && my + i * range < n; i++) {
            int r = my + i * (int)range;
            push(step, g->gid[r], p, 1 + scan_k(r, range, q, 0) - i);
        }
        k = scan_k(my, range, q, 0);
        if (!k)
            continue;
        push(step, ns_pid(), p, 1 + k);
        bsc_exec_reduce(step, p->reducer, out, p->zero, slot(p->tmp, 1, size), (k + 1) * size);
        copy_after(step, p->tmp, slot(out, k, size), size);
    }
    bsc_step_t last = d + (bsc_step_t)R - 1;
    bsc_exec_reduce(last, p->reducer, p->dst, p->tmp, p->src, p->nmemb * size);
    bsci_local(last, run_nothing, out);        /* frees out */
}

bsc_step_t
bsci_tree(int kind, bsc_step_t d, int root, const struct bsci_group *g, bsc_coll_params_t *set,
          int ncalls, int q)
{
    q = clamp_arity(q, g->n);
    int r = kind == BSCI_BCAST || kind == BSCI_REDUCE ? rank_of(g, root) : 0;
    for (int c = 0; c < ncalls && r >= 0; c++)
        switch (kind) {
        case BSCI_BCAST: bcast_one(d, r, g, &set[c], q); break;
        case BSCI_REDUCE: reduce_one(d, r, g, &set[c], q); break;
        case BSCI_ALLREDUCE: allreduce_one(d, g, &set[c], q); break;
        default: scan_one(d, g, &set[c], q); break;
        }
    if (r < 0 && kind == BSCI_REDUCE)   /* a neighbourhood's root that does not list this one */
        for (int c = 0; c < ncalls; c++)
            set[c].reducer(set[c].tmp, set[c].zero, set[c].src, set[c].nmemb * set[c].size);
    return d + bsci_tree_steps(kind, g->n, q);
}

/* ---- two-phase broadcast ---- */

/* Calls fn for each piece of the bytes [lo, hi) of the calls' concatenation. */
static void
pieces(bsc_coll_params_t *set, int ncalls, long lo, long hi,
       void (*fn)(const bsc_coll_params_t *p, long off, long len, void *ctx), void *ctx)
{
    long base = 0;
    for (int c = 0; c < ncalls; c++) {
        long a = lo > base ? lo : base, b = hi < base + set[c].size ? hi : base + set[c].size;
        if (a < b)
            fn(&set[c], a - base, b - a, ctx);
        base += set[c].size;
    }
}

struct phase { bsc_step_t step; int to; const struct bsci_group *g; };

static void
scatter_piece(const bsc_coll_params_t *p, long off, long len, void *ctx)
{
    struct phase *ph = ctx;
    bsc_put(ph->step, ph->to, slot(p->src, off, 1), p->dst, (int)off, (int)len);
}

static void
spread_piece(const bsc_coll_params_t *p, long off, long len, void *ctx)
{
    struct phase *ph = ctx;
    for (int i = 0; i < ph->g->n; i++)
        if (i != ph->g->rank)
            bsc_put(ph->step, ph->g->sorted[i], slot(p->dst, off, 1), p->dst, (int)off, (int)len);
}

bsc_step_t
bsci_bcast_2phase(bsc_step_t d, int root, const struct bsci_group *g, bsc_coll_params_t *set,
                  int ncalls)
{
    long total = 0;
    for (int c = 0; c < ncalls; c++)
        total += set[c].size;
    int n = g->n;
    long block = (total + n - 1) / n;
    for (int k = 0; k < n && block > 0; k++) {
        long lo = k * block, hi = lo + block < total ? lo + block : total;
        if (ns_pid() == root) {
            struct phase ph = { d, g->sorted[k], g };
            pieces(set, ncalls, lo, hi, scatter_piece, &ph);
        }
        if (k == g->rank) {
            struct phase ph = { d + 1, 0, g };
            pieces(set, ncalls, lo, hi, spread_piece, &ph);
        }
    }
    return d + 2;
}

/* ---- supersteps and costs ---- */

bsc_step_t
bsci_tree_steps(int kind, int n, int q)
{
    q = clamp_arity(q, n);
    int R = bsci_levels(n, q);
    if (n <= 1)
        return 1;
    switch (kind) {
    case BSCI_ALLREDUCE: return (bsc_step_t)(2 * R - 1);
    case BSCI_SCAN: R = bsci_levels(n - 1, q); return R < 1 ? 1 : (bsc_step_t)R;
    default: return (bsc_step_t)R;
    }
}

/* One block of each call, as messages of type. */
static double
blocks(bsc_request_t type, const bsc_coll_params_t *set, int ncalls)
{
    double cost = 0;
    for (int c = 0; c < ncalls; c++)
        cost += set[c].size * bsc_g(type, set[c].size);
    return cost;
}

double
bsci_tree_cost(int kind, int n, int q, const bsc_coll_params_t *set, int ncalls)
{
    q = clamp_arity(q, n);
    bsc_request_t type = kind == BSCI_BCAST ? BSC_PUT : BSC_GET;
    double steps = bsci_tree_steps(kind, n, q), msgs;
    int R = bsci_levels(n, q), fan = q < n ? q - 1 : n - 1;
    switch (kind) {
    case BSCI_BCAST: msgs = (double)R * fan; break;
    case BSCI_REDUCE: msgs = R <= 1 ? fan : (R - 1.0) * fan + q; break;
    case BSCI_ALLREDUCE: msgs = steps * fan; break;
    default: msgs = (n > 1 ? (q < n - 1 ? q : n - 1) : 0) + (steps - 1) * fan; break;
    }
    return steps * bsc_L(type) + msgs * blocks(type, set, ncalls);
}

double
bsci_2phase_cost(int n, const bsc_coll_params_t *set, int ncalls)
{
    long total = 0;
    for (int c = 0; c < ncalls; c++)
        total += set[c].size;
    int block = (int)((total + n - 1) / n);
    return 2 * bsc_L(BSC_PUT) + 2.0 * (n - 1) * block * bsc_g(BSC_PUT, block);
}
