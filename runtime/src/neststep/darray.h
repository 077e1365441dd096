/*
 * darray.h - the runtime side of a distributed array, shared by darray.c
 * (distribution, element access, my copies of remote units) and
 * darequest.c (DA_REQ/DA_REP messages and serving them).
 */
#ifndef NESTSTEP_DARRAY_H
#define NESTSTEP_DARRAY_H
#include "internal.h"

struct ns_dastate {
    ns_darray *a;
    uint64_t key;                   /* symbolic name: declaring group + sequence */
    int *member;                    /* [p] engine ranks of the declaring group */
    struct ns_dastate *next_hash;
    /* my copies of remote units */
    char *copy;                     /* the block of a->rcopy, allocated on first use:
                                     * n entries of a->cstride bytes, each the step
                                     * id (epoch + 1) the copy is good for, then
                                     * the unit (ns_da_copy_at) */
    uint64_t *wpend;                /* [n * unit bits]: elements written by me, to send
                                     * at step end */
    long *wlist; long nw, capw;     /* their global element indices (unit * a->unit + k) */
    long capmq;                     /* a->mq's room, in pairs */
    int wlisted;                    /* in the list of arrays with remote writes */
    /* the mirror log (a->mlog): each owner's entries, built for the step
     * of mlog_built; two entries of index -1 for an owner with none */
    struct ns_buf *mlog_bufs;
    char *mlog_none;
    unsigned long mlog_built;
    /* my units at the start of the step, for remote readers */
    char *snap; unsigned long snap_step;
    /* applying incoming writes */
    unsigned char *state;           /* [nlocal * unit]: element written by a source */
    long *touched; long ntouched, captouched;
    int32_t *who;                   /* [nlocal * unit] writer rank, <=> only */
};

/* One element's or unit's bytes: a constant size for the usual ones. */
static inline void
copy_elem(char *to, const char *from, size_t n)
{
    if (n == 8)
        memcpy(to, from, 8);
    else if (n == 4)
        memcpy(to, from, 4);
    else
        memcpy(to, from, n);
}

/* The id of this step (of any group): copies stamped with it are readable. */
static inline unsigned long ns_da_step_id(void) { return ns_here.epoch + 1; }

/* Bytes before the unit in an entry of my copies (and of a mirror log):
 * the stamp, padded so that the unit is aligned as the array's own storage
 * is (16 bytes for a unit of a multiple of 16, else 8). */
static inline size_t
da_copy_head(const ns_darray *a)
{
    return a->usize % 16 == 0 ? 16 : sizeof(unsigned long);
}

/* My copy of unit i (writable), and its stamp; a mirror log readable in
 * this step is stored into my copies first. */
static inline char *
da_copy(ns_darray *a, long i)
{
    if (__builtin_expect(a->mlog_id == ns_da_step_id(), 0))
        ns_da_mlog_flush(a);
    return a->rcopy + (size_t)i * a->cstride;
}
static inline unsigned long *
da_stamp(ns_darray *a, long i)
{
    return (unsigned long *)(void *)da_copy(a, i) - 1;
}

/* n units u[] of a cyclic array that one owner replied with the values v
 * (a DA_MIRROR_UNITS record of mine), readable in step id: into its mirror
 * log (mirror_log.c).  Returns 0 when they must go into my copies instead. */
int da_mlog_add(ns_darray *a, const int64_t *u, long n, const char *v, unsigned long id);
/* Remote unit i in a's log readable in this step, found by stepping over
 * units asked twice in a row (mirror_log.c), else NULL. */
const char *da_mlog_resync(ns_darray *a, long i);
/* Frees a's log (ns_da_free). */
void da_mlog_free(ns_darray *a);

/* DA_MIRROR_LIST: the runs of one array that a process mirrors from one
 * owner in a step, as one record of count (first unit, units) pairs of
 * int64_t, len units in all.  DA_MIRROR_UNITS: the single units of a
 * cyclic array that ns_da_mirror1 queued for one owner in a step, as one
 * record of count int64_t unit indices (len = count).  DA_READ_LIST: runs
 * of whole units of a block array that a process reads, one after the
 * other, into consecutive private memory (ns_da_req_read_units), as a
 * DA_MIRROR_LIST record is laid out. */
enum { DA_READ = 1, DA_MIRROR = 2, DA_WRITE = 3, DA_MIRROR_LIST = 4, DA_MIRROR_UNITS = 5,
       DA_READ_LIST = 6 };
struct da_rec {                     /* then, for DA_WRITE, count * len elements, padded */
    uint32_t kind;
    uint32_t kinds;                 /* in a message's first record: 1 << kind of
                                     * every record of the message (else 0) */
    uint64_t key;
    int64_t start, stride, count;   /* units */
    int64_t off, len;               /* elements off .. off+len-1 of each unit */
};

/* The units of a owned by rank q among lb, lb+st, ... (ub inclusive). */
ns_iter ns_da_part(const ns_darray *a, long q, long lb, long ub, long st);
struct ns_dastate *ns_da_find(uint64_t key);
/* "a[13]", or "A[2][3]" for an array of several distributed dimensions */
const char *ns_da_unit_name(const ns_darray *a, long i, char *buf, size_t size);
/* The engine rank of unit i's owner, checked to be in the current group. */
int  ns_da_owner_world(ns_darray *a, long i, const struct ns_site *site);
/* Stops the job unless engine rank w, which owns unit i, is in the current
 * group. */
void ns_da_check_member(const ns_darray *a, int w, long i, const struct ns_site *site);
/* The engine rank of a's group rank q, which owns unit i, checked to be in
 * the current group (only a subgroup can lack it). */
static inline int
ns_da_member_world(const ns_darray *a, long q, long i, const struct ns_site *site)
{
    int w = a->st->member[q];
    if (__builtin_expect(ns_cur != NULL && ns_cur->depth > 0, 0))
        ns_da_check_member(a, w, i, site);
    return w;
}
void ns_da_check_step(const ns_darray *a, const char *what, const struct ns_site *site);

/* Requests (darequest.c), addressed to engine rank w. */
/* Reads and writes take elements off .. off+len-1 of each unit of the part
 * (0, a->unit: whole units); a mirror takes whole units. */
void ns_da_req_read(int w, ns_darray *a, ns_iter part, long off, long len, char *dst,
                    size_t dstride);
void ns_da_req_mirror(int w, ns_darray *a, ns_iter part);
/* Reads units l .. u of block array a (0 <= l <= u < n) into consecutive
 * private memory from dst: a run of each owner's read list; returns the
 * units. */
long ns_da_req_read_units(ns_darray *a, long l, long u, char *dst, const struct ns_site *site);
/* Mirrors units i .. i+n-1 of a, all owned by w (one unit of a cyclic
 * array): appended to the step's mirror list of a for w. */
void ns_da_req_mirror_run(int w, ns_darray *a, long i, long n);
void ns_da_req_write(int w, ns_darray *a, ns_iter part, long off, long len, const char *src,
                     size_t sstride);
/* Element e (global: unit * a->unit + k) of my copies is to be sent;
 * elements e0 .. e0+n-1. */
void ns_da_pending_write(ns_darray *a, long e);
void ns_da_pending_write_run(ns_darray *a, long e0, long n);
static inline int ns_da_pending(const ns_darray *a, long e)
{
    return a->st->wpend && (a->st->wpend[e >> 6] >> (e & 63) & 1);
}
void ns_da_mark_list(ns_darray *a);        /* a has write marks to clear */
int  ns_da_forget(ns_darray *a);           /* a is freed: 1 if this step's requests name it */

#endif
