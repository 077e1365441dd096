/*
 * darequest.c - remote accesses to distributed arrays (seed 002, 4.3).
 * During a step, reads, mirrors and writes of remote units become records
 * in one request buffer per destination.  At step end each buffer goes out
 * as one DA_REQ message before the combine, which counts them in the
 * N_DAMsgs histogram; then each owner receives exactly that many, and in
 * source-rank order:
 *   1. serves the reads (values of the start of the step),
 *   2. applies the writes with the array's policy, in rank order, its own
 *      writes taking their place at its own rank,
 *   3. serves the mirrors (values after the writes, for the next step),
 * and answers each source with a DA_REP message for its reads and one for
 * its mirrors.  Requests that have arrived by the time the owner ends its
 * step get their reads served before the combine, so the reply overlaps
 * the combine instead of following it (the values are the same: no write
 * is applied before the combine).  In the root group's steps, requests
 * and replies between processes of one node go through the node's
 * mailboxes (mailbox.c) instead of MPI.
 */
#include <limits.h>
#include "darray.h"
#include "node.h"
#include "profile.h"

struct da_get {                     /* a read or mirror awaiting its reply */
    ns_darray *a;
    char *dst; size_t dstride;      /* read: where the pieces go */
    long start, stride, count;      /* mirror: which units */
    size_t bytes;                   /* per unit: a piece (read), the unit (mirror) */
};
/* The runs of one array that I mirror from one owner in this step: they
 * go out as one DA_MIRROR_LIST record at step end, so that a mirror of a
 * unit or run costs an append here and a copy at the owner. */
struct da_mlist {
    ns_darray *a;
    struct ns_buf runs;             /* int64_t pairs: first unit, units */
    long units;                     /* units in all */
};
struct da_peer {
    struct ns_buf req, in;          /* requests to this peer, from it */
    struct da_mlist *mlists;        /* my mirror lists to it: [nmlists] in use, the */
    int nmlists, capmlists, mlast;  /* rest keep their buffers; mlast: the last used */
    struct ns_buf rep_out, rep_in;  /* read replies to it, from it */
    struct ns_buf mir_out, mir_in;  /* mirror replies to it, from it */
    struct da_get *reads, *mirrors;
    int nreads, nmirrors, capreads, capmirrors;
    size_t rep_bytes, mir_bytes;    /* reply bytes I expect */
    char *rep_end;                  /* where the reply continues in my memory while */
    int rep_gapped;                 /* it is consecutive there (rep_gapped == 0) */
    size_t rlist;                   /* 1 + the offset in req of my open DA_READ_LIST
                                     * record (the last record), else 0 */
    MPI_Request rep_req, mir_req;
    unsigned kinds;                 /* 1 << kind of each of my records to it */
    int early;                      /* its reads were served before the combine */
    int dirty;
    long mailed;                    /* step + 1 once its request of that step was
                                     * taken from the mailbox */
};

static struct da_peer *peer;        /* [world size], by engine rank */
static int *dirty_peers, ndirty;
static int *hist_dest;
static int *sources, nsources;
static int nearly;                      /* requests whose reads were served early */
static MPI_Request *recv_reqs;
static struct ns_reqs sends;
static ns_darray **marked; static int nmarked, capmarked;     /* wbits to clear */
static ns_darray **wlisted; static int nwlisted, capwlisted;  /* remote writes */
static ns_darray **mqueued; static int nmqueued, capmqueued;  /* queued mirrors */
/* My own writes to elements that lower ranks also wrote: folded in at my
 * rank (le: local element index). */
struct saved { ns_darray *a; long le; size_t at; };
static struct saved *saved; static int nsaved, capsaved;
static struct ns_buf saved_values;

static void
grow(void **p, int *cap, size_t elsize)
{
    *cap = *cap ? 2 * *cap : 16;
    *p = ns_xrealloc(*p, elsize * (size_t)*cap);
}

static void
ensure_peers(void)
{
    if (__builtin_expect(!peer, 0)) {
        int n = ns_eng.world_size;
        peer = calloc((size_t)n, sizeof *peer);
        dirty_peers = ns_xmalloc(sizeof(int) * (size_t)n);
        hist_dest = ns_xmalloc(sizeof(int) * (size_t)n);
        sources = ns_xmalloc(sizeof(int) * (size_t)n);
        recv_reqs = ns_xmalloc(sizeof(MPI_Request) * (size_t)n);
        if (!peer)
            ns_fatal(&ns_cur->site, "out of memory for %d request buffers", n);
    }
}

static inline struct da_peer *
to_peer(int w)
{
    ensure_peers();
    struct da_peer *pe = &peer[w];
    if (__builtin_expect(!pe->dirty, 0)) {
        pe->dirty = 1;
        dirty_peers[ndirty++] = w;
        pe->req.len = 0;
        pe->kinds = 0;
        pe->nmlists = 0;
        pe->rlist = 0;
    }
    return pe;
}

static struct da_rec *
add_rec(struct da_peer *pe, int kind, ns_darray *a, ns_iter it, long off, long len,
        size_t data)
{
    struct da_rec *r = ns_buf_append(&pe->req, sizeof *r + NS_PAD8(data));
    *r = (struct da_rec){ (uint32_t)kind, 0, a->st->key, it.i, it.step, it.left, off, len };
    pe->kinds |= 1u << kind;
    pe->rlist = 0;                      /* a read list open before is closed */
    NS_PROF(ns_prof_da_recs(0, pe != &peer[ns_proc.pid]));     /* another's */
    return r;
}

/* The kinds of records in my requests to pe, noted in the first one. */
static void
note_kinds(struct da_peer *pe)
{
    if (pe->req.len >= sizeof(struct da_rec))
        ((struct da_rec *)pe->req.data)->kinds = pe->kinds;
}

/* Has src's message records of this kind?  (A pass over the records of a
 * kind the message has none of is skipped.) */
static int
has_kind(int src, int kind)
{
    const struct ns_buf *in = &peer[src].in;
    return in->len >= sizeof(struct da_rec)
           && ((const struct da_rec *)in->data)->kinds >> kind & 1;
}

void
ns_da_req_read(int w, ns_darray *a, ns_iter it, long off, long len, char *dst,
               size_t dstride)
{
    struct da_peer *pe = to_peer(w);
    size_t bytes = (size_t)len * a->elsize;
    add_rec(pe, DA_READ, a, it, off, len, 0);
    if (pe->nreads == pe->capreads)
        grow((void **)&pe->reads, &pe->capreads, sizeof *pe->reads);
    if (dstride != bytes || (pe->nreads > 0 && dst != pe->rep_end))
        pe->rep_gapped = 1;
    pe->rep_end = dst + (size_t)it.left * bytes;
    pe->reads[pe->nreads++] = (struct da_get){ a, dst, dstride, it.i, it.step, it.left, bytes };
    pe->rep_bytes += (size_t)it.left * bytes;
}

/* Units i .. i+n-1 of block array a, all owned by w, whole, into dst
 * (consecutive): a run of the read list that dst continues, or of a new
 * one. */
static inline __attribute__((always_inline)) void
read_run(int w, ns_darray *a, long i, long n, char *dst)
{
    struct da_peer *pe = to_peer(w);
    size_t us = a->usize;
    struct da_get *g = pe->rlist ? &pe->reads[pe->nreads - 1] : NULL;   /* the open list's */
    if (g && g->a == a && dst == pe->rep_end) {
        int64_t *last = (int64_t *)(void *)(pe->req.data + pe->req.len) - 2;
        int goes_on = last[0] + last[1] == i;   /* it continues the last run */
        if (goes_on) {
            last[1] += n;
        } else {
            int64_t *run = ns_buf_append(&pe->req, 2 * sizeof *run);
            run[0] = i;
            run[1] = n;
        }
        struct da_rec *r = (struct da_rec *)(void *)(pe->req.data + pe->rlist - 1);
        r->count += !goes_on;
        r->len += n;
        g->count += n;
    } else {
        struct da_rec *r = add_rec(pe, DA_READ_LIST, a, (ns_iter){ .i = 0, .step = 0, .left = 1 },
                                   0, n, 2 * sizeof(int64_t));
        int64_t *run = (int64_t *)(r + 1);
        run[0] = i;
        run[1] = n;
        pe->rlist = (size_t)((char *)r - pe->req.data) + 1;
        if (pe->nreads == pe->capreads)
            grow((void **)&pe->reads, &pe->capreads, sizeof *pe->reads);
        if (pe->nreads > 0 && dst != pe->rep_end)
            pe->rep_gapped = 1;
        pe->reads[pe->nreads++] = (struct da_get){ a, dst, us, 0, 0, n, us };
    }
    pe->rep_end = dst + (size_t)n * us;
    pe->rep_bytes += (size_t)n * us;
}

/* ns_da_req_read_units of units of several owners: a run of each. */
static void __attribute__((noinline))
read_runs(ns_darray *a, long l, long u, char *dst, const struct ns_site *site)
{
    long bs = a->bs, q = l / bs, end = (q + 1) * bs;
    for (long i = l; i <= u; i = end, end += bs, q++)
        read_run(ns_da_member_world(a, q, i, site), a, i, (end <= u ? end : u + 1) - i,
                 dst + (size_t)(i - l) * a->usize);
}

long
ns_da_req_read_units(ns_darray *a, long l, long u, char *dst, const struct ns_site *site)
{
    long q = l / a->bs;
    if (u < (q + 1) * a->bs)            /* one owner's, the usual case */
        read_run(ns_da_member_world(a, q, l, site), a, l, u - l + 1, dst);
    else
        read_runs(a, l, u, dst, site);
    return u - l + 1;
}

void
ns_da_req_mirror(int w, ns_darray *a, ns_iter it)
{
    struct da_peer *pe = to_peer(w);
    add_rec(pe, DA_MIRROR, a, it, 0, a->unit, 0);
    if (pe->nmirrors == pe->capmirrors)
        grow((void **)&pe->mirrors, &pe->capmirrors, sizeof *pe->mirrors);
    pe->mirrors[pe->nmirrors++] = (struct da_get){ a, NULL, 0, it.i, it.step, it.left,
                                                   a->usize };
    pe->mir_bytes += (size_t)it.left * a->usize;
}

/* The mirror list of a in my requests to pe (a new one, empty, if none). */
static struct da_mlist *
mlist_of(struct da_peer *pe, ns_darray *a)
{
    if (pe->nmlists > 0 && pe->mlists[pe->mlast].a == a)
        return &pe->mlists[pe->mlast];
    for (int k = 0; k < pe->nmlists; k++)
        if (pe->mlists[k].a == a)
            return &pe->mlists[pe->mlast = k];
    if (pe->nmlists == pe->capmlists) {
        int old = pe->capmlists;
        grow((void **)&pe->mlists, &pe->capmlists, sizeof *pe->mlists);
        memset(pe->mlists + old, 0, sizeof *pe->mlists * (size_t)(pe->capmlists - old));
    }
    struct da_mlist *m = &pe->mlists[pe->mlast = pe->nmlists++];
    m->a = a;
    m->runs.len = 0;
    m->units = 0;
    return m;
}

void
ns_da_req_mirror_run(int w, ns_darray *a, long i, long n)
{
    struct da_peer *pe = to_peer(w);
    struct da_mlist *m = mlist_of(pe, a);
    int64_t *last = m->runs.len ? (int64_t *)(void *)(m->runs.data + m->runs.len) - 2 : NULL;
    if (last && a->dist == NS_BLOCK && last[0] + last[1] == i) {
        last[1] += n;                   /* it continues the last run */
    } else {
        int64_t *r = ns_buf_append(&m->runs, 2 * sizeof *r);
        r[0] = i;
        r[1] = n;
    }
    m->units += n;
    pe->mir_bytes += (size_t)n * a->usize;
}

void
ns_da_mirror_queue(ns_darray *a)
{
    if (a->nmq == 0) {                  /* its first unit in this step */
        if (nmqueued == capmqueued)
            grow((void **)&mqueued, &capmqueued, sizeof *mqueued);
        mqueued[nmqueued++] = a;
    }
    if (a->nmq == a->st->capmq) {
        a->st->capmq = a->st->capmq ? 2 * a->st->capmq : 256;
        a->mq = ns_xrealloc(a->mq, 2 * sizeof *a->mq * (size_t)a->st->capmq);
    }
    a->mqroom = a->st->capmq;
}

/* A cyclic array's queue: each owner's units, in queue order, become one
 * DA_MIRROR_UNITS record of unit indices in my request to it, written in
 * place (a count per owner, then one store per unit); the reply is stored
 * from that record (scatter_mirrors).  No runs to find: a cyclic array's
 * single units are never consecutive units of one owner. */
static void
queue_units(ns_darray *a)
{
    static long *cnt;                   /* [p]: units per owner */
    static int64_t **to;                /* [p]: where the owner's next index goes */
    static int cap;
    int p = a->p;
    if (p > cap) {
        free(cnt);
        free(to);
        cap = p;
        cnt = memset(ns_xmalloc(sizeof *cnt * (size_t)cap), 0, sizeof *cnt * (size_t)cap);
        to = ns_xmalloc(sizeof *to * (size_t)cap);
    }
    const long *u = a->mq, *end = a->mq + 2 * a->nmq;
    if (p == 2)                         /* every queued unit is the other's */
        cnt[1 - a->me] = a->nmq;
    else
        for (const long *v = u; v < end; v += 2)
            cnt[v[1]]++;
    size_t us = a->usize;
    int single = -1;                    /* the one owner, if only one */
    for (int q = 0; q < p; q++) {
        if (!cnt[q])
            continue;
        struct da_peer *pe = to_peer(a->st->member[q]);
        long n = cnt[q];
        struct da_rec *r = add_rec(pe, DA_MIRROR_UNITS, a,
                                   (ns_iter){ .i = 0, .step = 0, .left = n }, 0, n,
                                   (size_t)n * sizeof(int64_t));
        to[q] = (int64_t *)(r + 1);
        if (pe->nmirrors == pe->capmirrors)
            grow((void **)&pe->mirrors, &pe->capmirrors, sizeof *pe->mirrors);
        /* stride -1: units, their indices at byte start of my request */
        pe->mirrors[pe->nmirrors++] = (struct da_get){ a, NULL, 0,
                                                       (char *)to[q] - pe->req.data, -1, n,
                                                       us };
        pe->mir_bytes += (size_t)n * us;
        single = single == -1 ? q : -2;
        cnt[q] = 0;
    }
    if (single >= 0) {                  /* one owner: the indices in order */
        int64_t *d = to[single];
        for (; u < end; u += 2)
            *d++ = u[0];
    } else {
        for (; u < end; u += 2)
            *to[u[1]]++ = u[0];
    }
}

/* The units that ns_da_mirror1 queued go to their owners: a cyclic
 * array's as DA_MIRROR_UNITS records (queue_units); a block array's join
 * the owners' mirror lists, as ns_da_req_mirror_run would have added them
 * one by one (consecutive units of one owner make one run); the owners'
 * lists and peers are looked up once per owner, not per unit. */
static void
flush_mirror_queues(void)
{
    static struct da_mlist **ml;        /* [p of the array]: the owner's list, or NULL */
    static struct da_peer **pl;
    static int *used, cap;
    for (int k = 0; k < nmqueued; k++) {
        ns_darray *a = mqueued[k];
        if (a->dist == NS_CYCLIC) {
            queue_units(a);
            a->nmq = a->mqroom = 0;
            continue;
        }
        if (a->p > cap) {
            free(ml);
            free(pl);
            free(used);
            cap = a->p;
            ml = memset(ns_xmalloc(sizeof *ml * (size_t)cap), 0, sizeof *ml * (size_t)cap);
            pl = ns_xmalloc(sizeof *pl * (size_t)cap);
            used = ns_xmalloc(sizeof *used * (size_t)cap);
        }
        size_t us = a->usize;
        int nused = 0;
        for (const long *u = a->mq, *end = a->mq + 2 * a->nmq; u < end; u += 2) {
            long i = u[0], q = u[1];
            struct da_mlist *m = ml[q];
            if (!m) {
                pl[q] = to_peer(a->st->member[q]);
                m = ml[q] = mlist_of(pl[q], a);
                used[nused++] = (int)q;
            }
            int64_t *last = m->runs.len
                            ? (int64_t *)(void *)(m->runs.data + m->runs.len) - 2 : NULL;
            if (last && last[0] + last[1] == i) {
                last[1]++;                      /* it continues the last run */
            } else {
                int64_t *r = ns_buf_append(&m->runs, 2 * sizeof *r);
                r[0] = i;
                r[1] = 1;
            }
            m->units++;
            pl[q]->mir_bytes += us;
        }
        for (int j = 0; j < nused; j++)
            ml[used[j]] = NULL;
        a->nmq = a->mqroom = 0;
    }
    nmqueued = 0;
}

/* My mirror lists to pe become records, after all my other records to it
 * (so their replies come last, in this order). */
static void
flush_mirror_lists(struct da_peer *pe)
{
    for (int k = 0; k < pe->nmlists; k++) {
        struct da_mlist *m = &pe->mlists[k];
        long nruns = (long)(m->runs.len / (2 * sizeof(int64_t)));
        struct da_rec *r = add_rec(pe, DA_MIRROR_LIST, m->a,
                                   (ns_iter){ .i = 0, .step = 0, .left = nruns }, 0, m->units,
                                   m->runs.len);
        memcpy(r + 1, m->runs.data, m->runs.len);
        if (pe->nmirrors == pe->capmirrors)
            grow((void **)&pe->mirrors, &pe->capmirrors, sizeof *pe->mirrors);
        /* stride 0: a list, mlists[start] */
        pe->mirrors[pe->nmirrors++] = (struct da_get){ m->a, NULL, 0, k, 0, m->units,
                                                       m->a->usize };
    }
}

/* n pieces of bytes each, sstride apart from src, packed into d (bytes a
 * constant in the usual cases). */
static inline __attribute__((always_inline)) void
gather(char *restrict d, const char *restrict src, long n, size_t bytes, size_t sstride)
{
    for (long j = 0; j < n; j++)
        memcpy(d + (size_t)j * bytes, src + (size_t)j * sstride, bytes);
}

void
ns_da_req_write(int w, ns_darray *a, ns_iter it, long off, long len, const char *src,
                size_t sstride)
{
    size_t bytes = (size_t)len * a->elsize;
    struct da_rec *r = add_rec(to_peer(w), DA_WRITE, a, it, off, len, (size_t)it.left * bytes);
    NS_PROF(ns_prof_da(NSP_DA_WRITE_OUT, w != ns_proc.pid ? (size_t)it.left * bytes : 0));
    char *d = (char *)(r + 1);
    if (sstride == bytes)                   /* consecutive: one copy */
        memcpy(d, src, (size_t)it.left * bytes);
    else if (bytes == 4)                    /* my copies of units of one element */
        gather(d, src, it.left, 4, sstride);
    else if (bytes == 8)
        gather(d, src, it.left, 8, sstride);
    else
        gather(d, src, it.left, bytes, sstride);
}

void
ns_da_pending_write(ns_darray *a, long e)
{
    ns_da_pending_write_run(a, e, 1);
}

void
ns_da_pending_write_run(ns_darray *a, long e0, long n)
{
    struct ns_dastate *s = a->st;
    if (s->capw - s->nw < n) {
        while (s->capw - s->nw < n)
            s->capw = s->capw ? 2 * s->capw : 64;
        s->wlist = ns_xrealloc(s->wlist, sizeof *s->wlist * (size_t)s->capw);
    }
    for (long e = e0, end = e0 + n; e < end;) {     /* a bitmap word at a time */
        long w = e >> 6, stop = (w + 1) << 6 < end ? (w + 1) << 6 : end;
        uint64_t mask = (stop - e == 64 ? ~(uint64_t)0 : (((uint64_t)1 << (stop - e)) - 1))
                        << (e & 63);
        if (!(s->wpend[w] & mask))              /* none of them pending yet */
            for (long f = e; f < stop; f++)
                s->wlist[s->nw++] = f;
        else
            for (long f = e; f < stop; f++)
                if (!(s->wpend[w] >> (f & 63) & 1))
                    s->wlist[s->nw++] = f;
        s->wpend[w] |= mask;
        e = stop;
    }
    if (s->nw && !s->wlisted) {
        s->wlisted = 1;
        if (nwlisted == capwlisted)
            grow((void **)&wlisted, &capwlisted, sizeof *wlisted);
        wlisted[nwlisted++] = a;
    }
}

void
ns_da_mark_list(ns_darray *a)
{
    if (nmarked == capmarked)
        grow((void **)&marked, &capmarked, sizeof *marked);
    marked[nmarked++] = a;
}

int
ns_da_forget(ns_darray *a)
{
    int busy = a->st->wlisted || a->nmq > 0;
    for (int i = 0; i < nmarked; i++)
        if (marked[i] == a)
            marked[i--] = marked[--nmarked];
    for (int i = 0; i < ndirty && !busy; i++) {
        const struct da_peer *pe = &peer[dirty_peers[i]];
        for (int k = 0; k < pe->nreads; k++)
            busy |= pe->reads[k].a == a;
        for (int k = 0; k < pe->nmirrors; k++)
            busy |= pe->mirrors[k].a == a;
        for (int k = 0; k < pe->nmlists; k++)
            busy |= pe->mlists[k].a == a;
    }
    return busy;
}

static void
clear_marks(void)
{
    for (int i = 0; i < nmarked; i++) {
        ns_darray *a = marked[i];
        memset(a->wbits, 0, 8 * (size_t)((a->nlocal + 63) / 64));
        a->wdirty = 0;
    }
    nmarked = 0;
}

/* Writes outside a step are plain local writes, not contributions. */
void ns_da_step_begin(void) { clear_marks(); }

static int
cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

/* My pending writes (elements and sections) become write records, in runs
 * per owner: a cyclic array's units are ordered by owner, then index.  A
 * run of whole units is one record; a unit written in part, one record per
 * run of its elements. */
static void
flush_writes(void)
{
    for (int k = 0; k < nwlisted; k++) {
        ns_darray *a = wlisted[k];
        struct ns_dastate *s = a->st;
        long U = a->unit, stride = a->dist == NS_BLOCK ? 1 : a->p, per = (a->n + a->p - 1) / a->p;
        if (a->dist == NS_CYCLIC)
            for (long j = 0; j < s->nw; j++) {
                long i = s->wlist[j] / U;
                s->wlist[j] = (i % a->p * per + i / a->p) * U + s->wlist[j] % U;
            }
        long sorted = 1;                /* a section's writes come in order */
        for (long j = 1; j < s->nw && sorted; j++)
            sorted = s->wlist[j - 1] < s->wlist[j];
        if (!sorted)
            ns_sort(s->wlist, (size_t)s->nw, sizeof *s->wlist, cmp_long);
        if (a->dist == NS_CYCLIC)
            for (long j = 0; j < s->nw; j++) {
                long i = s->wlist[j] / U;
                s->wlist[j] = (i / per + i % per * a->p) * U + s->wlist[j] % U;
            }
        for (long j = 0; j < s->nw; ) {
            long e = s->wlist[j], i = e / U, off = e % U, len = 1, n = 1;
            while (j + len < s->nw && s->wlist[j + len] == e + len && (e + len) / U == i)
                len++;
            long next = j + len;
            if (len == U) {                 /* whole units: a run of them, up to the
                                             * owner's last (cyclic: stride p keeps it) */
                long bound = a->dist == NS_BLOCK ? (ns_da_owner(a, i) + 1) * a->bs : a->n;
                for (long i2 = i + stride; next + U <= s->nw && s->wlist[next] == i2 * U &&
                     s->wlist[next + U - 1] == i2 * U + U - 1 && i2 < bound; i2 += stride) {
                    n++;
                    next += U;
                }
            }
            ns_iter it = { .i = i, .step = stride, .left = n };
            ns_da_req_write(s->member[ns_da_owner(a, i)], a, it, off, len,
                            da_copy(a, i) + (size_t)off * a->elsize,
                            a->cstride * (size_t)stride);
            for (long t = j; t < next; t++)
                s->wpend[s->wlist[t] >> 6] &= ~((uint64_t)1 << (s->wlist[t] & 63));
            j = next;
        }
        s->nw = 0;
        s->wlisted = 0;
    }
    nwlisted = 0;
}

static int
cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int tag(const struct ns_group *g, int t) { return NS_GTAG(g->depth, t + (int)(g->step & 1)); }

/* Whether this step's messages go through the node's mailboxes where
 * they can: the step is the root group's, whose combines separate the
 * steps for everyone, and the segment was there when the step's requests
 * went out (it is made during a combine, so every process decides alike
 * before it). */
static int mail_step;

/* Whether this step's messages to and from w go through the mailboxes. */
static int mail_to(int w) { return mail_step && ns_mailbox_reaches(w); }

/* Larger messages go by MPI even inside a node: MPICH moves them with one
 * copy, the mailbox with two (bench sort_nsc). */
#ifndef DA_MAIL_MAX
#define DA_MAIL_MAX (64 * 1024)
#endif

/* Whether a message of len bytes between me and w may go through the
 * mailboxes; sender and receiver decide alike (a reply's length is known
 * to both).  One that may can still go by MPI: see reply(). */
static int may_mail(int w, size_t len) { return mail_to(w) && len <= DA_MAIL_MAX; }

/* Posts a message of this kind to w through my mailbox; returns 0 when it
 * must go by MPI. */
static int
mail(const struct ns_group *g, int kind, int w, const struct ns_buf *msg)
{
    return may_mail(w, msg->len) && ns_mailbox_post(kind, g->step, w, msg->data, msg->len);
}

int
ns_da_send(struct ns_group *g, const int **dests)
{
    int n = 0;
    flush_writes();
    flush_mirror_queues();
    mail_step = g->depth == 0 && ns_mailbox_reaches(ns_proc.pid);
    if (mail_step)
        ns_mailbox_begin();
    ns_sort(dirty_peers, (size_t)ndirty, sizeof(int), cmp_int);
    for (int i = 0; i < ndirty; i++) {
        int w = dirty_peers[i];
        struct da_peer *pe = &peer[w];
        if (w == ns_proc.pid)
            continue;
        flush_mirror_lists(pe);
        if (pe->req.len > INT_MAX || pe->rep_bytes > INT_MAX || pe->mir_bytes > INT_MAX)
            ns_fatal(&g->site, "more than %d bytes of distributed-array requests to process %d "
                     "in one step; split them over several steps", INT_MAX, w);
        hist_dest[n++] = ns_group_rank_of(g, w);
        NS_PROF(ns_prof_out(w, 1, pe->req.len));
        NS_PROF(ns_prof_in(w, (pe->rep_bytes > 0) + (pe->mir_bytes > 0), pe->rep_bytes + pe->mir_bytes));
        NS_PROF(ns_prof_da(NSP_DA_READ_IN, pe->rep_bytes + pe->mir_bytes));
        note_kinds(pe);
        if (!mail(g, NS_MAIL_DA_REQ, w, &pe->req))
            MPI_Isend(pe->req.data, (int)pe->req.len, MPI_BYTE, w, tag(g, NS_GTAG_DA_REQ0),
                      ns_eng.comm, ns_reqs_add(&sends));
        if (pe->rep_bytes && !may_mail(w, pe->rep_bytes)) {   /* else see reply() */
            /* Reads into one consecutive stretch of my memory, in the order
             * asked (spmv.nst's ghost runs, a sort's section reads): the
             * reply is received there, with no copy of its own. */
            void *p = pe->reads[0].dst;
            if (pe->rep_gapped) {
                pe->rep_in.len = 0;
                p = ns_buf_append(&pe->rep_in, pe->rep_bytes);
            }
            MPI_Irecv(p, (int)pe->rep_bytes, MPI_BYTE, w, tag(g, NS_GTAG_DA_REP0), ns_eng.comm,
                      &pe->rep_req);
        }
        if (pe->mir_bytes && !may_mail(w, pe->mir_bytes)) {
            pe->mir_in.len = 0;
            void *p = ns_buf_append(&pe->mir_in, pe->mir_bytes);
            MPI_Irecv(p, (int)pe->mir_bytes, MPI_BYTE, w, tag(g, NS_GTAG_DA_MIR0), ns_eng.comm,
                      &pe->mir_req);
        }
    }
    *dests = hist_dest;
    nsources = nearly = 0;
    if (ns_da_live) {
        ensure_peers();
        ns_da_serve_early(g);
    }
    return n;
}

/* ---- at the owner ---- */

static void __attribute__((noreturn, noinline, cold))
not_owned(ns_darray *a, long i, int src, const struct ns_site *site)
{
    char nm[128];
    ns_fatal(site, "a request from process %d names %s, which process %d does not "
             "own", src, ns_da_unit_name(a, i, nm, sizeof nm), ns_proc.pid);
}

static void __attribute__((noreturn, noinline, cold))
read_while_written(ns_darray *a, long i, int src, const struct ns_site *site)
{
    char nm[128];
    ns_fatal(site, "process %d reads %s in the step in which its owner, process %d, "
             "writes it, and its value at the start of the step was not kept; call "
             "ns_da_snapshot(%s) at the start of the step (nsc does so when it sees both)",
             src, ns_da_unit_name(a, i, nm, sizeof nm), ns_proc.pid, a->name);
}

/* Unit i of mine that src's request names, as a read or mirror (kind)
 * sees it, or to be written. */
static inline const char *
unit_at(ns_darray *a, long i, int src, int kind, const struct ns_site *site)
{
    if (!ns_da_owned(a, i))
        not_owned(a, i, src, site);
    long l = ns_da_lidx(a, i);
    if (kind == DA_READ && a->st->snap && a->st->snap_step == ns_da_step_id())
        return a->st->snap + (size_t)l * a->usize;
    if (kind == DA_READ && a->wdirty && (a->wbits[l >> 6] >> (l & 63) & 1))
        read_while_written(a, i, src, site);
    return a->local + (size_t)l * a->usize;
}

static size_t
rec_size(const struct da_rec *r, const ns_darray *a)
{
    if (r->kind == DA_MIRROR_LIST || r->kind == DA_READ_LIST)
        return sizeof *r + (size_t)r->count * 2 * sizeof(int64_t);
    if (r->kind == DA_MIRROR_UNITS)
        return sizeof *r + (size_t)r->count * sizeof(int64_t);
    return sizeof *r + (r->kind == DA_WRITE ? NS_PAD8((size_t)(r->count * r->len) * a->elsize)
                                            : 0);
}

/* The array a record names; *last caches the previous record's, since
 * a message's records mostly name one array. */
static ns_darray *
array_of(const struct da_rec *r, ns_darray **last, const struct ns_site *site)
{
    if (*last && (*last)->st->key == r->key)
        return *last;
    struct ns_dastate *s = ns_da_find(r->key);
    if (!s)
        ns_fatal(site, "a request names a distributed array this process does not have; every "
                 "member of the declaring group must create the same distributed arrays");
    return *last = s->a;
}

/* Are units i .. i+n-1 consecutive units of my block (one copy)? */
static int
my_block_run(const ns_darray *a, long i, long n)
{
    return a->dist == NS_BLOCK && n > 0 && ns_da_owned(a, i) && ns_da_owned(a, i + n - 1);
}

/* Whole units l .. l+n-1 of mine (local indices) as a read of this step
 * sees them, when one copy can take them all: from the snapshot of the
 * step's start if there is one, else from my block if I wrote none of it
 * in this step; NULL when they must go unit by unit (unit_at's checks). */
static const char *
read_run_at(const ns_darray *a, long l)
{
    if (a->st->snap && a->st->snap_step == ns_da_step_id())
        return a->st->snap + (size_t)l * a->usize;
    if (!a->wdirty)
        return a->local + (size_t)l * a->usize;
    return NULL;
}

/* Appends my units that a mirror list names to src's mirror reply.  A
 * single unit (a run of 1) costs one division (cyclic) or subtraction
 * (block) for both the owner test and the local index. */
static void
serve_mirror_list(int src, const struct da_rec *r, ns_darray *a, const struct ns_site *site)
{
    const int64_t *run = (const int64_t *)(r + 1);
    size_t us = a->usize;
    char *o = ns_buf_append(&peer[src].mir_out, (size_t)r->len * us);
    const char *local = a->local;
    int block = a->dist == NS_BLOCK;
    unsigned long p = (unsigned long)a->p, me = (unsigned long)a->me, n_all = (unsigned long)a->n;
    unsigned long first = (unsigned long)a->first, nlocal = (unsigned long)a->nlocal;
    for (long k = 0; k < r->count; k++, run += 2) {
        long i = run[0], n = run[1];
        if (n == 1) {
            unsigned long l = block ? (unsigned long)i - first : (unsigned long)i / p;
            if (block ? l >= nlocal : (unsigned long)i >= n_all || (unsigned long)i - l * p != me)
                not_owned(a, i, src, site);
            copy_elem(o, local + l * us, us);
            o += us;
            continue;
        }
        if (!my_block_run(a, i, n))
            not_owned(a, ns_da_owned(a, i) ? i + n - 1 : i, src, site);
        memcpy(o, a->local + (size_t)ns_da_lidx(a, i) * us, (size_t)n * us);
        o += (size_t)n * us;
    }
    NS_PROF(ns_prof_da(NSP_DA_READ_OUT, src != ns_proc.pid ? (size_t)r->len * us : 0));
    NS_PROF(ns_prof_da_recs(1, src != ns_proc.pid));
}

/* Appends my units that a read list names, as they were at the start of
 * the step, to src's read reply: a copy a run from the snapshot or my
 * block (read_run_at), else unit by unit with unit_at's checks. */
static void
serve_read_list(int src, const struct da_rec *r, ns_darray *a, const struct ns_site *site)
{
    const int64_t *run = (const int64_t *)(r + 1);
    size_t us = a->usize;
    char *o = ns_buf_append(&peer[src].rep_out, (size_t)r->len * us);
    const char *from = read_run_at(a, 0);
    for (long k = 0; k < r->count; k++, run += 2) {
        long i = run[0], n = run[1];
        if (!my_block_run(a, i, n))
            not_owned(a, ns_da_owned(a, i) ? i + n - 1 : i, src, site);
        if (from)
            o = (char *)memcpy(o, from + (size_t)(i - a->first) * us, (size_t)n * us)
                + (size_t)n * us;
        else
            for (long j = 0; j < n; j++, o += us)
                copy_elem(o, unit_at(a, i + j, src, DA_READ, site), us);
    }
    NS_PROF(ns_prof_da(NSP_DA_READ_OUT, src != ns_proc.pid ? (size_t)r->len * us : 0));
    NS_PROF(ns_prof_da_recs(1, src != ns_proc.pid));
}

/* The units of a DA_MIRROR_UNITS record from o on, us bytes each (a
 * constant in the usual cases), from my units of a cyclic array: one
 * division for both the owner test and the local index. */
static inline __attribute__((always_inline)) void
copy_units(char *restrict o, const int64_t *restrict u, const int64_t *end, const char *restrict local,
           size_t us, int src, ns_darray *a, const struct ns_site *site)
{
    unsigned long p = (unsigned long)a->p, me = (unsigned long)a->me, n_all = (unsigned long)a->n;
    for (; u < end; u++, o += us) {
        unsigned long i = (unsigned long)*u, l = i / p;
        if (__builtin_expect(i >= n_all || i - l * p != me, 0))
            not_owned(a, (long)i, src, site);
        memcpy(o, local + l * us, us);
    }
}

/* Appends my units that a DA_MIRROR_UNITS record names to src's mirror
 * reply. */
static void
serve_mirror_units(int src, const struct da_rec *r, ns_darray *a, const struct ns_site *site)
{
    const int64_t *u = (const int64_t *)(r + 1), *end = u + r->count;
    size_t us = a->usize;
    char *o = ns_buf_append(&peer[src].mir_out, (size_t)r->count * us);
    if (a->dist != NS_CYCLIC) {         /* the requester's array is cyclic */
        for (; u < end; u++, o += us)
            memcpy(o, unit_at(a, *u, src, DA_MIRROR, site), us);
    } else if (us == 8) {
        copy_units(o, u, end, a->local, 8, src, a, site);
    } else if (us == 4) {
        copy_units(o, u, end, a->local, 4, src, a, site);
    } else {
        copy_units(o, u, end, a->local, us, src, a, site);
    }
    NS_PROF(ns_prof_da(NSP_DA_READ_OUT, src != ns_proc.pid ? (size_t)r->count * us : 0));
    NS_PROF(ns_prof_da_recs(1, src != ns_proc.pid));
}

/* Appends the values of the `kind` records of src's message to its reply
 * (DA_READ: read lists too; DA_MIRROR: mirror lists too). */
static void
serve(int src, int kind, const struct ns_site *site)
{
    struct da_peer *pe = &peer[src];
    int lists = kind == DA_MIRROR
                && (has_kind(src, DA_MIRROR_LIST) || has_kind(src, DA_MIRROR_UNITS));
    int rlists = kind == DA_READ && has_kind(src, DA_READ_LIST);
    const char *p = pe->in.data;
    const char *end = has_kind(src, kind) || lists || rlists ? p + pe->in.len : p;
    ns_darray *last = NULL;
    while (p < end) {
        const struct da_rec *r = (const void *)p;
        ns_darray *a = array_of(r, &last, site);
        if (lists && r->kind == DA_MIRROR_LIST)
            serve_mirror_list(src, r, a, site);
        if (lists && r->kind == DA_MIRROR_UNITS)
            serve_mirror_units(src, r, a, site);
        if (rlists && r->kind == DA_READ_LIST)
            serve_read_list(src, r, a, site);
        if ((int)r->kind == kind) {
            struct ns_buf *out = kind == DA_READ ? &pe->rep_out : &pe->mir_out;
            size_t bytes = (size_t)r->len * a->elsize, off = (size_t)r->off * a->elsize;
            char *o = ns_buf_append(out, (size_t)r->count * bytes);
            const char *run = NULL;
            if (r->stride == 1 && bytes == a->usize && my_block_run(a, r->start, r->count)) {
                long l = ns_da_lidx(a, r->start);
                run = kind == DA_READ ? read_run_at(a, l) : a->local + (size_t)l * a->usize;
            }
            if (run)    /* whole units of my block, consecutive: one copy */
                memcpy(o, run, (size_t)r->count * bytes);
            else
                for (long j = 0; j < r->count; j++)
                    copy_elem(o + (size_t)j * bytes,
                              unit_at(a, r->start + j * r->stride, src, kind, site) + off, bytes);
            NS_PROF(ns_prof_da(NSP_DA_READ_OUT, src != ns_proc.pid ? (size_t)r->count * bytes : 0));
            NS_PROF(ns_prof_da_recs(1, src != ns_proc.pid));
        }
        p += rec_size(r, a);
    }
}

/* Combines one element (global element index e) with the array's policy. */
static void
combine_elem(ns_darray *a, char *acc, const char *in, long e, int ra, int rb,
             const struct ns_site *site)
{
    if (ns_op_apply(a->op, a->type, a->fn, acc, in, a->elsize))
        return;
    if (a->unit == 1)
        ns_fatal(site, "distributed array '%s' has combine policy <=> but processes %d and %d "
                 "wrote different values to element %ld; write equal values or choose another "
                 "policy", a->name, ra < rb ? ra : rb, ra < rb ? rb : ra, e);
    ns_fatal(site, "distributed array '%s' has combine policy <=> but processes %d and %d "
             "wrote different values to element %ld of unit %ld; write equal values or choose "
             "another policy", a->name, ra < rb ? ra : rb, ra < rb ? rb : ra, e % a->unit,
             e / a->unit);
}

static int
owner_wrote(const ns_darray *a, long l)
{
    return a->wdirty && (a->wbits[l >> 6] >> (l & 63) & 1);
}

static void
touch(ns_darray *a, long l)
{
    struct ns_dastate *s = a->st;
    if (!s->state) {
        size_t n = (size_t)a->nlocal * (size_t)a->unit + 1;
        s->state = calloc(n, 1);
        if (a->op == NS_OP_EQ)
            s->who = calloc(n, sizeof *s->who);
        if (!s->state || (a->op == NS_OP_EQ && !s->who))
            ns_fatal(&ns_cur->site, "out of memory applying writes to '%s'", a->name);
    }
    s->state[l] = 1;
    if (s->ntouched == s->captouched) {
        s->captouched = s->captouched ? 2 * s->captouched : 64;
        s->touched = ns_xrealloc(s->touched, sizeof *s->touched * (size_t)s->captouched);
    }
    s->touched[s->ntouched++] = l;
}

/* Applies src's write records.  Sources come in rank order; `above`: src
 * ranks above me, so my own write of a unit, if any, precedes src's. */
static void
apply_writes(int src, int above, const struct ns_site *site)
{
    struct da_peer *pe = &peer[src];
    const char *p = pe->in.data, *end = has_kind(src, DA_WRITE) ? p + pe->in.len : p;
    ns_darray *last = NULL;
    while (p < end) {
        const struct da_rec *r = (const void *)p;
        ns_darray *a = array_of(r, &last, site);
        struct ns_dastate *s = a->st;
        const char *v = (const char *)(r + 1);
        long nel = r->kind == DA_WRITE ? r->count * r->len : 0;
        NS_PROF(ns_prof_da(NSP_DA_WRITE_IN, (size_t)nel * a->elsize));
        NS_PROF(ns_prof_da_recs(1, nel > 0));
        for (long c = 0; nel && c < r->count; c++) {          /* unit by unit */
            long i = r->start + c * r->stride;
            unit_at(a, i, src, DA_WRITE, site);
            long l = ns_da_lidx(a, i);
            int mine = owner_wrote(a, l);
            for (long k = r->off; k < r->off + r->len; k++, v += a->elsize) {
                long le = l * a->unit + k, e = i * a->unit + k;
                char *u = a->local + (size_t)le * a->elsize;
                if (s->state && s->state[le]) {     /* a lower rank's value is there */
                    combine_elem(a, u, v, e, s->who ? s->who[le] : src, src, site);
                    continue;
                }
                touch(a, le);
                if (mine && above) {                /* mine first, then src's */
                    combine_elem(a, u, v, e, ns_proc.pid, src, site);
                    if (s->who)
                        s->who[le] = ns_proc.pid;
                    continue;
                }
                if (mine) {                         /* mine waits for my turn */
                    if (nsaved == capsaved)
                        grow((void **)&saved, &capsaved, sizeof *saved);
                    saved[nsaved++] = (struct saved){ a, le, saved_values.len };
                    memcpy(ns_buf_append(&saved_values, a->elsize), u, a->elsize);
                }
                copy_elem(u, v, a->elsize);         /* new-value semantics */
                if (s->who)
                    s->who[le] = src;
            }
        }
        p += rec_size(r, a);
    }
}

static void
apply_saved(const struct ns_site *site)
{
    for (int k = 0; k < nsaved; k++) {
        ns_darray *a = saved[k].a;
        long le = saved[k].le;
        combine_elem(a, a->local + (size_t)le * a->elsize, saved_values.data + saved[k].at,
                     DArray_index(a, le / a->unit) * a->unit + le % a->unit,
                     a->st->who ? a->st->who[le] : ns_proc.pid, ns_proc.pid, site);
    }
    nsaved = 0;
    saved_values.len = 0;
}

static void
reset_touched(const struct ns_site *site)
{
    for (int i = 0; i < nsources; i++) {
        const char *p = peer[sources[i]].in.data, *end = p + peer[sources[i]].in.len;
        if (!has_kind(sources[i], DA_WRITE))
            continue;                   /* it touched nothing */
        ns_darray *last = NULL;
        while (p < end) {
            const struct da_rec *r = (const void *)p;
            ns_darray *a = array_of(r, &last, site);
            struct ns_dastate *s = a->st;
            for (long k = 0; k < s->ntouched; k++)
                s->state[s->touched[k]] = 0;
            s->ntouched = 0;
            p += rec_size(r, a);
        }
    }
}

/* The reply to my reads from one owner, in the order I asked. */
static void
scatter_reads(const struct da_peer *pe, const char *p)
{
    for (int k = 0; k < pe->nreads; k++) {
        const struct da_get *g = &pe->reads[k];
        if (g->dstride == g->bytes) {   /* into consecutive private memory */
            memcpy(g->dst, p, (size_t)g->count * g->bytes);
            p += (size_t)g->count * g->bytes;
            continue;
        }
        for (long j = 0; j < g->count; j++, p += g->bytes)
            copy_elem(g->dst + (size_t)j * g->dstride, p, g->bytes);
    }
}

/* Units i .. i+n-1 from p into my copies, readable in step id. */
static inline void
store_run(ns_darray *a, long i, long n, size_t us, const char *p, unsigned long id)
{
    for (long j = 0; j < n; j++, p += us) {
        copy_elem(da_copy(a, i + j), p, us);
        *da_stamp(a, i + j) = id;
    }
}

/* The reply to a DA_MIRROR_UNITS record of mine (units u .. end-1), us
 * bytes each (a constant in the usual cases), from p into my copies
 * (entries of cs bytes from copy, the unit's stamp just before it). */
static inline __attribute__((always_inline)) const char *
store_units(char *restrict copy, size_t cs, const int64_t *restrict u, const int64_t *end,
            size_t us, const char *restrict p, unsigned long id)
{
    for (; u < end; u++, p += us) {
        char *c = copy + (size_t)*u * cs;
        memcpy(c, p, us);
        ((unsigned long *)(void *)c)[-1] = id;
    }
    return p;
}

/* The reply to my mirrors: my copies, readable in the next step. */
static void
scatter_mirrors(const struct da_peer *pe, const char *p)
{
    for (int k = 0; k < pe->nmirrors; k++) {
        const struct da_get *g = &pe->mirrors[k];
        ns_darray *a = g->a;
        unsigned long id = ns_da_step_id() + 1;
        size_t us = a->usize, cs = a->cstride;
        if (g->stride == -1) {                  /* single units: my record's indices */
            const int64_t *u = (const int64_t *)(const void *)(pe->req.data + g->start);
            if (da_mlog_add(a, u, g->count, p, id)) {   /* read in order from there */
                p += (size_t)g->count * us;
                continue;
            }
            if (us == 8 && cs == 16)
                p = store_units(a->rcopy, 16, u, u + g->count, 8, p, id);
            else if (us == 4 && cs == 16)
                p = store_units(a->rcopy, 16, u, u + g->count, 4, p, id);
            else
                p = store_units(a->rcopy, cs, u, u + g->count, us, p, id);
            continue;
        }
        if (g->stride == 0) {                   /* a mirror list: its runs */
            const struct ns_buf *runs = &pe->mlists[g->start].runs;
            const int64_t *run = (const int64_t *)(const void *)runs->data;
            const int64_t *end = run + runs->len / sizeof *run;
            for (; run < end; run += 2) {
                store_run(a, run[0], run[1], us, p, id);
                p += (size_t)run[1] * us;
            }
            continue;
        }
        for (long j = 0; j < g->count; j++, p += us) {
            long i = g->start + j * g->stride;
            memcpy(da_copy(a, i), p, us);
            *da_stamp(a, i) = id;
        }
    }
}

/* Takes one DA_REQ message that has arrived, if any; returns its source. */
static int
take_request(const struct ns_group *g, MPI_Request *req)
{
    int flag = 0, count;
    MPI_Message msg;
    MPI_Status st;
    MPI_Improbe(MPI_ANY_SOURCE, tag(g, NS_GTAG_DA_REQ0), ns_eng.comm, &flag, &msg, &st);
    if (!flag)
        return -1;
    MPI_Get_count(&st, MPI_BYTE, &count);
    struct da_peer *pe = &peer[st.MPI_SOURCE];
    pe->in.len = 0;
    MPI_Imrecv(ns_buf_append(&pe->in, (size_t)count), count, MPI_BYTE, &msg, req);
    sources[nsources++] = st.MPI_SOURCE;
    NS_PROF(ns_prof_in(st.MPI_SOURCE, 1, (size_t)count));
    return st.MPI_SOURCE;
}

/* Takes the requests of this step that processes of my node have posted
 * to my mailbox and that are not taken yet; returns how many. */
static int
take_mailed(const struct ns_group *g)
{
    int n = 0;
    if (!mail_to(ns_proc.pid))
        return 0;
    for (int j = 0; j < ns_node.nactive; j++) {
        int src = ns_node.active_rank[j];
        struct da_peer *pe = &peer[src];
        const char *msg;
        size_t len;
        if (src == ns_proc.pid || pe->mailed == g->step + 1
            || !(msg = ns_mailbox_peek(NS_MAIL_DA_REQ, g->step, src, &len)))
            continue;
        pe->mailed = g->step + 1;
        pe->in.len = 0;
        memcpy(ns_buf_append(&pe->in, len), msg, len);
        sources[nsources++] = src;
        NS_PROF(ns_prof_in(src, 1, len));
        n++;
    }
    ns_node.mailed += n;
    return n;
}

/* Sends a reply of this kind to src: through my mailbox when src is on my
 * node and it fits, else by MPI. */
static void
send_reply(const struct ns_group *g, int src, int kind, int t, const struct ns_buf *out)
{
    NS_PROF(ns_prof_out(src, src != ns_proc.pid && out->len, out->len));
    if (src == ns_proc.pid || !out->len)
        return;
    if (!mail(g, kind, src, out))
        MPI_Isend(out->data, (int)out->len, MPI_BYTE, src, tag(g, t), ns_eng.comm,
                  ns_reqs_add(&sends));
}

/* The reply of this kind from w, bytes long: received by MPI into buf
 * (pre-posted as req), or, one that may go through the mailboxes, read in
 * place in w's mailbox, or received by MPI when it did not fit there. */
static const char *
reply(const struct ns_group *g, int w, int kind, int t, struct ns_buf *buf, MPI_Request *req,
      size_t bytes)
{
    if (!may_mail(w, bytes)) {
        ns_wait(req);
        return buf->data;
    }
    struct ns_backoff b = { 0 };
    for (;;) {
        size_t len;
        const char *p = ns_mailbox_peek(kind, g->step, w, &len);
        if (p) {
            ns_node.mailed++;
            return p;
        }
        int flag = 0;
        MPI_Message msg;
        MPI_Improbe(w, tag(g, t), ns_eng.comm, &flag, &msg, MPI_STATUS_IGNORE);
        if (flag) {
            MPI_Request r;
            buf->len = 0;
            MPI_Imrecv(ns_buf_append(buf, bytes), (int)bytes, MPI_BYTE, &msg, &r);
            ns_wait(&r);
            return buf->data;
        }
        ns_backoff_idle(&b);
    }
}

/* Serves the reads of src (start-of-step values) and sends them back. */
static void
serve_reads(const struct ns_group *g, int src)
{
    struct da_peer *pe = &peer[src];
    pe->rep_out.len = pe->mir_out.len = 0;
    serve(src, DA_READ, &g->site);
    send_reply(g, src, NS_MAIL_DA_REP, NS_GTAG_DA_REP0, &pe->rep_out);
}

static void
serve_early(const struct ns_group *g, int src)
{
    peer[src].early = 1;
    serve_reads(g, src);
    nearly++;
}

/* Requests already here get their reads served now: before the combine,
 * and while it waits. */
void
ns_da_serve_early(struct ns_group *g)
{
    MPI_Request req;
    int src;
    for (int i = nsources, n = take_mailed(g); n > 0; i++, n--)
        serve_early(g, sources[i]);
    while ((src = take_request(g, &req)) >= 0) {
        ns_wait(&req);                  /* it has arrived: completes at once */
        serve_early(g, src);
    }
}

void
ns_da_serve(struct ns_group *g, int nrecv)
{
    const struct ns_site *site = &g->site;
    int me = ns_proc.pid, got = 0;
    if (!peer && nrecv == 0) {
        clear_marks();
        return;
    }
    ensure_peers();
    if (peer[me].dirty) {                   /* my requests to myself: no message */
        note_kinds(&peer[me]);
        struct ns_buf t = peer[me].in; peer[me].in = peer[me].req; peer[me].req = t;
        sources[nsources++] = me;
    }
    struct ns_backoff b = { 0 };
    int mailed = 0;
    while (got + mailed < nrecv - nearly) {
        int n = take_mailed(g);
        mailed += n;
        if (n == 0 && take_request(g, &recv_reqs[got]) >= 0)
            n = ++got;
        if (n > 0)
            ns_backoff_done(&b);           /* requests flow: spin again */
        else
            ns_backoff_idle(&b);
    }
    ns_wait_all(got, recv_reqs);
    NS_PROF(ns_prof_mark(NSP_T_RECEIVED));
    ns_sort(sources, (size_t)nsources, sizeof(int), cmp_int);

    for (int i = 0; i < nsources; i++)      /* 1. reads: start-of-step values */
        if (!peer[sources[i]].early)
            serve_reads(g, sources[i]);
    int crossed = 0;                        /* 2. writes, mine at my rank */
    for (int i = 0; i < nsources; i++) {
        if (sources[i] == me)
            continue;
        if (!crossed && sources[i] > me) {
            apply_saved(site);
            crossed = 1;
        }
        apply_writes(sources[i], sources[i] > me, site);
    }
    apply_saved(site);
    reset_touched(site);
    for (int i = 0; i < nsources; i++) {    /* 3. mirrors: values after the writes */
        struct da_peer *pe = &peer[sources[i]];
        serve(sources[i], DA_MIRROR, site);
        send_reply(g, sources[i], NS_MAIL_DA_MIR, NS_GTAG_DA_MIR0, &pe->mir_out);
        pe->early = 0;
    }

    for (int i = 0; i < ndirty; i++) {      /* my replies */
        int w = dirty_peers[i];
        struct da_peer *pe = &peer[w];
        if (w == me) {
            scatter_reads(pe, pe->rep_out.data);
            continue;
        }
        if (pe->rep_bytes && !pe->rep_gapped && !may_mail(w, pe->rep_bytes))
            ns_wait(&pe->rep_req);              /* received in place (ns_da_send) */
        else if (pe->rep_bytes)
            scatter_reads(pe, reply(g, w, NS_MAIL_DA_REP, NS_GTAG_DA_REP0, &pe->rep_in,
                                    &pe->rep_req, pe->rep_bytes));
        if (pe->mir_bytes)
            scatter_mirrors(pe, reply(g, w, NS_MAIL_DA_MIR, NS_GTAG_DA_MIR0, &pe->mir_in,
                                      &pe->mir_req, pe->mir_bytes));
    }
    ns_reqs_wait(&sends);
    for (int i = 0; i < ndirty; i++) {
        struct da_peer *pe = &peer[dirty_peers[i]];
        pe->dirty = 0;
        pe->nreads = pe->nmirrors = 0;
        pe->rep_bytes = pe->mir_bytes = 0;
        pe->rep_gapped = 0;
        pe->rlist = 0;
        pe->req.len = 0;
    }
    ndirty = nsources = nearly = 0;
    clear_marks();
}
