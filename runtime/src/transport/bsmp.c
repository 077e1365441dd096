/*
 * bsmp.c - the BSMP queue: messages sent in one superstep, readable in the
 * next.  Entries point into the received request buffers, which live until
 * the next sync, so bsp_hpmove can hand out pointers without copying.
 * Order: by source process, then in the order each source sent them.
 */
#include "internal.h"

#define E ns_eng

size_t ns_tagsize(void) { return E.tagsize; }

/* Returns the size the next superstep would have had without this call: the
 * size valid now, or that of an earlier call in this superstep (as BSPonMPI),
 * so that saving and reinstating the tag size nests. */
size_t
ns_set_tagsize(size_t next)
{
    size_t before = E.tagsize_next;
    E.tagsize_next = next;
    E.tagsize_set = 1;
    return before;
}

void
ns_queue_add(const void *tag, const void *payload, size_t n)
{
    if (E.qlen == E.qcap) {
        E.qcap = E.qcap ? 2 * E.qcap : 64;
        E.queue = ns_xrealloc(E.queue, sizeof *E.queue * (size_t)E.qcap);
    }
    E.queue[E.qlen++] = (struct ns_qmsg){ tag, payload, n };
    E.qbytes += n;
}

int
ns_queue_size(size_t *accum_payload_bytes)
{
    *accum_payload_bytes = E.qbytes;
    return E.qlen - E.qhead;
}

long
ns_queue_peek(const void **tag, const void **payload)
{
    if (E.qhead == E.qlen)
        return -1;
    *tag = E.queue[E.qhead].tag;
    *payload = E.queue[E.qhead].payload;
    return (long)E.queue[E.qhead].n;
}

size_t ns_queue_tagsize(void) { return E.qtagsize; }

void
ns_queue_pop(void)
{
    if (E.qhead < E.qlen) {
        E.qbytes -= E.queue[E.qhead].n;
        E.qhead++;
    }
}
