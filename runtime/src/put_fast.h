/*
 * put_fast.h - the fine-grained put at the caller's side (seed 004's g):
 * the compact put record, and the few fields a one-word put needs to
 * append one to its destination's request buffer without entering the
 * engine.  The libraries' put calls inline ns_put_word; the engine
 * (exchange.c, regtable.c) keeps ns_put_fast current.
 */
#ifndef NESTSTEP_PUT_FAST_H
#define NESTSTEP_PUT_FAST_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* ---- growable byte buffer (buffer.c; ns_buf_append in internal.h) ---- */
struct ns_buf {
    char *data;
    size_t len, cap;
};

/* ---- the compact put record (CPUT; the other records: internal.h) ----
 * One word, kind:4 | nbytes-1:4 | slot:6 | offset/scale:18, where scale is
 * nbytes when nbytes is a power of two, else 1; data follows, padded to 4.
 * Used when nbytes <= 16, slot < 64, offset a multiple of the scale and
 * offset/scale < 2^18. */
#define NS_CPUT_KIND 6u
#define NS_CPUT_MAX_BYTES 16
#define NS_CPUT_MAX_SLOT 63
#define NS_CPUT_MAX_UNITS ((1u << 18) - 1)
#define NS_CPUT_BYTES(w) ((((w) >> 24) & 0xfu) + 1)
#define NS_CPUT_SLOT(w) ((int)(((w) >> 18) & 0x3fu))
/* log2 of the unit of a compact put's offset, by nbytes (0..16): nbytes
 * if a power of two, else 1. */
static const unsigned char ns_cput_shift[NS_CPUT_MAX_BYTES + 1] = {
    0, 0, 1, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 4 };
#define NS_CPUT_OFFSET(w) ((size_t)((w) & NS_CPUT_MAX_UNITS) << ns_cput_shift[NS_CPUT_BYTES(w)])
/* The kind and slot bits of a compact put's header. */
#define NS_CPUT_HEAD(slot) ((NS_CPUT_KIND << 28) | ((uint32_t)(slot) << 18))
/* The whole header; offset must be a multiple of the unit for nbytes. */
static inline uint32_t
ns_cput_head(int slot, size_t offset, size_t nbytes)
{
    return NS_CPUT_HEAD(slot) | ((uint32_t)(nbytes - 1) << 24)
         | (uint32_t)(offset >> ns_cput_shift[nbytes]);
}

/* What a one-word put needs to know. */
struct ns_put_fast {
    const void *area;       /* the area of the last registration lookup, or NULL */
    int slot;               /* its slot */
    size_t max;             /* the largest size any process registered there */
    uint32_t head4, head8;  /* a compact header for 4 and 8 bytes but the offset */
    size_t lim4, lim8;      /* offsets below these fit a compact put of 4 and 8
                             * bytes into area; 0 when none does */
    unsigned npeers;        /* processes, while the engine runs; else 0 */
    struct ns_buf **out;    /* [npeers]: a peer's request buffer once this
                             * superstep has written to it, else NULL */
};
extern struct ns_put_fast ns_put_fast;

/* The offsets below which a compact put of 2^shift bytes fits an area of
 * max bytes and the header's offset field. */
static inline size_t
ns_cput_limit(size_t max, unsigned shift)
{
    size_t n = (size_t)1 << shift, field = ((size_t)NS_CPUT_MAX_UNITS + 1) << shift;
    if (max < n)
        return 0;
    return max - n + 1 < field ? max - n + 1 : field;
}

/* Caches the registration of area (slot, largest size) for one-word puts,
 * or forgets it when area is NULL. */
static inline void
ns_put_fast_cache(const void *area, int slot, size_t max)
{
    struct ns_put_fast *F = &ns_put_fast;
    int fits = area && slot >= 0 && slot <= NS_CPUT_MAX_SLOT;
    F->area = area;
    F->slot = slot;
    F->max = max;
    F->head4 = fits ? ns_cput_head(slot, 0, 4) : 0;
    F->head8 = fits ? ns_cput_head(slot, 0, 8) : 0;
    F->lim4 = fits ? ns_cput_limit(max, 2) : 0;
    F->lim8 = fits ? ns_cput_limit(max, 3) : 0;
}

/* A put of a 4- or 8-byte word at an aligned offset into the area put to
 * last, to a peer already written to in this superstep, with room in its
 * buffer: appends the compact record and returns 0.  Anything else
 * returns -1, having done nothing: ns_put takes it.  Every argument is
 * checked here (a negative int offset or size is huge as size_t), so the
 * libraries call it before their own checks. */
static inline int
ns_put_word(int pid, const void *src, const void *area, size_t offset, size_t nbytes)
{
    const struct ns_put_fast *F = &ns_put_fast;
    struct ns_buf *b;
    uint32_t head;
    if (nbytes == 8) {
        if (offset >= F->lim8 || (offset & 7))
            return -1;
        head = F->head8 | (uint32_t)(offset >> 3);
    } else if (nbytes == 4) {
        if (offset >= F->lim4 || (offset & 3))
            return -1;
        head = F->head4 | (uint32_t)(offset >> 2);
    } else {
        return -1;
    }
    if (area != F->area || (unsigned)pid >= F->npeers || !src || !(b = F->out[pid])
        || b->cap - b->len < 4 + nbytes)
        return -1;
    uint32_t *w = (uint32_t *)(b->data + b->len);
    b->len += 4 + nbytes;
    *w = head;
    if (nbytes == 8)
        memcpy(w + 1, src, 8);
    else
        memcpy(w + 1, src, 4);
    return 0;
}

#endif
