/*
 * put_fast.h - the fine-grained put, the engine's side (seed 004's g): the
 * compact put record, and keeping current the cache that ns_put_word
 * (ns_put_word.h, inlined into bsp_put's callers) reads: the area put to
 * last (regtable.c) and a cursor into each peer's request buffer
 * (exchange.c).
 */
#ifndef NESTSTEP_PUT_FAST_H
#define NESTSTEP_PUT_FAST_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "ns_put_word.h"        /* struct ns_put_fast, ns_put_word: inlined into callers */

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

/* A peer's request buffer b is written by ns_put_word through its cursor
 * between ns_put_cursor_open and ns_put_cursor_close; the engine itself
 * writes or reads b only while the cursor is closed.  Opening publishes
 * b's end and room; closing folds what the cursor appended into b->len. */
static inline void
ns_put_cursor_open(int pid, struct ns_buf *b)
{
    ns_put_fast.cur[pid] = (struct ns_put_cursor){ b->data + b->len, b->data + b->cap };
}
static inline void
ns_put_cursor_close(int pid, struct ns_buf *b)
{
    struct ns_put_cursor *c = &ns_put_fast.cur[pid];
    if (c->end) {
        b->len = (size_t)(c->at - b->data);
        *c = (struct ns_put_cursor){ NULL, NULL };
    }
}

#endif
