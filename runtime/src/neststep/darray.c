/*
 * darray.c - distributed shared arrays (spec section 5; seed 002, 3.2):
 * block (ceil(n/p) units per process) and cyclic distribution of units
 * over the declaring group, ownership, forall enumeration, element access
 * with my copies of remote units (written by me, or mirrored), and the
 * section operations that become requests (darequest.c).
 */
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include "darray.h"

#define NBUCKET 256
static struct ns_dastate *bucket[NBUCKET];
long ns_da_live;                        /* distributed arrays on this process */

struct ns_dastate *
ns_da_find(uint64_t key)
{
    for (struct ns_dastate *s = bucket[key % NBUCKET]; s; s = s->next_hash)
        if (s->key == key)
            return s;
    return NULL;
}

ns_darray *
ns_da_new(const char *name, long nunits, long unit, int type, size_t elsize, int dist, int op,
          ns_combine_fn fn)
{
    if (!ns_cur)
        NestStep_init(NULL, NULL);
    struct ns_group *g = ns_cur;
    const struct ns_site *site = &g->site;
    if (nunits < 0 || unit < 1)
        ns_fatal(site, "distributed array '%s': %ld units of %ld elements; sizes must not be "
                 "negative", name, nunits, unit);
    if (dist != NS_BLOCK && dist != NS_CYCLIC)
        ns_fatal(site, "distributed array '%s': unknown distribution %d", name, dist);
    if (!ns_op_valid(op, type) || (op == NS_OP_FN && !fn))
        ns_fatal(site, "distributed array '%s': combine policy <%s> does not apply to its "
                 "element type", name, ns_op_name(op));
    ns_darray *a = calloc(1, sizeof *a);
    struct ns_dastate *s = calloc(1, sizeof *s);
    if (!a || !s)
        ns_fatal(site, "out of memory for distributed array '%s'", name);
    a->n = nunits;
    a->unit = unit;
    a->elsize = elsize;
    a->usize = elsize * (size_t)unit;
    a->dist = dist;
    a->type = type;
    a->op = op;
    a->fn = fn;
    a->p = g->size;
    a->me = g->rank;
    a->name = name;
    a->bs = (nunits + a->p - 1) / a->p;
    if (a->bs == 0)
        a->bs = 1;
    if (dist == NS_BLOCK) {
        a->first = (long)a->me * a->bs;
        long end = a->first + a->bs < nunits ? a->first + a->bs : nunits;
        a->nlocal = end > a->first ? end - a->first : 0;
    } else {
        a->first = a->me;
        a->nlocal = nunits > a->me ? (nunits - a->me + a->p - 1) / a->p : 0;
    }
    a->local = calloc((size_t)a->nlocal + 1, a->usize);
    a->wbits = calloc((size_t)(a->nlocal + 63) / 64 + 1, 8);
    if (!a->local || !a->wbits)
        ns_fatal(site, "out of memory for the %ld local units of distributed array '%s'",
                 a->nlocal, name);
    a->st = s;
    s->a = a;
    uint64_t mix[2] = { g->uid, g->seq++ };
    s->key = ns_hash64(g->uid, mix, sizeof mix);
    s->member = ns_xmalloc(sizeof(int) * (size_t)a->p);
    memcpy(s->member, g->member, sizeof(int) * (size_t)a->p);
    s->next_hash = bucket[s->key % NBUCKET];
    bucket[s->key % NBUCKET] = s;
    ns_da_live++;
    return a;
}

ns_darray *
ns_da_shape(ns_darray *a, int ndist, long ext1, long ext2)
{
    if (ndist < 2 || ndist > 3 || ext1 < 1 || (ndist == 3 && ext2 < 1))
        return a;
    a->ndist = ndist;
    a->ext[1] = ext1;
    a->ext[2] = ndist == 3 ? ext2 : 1;
    a->ext[0] = a->n / (a->ext[1] * a->ext[2]);
    return a;
}

const char *
ns_da_unit_name(const ns_darray *a, long i, char *buf, size_t size)
{
    if (a->ndist < 2 || i < 0 || i >= a->n)
        snprintf(buf, size, "%s[%ld]", a->name, i);
    else if (a->ndist == 2)
        snprintf(buf, size, "%s[%ld][%ld]", a->name, i / a->ext[1], i % a->ext[1]);
    else
        snprintf(buf, size, "%s[%ld][%ld][%ld]", a->name, i / (a->ext[1] * a->ext[2]),
                 i / a->ext[2] % a->ext[1], i % a->ext[2]);
    return buf;
}

ns_darray *
new_DArray(long n, int type)
{
    return ns_da_new("new_DArray", n, 1, type, ns_type_size(type) ? ns_type_size(type) : 1,
                     NS_BLOCK, NS_OP_FIRST, NULL);
}

void
ns_da_free(ns_darray *a)
{
    if (!a)
        return;
    struct ns_dastate *s = a->st;
    /* written outside a step: only marks, forgotten here */
    if (ns_da_forget(a) || (a->wdirty && ns_cur && ns_cur->in_step))
        ns_fatal(&ns_cur->site, "distributed array '%s' freed inside the step that writes it "
                 "or accesses it remotely; free it after the step", a->name);
    for (struct ns_dastate **pp = &bucket[s->key % NBUCKET]; *pp; pp = &(*pp)->next_hash)
        if (*pp == s) {
            *pp = s->next_hash;
            break;
        }
    ns_da_live--;
    free(s->member);
    free(s->copy);
    free(s->wpend);
    free(s->wlist);
    free(s->snap);
    free(s->state);
    free(s->touched);
    free(s->who);
    da_mlog_free(a);
    free(s);
    free(a->mq);
    free(a->local);
    free(a->wbits);
    free(a);
}

long DArray_Length(const ns_darray *a) { return a->nlocal; }
long ns_da_length(const ns_darray *a) { return a->n; }

long
ns_da_index(const ns_darray *a, long k, const struct ns_site *site)
{
    if (k < 0 || k >= a->nlocal)
        ns_fatal(site, "local index %ld of distributed array '%s' is out of range: this "
                 "process owns %ld units (0 <= k < DArray_Length(%s))", k, a->name, a->nlocal,
                 a->name);
    return a->dist == NS_BLOCK ? a->first + k : a->me + k * a->p;
}

long (DArray_index)(const ns_darray *a, long k) { return ns_da_index(a, k, &ns_cur->site); }

static long floor_div(long x, long y) { return x / y - ((x % y != 0) && ((x < 0) != (y < 0))); }
static long ceil_div(long x, long y) { return -floor_div(-x, y); }
static long mod(long x, long m) { return ((x % m) + m) % m; }
static long gcd(long x, long y) { while (y) { long t = x % y; x = y; y = t; } return x; }

ns_iter
ns_da_part(const ns_darray *a, long q, long lb, long ub, long st)
{
    ns_iter it = { .step = st };
    if (st == 0 || a->n == 0 || (st > 0 && ub < lb) || (st < 0 && ub > lb))
        return it;
    long f, e;                              /* units of q lie in [f, e] (block) */
    if (a->dist == NS_BLOCK) {
        f = q * a->bs;
        e = (f + a->bs < a->n ? f + a->bs : a->n) - 1;
    } else {
        f = 0;
        e = a->n - 1;
    }
    long K = (ub - lb) / st + 1;            /* terms lb + k*st, 0 <= k < K */
    long kmin, kmax;
    if (st > 0) {
        kmin = lb < f ? ceil_div(f - lb, st) : 0;
        kmax = e >= lb ? floor_div(e - lb, st) : -1;
    } else {
        kmin = lb > e ? ceil_div(lb - e, -st) : 0;
        kmax = lb >= f ? floor_div(lb - f, -st) : -1;
    }
    if (kmax > K - 1)
        kmax = K - 1;
    if (kmin > kmax)
        return it;
    if (a->dist == NS_CYCLIC) {
        long p = a->p, kstride = p / gcd(st < 0 ? -st : st, p), k0 = -1;
        for (long k = 0; k < kstride; k++)
            if (mod(lb + k * st, p) == q) {
                k0 = k;
                break;
            }
        if (k0 < 0)
            return it;
        long k1 = kmin + mod(k0 - kmin, kstride);
        if (k1 > kmax)
            return it;
        it.i = lb + k1 * st;
        it.step = st * kstride;
        it.left = (kmax - k1) / kstride + 1;
        return it;
    }
    it.i = lb + kmin * st;
    it.left = kmax - kmin + 1;
    return it;
}

ns_iter
ns_forall(const ns_darray *a, long lb, long ub, long st)
{
    if (st == 0)
        ns_fatal(&ns_cur->site, "forall over '%s' with stride 0", a->name);
    ns_iter it = ns_da_part(a, a->me, lb, ub, st);
    if (it.left > 0) {
        it.l = ns_da_lidx(a, it.i);
        it.lstep = a->dist == NS_BLOCK ? it.step : it.step / a->p;
    }
    return it;
}

/* The terms of l:u:s inside 0 .. ext-1: l and u moved inward; 0 if none. */
static long
clip(long *l, long *u, long s, long ext)
{
    if (s > 0) {
        if (*l < 0)
            *l += (-*l + s - 1) / s * s;
        if (*u > ext - 1)
            *u = ext - 1;
        return *u < *l ? 0 : (*u - *l) / s + 1;
    }
    if (*l > ext - 1)
        *l -= (*l - (ext - 1) - s - 1) / -s * -s;
    if (*u < 0)
        *u = 0;
    return *u > *l ? 0 : (*u - *l) / s + 1;
}

ns_iter
ns_next_rows(ns_rows *rw)
{
    ns_iter r = { .left = 0 };
    while (rw->row < rw->nrows) {
        long row = rw->row++, base;
        if (rw->e2)
            base = ((rw->l0 + row / rw->n1 * rw->s0) * rw->e1 + rw->l1 + row % rw->n1 * rw->s1) *
                   rw->e2;
        else
            base = (rw->l0 + row * rw->s0) * rw->e1;
        r = ns_forall(rw->a, base + rw->lin, base + rw->uin, rw->sin);
        if (r.left > 0)
            break;
    }
    return r;
}

ns_rows
ns_forall_sect(const ns_darray *a, const ns_sect *x, const struct ns_site *site)
{
    ns_rows it = { .a = a };
    int nd = x->ndist;
    if (nd < 2 || nd > 3 || x->nd != nd)
        ns_fatal(site, "forall over '%s' with bounds for %d dimensions; forall2 and forall3 "
                 "take a bound triple per distributed dimension", a->name, x->nd);
    long ext[3] = { 0, x->ext[1], nd == 3 ? x->ext[2] : 1 }, lo[3], hi[3], cnt[3];
    if (ext[1] < 1 || ext[2] < 1)
        ns_fatal(site, "forall over '%s': a dimension of extent %ld", a->name,
                 ext[1] < 1 ? ext[1] : ext[2]);
    ext[0] = a->n / (ext[1] * ext[2]);
    for (int d = 0; d < nd; d++) {
        if (x->st[d] == 0)
            ns_fatal(site, "forall over '%s' with stride 0 in dimension %d", a->name, d + 1);
        lo[d] = x->lo[d];
        hi[d] = x->hi[d];
        cnt[d] = clip(&lo[d], &hi[d], x->st[d], ext[d]);
    }
    it.l0 = lo[0];
    it.s0 = x->st[0];
    it.e1 = ext[1];
    it.lin = lo[nd - 1];
    it.uin = hi[nd - 1];
    it.sin = x->st[nd - 1];
    it.nrows = cnt[0];
    if (nd == 3) {
        it.l1 = lo[1];
        it.s1 = x->st[1];
        it.n1 = cnt[1];
        it.e2 = ext[2];
        it.nrows *= cnt[1];
    }
    if (!cnt[nd - 1])
        it.nrows = 0;
    return it;
}

void
ns_da_mark_forall(ns_darray *a, ns_iter it)
{
    if (it.left <= 0)
        return;
    if (!a->wdirty)
        ns_da_touch(a);
    if (it.lstep == 1 || it.lstep == -1) {      /* a range: whole words */
        long lo = it.lstep > 0 ? it.l : it.l - (it.left - 1), hi = lo + it.left;
        for (long l = lo; l < hi && (l & 63); l++)
            a->wbits[l >> 6] |= (uint64_t)1 << (l & 63);
        for (long w = (lo + 63) >> 6; w < hi >> 6; w++)
            a->wbits[w] = ~(uint64_t)0;
        for (long l = hi & ~63L; l < hi && l >= lo; l++)
            a->wbits[l >> 6] |= (uint64_t)1 << (l & 63);
        return;
    }
    for (long k = 0, l = it.l; k < it.left; k++, l += it.lstep)
        a->wbits[l >> 6] |= (uint64_t)1 << (l & 63);
}

void
ns_da_check_step(const ns_darray *a, const char *what, const struct ns_site *site)
{
    if (!ns_cur || !ns_cur->in_step)
        ns_fatal(site, "%s of distributed array '%s' outside a step; access to remote "
                 "elements must be inside a step (or a function called from one)", what, a->name);
}

static void
check_index(const ns_darray *a, long i, const struct ns_site *site)
{
    if (i < 0 || i >= a->n)
        ns_fatal(site, "index %ld is out of bounds of distributed array '%s' of %ld units",
                 i, a->name, a->n);
}

int
ns_da_same_layout(const ns_darray *b, const ns_darray *a)
{
    return b->dist == a->dist && b->n == a->n && b->p == a->p &&
           (b->st->member == a->st->member ||
            memcmp(b->st->member, a->st->member, (size_t)a->p * sizeof *a->st->member) == 0);
}

void
ns_da_check_member(const ns_darray *a, int w, long i, const struct ns_site *site)
{
    char nm[128];
    if (ns_group_rank_of(ns_cur, w) < 0)
        ns_fatal(site, "element %s is owned by process %d, which is outside the current "
                 "subgroup (@ = %d, # = %d); inside a neststep, access only elements owned by "
                 "members of the subgroup", ns_da_unit_name(a, i, nm, sizeof nm), w,
                 ns_cur->index, ns_cur->size);
}

int
ns_da_owner_world(ns_darray *a, long i, const struct ns_site *site)
{
    return ns_da_member_world(a, ns_da_owner(a, i), i, site);
}

/* The largest table of copies backed by transparent huge pages: a mirror
 * touches its copies at random, and each first touch of a 4 KiB page is a
 * fault (listrank.nst at N = 10^6, p = 2: 4096 faults, some 70 ms of its
 * first superstep), each later read a TLB miss at random; with 2 MiB pages
 * a table is a few faults.  A sparse use of the table then holds whole
 * huge pages, at most the table's size: hence the bound. */
#define COPIES_HUGE_MAX ((size_t)64 << 20)

/* n entries of size bytes, zeroed, for my copies of remote units. */
static char *
alloc_copies(size_t n, size_t size)
{
    char *p = calloc(n, size);
#ifdef MADV_HUGEPAGE
    size_t len = n * size, huge = (size_t)2 << 20;
    uintptr_t lo = ((uintptr_t)p + huge - 1) & ~(uintptr_t)(huge - 1);
    uintptr_t hi = ((uintptr_t)p + len) & ~(uintptr_t)(huge - 1);
    if (p && len <= COPIES_HUGE_MAX && hi > lo)     /* its whole 2 MiB pages */
        madvise((void *)lo, hi - lo, MADV_HUGEPAGE);   /* (only advice: failure is fine) */
#endif
    return p;
}

static void
ensure_copies(ns_darray *a)
{
    struct ns_dastate *s = a->st;
    if (s->copy)
        return;
    /* Each entry: its stamp, then the unit, aligned as the unit's own
     * storage is (16 bytes for a unit of a multiple of 16, else 8). */
    size_t head = da_copy_head(a);
    a->cstride = (a->usize + head + head - 1) / head * head;
    s->copy = alloc_copies((size_t)a->n + 1, a->cstride);
    s->wpend = calloc(((size_t)a->n * (size_t)a->unit + 63) / 64 + 1, 8);
    if (!s->copy || !s->wpend)
        ns_fatal(&ns_cur->site, "out of memory for copies of remote units of '%s'", a->name);
    a->rcopy = s->copy + head;          /* for ns_da_mirrored's inline read */
}

static void
check_elem(const ns_darray *a, long i, long k, const struct ns_site *site)
{
    char nm[128];
    if (k < 0 || k >= a->unit)
        ns_fatal(site, "element %ld of unit %s is out of bounds of its %ld elements (0 .. %ld, "
                 "row-major in the subscripts after the distributed ones); keep each of those "
                 "subscripts within its extent", k, ns_da_unit_name(a, i, nm, sizeof nm),
                 a->unit, a->unit - 1);
}

static void __attribute__((noreturn))
not_mirrored(ns_darray *a, long i, int w, const struct ns_site *site)
{
    char nm[128];
    ns_da_unit_name(a, i, nm, sizeof nm);
    ns_fatal(site, "read of remote element %s (owned by process %d) that is not "
             "mirrored in this step; add '#pragma mirror(%s)' (or a section that covers "
             "it) in the previous step, or copy it with a section assignment "
             "('t[0:n-1] = %s[l:u];', whose values arrive at the end of this step)",
             nm, w, nm, a->name);
}

void *
ns_da_rd_remote(ns_darray *a, long i, const struct ns_site *site)
{
    check_index(a, i, site);
    int w = ns_da_owner_world(a, i, site);
    ns_da_check_step(a, "a read of a remote element", site);
    const char *m;
    if (a->mlog_id == ns_here.read_id && (m = da_mlog_resync(a, i)))
        return (void *)m;
    struct ns_dastate *s = a->st;
    if (!s->copy || *da_stamp(a, i) != ns_da_step_id())
        not_mirrored(a, i, w, site);
    return da_copy(a, i);
}

/* Element k of my copy of remote unit i: mirrored, or written by me. */
void *
ns_da_rd_remote_el(ns_darray *a, long i, long k, const struct ns_site *site)
{
    check_index(a, i, site);
    check_elem(a, i, k, site);
    int w = ns_da_owner_world(a, i, site);
    ns_da_check_step(a, "a read of a remote element", site);
    const char *m;
    if (a->mlog_id == ns_here.read_id && (m = da_mlog_resync(a, i)))
        return (void *)(m + (size_t)k * a->elsize);
    struct ns_dastate *s = a->st;
    if (!s->copy || (*da_stamp(a, i) != ns_da_step_id() && !ns_da_pending(a, i * a->unit + k)))
        not_mirrored(a, i, w, site);
    return da_copy(a, i) + (size_t)k * a->elsize;
}

/* Whole remote units i0 .. i0+n-1 of my copies are written by me, the
 * copies made: I can read them back (a copy of the step's second round,
 * section copies, must not take back the mirror of the step that ends),
 * and they are to be sent. */
static void
mark_units(ns_darray *a, long i0, long n)
{
    for (long i = i0; i < i0 + n; i++)
        if (*da_stamp(a, i) != ns_da_step_id() + 1)
            *da_stamp(a, i) = ns_da_step_id();
    ns_da_pending_write_run(a, i0 * a->unit, n * a->unit);
}

/* Elements k .. k+len-1 of my copy of remote unit i: the same. */
static char *
mark_copy(ns_darray *a, long i, long k, long len)
{
    if (len == a->unit)
        mark_units(a, i, 1);
    else
        ns_da_pending_write_run(a, i * a->unit + k, len);
    return da_copy(a, i) + (size_t)k * a->elsize;
}

/* The same, after the checks of a remote write. */
static char *
write_copy(ns_darray *a, long i, long k, long len, const struct ns_site *site)
{
    ns_da_owner_world(a, i, site);
    ns_da_check_step(a, "a write of a remote element", site);
    ensure_copies(a);
    return mark_copy(a, i, k, len);
}

void *
ns_da_wr_remote(ns_darray *a, long i, const struct ns_site *site)
{
    check_index(a, i, site);
    return write_copy(a, i, 0, a->unit, site);
}

void *
ns_da_wr_remote_el(ns_darray *a, long i, long k, const struct ns_site *site)
{
    check_index(a, i, site);
    check_elem(a, i, k, site);
    return write_copy(a, i, k, 1, site);
}

void *
ns_da_rmw_remote(ns_darray *a, long i, const struct ns_site *site)
{
    ns_da_rd_remote(a, i, site);
    return ns_da_wr_remote(a, i, site);
}

void *
ns_da_rmw_remote_el(ns_darray *a, long i, long k, const struct ns_site *site)
{
    ns_da_rd_remote_el(a, i, k, site);
    return ns_da_wr_remote_el(a, i, k, site);
}

void
ns_da_touch(ns_darray *a)
{
    ns_da_mark_list(a);
    a->wdirty = 1;
}

/* ---- sections, of one dimension or several (ns_sect) ---- */

/* A section resolved against its array: its pieces are numbered row-major
 * over the written dimensions; unit k of the section (row-major over the
 * distributed ones) holds pieces k * npieces .. k * npieces + npieces - 1. */
struct sect {
    const ns_sect *x;               /* xc: indices made i:i:1 */
    ns_sect xc;
    long total;                     /* pieces */
    long units, rows, nlast;        /* units; rows of the outer dimensions; units per row */
    long cnt[NS_SECT_MAX];          /* terms of each written dimension */
    long ext[NS_SECT_MAX];          /* extents (the first one derived from a->n) */
    long piece, npieces;            /* elements per piece; pieces per unit */
    long *offs;                     /* [npieces]: each piece's first element in its unit */
    long offs_here[4];              /* offs when that is enough (sect_free) */
};

static void
sect_free(struct sect *r)
{
    if (r->offs != r->offs_here)
        free(r->offs);
}

/* "a[l:u:s][l:u:s]" for messages */
static const char *
sect_name(const ns_darray *a, const ns_sect *x, char *buf, size_t size)
{
    int n = snprintf(buf, size, "%s", a->name);
    for (int d = 0; d < x->nd && n > 0 && (size_t)n < size; d++)
        n += snprintf(buf + n, size - (size_t)n, "[%ld:%ld:%ld]", x->lo[d], x->hi[d], x->st[d]);
    return buf;
}

static void
sect_resolve(const ns_darray *a, const ns_sect *in, struct sect *r, const struct ns_site *site)
{
    char nm[256];
    /* only the dimensions in use: the rest of ns_sect is never read, and a
     * one-element section is the common case, not a 450-byte copy */
    r->xc.nd = in->nd;
    r->xc.ndist = in->ndist;
    for (int d = 0; d < in->nd && d < NS_SECT_MAX; d++) {
        r->xc.lo[d] = in->lo[d];
        r->xc.hi[d] = in->hi[d];
        r->xc.st[d] = in->st[d];
        r->xc.ext[d] = in->ext[d];
    }
    const ns_sect *x = r->x = &r->xc;
    for (int d = 0; d < x->nd && d < NS_SECT_MAX; d++)
        if (r->xc.hi[d] == NS_SECT_INDEX) {
            r->xc.hi[d] = r->xc.lo[d];
            r->xc.st[d] = 1;
        }
    if (x->ndist < 1 || x->ndist > 3 || x->nd < x->ndist || x->nd > NS_SECT_MAX)
        ns_fatal(site, "section of '%s' with %d dimensions, %d of them distributed; write 1 to "
                 "3 distributed dimensions, then at most %d undistributed ones", a->name, x->nd,
                 x->ndist, NS_SECT_MAX - x->ndist);
    long inner = 1, wrote = 1;
    for (int d = 1; d < x->nd; d++) {
        r->ext[d] = x->ext[d];
        if (r->ext[d] < 1)
            ns_fatal(site, "section %s: dimension %d has extent %ld", sect_name(a, x, nm,
                     sizeof nm), d + 1, r->ext[d]);
        if (d < x->ndist)
            inner *= r->ext[d];
        else
            wrote *= r->ext[d];
    }
    r->ext[0] = a->n / inner;
    if (x->ndist == 1 && x->nd == 1)
        r->ext[0] = a->n;
    if (a->n % inner || a->unit % wrote)
        ns_fatal(site, "section %s does not match the shape of '%s' (%ld units of %ld "
                 "elements)", sect_name(a, x, nm, sizeof nm), a->name, a->n, a->unit);
    r->piece = a->unit / wrote;
    r->total = 1;
    for (int d = 0; d < x->nd; d++) {
        long l = x->lo[d], u = x->hi[d], s = x->st[d];
        if (s == 0) {
            if (x->nd == 1)
                ns_fatal(site, "section %s[%ld:%ld:0] has stride 0", a->name, l, u);
            ns_fatal(site, "section %s has stride 0 in dimension %d", sect_name(a, x, nm,
                     sizeof nm), d + 1);
        }
        r->cnt[d] = (s > 0 && u < l) || (s < 0 && u > l) ? 0 : (u - l) / s + 1;
        long last = l + (r->cnt[d] - 1) * s;
        if (r->cnt[d] && (l < 0 || l >= r->ext[d] || last < 0 || last >= r->ext[d])) {
            if (x->nd == 1)
                ns_fatal(site, "section %s[%ld:%ld:%ld] is out of bounds of the %ld units",
                         a->name, l, u, s, a->n);
            ns_fatal(site, "section %s is out of bounds in dimension %d, of extent %ld",
                     sect_name(a, x, nm, sizeof nm), d + 1, r->ext[d]);
        }
        r->total *= r->cnt[d];
    }
    r->nlast = r->cnt[x->ndist - 1];
    r->rows = 1;
    for (int d = 0; d + 1 < x->ndist; d++)
        r->rows *= r->cnt[d];
    r->units = r->rows * r->nlast;
    r->npieces = 1;
    for (int d = x->ndist; d < x->nd; d++)
        r->npieces *= r->cnt[d];
    r->offs = r->npieces < 4 ? r->offs_here
            : ns_xmalloc(sizeof *r->offs * (size_t)(r->npieces + 1));
    for (long e = 0; e < r->npieces; e++) {     /* row-major over the undistributed ones */
        long off = 0, rest = e;
        long m = 1;
        for (int d = x->nd - 1; d >= x->ndist; d--) {
            off += (x->lo[d] + rest % r->cnt[d] * x->st[d]) * m;
            rest /= r->cnt[d];
            m *= r->ext[d];
        }
        r->offs[e] = off * r->piece;
    }
}

/* The first unit of row `row` (of the outer distributed dimensions), and
 * its last dimension's triple in units. */
static long
sect_row(const struct sect *r, long row, long *first, long *last)
{
    const ns_sect *x = r->x;
    int nd = x->ndist;
    long base = 0, rest = row;
    for (int d = nd - 2; d >= 0; d--) {
        long t = rest % r->cnt[d];
        rest /= r->cnt[d];
        long idx = x->lo[d] + t * x->st[d], m = 1;
        for (int e = d + 1; e < nd; e++)
            m *= r->ext[e];
        base += idx * m;
    }
    *first = base + x->lo[nd - 1];
    *last = base + x->lo[nd - 1] + (r->nlast - 1) * x->st[nd - 1];
    return x->st[nd - 1];
}

/* Unit k of the section. */
static long
sect_unit(const struct sect *r, long k)
{
    long f, l, s = sect_row(r, k / r->nlast, &f, &l);
    return f + k % r->nlast * s;
}

/* The ranks that can own units of a row from unit f to unit l: for a
 * block distribution those of its ends and between, for a cyclic one all
 * (one unit: its owner). */
static long
owner_lo(const ns_darray *a, long f, long l)
{
    return a->dist == NS_BLOCK || f == l ? ns_da_owner(a, f < l ? f : l) : 0;
}

static long
owner_hi(const ns_darray *a, long f, long l)
{
    return a->dist == NS_BLOCK || f == l ? ns_da_owner(a, f < l ? l : f) : a->p - 1;
}

/* For each rank q and each row, `it` runs over the units of the row that q
 * owns (rows and ranks with none are skipped, ranks in increasing order);
 * k0: the section's unit number of it.i, kst: its stride there. */
#define FOR_PARTS(a, r, q, it, k0, kst)                                       \
    for (long row_ = 0, f_, l_, s_; row_ < ((r)->nlast ? (r)->rows : 0); row_++) \
        for (long q = (s_ = sect_row((r), row_, &f_, &l_), owner_lo((a), f_, l_)), \
             qhi_ = owner_hi((a), f_, l_); q <= qhi_; q++)                      \
            for (ns_iter it = ns_da_part((a), q, f_, l_, s_); it.left > 0; it.left = 0) \
                for (long k0 = row_ * (r)->nlast + (it.i - f_) / s_, kst = it.step / s_; \
                     k0 >= 0; k0 = -1)

long
ns_da_section_check(long got, long want, const struct ns_site *site)
{
    if (got != want)
        ns_fatal(site, "section assignment of different lengths: the distributed side has %ld "
                 "elements, the private side %ld; make both sections the same length", got,
                 want < 0 ? 0 : want);
    return got;
}

/* A private side's elements are pieces of the section (psize 0: unchecked). */
static void
check_private_size(const ns_darray *a, const struct sect *r, size_t psize,
                   const struct ns_site *site)
{
    char nm[256];
    size_t pb = (size_t)r->piece * a->elsize;
    if (psize && psize != pb)
        ns_fatal(site, "section assignment with %s: its pieces are %zu bytes (%ld elements), "
                 "the private side's elements %zu bytes; declare the private array with "
                 "elements of the piece's type, or subscript the section further",
                 sect_name(a, r->x, nm, sizeof nm), pb, r->piece, psize);
}

/* A private side's stride, in pieces: positive. */
static void
check_private_stride(const ns_darray *a, long ps, const struct ns_site *site)
{
    if (ps <= 0)
        ns_fatal(site, "section assignment with '%s': the private side has stride %ld; a "
                 "private section needs a positive stride (reverse the distributed side "
                 "instead)", a->name, ps);
}

long
ns_da_read_sect(ns_darray *a, const ns_sect *x, void *dst, long ds, size_t psize,
                const struct ns_site *site)
{
    struct sect r;
    sect_resolve(a, x, &r, site);
    check_private_size(a, &r, psize, site);
    check_private_stride(a, ds, site);
    ns_da_check_step(a, "a section read", site);
    size_t pb = (size_t)r.piece * a->elsize;
    FOR_PARTS(a, &r, q, it, k0, kst) {
        int w = ns_da_owner_world(a, it.i, site);
        for (long e = 0; e < r.npieces; e++)
            ns_da_req_read(w, a, it, r.offs[e], r.piece,
                           (char *)dst + (size_t)((k0 * r.npieces + e) * ds) * pb,
                           (size_t)(kst * r.npieces * ds) * pb);
    }
    sect_free(&r);
    return r.total;
}

long
ns_da_write_sect(ns_darray *a, const ns_sect *x, const void *src, long ss, size_t psize,
                 const struct ns_site *site)
{
    struct sect r;
    sect_resolve(a, x, &r, site);
    check_private_size(a, &r, psize, site);
    check_private_stride(a, ss, site);
    ns_da_check_step(a, "a section write", site);
    size_t pb = (size_t)r.piece * a->elsize;
    FOR_PARTS(a, &r, q, it, k0, kst) {
        /* mine: my own write, now; not mine: into my copies, as element
         * writes are (I can read them back, and my last value is my one
         * contribution); a part has one owner, checked once */
        if (q == a->me && r.npieces == 1 && r.piece == a->unit && kst * ss == 1 &&
            it.step == (a->dist == NS_BLOCK ? 1 : a->p)) {
            /* whole units of mine, consecutive here, from consecutive ones: one copy */
            const char *from = (const char *)src + (size_t)(k0 * ss) * pb;
            long l = ns_da_lidx(a, it.i);
            memcpy(a->local + (size_t)l * a->usize, from, (size_t)it.left * pb);
            ns_da_mark_forall(a, (ns_iter){ .l = l, .lstep = 1, .left = it.left });
            continue;
        }
        if (q != a->me) {
            ns_da_owner_world(a, it.i, site);
            ensure_copies(a);
            if (r.npieces == 1 && r.piece == a->unit && it.step == 1 && kst * ss == 1) {
                /* whole consecutive units from consecutive ones: a copy each */
                const char *from = (const char *)src + (size_t)(k0 * ss) * pb;
                for (long j = 0; j < it.left; j++)
                    copy_elem(da_copy(a, it.i + j), from + (size_t)j * pb, pb);
                mark_units(a, it.i, it.left);
                continue;
            }
        }
        for (long j = 0; j < it.left; j++) {
            long i = it.i + j * it.step;
            for (long e = 0; e < r.npieces; e++) {
                const char *from = (const char *)src +
                                   (size_t)(((k0 + j * kst) * r.npieces + e) * ss) * pb;
                char *to = q == a->me ? (char *)ns_da_wlocal(a, i) + (size_t)r.offs[e] * a->elsize
                                      : mark_copy(a, i, r.offs[e], r.piece);
                memcpy(to, from, pb);
            }
        }
    }
    sect_free(&r);
    return r.total;
}

/* Copies whose source section is being read in this step: written into
 * their destination in the second round of the step's end. */
struct copy { ns_darray *dst; ns_sect xd; char *values; struct ns_site site; };
static struct copy *copies;
static int ncopies, capcopies;

/* dst[xd] = src[xs]: the source is read as a section read into private
 * memory is (its values at the start of the step, no mirror needed), and
 * written into the destination when the reads have arrived
 * (ns_da_copies_write, the second round of the step's end). */
long
ns_da_copy_sect(ns_darray *dst, const ns_sect *xd, ns_darray *src, const ns_sect *xs,
                const struct ns_site *site)
{
    struct sect rd, rs;
    char nd[256], ns[256];
    sect_resolve(dst, xd, &rd, site);
    sect_resolve(src, xs, &rs, site);
    sect_free(&rd);
    sect_free(&rs);
    size_t pb = (size_t)rs.piece * src->elsize;
    if (rd.total != rs.total) {
        if (xd->nd == 1 && xs->nd == 1)
            ns_fatal(site, "section lengths differ: %s[%ld:%ld:%ld] has %ld units, "
                     "%s[%ld:%ld:%ld] has %ld", dst->name, xd->lo[0], xd->hi[0], xd->st[0],
                     rd.total, src->name, xs->lo[0], xs->hi[0], xs->st[0], rs.total);
        ns_fatal(site, "section lengths differ: %s has %ld pieces, %s has %ld",
                 sect_name(dst, xd, nd, sizeof nd), rd.total, sect_name(src, xs, ns, sizeof ns),
                 rs.total);
    }
    if ((size_t)rd.piece * dst->elsize != pb)
        ns_fatal(site, "sections of '%s' and '%s' have units of different sizes",
                 dst->name, src->name);
    ns_da_check_step(dst, "a section copy", site);
    if (rs.total == 0)
        return 0;
    if (ncopies == capcopies) {
        capcopies = capcopies ? 2 * capcopies : 8;
        copies = ns_xrealloc(copies, sizeof *copies * (size_t)capcopies);
    }
    struct copy *c = &copies[ncopies++];
    *c = (struct copy){ dst, *xd, ns_xmalloc((size_t)rs.total * pb), *site };
    ns_da_read_sect(src, xs, c->values, 1, 0, site);
    return rs.total;
}

int ns_da_copies_pending(void) { return ncopies > 0; }

void
ns_da_copies_write(void)
{
    for (int k = 0; k < ncopies; k++) {
        struct copy *c = &copies[k];
        ns_da_write_sect(c->dst, &c->xd, c->values, 1, 0, &c->site);
        free(c->values);
    }
    ncopies = 0;
}

void
ns_da_mirror_sect(ns_darray *a, const ns_sect *x, const struct ns_site *site)
{
    struct sect r;
    sect_resolve(a, x, &r, site);
    ns_da_check_step(a, "#pragma mirror", site);
    ensure_copies(a);
    FOR_PARTS(a, &r, q, it, k0, kst) {
        (void)k0, (void)kst;
        if (q != a->me)
            ns_da_req_mirror(ns_da_owner_world(a, it.i, site), a, it);
    }
    sect_free(&r);
}

void
ns_da_update_sect(ns_darray *a, const ns_sect *x, const struct ns_site *site)
{
    struct sect r;
    char nm[128];
    sect_resolve(a, x, &r, site);
    ns_da_check_step(a, "#pragma update", site);
    for (long k = 0; k < r.units; k++) {
        long i = sect_unit(&r, k);
        if (ns_da_owned(a, i))
            continue;
        ns_da_owner_world(a, i, site);
        for (long e = 0; e < r.npieces; e++)
            for (long m = 0; m < r.piece; m++) {
                long el = i * a->unit + r.offs[e] + m;
                if (!a->st->copy || (*da_stamp(a, i) != ns_da_step_id() && !ns_da_pending(a, el)))
                    ns_fatal(site, "#pragma update(%s[...]) covers remote element %s, which "
                             "this process has no copy of in this step; mirror it first",
                             a->name, ns_da_unit_name(a, i, nm, sizeof nm));
                ns_da_pending_write(a, el);
            }
    }
    sect_free(&r);
}

/* The one-dimensional forms: a section of one written dimension, in x,
 * only the fields sect_resolve reads (not all 264 bytes of ns_sect). */
static const ns_sect *
sect1(ns_sect *x, long l, long u, long s)
{
    x->nd = x->ndist = 1;
    x->lo[0] = l;
    x->hi[0] = u;
    x->st[0] = s;
    x->ext[0] = 0;
    return x;
}

long
ns_da_read_section_strided(ns_darray *a, long l, long u, long s, void *dst, long ds,
                           const struct ns_site *site)
{
    ns_sect x;
    return ns_da_read_sect(a, sect1(&x, l, u, s), dst, ds, 0, site);
}

long
ns_da_read_section(ns_darray *a, long l, long u, long s, void *dst, const struct ns_site *site)
{
    ns_sect x;
    if (s == 1 && a->dist == NS_BLOCK && 0 <= l && l <= u && u < a->n) {
        ns_da_check_step(a, "a section read", site);
        return ns_da_req_read_units(a, l, u, dst, site);
    }
    return ns_da_read_sect(a, sect1(&x, l, u, s), dst, 1, 0, site);
}

long
ns_da_write_section_strided(ns_darray *a, long l, long u, long s, const void *src, long ss,
                            const struct ns_site *site)
{
    ns_sect x;
    return ns_da_write_sect(a, sect1(&x, l, u, s), src, ss, 0, site);
}

long
ns_da_write_section(ns_darray *a, long l, long u, long s, const void *src,
                    const struct ns_site *site)
{
    ns_sect x;
    return ns_da_write_sect(a, sect1(&x, l, u, s), src, 1, 0, site);
}

long
ns_da_copy_section(ns_darray *dst, long dl, long du, long ds, ns_darray *src, long sl, long su,
                   long ss, const struct ns_site *site)
{
    ns_sect xd, xs;
    return ns_da_copy_sect(dst, sect1(&xd, dl, du, ds), src, sect1(&xs, sl, su, ss), site);
}


void
ns_da_mirror(ns_darray *a, long l, long u, long s, const struct ns_site *site)
{
    if (l == u && s == 1 && (unsigned long)l < (unsigned long)a->n && ns_cur
        && ns_cur->in_step && ns_cur->depth == 0) {
        /* one unit in a step of the root group (the usual case, first) */
        long q = ns_da_owner(a, l);
        if (q != a->me) {
            if (!a->rcopy)
                ensure_copies(a);
            ns_da_mirror_enqueue(a, q, l);
        }
        return;
    }
    if (s == 1 && 0 <= l && l <= u && u < a->n && ns_cur && ns_cur->in_step
        && (l == u || a->dist == NS_BLOCK)) {
        /* a run of consecutive units (one unit of either distribution):
         * a pair in the mirror list of each owner, no section to resolve */
        for (long i = l, e; i <= u; i = e + 1) {
            long q = ns_da_owner(a, i);
            e = a->dist == NS_BLOCK && (q + 1) * a->bs - 1 < u ? (q + 1) * a->bs - 1 : u;
            if (q == a->me)
                continue;
            if (!a->rcopy)
                ensure_copies(a);
            int w = ns_cur->depth > 0 ? ns_da_owner_world(a, i, site)   /* checked */
                                      : a->st->member[q];
            ns_da_req_mirror_run(w, a, i, e - i + 1);
        }
        return;
    }
    ns_sect x;
    ns_da_mirror_sect(a, sect1(&x, l, u, s), site);
}

void
ns_da_update(ns_darray *a, long l, long u, long s, const struct ns_site *site)
{
    ns_sect x;
    ns_da_update_sect(a, sect1(&x, l, u, s), site);
}

int
ns_forall_span(const ns_darray *b, long lb, long ub, long st, long *lo, long *hi)
{
    ns_iter it = ns_forall(b, lb, ub, st);
    if (it.left <= 0)
        return 0;
    long last = it.i + (it.left - 1) * it.step;
    *lo = it.i < last ? it.i : last;
    *hi = it.i < last ? last : it.i;
    return 1;
}

void
ns_da_mirror_span(ns_darray *a, long x, long y, const struct ns_site *site)
{
    long l = x < y ? x : y, u = x < y ? y : x;
    if (l < 0)
        l = 0;
    if (u > a->n - 1)
        u = a->n - 1;
    if (l <= u)
        ns_da_mirror(a, l, u, 1, site);
}

void
ns_da_snapshot(ns_darray *a)
{
    struct ns_dastate *s = a->st;
    if (!s->snap)
        s->snap = ns_xmalloc((size_t)a->nlocal * a->usize + 1);
    memcpy(s->snap, a->local, (size_t)a->nlocal * a->usize);
    s->snap_step = ns_da_step_id();
}
