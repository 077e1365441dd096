/*
 * mirror_log.c - a cyclic array's mirror log (neststep.h, ns_da_mlog_at;
 * docs/runtime.md, "The mirror log"): the single units that
 * ns_da_mirror1 mirrored in a step, kept as their owners replied them,
 * in the order asked, and read in the next step from there in that
 * order, with no store into my copies and no random access to them; and
 * the way back to my copies when a read leaves that order or a write
 * needs them.
 */
#include <stdint.h>
#include "darray.h"

/* Entries are laid out as my copies' (darray.c, ensure_copies): the
 * unit's index in the 8 bytes before the unit, where a copy has its stamp. */
static inline int64_t *
mlog_index(char *unit)
{
    return (int64_t *)(void *)unit - 1;
}

/* n entries from e on: the units u[] and their values from v (us bytes
 * each; constants in the usual cases); returns the entry after them. */
static inline __attribute__((always_inline)) char *
mlog_fill(char *restrict e, size_t cs, const int64_t *restrict u, long n,
          const char *restrict v, size_t us)
{
    for (long k = 0; k < n; k++, e += cs, v += us) {
        *mlog_index(e) = u[k];
        memcpy(e, v, us);
    }
    return e;
}

int
da_mlog_add(ns_darray *a, const int64_t *u, long n, const char *v, unsigned long id)
{
    struct ns_dastate *s = a->st;
    size_t cs = a->cstride, us = a->usize, head = da_copy_head(a);
    int p = a->p;
    if (!a->mlog) {
        a->mlog = calloc((size_t)p, sizeof *a->mlog);
        s->mlog_bufs = calloc((size_t)p, sizeof *s->mlog_bufs);
        s->mlog_none = calloc(2, cs);
        if (!a->mlog || !s->mlog_bufs || !s->mlog_none)
            ns_fatal(&ns_cur->site, "out of memory for the mirror log of '%s'", a->name);
        *mlog_index(s->mlog_none + head) = *mlog_index(s->mlog_none + cs + head) = -1;
        s->mlog_built = 0;
    }
    if (s->mlog_built != id) {          /* the first owner of this step: the last log is over */
        for (int r = 0; r < p; r++) {
            s->mlog_bufs[r].len = 0;
            a->mlog[r] = s->mlog_none + head;
        }
        s->mlog_built = id;
    }
    if (n <= 0)
        return 1;
    int r = (int)(u[0] % p);
    if (s->mlog_bufs[r].len)            /* a second record from r: not in order */
        return 0;
    char *e = ns_buf_append(&s->mlog_bufs[r], cs * (size_t)(n + 1)) + head;
    a->mlog[r] = e;
    if (us == 8 && cs == 16)
        e = mlog_fill(e, 16, u, n, v, 8);
    else if (us == 4 && cs == 16)
        e = mlog_fill(e, 16, u, n, v, 4);
    else
        e = mlog_fill(e, cs, u, n, v, us);
    *mlog_index(e) = -1;
    a->mlog_id = id;
    return 1;
}

/* Remote unit i, which the log's cursor (readable in this step) found
 * neither where it is nor next: it may be past units asked twice in a row
 * (a, b, a asked of one owner and b of another, a, a from the first; the
 * second a read at the first a's entry); else NULL. */
const char *
da_mlog_resync(ns_darray *a, long i)
{
    size_t cs = a->cstride;
    int r = (int)(i % a->p);
    char *e = a->mlog[r];
    while (*mlog_index(e) >= 0 && *mlog_index(e + cs) == *mlog_index(e))
        e += cs;
    if (*mlog_index(e) < 0 || *mlog_index(e + cs) != i)
        return NULL;
    return a->mlog[r] = e + cs;
}

/* A read out of the log's order, or a write, needs my copies: the log's
 * units go into them, readable in the log's step, and the log is over. */
void
ns_da_mlog_flush(ns_darray *a)
{
    struct ns_dastate *s = a->st;
    unsigned long id = a->mlog_id;
    size_t cs = a->cstride, us = a->usize, head = da_copy_head(a);
    a->mlog_id = 0;
    for (int r = 0; r < a->p; r++) {
        if (!s->mlog_bufs[r].len)
            continue;
        for (char *e = s->mlog_bufs[r].data + head; *mlog_index(e) >= 0; e += cs) {
            char *c = a->rcopy + (size_t)*mlog_index(e) * cs;
            copy_elem(c, e, us);
            ((unsigned long *)(void *)c)[-1] = id;
        }
    }
}

void
da_mlog_free(ns_darray *a)
{
    struct ns_dastate *s = a->st;
    for (int r = 0; s->mlog_bufs && r < a->p; r++)
        free(s->mlog_bufs[r].data);
    free(s->mlog_bufs);
    free(s->mlog_none);
    free(a->mlog);
}
