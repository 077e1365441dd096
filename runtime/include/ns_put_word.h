/*
 * ns_put_word.h - the one-word put inlined into the caller (seed 004's g):
 * the few fields a put of a 4- or 8-byte word needs to append its compact
 * record to the destination's request buffer, and ns_put_word, which does
 * it.  bsp.h's bsp_put calls it in the user's own code, so a fine-grained
 * put costs no library call; anything it does not take goes to the library
 * with every check.  The engine (exchange.c, regtable.c; put_fast.h) alone
 * writes these fields: they are not an interface, and a program built with
 * one version's headers must link with that version's library.
 */
#ifndef NESTSTEP_NS_PUT_WORD_H
#define NESTSTEP_NS_PUT_WORD_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Where the next record to a peer goes, and where its buffer's room ends;
 * both NULL while the engine itself writes that buffer. */
struct ns_put_cursor {
    char *at, *end;
};

/* The cache's name carries its layout's version: a program built with
 * these headers does not load with a library whose layout differs (it
 * lacks the symbol) instead of misreading it. */
#define ns_put_fast ns_put_fast_1

/* What a one-word put needs to know. */
struct ns_put_fast {
    const void *area;       /* the area of the last registration lookup, or NULL */
    int slot;               /* its slot */
    size_t max;             /* the largest size any process registered there */
    uint32_t head4, head8;  /* a compact header for 4 and 8 bytes but the offset */
    size_t lim4, lim8;      /* offsets below these fit a compact put of 4 and 8
                             * bytes into area; 0 when none does */
    unsigned npeers;        /* processes, while the engine runs; else 0 */
    struct ns_put_cursor *cur;  /* [npeers] */
};
extern struct ns_put_fast ns_put_fast;

/* A put of a 4- or 8-byte word at an aligned offset into the area put to
 * last, to a peer already written to in this superstep, with room in its
 * buffer: appends the compact record (header, then the word) and returns
 * 0.  Anything else returns -1, having done nothing: the library takes it.
 * Every argument is checked here (a negative int offset or size is huge as
 * size_t), so callers need no checks of their own first. */
static inline int
ns_put_word(int pid, const void *src, const void *area, size_t offset, size_t nbytes)
{
    const struct ns_put_fast *F = &ns_put_fast;
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
    if (area != F->area || (unsigned)pid >= F->npeers || !src)
        return -1;
    struct ns_put_cursor *c = &F->cur[pid];
    char *w = c->at;
    if ((uintptr_t)c->end - (uintptr_t)w < 4 + nbytes)
        return -1;
    c->at = w + 4 + nbytes;
    memcpy(w, &head, 4);
    if (nbytes == 8)
        memcpy(w + 4, src, 8);
    else
        memcpy(w + 4, src, 4);
    return 0;
}

#ifdef __cplusplus
}
#endif
#endif /* NESTSTEP_NS_PUT_WORD_H */
