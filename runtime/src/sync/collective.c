/*
 * collective.c - BSPlib collectives (bsp_fold, bsp_scan, bsp_bcast,
 * bsp_gather, bsp_scatter, bsp_allgather, bsp_exchange; lib-bsplib/src/bsplib/
 * collectives.c) carried by one barrier-mode sync, so that a collective
 * costs one superstep, as a bsp_sync does.
 *
 * ns_collective ends the superstep like bsp_sync and hands the sync
 * (superstep.c) three things through ns_coll_sig, ns_coll_contribute and
 * ns_coll_finish:
 *   - an agreement value (kind, root, size, small or large) that every
 *     process must share: a mismatch stops the job in the combine, naming
 *     two processes and both calls (ns_coll_disagree);
 *   - small data, as a combine item (items.c) of a key of its own: the fold
 *     and scan with the user's operator (policy "function", lower ranks
 *     folded first over the combine tree, so the bits are the same on every
 *     run; the scan's exclusive prefix is the combine's prefix result), and
 *     the data movers (bcast, gather, scatter, allgather, exchange) as items
 *     whose elements (blocks of nbytes) each process fills in part (policy
 *     "first": no element is written twice);
 *   - large data movers (more than NS_COLL_SMALL bytes in all): direct
 *     messages on the collective tags, sent before the combine and received
 *     straight into the destination after it (the combine has checked that
 *     every process made the same call, so sizes match), as large bsp_hpputs
 *     travel.  Fold and scan always go through the combine.
 * Under NS_EXCHANGE=nbx a superstep with a collective runs the combine after
 * the consensus (count_nbx.c).  The relaxed modes have no combine: a
 * collective there stops the job.
 */
#include <limits.h>
#include <stdio.h>
#include "internal.h"

#define E ns_eng

int64_t ns_coll_sig;

static struct {
    int kind, root, large;
    ns_coll_op op;
    const char *src;
    char *dst;
    size_t n;                   /* bytes per block */
    size_t nel;                 /* blocks in the item (small) */
    struct ns_buf item, scratch;
    struct ns_reqs reqs;
    ns_shvar var;               /* the item's policy, for items.c */
    int opbytes;
} C;

static const char *const kind_name[] = {
    [NS_COLL_FOLD] = "bsp_fold", [NS_COLL_SCAN] = "bsp_scan", [NS_COLL_EXSCAN] = "bsp_exscan",
    [NS_COLL_BCAST] = "bsp_bcast", [NS_COLL_GATHER] = "bsp_gather",
    [NS_COLL_SCATTER] = "bsp_scatter", [NS_COLL_ALLGATHER] = "bsp_allgather",
    [NS_COLL_EXCHANGE] = "bsp_exchange",
};

static int coll_tag(void) { return (E.superstep & 1) ? NS_TAG_COLL1 : NS_TAG_COLL0; }
static int has_root(int kind)
{
    return kind == NS_COLL_BCAST || kind == NS_COLL_GATHER || kind == NS_COLL_SCATTER;
}

/* sig: kind (4 bits) | large (1) | root + 1 (27) | nbytes (32) */
static int64_t
signature(void)
{
    return (int64_t)(((uint64_t)C.kind << 60) | ((uint64_t)C.large << 59)
                     | ((uint64_t)(C.root + 1) << 32) | (uint64_t)C.n);
}

static void
describe(char *buf, size_t len, int64_t sig)
{
    int kind = (int)((uint64_t)sig >> 60), root = (int)(((uint64_t)sig >> 32) & 0x7ffffff) - 1;
    unsigned long long n = (uint64_t)sig & 0xffffffffu;
    if (sig == 0)
        snprintf(buf, len, "bsp_sync (no collective)");
    else if (has_root(kind))
        snprintf(buf, len, "%s (root %d, %llu bytes)", kind_name[kind], root, n);
    else
        snprintf(buf, len, "%s (%llu bytes)", kind_name[kind], n);
}

void
ns_coll_disagree(int ra, int64_t va, int rb, int64_t vb)
{
    char a[96], b[96];
    describe(a, sizeof a, va);
    describe(b, sizeof b, vb);
    if ((va ^ vb) == ((int64_t)1 << 59))  /* only the path differs: NS_COLL_SMALL */
        ns_fatal(&E.site, "processes %d and %d chose different paths for %s: NS_COLL_SMALL "
                 "differs between them; give every process the same environment", ra, rb, a);
    ns_fatal(&E.site, "process %d called %s but process %d called %s in this superstep; every "
             "process must call the same collective, with the same root and size, in the same "
             "superstep", ra, a, rb, b);
}

/* The user's operator as a combine policy: acc := op(acc, in), acc the
 * lower ranks.  The operator may not alias its result with an argument. */
static void
user_op(void *acc, const void *in)
{
    C.op(C.scratch.data, acc, (void *)in, &C.opbytes);
    memcpy(acc, C.scratch.data, C.n);
}

/* The item of a list (total or prefix), or NULL. */
static const struct ns_witem *
find_item(const char *list, size_t len)
{
    for (const char *p = list; p < list + len; p += ((const struct ns_witem *)p)->bytes)
        if (((const struct ns_witem *)p)->key == NS_COLL_KEY)
            return (const void *)p;
    return NULL;
}

/* Element e of an item, or NULL when no process filled it. */
static const char *
element(const struct ns_witem *it, size_t e)
{
    if (!it || !(ns_item_bits(it)[e / 64] >> (e % 64) & 1))
        return NULL;
    return ns_item_values(it) + e * C.n;
}

/* My item: the blocks [first, first + count) of the item, from src. */
static void
fill(size_t first, size_t count, const char *src)
{
    struct ns_witem *it = ns_item_append(&C.item, NS_COLL_KEY, C.nel, C.n, 0);
    uint64_t *bits = ns_item_bits(it);
    for (size_t e = first; e < first + count; e++)
        bits[e / 64] |= (uint64_t)1 << (e % 64);
    memcpy(ns_item_values(it) + first * C.n, src, count * C.n);
}

static void
isend(const void *buf, size_t n, int dest)
{
    MPI_Isend(buf, (int)n, MPI_BYTE, dest, coll_tag(), E.comm, ns_reqs_add(&C.reqs));
}

static void
irecv(void *buf, size_t n, int src)
{
    MPI_Irecv(buf, (int)n, MPI_BYTE, src, coll_tag(), E.comm, ns_reqs_add(&C.reqs));
}

/* Before the combine: my item, or my large sends. */
void
ns_coll_contribute(struct ns_combine_in *in)
{
    int p = ns_proc.nprocs, me = ns_proc.pid;
    size_t n = C.n;
    C.item.len = 0;
    C.reqs.n = 0;
    if (n == 0)
        return;
    if (C.large) {
        switch (C.kind) {
        case NS_COLL_BCAST:
            if (me == C.root)
                for (int q = 0; q < p; q++)
                    if (q != me)
                        isend(C.src, n, q);
            break;
        case NS_COLL_GATHER:
            if (me != C.root)
                isend(C.src, n, C.root);
            break;
        case NS_COLL_SCATTER:
            if (me == C.root)
                for (int q = 0; q < p; q++)
                    if (q != me)
                        isend(C.src + (size_t)q * n, n, q);
            break;
        case NS_COLL_ALLGATHER:
        case NS_COLL_EXCHANGE:
            for (int k = 1; k < p; k++) {       /* from my right neighbour on */
                int q = (me + k) % p;
                isend(C.kind == NS_COLL_EXCHANGE ? C.src + (size_t)q * n : C.src, n, q);
            }
            break;
        }
        return;
    }
    switch (C.kind) {
    case NS_COLL_FOLD: case NS_COLL_SCAN: case NS_COLL_EXSCAN: fill(0, 1, C.src); break;
    case NS_COLL_BCAST: if (me == C.root) fill(0, 1, C.src); break;
    case NS_COLL_GATHER: case NS_COLL_ALLGATHER: fill((size_t)me, 1, C.src); break;
    case NS_COLL_SCATTER: if (me == C.root) fill(0, (size_t)p, C.src); break;
    case NS_COLL_EXCHANGE: fill((size_t)me * (size_t)p, (size_t)p, C.src); break;
    }
    in->items = C.item.data;
    in->items_len = C.item.len;
    in->prefix = C.kind == NS_COLL_SCAN || C.kind == NS_COLL_EXSCAN;
}

/* Copies block e of the total to dst (every block is filled: checked). */
static void
take(const struct ns_witem *total, size_t e, void *dst)
{
    const char *v = element(total, e);
    if (!v)
        ns_fatal(&E.site, "internal: block %zu of the collective did not arrive", e);
    memmove(dst, v, C.n);
}

/* At the end of the sync: the results into dst. */
void
ns_coll_finish(const struct ns_combine_out *out)
{
    int p = ns_proc.nprocs, me = ns_proc.pid;
    size_t n = C.n;
    if (n == 0)
        return;
    if (C.large) {
        switch (C.kind) {
        case NS_COLL_BCAST:
            if (me != C.root)
                irecv(C.dst, n, C.root);
            else
                memmove(C.dst, C.src, n);
            break;
        case NS_COLL_GATHER:
            if (me == C.root)
                for (int q = 0; q < p; q++)
                    if (q != me)
                        irecv(C.dst + (size_t)q * n, n, q);
            if (me == C.root)
                memcpy(C.dst + (size_t)me * n, C.src, n);
            break;
        case NS_COLL_SCATTER:
            if (me != C.root)
                irecv(C.dst, n, C.root);
            else
                memcpy(C.dst, C.src + (size_t)me * n, n);
            break;
        case NS_COLL_ALLGATHER:
        case NS_COLL_EXCHANGE:
            for (int k = 1; k < p; k++) {       /* from my left neighbour on */
                int q = (me - k + p) % p;
                irecv(C.dst + (size_t)q * n, n, q);
            }
            memcpy(C.dst + (size_t)me * n, C.kind == NS_COLL_EXCHANGE ? C.src + (size_t)me * n
                                                                      : C.src, n);
            break;
        }
        ns_reqs_wait(&C.reqs);
        return;
    }
    const struct ns_witem *total = find_item(out->total, out->total_len);
    switch (C.kind) {
    case NS_COLL_FOLD:
        take(total, 0, C.dst);
        break;
    case NS_COLL_SCAN: case NS_COLL_EXSCAN: {
        const char *pre = element(find_item(out->prefix, out->prefix_len), 0);
        if (C.kind == NS_COLL_EXSCAN) {
            if (pre)                    /* process 0: dst untouched, as MPI_Exscan */
                memmove(C.dst, pre, n);
        } else if (pre) {               /* inclusive: prefix (op) mine */
            struct ns_buf *s = &C.scratch;
            char *mine = s->data + n;   /* scratch holds 2n: result, then my value */
            memcpy(mine, ns_item_values((const void *)C.item.data), n);
            C.op(s->data, (void *)pre, mine, &C.opbytes);
            memmove(C.dst, s->data, n);
        } else {
            memmove(C.dst, ns_item_values((const void *)C.item.data), n);
        }
        break;
    }
    case NS_COLL_BCAST:
        take(total, 0, C.dst);
        break;
    case NS_COLL_GATHER:
        if (me == C.root)
            for (int q = 0; q < p; q++)
                take(total, (size_t)q, C.dst + (size_t)q * n);
        break;
    case NS_COLL_SCATTER:
        take(total, (size_t)me, C.dst);
        break;
    case NS_COLL_ALLGATHER:
        for (int q = 0; q < p; q++)
            take(total, (size_t)q, C.dst + (size_t)q * n);
        break;
    case NS_COLL_EXCHANGE:      /* block q of process s is element s p + q */
        for (int s = 0; s < p; s++)
            take(total, (size_t)s * (size_t)p + (size_t)me, C.dst + (size_t)s * n);
        break;
    }
}

static int
overlap(const char *a, size_t an, const char *b, size_t bn)
{
    return an && bn && a < b + bn && b < a + an;
}

void
ns_collective(int kind, int root, ns_coll_op op, const void *src, void *dst, size_t nbytes,
              const struct ns_site *site)
{
    int p = ns_proc.nprocs, me = ns_proc.pid;
    if (ns_proc.sync_mode != NS_MODE_BARRIER)
        ns_fatal(site, "collectives need barrier mode, and NS_SYNC=%s has no barrier to carry "
                 "them; run with NS_SYNC=barrier (bsprun --sync=barrier), or write it with "
                 "bsp_put and bspx_read", ns_sync_mode_name());
    if (nbytes > INT_MAX)
        ns_fatal(site, "nbytes %zu is too large; at most %d bytes per block", nbytes, INT_MAX);
    if (has_root(kind) && (root < 0 || root >= p))
        ns_fatal(site, "root %d is out of range; use 0 <= root < bsp_nprocs() = %d", root, p);
    if (kind <= NS_COLL_EXSCAN && !op)
        ns_fatal(site, "the operator is NULL; pass a function op(result, left, right, &nbytes)");
    /* Blocks in the whole result, and what a process reads and writes. */
    size_t nel = kind == NS_COLL_EXCHANGE ? (size_t)p * (size_t)p
               : kind == NS_COLL_GATHER || kind == NS_COLL_SCATTER
                 || kind == NS_COLL_ALLGATHER ? (size_t)p : 1;
    size_t sn = kind == NS_COLL_SCATTER ? (me == root ? (size_t)p * nbytes : 0)
              : kind == NS_COLL_EXCHANGE ? (size_t)p * nbytes
              : kind == NS_COLL_BCAST && me != root ? 0 : nbytes;
    size_t dn = kind == NS_COLL_GATHER ? (me == root ? (size_t)p * nbytes : 0)
              : kind == NS_COLL_ALLGATHER || kind == NS_COLL_EXCHANGE ? (size_t)p * nbytes
              : kind == NS_COLL_EXSCAN && me == 0 ? 0 : nbytes;
    if (nbytes && ((sn && !src) || (dn && !dst)))
        ns_fatal(site, "%s is NULL; pass an area of %zu bytes", sn && !src ? "src" : "dst",
                 sn && !src ? sn : dn);
    int inplace_ok = kind <= NS_COLL_BCAST;     /* read into the item before writing */
    if (!inplace_ok && overlap(src, sn, dst, dn))
        ns_fatal(site, "src and dst overlap; %s needs separate areas", kind_name[kind]);
    static int small = -1;
    if (small < 0)
        small = ns_env_int("NS_COLL_SMALL", 2048, 0, 1 << 20);
    C.kind = kind;
    C.root = has_root(kind) ? root : -1;
    C.op = op;
    C.src = src;
    C.dst = dst;
    C.n = nbytes;
    C.nel = nel;
    C.opbytes = (int)nbytes;
    C.large = kind > NS_COLL_EXSCAN && nel * nbytes > (size_t)small;
    if (nbytes == 0)
        C.large = 1;                /* nothing to move: no item, no messages */
    memset(&C.var, 0, sizeof C.var);
    C.var.name = kind_name[kind];
    C.var.type = Type_bytes;
    C.var.elsize = nbytes;
    C.var.n = nel;
    C.var.step_op = kind <= NS_COLL_EXSCAN ? NS_OP_FN : NS_OP_FIRST;
    C.var.step_fn = user_op;
    C.var.prefix_target = &C;       /* the scan wants its prefix */
    C.scratch.len = 0;
    ns_buf_append(&C.scratch, 2 * nbytes);
    ns_coll_sig = signature();
    ns_coll_item_var = ns_coll_sig ? &C.var : NULL;     /* its item's variable */
    ns_sync(NS_SYNC_STEP, site);
    ns_coll_sig = 0;
    ns_coll_item_var = NULL;
}
