/*
 * neststep.h - the NestStep-C runtime as generated code (and a careful
 * hand) sees it.  nsc translates each NestStep construct into calls and
 * inline functions of this header; docs/runtime-abi.md shows, construct by
 * construct, what it emits.  Names a program may use directly are the ones
 * of spec section 6 (NestStep_*, new_Array, new_DArray, DArray_*, Type_*);
 * everything prefixed ns_ is for generated code.
 *
 * Objects: a replicated shared variable or array is described by an
 * ns_shvar that the generated code owns (one per declaration, automatic
 * storage for locals); a distributed array is an ns_darray made by the
 * runtime.  The inline functions below are the hot paths: marking a write,
 * reaching a local element; everything slow is out of line.
 */
#ifndef NESTSTEP_H
#define NESTSTEP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Where a call came from: the user's file and line, and the construct. */
#ifndef NS_SITE_DEFINED
#define NS_SITE_DEFINED
struct ns_site {
    const char *call;
    const char *file;           /* NULL when unknown */
    int line;
};
#endif
#define NS_AT(what) (&(const struct ns_site){ (what), __FILE__, __LINE__ })

/* ---- element types (spec section 6) ---- */
enum ns_type {
    Type_bytes = 0,             /* a struct or other type: size given apart */
    Type_char, Type_schar, Type_uchar,
    Type_short, Type_ushort,
    Type_int, Type_uint,
    Type_long, Type_ulong,
    Type_llong, Type_ullong,
    Type_float, Type_double,
    NS_NTYPES
};
size_t ns_type_size(int type);

/* ---- combine policies: sh<op> ---- */
enum ns_op {
    NS_OP_FIRST = 0,            /* default and <?>: the lowest-ranked writer wins */
    NS_OP_ADD, NS_OP_MUL, NS_OP_MAX, NS_OP_MIN,
    NS_OP_AND, NS_OP_OR, NS_OP_XOR,
    NS_OP_EQ,                   /* <=>: all writers agree, else a runtime error */
    NS_OP_FN,                   /* <f>: void f(T *inout, const T *in), associative */
    NS_NOPS
};
#define NS_OP_ANY NS_OP_FIRST
typedef void (*ns_combine_fn)(void *inout, const void *in);

/* ---- the current group: $ # @ ---- */
struct ns_here {
    int rank;                   /* $ */
    int size;                   /* # */
    int index;                  /* @ */
    int in_step;                /* inside a step of the current group */
    unsigned long epoch;        /* supersteps this process has finished, all groups */
    unsigned long read_id;      /* in a step of the root group: the step's id (epoch + 1),
                                 * which marks the copies of remote units readable in
                                 * it (ns_da_copy_stamp); elsewhere ~0 */
};
extern struct ns_here ns_here;
#define NestStep_rank()  (ns_here.rank)
#define NestStep_size()  (ns_here.size)
#define NestStep_group() (ns_here.index)

/* ---- program start and end (spec section 6) ---- */
void   NestStep_init(int *argc, char ***argv);     /* idempotent */
void   NestStep_finalize(void);                    /* idempotent */
double NestStep_time(void);
#define NestStep_Wtime NestStep_time
void   NestStep_abort(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
/* For tools that measure the engine (bspprobe): 1 while the root group's
 * combines still go over MPI messages and the node-local segments are yet
 * to be made (after NS_NODE_AFTER combines, docs/engine.md); 0 once they
 * are made, and in a job that makes none. */
int    ns_node_local_pending(void);

/* ---- supersteps ----
 *   step S  combine(...);   becomes
 *   ns_step_begin(NS_AT("step")); S; <combine clause calls>; ns_step_end();
 * The combine clause calls (ns_combine_policy, ns_combine_prefix*) go after
 * S, before ns_step_end. */
void ns_step_begin(const struct ns_site *site);
void ns_step_end(void);

/* neststep(k) S  /  neststep(k, @ = e) S  /  neststep(k; w) S  becomes
 *   if (ns_neststep_begin(k, at, NULL, NS_AT("neststep"))) S;  ns_neststep_end();
 * at = NS_SPLIT_EVEN for neststep(k), else the value of e; w: k weights, or
 * NULL.  Returns 1 on processes that joined a subgroup (they run S). */
#define NS_SPLIT_EVEN (-0x7fffffff - 1)
int  ns_neststep_begin(int k, int at, const double *weights, const struct ns_site *site);
void ns_neststep_end(void);

/* ---- replicated shared variables and arrays ---- */
typedef struct ns_shvar {
    /* set by ns_sh_declare */
    const char *name;           /* user's name, for messages */
    uint64_t key;               /* symbolic name: declaring group + name */
    void *addr;                 /* the storage, or NULL: then *handle */
    void **handle;              /* sh T *h = new_Array(...) */
    size_t n;                   /* elements (static storage) */
    size_t elsize;
    int type, op;
    ns_combine_fn fn;
    /* runtime state; zero-initialised by ns_sh_declare */
    size_t wn;                  /* elements covered by wbits this step */
    uint64_t *wbits;            /* elements written this step */
    int dirty;                  /* in this step's combine list */
    struct ns_shvar *next_dirty, *shadowed, *next_hash;
    void *prefix_target;        /* combine clause x<op:target> */
    struct ns_group *group;     /* declaring group */
    void *snap; size_t snap_n;  /* value when its address escaped */
    int step_op; ns_combine_fn step_fn;     /* combine clause override */
    uint64_t *esc_bits; size_t esc_n; int esc_listed;   /* changed in a subgroup */
    size_t capbits;
} ns_shvar;

/* sh<op> T x;  sh T a[n];  sh<op> T *h;  at the declaration:
 *   ns_sh_declare(&desc, "x", &x, 1, Type_int, sizeof x, op, fn)
 *   ns_sh_declare(&desc, "h", NULL, 0, Type_int, sizeof *h, op, fn) + ns_sh_handle
 * Declarations are collective in the declaring (current) group.  At the
 * end of the declaring block: ns_sh_undeclare(&desc). */
void ns_sh_declare(ns_shvar *v, const char *name, void *addr, size_t n, int type,
                   size_t elsize, int op, ns_combine_fn fn);
void ns_sh_handle(ns_shvar *v, void **handle);
void ns_sh_undeclare(ns_shvar *v);

void ns_sh_touch(ns_shvar *v, size_t i, const struct ns_site *site);   /* slow path */
/* Before every write to element i (0 for a scalar) of v: x = e, x op= e,
 * x++ ... become (ns_sh_w(&desc, i, NS_AT("x")), x = e). */
static inline void
ns_sh_w(ns_shvar *v, size_t i, const struct ns_site *site)
{
    /* Marked already in this step (bits are cleared at every step end): a
     * load and a test, no store, so a loop of writes stays plain C. */
    if (__builtin_expect(i < v->wn && (v->wbits[i >> 6] >> (i & 63) & 1), 1))
        return;
    ns_sh_touch(v, i, site);
}
/* The address of v escaped in this step (passed to a function, &x):
 * elements that differ from their value now count as written at step end. */
void ns_sh_escape(ns_shvar *v, const struct ns_site *site);

/* A 'sh T a[]' parameter, at the function's entry: *v becomes the
 * descriptor of the replicated array (or handle's array) that p points
 * into; returns p's element index in it, to add to the indices of marked
 * writes.  Stops the job when p is in no replicated shared array. */
size_t ns_sh_param(ns_shvar **v, const void *p, const char *param, const struct ns_site *site);

/* combine clause: x<op>, x<op:target>, a[:]<op:t[:]>; op/fn as declared
 * when NS_OP_DECLARED.  Prefix targets are private; a scalar's target gets
 * the exclusive prefix (identity when no lower-ranked writer, unchanged for
 * <f> and <?>), an array's target element-wise. */
#define NS_OP_DECLARED (-1)
void ns_combine_policy(ns_shvar *v, int op, ns_combine_fn fn);
void ns_combine_prefix(ns_shvar *v, int op, ns_combine_fn fn, void *target);

/* new_Array(n, type): a replicated array of n elements (zeroed); free it
 * with free_Array.  Array_length(p) is n. */
void  *new_Array(size_t n, int type);
void  *ns_new_array(size_t n, size_t elsize);
void   free_Array(void *a);
size_t Array_length(const void *a);

/* ---- distributed shared arrays ---- */
enum ns_dist { NS_BLOCK = 1, NS_CYCLIC = 2 };
typedef struct ns_darray {
    long n;                     /* distributed units (product of distributed dims) */
    long unit;                  /* elements per unit (undistributed dims) */
    size_t elsize, usize;       /* bytes per element, per unit */
    int dist, type, op;
    ns_combine_fn fn;
    int p, me;                  /* declaring group: size, my rank */
    long bs;                    /* block size ceil(n / p) (block) */
    long first, nlocal;         /* my first unit (block) or me (cyclic); count */
    char *local;                /* my units */
    uint64_t *wbits;            /* my units written this step (by me) */
    int wdirty;
    const char *name;
    struct ns_dastate *st;      /* runtime-owned: mirrors, requests, group */
    int ndist;                  /* distributed dimensions (0 and 1: one) */
    long ext[3];                /* their extents, for messages (ext[0] is n / the rest) */
    char *rcopy;                /* [n] my copies of remote units (NULL until needed):
                                 * unit i at rcopy + i * cstride, and just before it
                                 * the step id it is readable in (one cache line
                                 * for both) */
    size_t cstride;             /* bytes from one copy to the next */
    long *mq;                   /* single units to mirror this step (ns_da_mirror1): */
    long nmq, mqroom;           /* [2 nmq] unit, owner pairs; room before ns_da_mirror_queue */
    char **mlog;                /* [p] a cyclic array's mirror log: each owner's cursor */
    unsigned long mlog_id;      /* the step the log is readable in (0: none) */
} ns_darray;

/* The mirror log: the units of a cyclic array that ns_da_mirror1 mirrored
 * from one owner in a step, as that owner replied them, in the order
 * asked.  The next step reads them from there in that order
 * (ns_da_mlog_at), and they go into my copies only when a read or a write
 * needs those (a unit read out of that order, a remote write:
 * ns_da_mlog_flush).  Each owner's log is entries of cstride bytes, as in
 * my copies: the unit's index in the 8 bytes before the unit (where my
 * copies keep the stamp), the last entry's index -1.  mlog[r] points at
 * the unit of the entry the reads of r's units have come to. */
void ns_da_mlog_flush(ns_darray *a);

/* sh T b[N]</>;  sh T a[N]<%>;  sh T A[4][5]<%>[7];  sh T *A</> + new_DArray:
 *   b = ns_da_new("b", N, 1, Type_int, sizeof(int), NS_BLOCK, op, fn);
 *   A = ns_da_new("A", 4*5, 7, Type_int, sizeof(int), NS_CYCLIC, op, fn);
 * Collective in the current group, which becomes the declaring group. */
ns_darray *ns_da_new(const char *name, long nunits, long unit, int type, size_t elsize,
                     int dist, int op, ns_combine_fn fn);
/* sh T A[4][5]<%>[7]: the shape of its distributed dimensions, for the
 * messages that name units (A[2][3], not A[13]); returns a. */
ns_darray *ns_da_shape(ns_darray *a, int ndist, long ext1, long ext2);
ns_darray *new_DArray(long n, int type);        /* block, default policy */
void       ns_da_free(ns_darray *a);
long       DArray_Length(const ns_darray *a);   /* my local units */
long       DArray_index(const ns_darray *a, long k);   /* global unit of my k-th */
/* DArray_index(a, k) names the caller's line when k is out of range. */
long       ns_da_index(const ns_darray *a, long k, const struct ns_site *site);
#define DArray_index(a, k) ns_da_index((a), (k), NS_AT("DArray_index"))
long       ns_da_length(const ns_darray *a);    /* global units */

static inline long
ns_da_owner(const ns_darray *a, long i)
{
    return a->dist == NS_BLOCK ? i / a->bs : i % a->p;
}
static inline long
ns_da_lidx(const ns_darray *a, long i)
{
    return a->dist == NS_BLOCK ? i - a->first : i / a->p;
}
static inline int ns_da_owned_cv(long i, long p, long me, long n);
static inline int
ns_da_owned(const ns_darray *a, long i)
{
    return a->dist == NS_BLOCK ? (unsigned long)(i - a->first) < (unsigned long)a->nlocal
                               : ns_da_owned_cv(i, a->p, a->me, a->n);
}
/* owned(a[i]) with a forall's view of a (block: its first unit and
 * length; cyclic: its group size, my rank, its length) */
static inline int
ns_da_owned_bv(long i, long first, long nlocal)
{
    return (unsigned long)(i - first) < (unsigned long)nlocal;
}
static inline int
ns_da_owned_cv(long i, long p, long me, long n)
{
    return (unsigned long)i % (unsigned long)p == (unsigned long)me
           && (unsigned long)i < (unsigned long)n;
}
/* owner(a[i]) is a rank in the declaring group; owned(a[i]) */
#define ns_owner(a, i) ((int)ns_da_owner((a), (i)))
#define ns_owned(a, i) ns_da_owned((a), (i))

/* Inside forall over a, a[i] is my element: no check, plain C speed. */
static inline void *
ns_da_local(const ns_darray *a, long i)
{
    return a->local + (size_t)ns_da_lidx(a, i) * a->usize;
}
void ns_da_touch(ns_darray *a);                 /* slow path of a write mark */
static inline void
ns_da_mark(ns_darray *a, long l)                /* l: local unit index */
{
    if (__builtin_expect(!a->wdirty, 0))
        ns_da_touch(a);
    a->wbits[l >> 6] |= (uint64_t)1 << (l & 63);
}
/* A write to my element inside forall: ns_da_wlocal(a, i) = value. */
static inline void *
ns_da_wlocal(ns_darray *a, long i)
{
    long l = ns_da_lidx(a, i);
    ns_da_mark(a, l);
    return a->local + (size_t)l * a->usize;
}

/* General element access: local, or my copy of a remote unit.  A read of a
 * remote unit needs a mirror (or my own write in this step); a write is
 * sent to the owner at step end and combined there.  ns_da_rd/ns_da_wr
 * reach a whole unit; ns_da_rd_el/ns_da_wr_el element k of unit i (units
 * of several elements: A[i][j][k] of sh T A[4][5]<%>[7]), so that a remote
 * write sends, and a remote read needs, that element only.  The _remote
 * functions also take my own unit with k out of it: they stop the job. */
void *ns_da_rd_remote(ns_darray *a, long i, const struct ns_site *site);
void *ns_da_wr_remote(ns_darray *a, long i, const struct ns_site *site);
void *ns_da_rd_remote_el(ns_darray *a, long i, long k, const struct ns_site *site);
void *ns_da_wr_remote_el(ns_darray *a, long i, long k, const struct ns_site *site);
/* a[i] op= v, a[i]++ ...: a read and a write; the read of a remote unit
 * needs a mirror (or my own write in this step), as ns_da_rd's does. */
void *ns_da_rmw_remote(ns_darray *a, long i, const struct ns_site *site);
void *ns_da_rmw_remote_el(ns_darray *a, long i, long k, const struct ns_site *site);
/* My copy of unit i (a->rcopy set, i in range), readable in this step
 * when its stamp is ns_here.read_id. */
static inline const char *
ns_da_copy_at(const ns_darray *a, unsigned long i)
{
    return a->rcopy + i * a->cstride;
}
static inline unsigned long
ns_da_copy_stamp(const char *copy)
{
    return ((const unsigned long *)(const void *)copy)[-1];
}
/* Unit u (owned by r) of a cyclic array whose mirror log is readable in
 * this step: its value when it is the unit the cursor points at, or the
 * next (the cursor moves on to it), else NULL. */
static inline const char *
ns_da_mlog_at(ns_darray *a, unsigned long u, unsigned long r)
{
    char *e = a->mlog[r];
    if (((const int64_t *)(const void *)e)[-1] == (int64_t)u)
        return e;
    e += a->cstride;
    if (((const int64_t *)(const void *)e)[-1] == (int64_t)u)
        return a->mlog[r] = e;
    return (const char *)0;
}
/* My copy of remote unit i when it is readable with no more checks (a
 * mirror, or my own write, of this step, in a step of the root group; in
 * a subgroup the owner must be checked), else NULL. */
static inline const char *
ns_da_mirrored(ns_darray *a, long i)
{
    if ((unsigned long)i < (unsigned long)a->n && a->rcopy) {
        if (__builtin_expect(a->mlog_id == ns_here.read_id, 0))
            ns_da_mlog_flush(a);        /* my copies are needed: complete them */
        const char *c = ns_da_copy_at(a, (unsigned long)i);
        if (ns_da_copy_stamp(c) == ns_here.read_id)
            return c;
    }
    return (const char *)0;
}
/* The rest of a read of unit i that is not mine: my copy when it is
 * readable (a mirror, or my own write, of this step), else the checks and
 * the message of ns_da_rd_remote.  The owner test is the caller's, done
 * once. */
static inline const void *
ns_da_rd_copy(ns_darray *a, long i, const struct ns_site *site)
{
    const char *c = ns_da_mirrored(a, i);
    return c ? c : ns_da_rd_remote(a, i, site);
}
/* The same for unit u of a cyclic array, owned by r: first its mirror
 * log when that is readable. */
static inline const void *
ns_da_rd_copy_c(ns_darray *a, unsigned long u, unsigned long r, const struct ns_site *site)
{
    if (u < (unsigned long)a->n && a->mlog_id == ns_here.read_id) {
        const char *m = ns_da_mlog_at(a, u, r);
        return m ? m : ns_da_rd_remote(a, (long)u, site);
    }
    return ns_da_rd_copy(a, (long)u, site);
}
/* ns_da_rd of an array whose declaration says its distribution (_b
 * block, _c cyclic) and its unit: one element of usize bytes. */
static inline const void *
ns_da_rd_b(ns_darray *a, long i, size_t usize, const struct ns_site *site)
{
    long l = i - a->first;
    if (__builtin_expect((unsigned long)l < (unsigned long)a->nlocal, 1))
        return a->local + (size_t)l * usize;
    return ns_da_rd_copy(a, i, site);
}
/* ns_da_rd_b with the array's first unit, length and storage kept in the
 * caller's locals (nsc keeps them for a forall's loop). */
static inline const void *
ns_da_rd_bv(ns_darray *a, long i, long first, long nlocal, const char *local, size_t usize,
            const struct ns_site *site)
{
    long l = i - first;
    if (__builtin_expect((unsigned long)l < (unsigned long)nlocal, 1))
        return local + (size_t)l * usize;
    return ns_da_rd_b(a, i, usize, site);
}
/* ns_da_rd_c with the array's group size p, my rank me in it and its
 * length n kept in the caller's locals (a forall's view, as for _bv). */
static inline const void *
ns_da_rd_cv(ns_darray *a, long i, long p, long me, long n, const char *local, size_t usize,
            const struct ns_site *site)
{
    unsigned long u = (unsigned long)i, q = u / (unsigned long)p;
    if (__builtin_expect(u - q * (unsigned long)p == (unsigned long)me && u < (unsigned long)n, 1))
        return local + q * usize;
    return ns_da_rd_copy_c(a, u, u - q * (unsigned long)p, site);
}
static inline const void *
ns_da_rd_c(ns_darray *a, long i, size_t usize, const struct ns_site *site)
{
    return ns_da_rd_cv(a, i, a->p, a->me, a->n, a->local, usize, site);
}
static inline const void *
ns_da_rd(ns_darray *a, long i, const struct ns_site *site)
{
    if (__builtin_expect(ns_da_owned(a, i), 1))
        return ns_da_local(a, i);
    const char *m = ns_da_mirrored(a, i);
    if (m)
        return m;
    return ns_da_rd_remote(a, i, site);
}
static inline void *
ns_da_wr(ns_darray *a, long i, const struct ns_site *site)
{
    if (__builtin_expect(ns_da_owned(a, i), 1))
        return ns_da_wlocal(a, i);
    return ns_da_wr_remote(a, i, site);
}
/* Element k of my own unit i: k must be in the unit, as for a remote one
 * (one unsigned compare beside the ownership test; the slow path says
 * what is wrong). */
static inline int
ns_da_owned_el(const ns_darray *a, long i, long k)
{
    return ns_da_owned(a, i) && (unsigned long)k < (unsigned long)a->unit;
}
static inline const void *
ns_da_rd_el(ns_darray *a, long i, long k, const struct ns_site *site)
{
    if (__builtin_expect(ns_da_owned_el(a, i, k), 1))
        return (const char *)ns_da_local(a, i) + (size_t)k * a->elsize;
    const char *m = ns_da_mirrored(a, i);
    if (m && (unsigned long)k < (unsigned long)a->unit)
        return m + (size_t)k * a->elsize;
    return ns_da_rd_remote_el(a, i, k, site);
}
/* ns_da_rd_el of a block array (ns_da_rd_el_b below) with the array's first
 * unit, length and storage in the caller's locals, and its unit (elements)
 * known to the caller: a forall's view, as for ns_da_rd_bv. */
static inline const void *
ns_da_rd_el_bv(ns_darray *a, long i, long k, long first, long nlocal, const char *local,
               size_t unit, size_t elsize, const struct ns_site *site)
{
    long l = i - first;
    if (__builtin_expect((unsigned long)l < (unsigned long)nlocal
                         && (unsigned long)k < unit, 1))
        return local + ((size_t)l * unit + (size_t)k) * elsize;
    const char *c = ns_da_mirrored(a, i);
    if (c && (unsigned long)k < unit)
        return c + (size_t)k * elsize;
    return ns_da_rd_remote_el(a, i, k, site);
}
/* ns_da_rd_el of an array whose declaration says its distribution (_b
 * block, _c cyclic) and its element type (elsize bytes). */
static inline const void *
ns_da_rd_el_b(ns_darray *a, long i, long k, size_t elsize, const struct ns_site *site)
{
    return ns_da_rd_el_bv(a, i, k, a->first, a->nlocal, a->local, (size_t)a->unit, elsize,
                          site);
}
/* ns_da_rd_el_c with a forall's view (ns_da_rd_cv) and the unit known to
 * the caller.  (One unsigned division gives the owner test and the local
 * index; a unit that is not mine is looked up in my copies without testing
 * i again.  The owner is the same remainder as in ns_da_owned_cv and
 * ns_da_mirror1_cv, so that the compiler computes it once for all three.) */
static inline const void *
ns_da_rd_el_cv(ns_darray *a, long i, long k, long p, long me, long n, const char *local,
               size_t unit, size_t elsize, const struct ns_site *site)
{
    unsigned long u = (unsigned long)i, q = u / (unsigned long)p, r = u % (unsigned long)p;
    if (__builtin_expect(u < (unsigned long)n && (unsigned long)k < unit, 1)) {
        if (__builtin_expect(r == (unsigned long)me, 1))
            return local + (q * unit + (size_t)k) * elsize;
        if (a->mlog_id == ns_here.read_id) {
            const char *m = ns_da_mlog_at(a, u, r);
            if (m)
                return m + (size_t)k * elsize;
        } else if (a->rcopy) {
            const char *c = ns_da_copy_at(a, u);
            if (ns_da_copy_stamp(c) == ns_here.read_id)
                return c + (size_t)k * elsize;
        }
    }
    return ns_da_rd_remote_el(a, i, k, site);
}
static inline const void *
ns_da_rd_el_c(ns_darray *a, long i, long k, size_t elsize, const struct ns_site *site)
{
    return ns_da_rd_el_cv(a, i, k, a->p, a->me, a->n, a->local, (size_t)a->unit, elsize, site);
}
static inline void *
ns_da_wr_el(ns_darray *a, long i, long k, const struct ns_site *site)
{
    if (__builtin_expect(ns_da_owned_el(a, i, k), 1))
        return (char *)ns_da_wlocal(a, i) + (size_t)k * a->elsize;
    return ns_da_wr_remote_el(a, i, k, site);
}

static inline void *
ns_da_rmw(ns_darray *a, long i, const struct ns_site *site)
{
    if (__builtin_expect(ns_da_owned(a, i), 1))
        return ns_da_wlocal(a, i);
    return ns_da_rmw_remote(a, i, site);
}
static inline void *
ns_da_rmw_el(ns_darray *a, long i, long k, const struct ns_site *site)
{
    if (__builtin_expect(ns_da_owned_el(a, i, k), 1))
        return (char *)ns_da_wlocal(a, i) + (size_t)k * a->elsize;
    return ns_da_rmw_remote_el(a, i, k, site);
}

/* A section of several dimensions, A[l0:u0:s0][l1:u1:s1]...: nd written
 * dimensions (an index i is lo = i, hi = NS_SECT_INDEX), the first ndist of them the array's
 * distributed ones (all of them), the rest leading undistributed ones;
 * ext[d] is the extent of dimension d (ext[0] may be 0: the runtime knows
 * it).  It selects pieces, in row-major order of the written dimensions:
 * each piece is the rest of a unit that the written dimensions leave
 * (a whole unit when no undistributed dimension is written).  Also the
 * per-dimension bounds of forall2/forall3 (nd = ndist). */
#define NS_SECT_MAX 8
#define NS_SECT_INDEX (-0x7fffffffffffffffL - 1)    /* hi of an index i: i:i:1 */
typedef struct ns_sect {
    int nd, ndist;
    long lo[NS_SECT_MAX], hi[NS_SECT_MAX], st[NS_SECT_MAX], ext[NS_SECT_MAX];
} ns_sect;

/* forall(i, a) S  iterates it = ns_forall(a, 0, ns_da_length(a) - 1, 1);
 * forall(i, a, lb, ub, st): ns_forall(a, lb, ub, st); downward when lb > ub
 * and st < 0.  i runs over my units among lb, lb+st, ... (inclusive).
 * nsc prints a counted loop (docs/runtime-abi.md): iteration k < it.left
 * is unit it.i + k*it.step, local unit l = it.l + k*it.lstep, so with
 * T *ns_la = (T *)a->local hoisted before the loop, a[i] is ns_la[l]
 * (ns_la[l * unit + k] for units of several elements).  A body that
 * assigns a[i] on every iteration marks all its units once, before the
 * loop: ns_da_mark_forall(a, it); otherwise ns_da_mark(a, l) once per
 * iteration that wrote.  ns_next is the same walk as an iterator, for
 * hand-written code. */
typedef struct ns_iter {
    long i, step, left;         /* next global unit, its stride, count left */
    long l, lstep;              /* next unit's local index, its stride */
    long cur;                   /* local index of the unit ns_next returned */
} ns_iter;
ns_iter ns_forall(const ns_darray *a, long lb, long ub, long st);
static inline int
ns_next(ns_iter *it, long *i)
{
    if (it->left <= 0)
        return 0;
    *i = it->i;
    it->cur = it->l;
    it->i += it->step;
    it->l += it->lstep;
    it->left--;
    return 1;
}
/* nsc's forall is a counted loop over it: iteration k (0 <= k < it.left)
 * is unit it.i + k * it.step, my local unit it.l + k * it.lstep (it.lstep
 * is 1 when the stride is 1, in both distributions).
 *
 * Reads of another array b at constant offsets of the forall's indices
 * (b[i - 1], B[i][j + 1]) are plain loads from b's local storage where
 * they are mine.  That needs b laid out as a: the same distribution over
 * as many units and processes, me at the same place, so that a's local
 * unit l is b's too (a block distribution: the same first unit and count;
 * cyclic: also the same p); and the iterations whose units, moved by
 * every offset, stay inside my block. */
static inline int
ns_da_aligned(const ns_darray *b, const ns_darray *a)
{
    return b->dist == a->dist && b->n == a->n && b->first == a->first &&
           b->nlocal == a->nlocal && (b->dist == NS_BLOCK || b->p == a->p);
}
/* Is b laid out as a on every process of their declaring groups (the
 * same distribution over as many units, and the same processes in the
 * same order)?  The same answer on all of them, so a step can depend on
 * it: nsc skips the superstep of an inferred mirror of b[i] in a forall
 * (i, a) when it holds, since every such element is then mine. */
int ns_da_same_layout(const ns_darray *b, const ns_darray *a);
/* The iterations k0 <= k < k1 of it whose local unit l has lo <= l + off
 * for every offset off >= lo_off and l + off < nlocal for off <= hi_off
 * (a block distribution: offsets are in units; lo_off <= 0 <= hi_off).
 * Empty (k0 = k1) when there is none. */
static inline void
ns_forall_fast_range(const ns_iter *it, long lo_off, long hi_off, long nlocal, long *k0,
                     long *k1)
{
    long lmin = -lo_off, lmax = nlocal - 1 - hi_off, s = it->lstep, a, b;
    *k0 = *k1 = 0;
    if (it->left <= 0 || lmin > lmax || s == 0)
        return;
    if (s > 0) {                /* l = it->l + k s rises: from lmin up to lmax */
        a = it->l >= lmin ? 0 : (lmin - it->l + s - 1) / s;
        b = it->l > lmax ? -1 : (lmax - it->l) / s;
    } else {
        a = it->l <= lmax ? 0 : (it->l - lmax - s - 1) / -s;
        b = it->l < lmin ? -1 : (it->l - lmin) / -s;
    }
    if (b >= it->left)
        b = it->left - 1;
    if (a <= b)
        *k0 = a, *k1 = b + 1;
}
/* forall2/forall3 with a bound triple per dimension, as in
 * forall2(i, j, A, li, ui, si, lj, uj, sj): the rows (the last dimension)
 * of the rectangle one at a time, each a plain ns_iter, so the loop over a
 * row is forall's:
 *   ns_rows rw = ns_forall_sect(A, &(const ns_sect){ 2, 2, ... }, site);
 *   while ((it = ns_next_rows(&rw)).left > 0) while (ns_next(&it, &u)) S
 * x->nd = x->ndist = 2 (3); terms outside a dimension are skipped. */
typedef struct ns_rows {
    const ns_darray *a;
    long row, nrows, n1;        /* next row, rows in all, terms of outer dimension 1 */
    long l0, s0, l1, s1, e1, e2;    /* outer triples; extents of dimensions 1, 2 */
    long lin, uin, sin;         /* the last dimension's triple */
} ns_rows;
ns_rows ns_forall_sect(const ns_darray *a, const ns_sect *x, const struct ns_site *site);
ns_iter ns_next_rows(ns_rows *r);   /* the next row with units of mine; left 0: none */
/* Marks as written by me every unit that `it` (fresh from ns_forall) lists. */
void ns_da_mark_forall(ns_darray *a, ns_iter it);

/* Sections a[l:u:s] (u inclusive).  Read into private memory: dst is
 * written at step end with the values of the start of the step.  Write
 * from private memory: values are taken now, combined at the owners at
 * step end.  Distributed to distributed: the source units must be mine or
 * mirrored.  Each returns the section's length in units. */
long ns_da_read_section(ns_darray *a, long l, long u, long s, void *dst,
                        const struct ns_site *site);
long ns_da_write_section(ns_darray *a, long l, long u, long s, const void *src,
                         const struct ns_site *site);
/* The same with a stride (positive, in elements) on the private side, as
 * in t[0:2*n-2:2] = a[l:u]. */
long ns_da_read_section_strided(ns_darray *a, long l, long u, long s, void *dst, long ds,
                                const struct ns_site *site);
long ns_da_write_section_strided(ns_darray *a, long l, long u, long s, const void *src,
                                 long ss, const struct ns_site *site);
long ns_da_copy_section(ns_darray *dst, long dl, long du, long ds,
                        ns_darray *src, long sl, long su, long ss, const struct ns_site *site);
/* t[l:u] = a[..] and a[..] = t[l:u]: nsc passes the private side's length
 * (ns_section_len) and the call's result; a mismatch stops the job. */
long ns_da_section_check(long got, long want, const struct ns_site *site);
/* The length of l:u:s (u inclusive), 0 when empty: the private side's
 * length for ns_da_section_check. */
static inline long
ns_section_len(long l, long u, long s)
{
    if (s == 0 || (s > 0 && u < l) || (s < 0 && u > l))
        return 0;
    return (u - l) / s + 1;
}
/* The same over several dimensions (ns_sect): t[0:n-1] = C[0:R-1][j][0:U-1],
 * C[i][0:S-1] = t[0:S-1], #pragma mirror(C[0:R-1][0:S-1]).  Lengths and
 * private strides count pieces; psize, the size of the private side's
 * element, must be a piece's (0: unchecked).  A mirror or update covers whole units
 * (an update only the pieces' elements). */
long ns_da_read_sect(ns_darray *a, const ns_sect *x, void *dst, long ds, size_t psize,
                     const struct ns_site *site);
long ns_da_write_sect(ns_darray *a, const ns_sect *x, const void *src, long ss, size_t psize,
                      const struct ns_site *site);
long ns_da_copy_sect(ns_darray *dst, const ns_sect *xd, ns_darray *src, const ns_sect *xs,
                     const struct ns_site *site);
void ns_da_mirror_sect(ns_darray *a, const ns_sect *x, const struct ns_site *site);
void ns_da_update_sect(ns_darray *a, const ns_sect *x, const struct ns_site *site);
/* #pragma mirror(a[l:u:s]): readable throughout the next step.
 * #pragma update(a[l:u:s]): my copies go to the owners at step end. */
void ns_da_mirror(ns_darray *a, long l, long u, long s, const struct ns_site *site);
void ns_da_update(ns_darray *a, long l, long u, long s, const struct ns_site *site);
/* #pragma mirror(a[e:e]), e the same expression twice (nsc): one unit.  In
 * a step of the root group, once a has copies, a unit of mine costs the
 * owner test and another's joins a's queue (unit and owner q in a's
 * group), which goes to the owners' mirror lists at step end;
 * ns_da_mirror_queue makes room (and notes the array at its first unit of
 * a step).  Else as ns_da_mirror. */
void ns_da_mirror_queue(ns_darray *a);
static inline void
ns_da_mirror_enqueue(ns_darray *a, long q, long i)
{
    long n = a->nmq;                    /* (the stores below may alias a's fields) */
    if (__builtin_expect(n == a->mqroom, 0))
        ns_da_mirror_queue(a);
    long *mq = a->mq + 2 * n;
    mq[0] = i;
    mq[1] = q;
    a->nmq = n + 1;
}
static inline void
ns_da_mirror1(ns_darray *a, long i, const struct ns_site *site)
{
    if (ns_here.read_id != ~0UL && (unsigned long)i < (unsigned long)a->n && a->rcopy) {
        long q = a->dist == NS_BLOCK ? i / a->bs
                                     : (long)((unsigned long)i % (unsigned long)a->p);
        if (q != a->me)
            ns_da_mirror_enqueue(a, q, i);
        return;
    }
    ns_da_mirror(a, i, i, 1, site);
}
/* ns_da_mirror1 of a cyclic array with a forall's view (ns_da_rd_cv). */
static inline void
ns_da_mirror1_cv(ns_darray *a, long i, long p, long me, long n, const struct ns_site *site)
{
    unsigned long u = (unsigned long)i, r = u % (unsigned long)p;
    if (ns_here.read_id != ~0UL && u < (unsigned long)n && a->rcopy) {
        if (r != (unsigned long)me)
            ns_da_mirror_enqueue(a, (long)r, i);
        return;
    }
    ns_da_mirror(a, i, i, 1, site);
}
/* Mirrors nsc inferred (a read a[e(i)] in a step, i the index of a forall
 * or for loop): ns_forall_span gives the first and last unit of b that
 * forall(i, b, lb, ub, st) visits on this process (0: none); then
 * ns_da_mirror_span mirrors a[min(x, y) .. max(x, y)], clipped to a. */
int  ns_forall_span(const ns_darray *b, long lb, long ub, long st, long *lo, long *hi);
void ns_da_mirror_span(ns_darray *a, long x, long y, const struct ns_site *site);
/* At the start of a step that both writes a and reads it remotely: keep
 * the start-of-step values of my units for the readers. */
void ns_da_snapshot(ns_darray *a);

#ifdef __cplusplus
}
#endif
#endif /* NESTSTEP_H */
