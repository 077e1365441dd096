/*
 * schedule.c - the order and the size in which a sync's messages leave
 * (seed 004 section 3): each stream of bytes to one destination (its request
 * message, then its direct bsp_hpput data) is cut into pieces of at most
 * NS_CHUNK bytes, and the pieces go out in rounds on a Latin square: in
 * round k, process i sends to (i + k) mod p, k = 1 .. p-1, then the next
 * piece of every stream, so no destination is flooded while others idle.
 * NS_CHUNK=0 sends every stream's parts whole, still in Latin-square order.
 * The receiver cuts its receives the same way, with the sender's chunk size
 * (carried in the request message's head).
 */
#include <limits.h>
#include "internal.h"

#define E ns_eng

/* The default: whole streams (inside a node MPICH's shared memory has no
 * endpoint to flood; docs/engine.md). */
#define NS_CHUNK_DEFAULT 0
#define NS_CHUNK_MIN 64             /* a first piece holds the whole head */

struct piece {
    int dest, seq, key;             /* seq: index in the stream; key: Latin round */
    int tag, ssend;
    const char *ptr;
    int len;
};
static struct piece *pieces;
static int npieces, cappieces;
static int *stream_seq;             /* [nprocs]: pieces so far to each dest */

void
ns_sched_init(const struct ns_site *site)
{
    const char *s = getenv("NS_CHUNK");
    E.chunk = NS_CHUNK_DEFAULT;
    if (s && *s) {
        char *end;
        long v = strtol(s, &end, 10);
        if (*end || v < 0 || (v > 0 && v < NS_CHUNK_MIN) || v > INT_MAX)
            ns_fatal(site, "NS_CHUNK=%s is not a chunk size; use 0 (whole messages) or a number "
                     "of bytes from %d to %d (the environment of bsprun)", s, NS_CHUNK_MIN, INT_MAX);
        E.chunk = (size_t)v;
    }
    stream_seq = calloc((size_t)ns_proc.nprocs, sizeof *stream_seq);
    if (!stream_seq)
        ns_fatal(site, "out of memory for %d processes", ns_proc.nprocs);
}

void
ns_sched_stop(void)
{
    free(pieces);
    free(stream_seq);
    pieces = NULL;
    stream_seq = NULL;
    npieces = cappieces = 0;
}

static void
add_piece(int dest, int tag, int ssend, const char *ptr, size_t len)
{
    if (npieces == cappieces) {
        cappieces = cappieces ? 2 * cappieces : 64;
        pieces = ns_xrealloc(pieces, sizeof *pieces * (size_t)cappieces);
    }
    int p = ns_proc.nprocs;
    pieces[npieces++] = (struct piece){ dest, stream_seq[dest]++, (dest - ns_proc.pid + p) % p,
                                        tag, ssend, ptr, (int)len };
}

/* Adds len bytes at ptr to dest's stream: the first piece with tag
 * first_tag (a synchronous send if ssend), the others with rest_tag. */
void
ns_sched_add(int dest, const void *ptr, size_t len, int first_tag, int rest_tag, int ssend)
{
    const char *p = ptr;
    size_t c = E.chunk && len > E.chunk ? E.chunk : len;
    add_piece(dest, first_tag, ssend, p, c);
    for (size_t off = c; off < len; off += c)
        add_piece(dest, rest_tag, 0, p + off, len - off < c ? len - off : c);
}

static int
cmp_piece(const void *a, const void *b)
{
    const struct piece *x = a, *y = b;
    if (x->seq != y->seq)
        return (x->seq > y->seq) - (x->seq < y->seq);
    return (x->key > y->key) - (x->key < y->key);
}

/* Sends every piece added, round by round; synchronous sends' requests go
 * to ssend, the others' to E.sends. */
void
ns_sched_post(struct ns_reqs *ssend)
{
    ns_sort(pieces, (size_t)npieces, sizeof *pieces, cmp_piece);
    for (int i = 0; i < npieces; i++) {
        const struct piece *q = &pieces[i];
        stream_seq[q->dest] = 0;
        if (q->ssend)
            MPI_Issend(q->ptr, q->len, MPI_BYTE, q->dest, q->tag, E.comm, ns_reqs_add(ssend));
        else
            MPI_Isend(q->ptr, q->len, MPI_BYTE, q->dest, q->tag, E.comm, ns_reqs_add(&E.sends));
    }
    npieces = 0;
}

/* Posts the receives of len bytes into dst that a stream from src sent
 * with chunk size chunk, from byte `from` on (a first piece already
 * received), with tag for every piece; their requests go to reqs. */
void
ns_sched_receive(char *dst, size_t from, size_t len, size_t chunk, int src, int tag,
                 struct ns_reqs *reqs)
{
    size_t c = chunk && len > chunk ? chunk : len;
    for (size_t off = from; off < len; off += c)
        MPI_Irecv(dst + off, (int)(len - off < c ? len - off : c), MPI_BYTE, src, tag, E.comm,
                  ns_reqs_add(reqs));
}
