/*
 * darray.c - distributed shared arrays (spec section 5; seed 002, 3.2):
 * block (ceil(n/p) units per process) and cyclic distribution of units
 * over the declaring group, ownership, forall enumeration, element access
 * with my copies of remote units (written by me, or mirrored), and the
 * section operations that become requests (darequest.c).
 */
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
    free(s->valid);
    free(s->wpend);
    free(s->wlist);
    free(s->snap);
    free(s->state);
    free(s->touched);
    free(s->who);
    free(s);
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
ns_da_owner_world(ns_darray *a, long i, const struct ns_site *site)
{
    int q = (int)ns_da_owner(a, i), w = a->st->member[q];
    if (ns_cur != NULL && ns_cur->depth > 0 && ns_group_rank_of(ns_cur, w) < 0)
        ns_fatal(site, "element %s[%ld] is owned by process %d, which is outside the current "
                 "subgroup (@ = %d, # = %d); inside a neststep, access only elements owned by "
                 "members of the subgroup", a->name, i, w, ns_cur->index, ns_cur->size);
    return w;
}

static void
ensure_copies(ns_darray *a)
{
    struct ns_dastate *s = a->st;
    if (s->copy)
        return;
    s->copy = calloc((size_t)a->n + 1, a->usize);
    s->valid = calloc((size_t)a->n + 1, sizeof *s->valid);
    s->wpend = calloc((size_t)(a->n + 63) / 64 + 1, 8);
    if (!s->copy || !s->valid || !s->wpend)
        ns_fatal(&ns_cur->site, "out of memory for copies of remote units of '%s'", a->name);
}

void *
ns_da_rd_remote(ns_darray *a, long i, const struct ns_site *site)
{
    check_index(a, i, site);
    int w = ns_da_owner_world(a, i, site);
    ns_da_check_step(a, "a read of a remote element", site);
    struct ns_dastate *s = a->st;
    if (!s->copy || s->valid[i] != ns_da_step_id())
        ns_fatal(site, "read of remote element %s[%ld] (owned by process %d) that is not "
                 "mirrored in this step; add '#pragma mirror(%s[%ld])' (or a section that covers "
                 "it) in the previous step, or copy it with a section assignment "
                 "('t[0:n-1] = %s[l:u];', whose values arrive at the end of this step)",
                 a->name, i, w, a->name, i, a->name);
    return s->copy + (size_t)i * a->usize;
}

void *
ns_da_wr_remote(ns_darray *a, long i, const struct ns_site *site)
{
    check_index(a, i, site);
    ns_da_owner_world(a, i, site);
    ns_da_check_step(a, "a write of a remote element", site);
    ensure_copies(a);
    a->st->valid[i] = ns_da_step_id();      /* I can read it back */
    ns_da_pending_write(a, i);
    return a->st->copy + (size_t)i * a->usize;
}

void
ns_da_touch(ns_darray *a)
{
    ns_da_mark_list(a);
    a->wdirty = 1;
}

/* The terms of a section, checked. */
static long
section_len(const ns_darray *a, long l, long u, long s, const struct ns_site *site)
{
    if (s == 0)
        ns_fatal(site, "section %s[%ld:%ld:0] has stride 0", a->name, l, u);
    if ((s > 0 && u < l) || (s < 0 && u > l))
        return 0;
    long last = l + ((u - l) / s) * s;
    if (l < 0 || l >= a->n || last < 0 || last >= a->n)
        ns_fatal(site, "section %s[%ld:%ld:%ld] is out of bounds of the %ld units", a->name, l,
                 u, s, a->n);
    return (u - l) / s + 1;
}

/* For each rank q, `it` runs over the units of section l:u:s that q owns
 * (bodies with none are skipped). */
#define FOR_PARTS(a, l, u, s, q, it)                                          \
    for (long q = 0; q < (a)->p; q++)                                         \
        for (ns_iter it = ns_da_part((a), q, (l), (u), (s)); it.left > 0; it.left = 0)

/* Where a part starts in the section, and its stride there, in units. */
static long part_first(ns_iter it, long l, long s) { return (it.i - l) / s; }
static long part_stride(ns_iter it, long s) { return it.step / s; }

long
ns_da_section_check(long got, long want, const struct ns_site *site)
{
    if (got != want)
        ns_fatal(site, "section assignment of different lengths: the distributed side has %ld "
                 "elements, the private side %ld; make both sections the same length", got,
                 want < 0 ? 0 : want);
    return got;
}

/* A private side's stride, in units: positive. */
static void
check_private_stride(const ns_darray *a, long ps, const struct ns_site *site)
{
    if (ps <= 0)
        ns_fatal(site, "section assignment with '%s': the private side has stride %ld; a "
                 "private section needs a positive stride (reverse the distributed side "
                 "instead)", a->name, ps);
}

long
ns_da_read_section_strided(ns_darray *a, long l, long u, long s, void *dst, long ds,
                           const struct ns_site *site)
{
    long len = section_len(a, l, u, s, site);
    check_private_stride(a, ds, site);
    ns_da_check_step(a, "a section read", site);
    FOR_PARTS(a, l, u, s, q, it) {
        long k0 = part_first(it, l, s), kst = part_stride(it, s);
        int w = ns_da_owner_world(a, it.i, site);
        ns_da_req_read(w, a, it, (char *)dst + (size_t)(k0 * ds) * a->usize,
                       (size_t)(kst * ds) * a->usize);
    }
    return len;
}

long
ns_da_read_section(ns_darray *a, long l, long u, long s, void *dst, const struct ns_site *site)
{
    return ns_da_read_section_strided(a, l, u, s, dst, 1, site);
}

long
ns_da_write_section_strided(ns_darray *a, long l, long u, long s, const void *src, long ss,
                            const struct ns_site *site)
{
    long len = section_len(a, l, u, s, site);
    check_private_stride(a, ss, site);
    ns_da_check_step(a, "a section write", site);
    FOR_PARTS(a, l, u, s, q, it) {
        long k0 = part_first(it, l, s), kst = part_stride(it, s) * ss;
        const char *from = (const char *)src + (size_t)(k0 * ss) * a->usize;
        if (q == a->me) {                   /* mine: my own write, now */
            for (long j = 0; j < it.left; j++) {
                long i = it.i + j * it.step;
                memcpy(ns_da_wlocal(a, i), from + (size_t)(j * kst) * a->usize, a->usize);
            }
            continue;
        }
        /* not mine: into my copies, as element writes are (I can read them
         * back, and my last value of a unit is my one contribution) */
        ns_da_owner_world(a, it.i, site);
        ensure_copies(a);
        for (long j = 0; j < it.left; j++) {
            long i = it.i + j * it.step;
            memcpy(a->st->copy + (size_t)i * a->usize, from + (size_t)(j * kst) * a->usize,
                   a->usize);
            a->st->valid[i] = ns_da_step_id();
            ns_da_pending_write(a, i);
        }
    }
    return len;
}

long
ns_da_write_section(ns_darray *a, long l, long u, long s, const void *src,
                    const struct ns_site *site)
{
    return ns_da_write_section_strided(a, l, u, s, src, 1, site);
}

/* Copies whose source section is being read in this step: written into
 * their destination in the second round of the step's end. */
struct copy { ns_darray *dst; long l, u, s; char *values; struct ns_site site; };
static struct copy *copies;
static int ncopies, capcopies;

long
ns_da_copy_section(ns_darray *dst, long dl, long du, long ds, ns_darray *src, long sl, long su,
                   long ss, const struct ns_site *site)
{
    long n = section_len(dst, dl, du, ds, site), m = section_len(src, sl, su, ss, site);
    if (n != m)
        ns_fatal(site, "section lengths differ: %s[%ld:%ld:%ld] has %ld units, %s[%ld:%ld:%ld] "
                 "has %ld", dst->name, dl, du, ds, n, src->name, sl, su, ss, m);
    if (dst->usize != src->usize)
        ns_fatal(site, "sections of '%s' and '%s' have units of different sizes",
                 dst->name, src->name);
    ns_da_check_step(dst, "a section copy", site);
    if (n == 0)
        return 0;
    if (ncopies == capcopies) {
        capcopies = capcopies ? 2 * capcopies : 8;
        copies = ns_xrealloc(copies, sizeof *copies * (size_t)capcopies);
    }
    struct copy *c = &copies[ncopies++];
    *c = (struct copy){ dst, dl, du, ds, ns_xmalloc((size_t)n * src->usize), *site };
    ns_da_read_section(src, sl, su, ss, c->values, site);
    return n;
}

int ns_da_copies_pending(void) { return ncopies > 0; }

void
ns_da_copies_write(void)
{
    for (int k = 0; k < ncopies; k++) {
        struct copy *c = &copies[k];
        ns_da_write_section(c->dst, c->l, c->u, c->s, c->values, &c->site);
        free(c->values);
    }
    ncopies = 0;
}

void
ns_da_mirror(ns_darray *a, long l, long u, long s, const struct ns_site *site)
{
    section_len(a, l, u, s, site);
    ns_da_check_step(a, "#pragma mirror", site);
    ensure_copies(a);
    FOR_PARTS(a, l, u, s, q, it) {
        if (q != a->me)
            ns_da_req_mirror(ns_da_owner_world(a, it.i, site), a, it);
    }
}

void
ns_da_update(ns_darray *a, long l, long u, long s, const struct ns_site *site)
{
    long len = section_len(a, l, u, s, site);
    ns_da_check_step(a, "#pragma update", site);
    for (long k = 0; k < len; k++) {
        long i = l + k * s;
        if (ns_da_owned(a, i))
            continue;
        ns_da_owner_world(a, i, site);
        if (!a->st->copy || a->st->valid[i] != ns_da_step_id())
            ns_fatal(site, "#pragma update(%s[...]) covers remote element %s[%ld], which this "
                     "process has no copy of in this step; mirror it first", a->name, a->name, i);
        ns_da_pending_write(a, i);
    }
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
