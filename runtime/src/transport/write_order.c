/*
 * write_order.c - the order of overlapping writes in the relaxed modes of
 * NS_SYNC.  Barrier mode writes the puts of a superstep in source-rank,
 * then issue order, and the get replies after them (exchange.c), so where
 * writes overlap the last of that order wins.  The relaxed modes write a
 * request when it arrives (sync_relaxed.c), and requests of different
 * sources arrive in any order: a put of a lower rank may come after one of
 * a higher rank, and a put after the get reply that barrier mode writes
 * last.
 *
 * So every write is ranked by a key: (superstep, source rank) for the puts
 * of a request, (superstep, above every rank) for a get reply.  One source
 * sends one request per destination and superstep, in issue order, so a
 * key's own writes are already in order.  A map of the process's memory,
 * sorted disjoint address ranges each with the highest key that wrote it,
 * says where a higher key has written: a write lands only on the other
 * bytes, and raises the map to its key there.  The result is barrier
 * mode's, whatever the order of arrival.
 *
 * bspx_read(area, n) settles an area: every put of an earlier superstep
 * into it is in (no later put can arrive there before the area's next
 * READ), so its ranges leave the map.  A program that never READs an area
 * keeps its ranges in the map; past MAP_MAX ranges the oldest supersteps'
 * are dropped.  Only get replies that land in a registered area enter the
 * map: puts reach nothing else.
 */
#include "internal.h"

#define E ns_eng
#define MAP_MAX (1 << 20)
#define KEY(stamp, rank) (((uint64_t)(uint32_t)(stamp) << 32) | (uint32_t)(rank))
#define KEY_REPLY(stamp) KEY(stamp, UINT32_MAX)
#define KEY_STAMP(key) ((long)((key) >> 32))

struct seg { uintptr_t lo, hi; uint64_t key; };
struct segs { struct seg *s; size_t n, cap; };

static struct {
    struct segs map;            /* the highest key of each written range */
    struct segs next;           /* the map being rebuilt */
    struct segs in;             /* the ranges of the write being ranked */
    struct segs hidden;         /* its parts that higher keys wrote */
} W;

/* Appends [lo, hi) with key, joining it to the last range when they touch
 * with the same key. */
static void
add(struct segs *a, uintptr_t lo, uintptr_t hi, uint64_t key)
{
    if (lo >= hi)
        return;
    if (a->n && a->s[a->n - 1].hi == lo && a->s[a->n - 1].key == key) {
        a->s[a->n - 1].hi = hi;
        return;
    }
    if (a->n == a->cap) {
        a->cap = a->cap ? 2 * a->cap : 64;
        a->s = ns_xrealloc(a->s, sizeof *a->s * a->cap);
    }
    a->s[a->n++] = (struct seg){ lo, hi, key };
}

static int
by_lo(const void *a, const void *b)
{
    uintptr_t x = ((const struct seg *)a)->lo, y = ((const struct seg *)b)->lo;
    return (x > y) - (x < y);
}

/* W.in sorted and made disjoint (its keys are all one). */
static void
normalize_in(void)
{
    struct segs *a = &W.in;
    int sorted = 1;
    for (size_t i = 1; i < a->n && sorted; i++)
        sorted = a->s[i - 1].lo <= a->s[i].lo;
    if (!sorted)
        ns_sort(a->s, a->n, sizeof *a->s, by_lo);
    size_t k = 0;
    for (size_t i = 0; i < a->n; i++) {
        if (k && a->s[i].lo <= a->s[k - 1].hi) {
            if (a->s[i].hi > a->s[k - 1].hi)
                a->s[k - 1].hi = a->s[i].hi;
        } else {
            a->s[k++] = a->s[i];
        }
    }
    a->n = k;
}

/* Ranks the write W.in of key: fills W.hidden with its parts that a higher
 * key has written, and raises the map to key on the rest. */
static void
rank_write(uint64_t key)
{
    struct segs *m = &W.map, *n = &W.next;
    size_t i = 0;
    normalize_in();
    W.hidden.n = 0;
    n->n = 0;
    for (size_t j = 0; j < W.in.n; j++) {
        uintptr_t lo = W.in.s[j].lo, hi = W.in.s[j].hi, pos = lo;
        while (i < m->n && m->s[i].hi <= lo) {
            add(n, m->s[i].lo, m->s[i].hi, m->s[i].key);
            i++;
        }
        while (i < m->n && m->s[i].lo < hi) {
            struct seg g = m->s[i];
            if (g.lo < pos) {           /* its part before this range */
                add(n, g.lo, pos, g.key);
                g.lo = pos;
            }
            add(n, pos, g.lo, key);     /* a gap no one wrote */
            uintptr_t end = g.hi < hi ? g.hi : hi;
            if (g.key > key) {
                add(n, g.lo, end, g.key);
                add(&W.hidden, g.lo, end, 0);
            } else {
                add(n, g.lo, end, key);
            }
            pos = end;
            if (g.hi > hi) {            /* its part after this range: for the next */
                m->s[i].lo = hi;
                break;
            }
            i++;
        }
        add(n, pos, hi, key);
    }
    for (; i < m->n; i++)
        add(n, m->s[i].lo, m->s[i].hi, m->s[i].key);
    struct segs t = *m; *m = *n; *n = t;
    if (m->n > MAP_MAX) {               /* no READ settles these areas */
        size_t k = 0;
        for (size_t j = 0; j < m->n; j++)
            if (KEY_STAMP(m->s[j].key) >= E.superstep - 1)
                m->s[k++] = m->s[j];
        m->n = k;
    }
}

/* Copies n bytes to t, but not onto the ranges of W.hidden. */
static void
write_visible(char *t, const char *data, size_t n)
{
    uintptr_t lo = (uintptr_t)t, hi = lo + n, pos = lo;
    size_t a = 0, b = W.hidden.n;
    while (a < b) {                     /* the first hidden range ending after lo */
        size_t mid = (a + b) / 2;
        if (W.hidden.s[mid].hi <= lo)
            a = mid + 1;
        else
            b = mid;
    }
    for (; a < W.hidden.n && W.hidden.s[a].lo < hi && pos < hi; a++) {
        uintptr_t s = W.hidden.s[a].lo > pos ? W.hidden.s[a].lo : pos;
        memcpy((char *)pos, data + (pos - lo), s - pos);
        pos = W.hidden.s[a].hi < hi ? W.hidden.s[a].hi : hi;
    }
    if (pos < hi)
        memcpy((char *)pos, data + (pos - lo), hi - pos);
}

/* The bytes a put record addresses, if they lie in my registration (one
 * that does not is left to the write, which stops the job). */
static int
put_range(const struct ns_put_view *v, uintptr_t *lo)
{
    const struct ns_regstate *R = &E.reg;
    if (v->nbytes == 0 || v->slot >= R->nslot || !R->slot[v->slot].addr
        || v->offset + v->nbytes > R->slot[v->slot].size)
        return 0;
    *lo = (uintptr_t)(R->slot[v->slot].addr + v->offset);
    return 1;
}

void
ns_order_write(int src, const char *p, const char *end, long stamp)
{
    struct ns_put_view v;
    uintptr_t lo;
    W.in.n = 0;
    for (const char *q = p; q < end; q += ns_rec_size(q))
        if (ns_rec_put(q, &v) && put_range(&v, &lo))
            add(&W.in, lo, lo + v.nbytes, 0);
    if (W.in.n == 0) {                  /* no puts, or a bad one: stops there */
        ns_exchange_apply_puts(src, p, end);
        return;
    }
    rank_write(KEY(stamp, src));
    if (W.hidden.n == 0) {              /* the common case: nothing above it */
        ns_exchange_apply_puts(src, p, end);
        return;
    }
    for (const char *q = p; q < end; q += ns_rec_size(q))
        if (ns_rec_put(q, &v) && v.nbytes)
            write_visible(ns_exchange_put_target(src, v.slot, v.offset, v.nbytes), v.data,
                          v.nbytes);
}

/* Whether [lo, lo + n) meets a registered area (in force or popped: puts
 * of the supersteps it was in force may still come). */
static int
in_some_area(uintptr_t lo, size_t n)
{
    const struct ns_regstate *R = &E.reg;
    for (int s = 0; s < R->nslot; s++) {
        uintptr_t a = (uintptr_t)R->slot[s].addr;
        if (a && a < lo + n && lo < a + R->slot[s].size)
            return 1;
    }
    return 0;
}

void
ns_order_replies(const struct ns_peer *pe, long stamp)
{
    const char *p = pe->reply_in.data;
    for (int g = 0; g < pe->ngets; g++) {
        const struct ns_getwait *w = &pe->gets[g];
        uintptr_t lo = (uintptr_t)w->dst;
        if (w->nbytes && in_some_area(lo, w->nbytes)) {
            W.in.n = 0;
            add(&W.in, lo, lo + w->nbytes, 0);
            rank_write(KEY_REPLY(stamp));       /* above every put of its superstep */
            write_visible(w->dst, p, w->nbytes);
        } else {
            memcpy(w->dst, p, w->nbytes);
        }
        p += w->nbytes;
    }
}

void
ns_order_forget(const char *area, size_t n)
{
    struct segs *m = &W.map, *t = &W.next;
    uintptr_t lo = (uintptr_t)area, hi = lo + n;
    if (m->n == 0)
        return;
    t->n = 0;
    for (size_t i = 0; i < m->n; i++) {         /* what lies outside [lo, hi) */
        const struct seg g = m->s[i];
        add(t, g.lo, g.hi < lo ? g.hi : lo, g.key);
        add(t, g.lo > hi ? g.lo : hi, g.hi, g.key);
    }
    struct segs u = *m; *m = *t; *t = u;
}

void
ns_order_stop(void)
{
    free(W.map.s);
    free(W.next.s);
    free(W.in.s);
    free(W.hidden.s);
    memset(&W, 0, sizeof W);
}
