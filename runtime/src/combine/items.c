/*
 * items.c - combine items (seed 002, 4.1): a shared variable's written
 * elements as they travel in combine and commit messages, and the fold that
 * merges two lists of them.  A list is a byte string of items sorted by key
 * (the variable's symbolic name); an item is
 *     struct ns_witem, a bitmap of the elements present (written),
 *     the n element values (absent ones are not looked at),
 *     for <=> items, the rank that wrote each element (for the message).
 * Everything is 8-byte aligned.  Folding a (lower ranks) with b applies the
 * variable's policy to elements present in both, in that order, so a fold
 * over a fixed tree gives the same bits on every run.
 */
#include <time.h>
#include "internal.h"

static size_t
item_bytes(size_t n, size_t elsize, int ranks)
{
    return sizeof(struct ns_witem) + 8 * ((n + 63) / 64) + NS_PAD8(n * elsize)
         + (ranks ? NS_PAD8(4 * n) : 0);
}

struct ns_witem *
ns_item_append(struct ns_buf *b, uint64_t key, size_t n, size_t elsize, int ranks)
{
    size_t bytes = item_bytes(n, elsize, ranks);
    if (bytes > UINT32_MAX || n > UINT32_MAX)
        ns_fatal(&ns_cur->site, "a combine item of %zu bytes is too large", bytes);
    struct ns_witem *it = ns_buf_append(b, bytes);
    memset(it, 0, bytes);
    it->key = key;
    it->n = (uint32_t)n;
    it->elsize = (uint32_t)elsize;
    it->bytes = (uint32_t)bytes;
    it->flags = ranks ? NS_WI_RANKS : 0;
    return it;
}

uint64_t *ns_item_bits(const struct ns_witem *it) { return (uint64_t *)(it + 1); }
char *
ns_item_values(const struct ns_witem *it)
{
    return (char *)(ns_item_bits(it) + (it->n + 63) / 64);
}
static int32_t *
item_ranks(const struct ns_witem *it)
{
    return (int32_t *)(ns_item_values(it) + NS_PAD8((size_t)it->n * it->elsize));
}

static ns_shvar *
var_of(uint64_t key)
{
    ns_shvar *v = key == NS_COLL_KEY && ns_coll_item_var ? ns_coll_item_var : ns_sh_find(key);
    if (!v)
        ns_fatal(&ns_cur->site, "a combine item arrived for a shared variable this process has "
                 "not declared (key %016llx); every member of a group must declare the same "
                 "shared variables", (unsigned long long)key);
    return v;
}

static void __attribute__((noreturn))
not_equal(const ns_shvar *v, size_t e, int ra, int rb)
{
    if (ns_combine_direct(ns_cur) && ns_cur->rank != 0) {
        /* every member finds it in the direct protocol: let rank 0 report */
        struct timespec nap = { 0, 10 * 1000 * 1000 };
        for (int i = 0; i < 500; i++)
            nanosleep(&nap, NULL);
    }
    if (v->n == 1 && !v->handle)
        ns_fatal(&ns_cur->site, "shared variable '%s' has combine policy <=> but processes %d "
                 "and %d wrote different values; write equal values or choose another policy",
                 v->name, ra < rb ? ra : rb, ra < rb ? rb : ra);
    ns_fatal(&ns_cur->site, "shared array '%s' has combine policy <=> but processes %d and %d "
             "wrote different values to element %zu; write equal values or choose another "
             "policy", v->name, ra < rb ? ra : rb, ra < rb ? rb : ra, e);
}

/* dst := b folded into a (element-wise), for one key present in both. */
static void
fold_item(struct ns_buf *dst, const struct ns_witem *a, const struct ns_witem *b)
{
    ns_shvar *v = var_of(a->key);
    if (a->n != b->n || a->elsize != b->elsize)
        ns_fatal(&ns_cur->site, "shared array '%s' has %u elements on one process and %u on "
                 "another; replicated arrays must have the same length on every member",
                 v->name, a->n, b->n);
    int op = v->step_op, ranks = a->flags & NS_WI_RANKS;
    size_t n = a->n, es = a->elsize;
    struct ns_witem *o = ns_item_append(dst, a->key, n, es, ranks);
    memcpy(o + 1, a + 1, o->bytes - sizeof *o);         /* a's bits, values, ranks */
    const uint64_t *bb = ns_item_bits(b);
    uint64_t *ob = ns_item_bits(o);
    char *ov = ns_item_values(o);
    const char *bv = ns_item_values(b);
    for (size_t w = 0; w < (n + 63) / 64; w++) {
        uint64_t both = ob[w] & bb[w], only_b = bb[w] & ~ob[w];
        for (uint64_t m = only_b; m; m &= m - 1) {
            size_t e = w * 64 + (size_t)__builtin_ctzll(m);
            memcpy(ov + e * es, bv + e * es, es);
            if (ranks)
                item_ranks(o)[e] = item_ranks(b)[e];
        }
        if (op != NS_OP_FIRST)
            for (uint64_t m = both; m; m &= m - 1) {
                size_t e = w * 64 + (size_t)__builtin_ctzll(m);
                if (!ns_op_apply(op, v->type, v->step_fn, ov + e * es, bv + e * es, es))
                    not_equal(v, e, item_ranks(o)[e], item_ranks(b)[e]);
            }
        ob[w] |= bb[w];
    }
}

static int
wanted(const struct ns_witem *it, int prefix_only)
{
    return !prefix_only || var_of(it->key)->prefix_target;
}

static void
copy_item(struct ns_buf *dst, const struct ns_witem *it)
{
    memcpy(ns_buf_append(dst, it->bytes), it, it->bytes);
}

void
ns_items_fold(struct ns_buf *dst, const char *a, size_t alen, const char *b, size_t blen,
              int prefix_only)
{
    const char *ae = a + alen, *be = b + blen;
    dst->len = 0;
    while (a < ae || b < be) {
        const struct ns_witem *x = a < ae ? (const void *)a : NULL;
        const struct ns_witem *y = b < be ? (const void *)b : NULL;
        if (x && (!y || x->key < y->key)) {
            if (wanted(x, prefix_only))
                copy_item(dst, x);
            a += x->bytes;
        } else if (!x || y->key < x->key) {
            if (wanted(y, prefix_only))
                copy_item(dst, y);
            b += y->bytes;
        } else {
            if (wanted(x, prefix_only))
                fold_item(dst, x, y);
            a += x->bytes;
            b += y->bytes;
        }
    }
}

/* One item of v for my contribution: the elements set in bits. */
void
ns_items_add(struct ns_buf *dst, const ns_shvar *v, const void *values, size_t n,
             const uint64_t *bits, int rank)
{
    int ranks = v->step_op == NS_OP_EQ;
    struct ns_witem *it = ns_item_append(dst, v->key, n, v->elsize, ranks);
    uint64_t *ib = ns_item_bits(it);
    char *iv = ns_item_values(it);
    for (size_t w = 0; w < (n + 63) / 64; w++) {
        ib[w] = bits[w];
        for (uint64_t m = bits[w]; m; m &= m - 1) {
            size_t e = w * 64 + (size_t)__builtin_ctzll(m);
            memcpy(iv + e * v->elsize, (const char *)values + e * v->elsize, v->elsize);
            if (ranks)
                item_ranks(it)[e] = rank;
        }
    }
}
