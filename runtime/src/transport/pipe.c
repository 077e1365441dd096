/*
 * pipe.c - a byte pipe through the node-local segment (node.c) for each
 * ordered pair of processes of a segment: the relaxed modes of NS_SYNC
 * (sync_relaxed.c) send their requests to a process of their node through
 * it instead of MPI, as barrier mode sends its own through the mailboxes.
 *
 * A message is its length (8 bytes), then its bytes.  The sender writes
 * as much as the pipe has room for and is called again for the rest (its
 * caller serves meanwhile: the receiver empties its pipes in every wait of
 * its own), so a message of any size takes the same pipe, and the messages
 * of one pair arrive in the order they were sent.  The receiver gathers a
 * message in a buffer of its own per sender.  The sender owns a pipe's
 * tail, the receiver its head, each on its own cache line: a release store
 * after the bytes, an acquire load before reading them.
 *
 * Only in the relaxed modes, whose jobs make the segments at bsp_begin or
 * never (they have no combines to make them at, node.c).
 */
#include <stdatomic.h>
#include <sys/mman.h>
#include <unistd.h>
#include "internal.h"
#include "node.h"

#define PIPE_LINE 64
#define PIPE_ALL (32L * 1024 * 1024)    /* at most, over the node's pipes */
#define PIPE_MAX (64 * 1024)            /* bytes of one pipe */
#define PIPE_MIN 1024

struct pipe_ctl {               /* one per pipe, zeroed when the segment is made */
    _Atomic uint64_t tail;      /* bytes written so far (the sender's) */
    char pad1[PIPE_LINE - sizeof(uint64_t)];
    _Atomic uint64_t head;      /* bytes read so far (the receiver's) */
    char pad2[PIPE_LINE - sizeof(uint64_t)];
};

struct gather {                 /* a message from one sender, arriving */
    struct ns_buf buf;
    uint64_t want;              /* its length, once read */
    int have_len;
};

static struct {
    struct pipe_ctl *ctl;       /* [receiver][sender], n x n */
    char *data;                 /* [receiver][sender][size] */
    size_t size;                /* bytes of one pipe, a power of two */
    int *local;                 /* [nprocs]: a pid's index in my segment, or -1 */
    struct gather *in;          /* [n] by sender */
    int next;                   /* the sender to look at first */
} P;

static int
wanted(void)
{
    return ns_proc.sync_mode != NS_MODE_BARRIER;
}

static size_t
pipe_size(int nlocal)
{
    size_t want = (size_t)(PIPE_ALL / ((long)nlocal * nlocal)), size = PIPE_MIN;
    while (size < PIPE_MAX && 2 * size <= want)
        size *= 2;
    return size;
}

size_t
ns_pipe_ctl_bytes(int nlocal)
{
    return wanted() ? (size_t)nlocal * (size_t)nlocal * sizeof(struct pipe_ctl) : 0;
}

size_t
ns_pipe_bytes(int nlocal)
{
    if (!wanted())
        return 0;
    return ns_pipe_ctl_bytes(nlocal) + (size_t)nlocal * (size_t)nlocal * pipe_size(nlocal);
}

static char *ring(int receiver, int sender);

/* Maps now, at bsp_begin, the pages of the rings this process writes and
 * reads.  A ring's bytes move on with every message, so otherwise each of
 * its pages costs this process a page fault the first time a message
 * reaches it, in the middle of a superstep where others wait for it: on
 * this project's 2-core virtual machine a fault took 20-40 us, and LU of
 * the seed 003 kernels met 32 of them at p = 2 (docs/research.md).
 * MADV_POPULATE_WRITE (Linux 5.14) maps a range without changing a byte;
 * without it, a zero written to each page of the rings I send into
 * (nothing is published there yet) and a byte read from each page of the
 * rings I read do the same. */
static void
map_rings(void)
{
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    for (int j = 0; j < ns_node.nactive; j++) {
        if (j == ns_node.lrank)
            continue;
        for (int mine = 0; mine < 2; mine++) {
            char *r = mine ? ring(ns_node.lrank, j) : ring(j, ns_node.lrank);
#ifdef MADV_POPULATE_WRITE
            uintptr_t lo = (uintptr_t)r & ~(page - 1);
            uintptr_t hi = ((uintptr_t)r + P.size + page - 1) & ~(page - 1);
            if (madvise((void *)lo, hi - lo, MADV_POPULATE_WRITE) == 0)
                continue;
#endif
            for (size_t k = 0; k < P.size; k += page) {
                if (mine)
                    (void)*(volatile char *)(r + k);
                else
                    *(volatile char *)(r + k) = 0;
            }
        }
    }
}

void
ns_pipe_attach(char *base)
{
    int n = ns_node.nactive;
    if (!wanted() || ns_proc.running)     /* from bsp_begin or never: see send_request */
        return;
    P.ctl = (struct pipe_ctl *)base;
    P.data = base + ns_pipe_ctl_bytes(n);
    P.size = pipe_size(n);
    P.local = ns_xmalloc(sizeof(int) * (size_t)ns_node.nprocs);
    P.in = calloc((size_t)n, sizeof *P.in);
    if (!P.in)
        ns_fatal(&ns_eng.site, "out of memory for %d pipes", n);
    for (int i = 0; i < ns_node.nprocs; i++)
        P.local[i] = -1;
    for (int j = 0; j < n; j++)
        P.local[ns_node.active_rank[j]] = j;
    P.next = 0;
    map_rings();
}

void
ns_pipe_detach(void)
{
    if (P.in)
        for (int i = 0; i < ns_node.nactive; i++)
            ns_buf_free(&P.in[i].buf);
    free(P.in);
    free(P.local);
    memset(&P, 0, sizeof P);
}

int
ns_pipe_reaches(int pid)
{
    return P.ctl && pid != ns_proc.pid && P.local[pid] >= 0;
}

static struct pipe_ctl *
ctl(int receiver, int sender)
{
    return &P.ctl[(size_t)receiver * (size_t)ns_node.nactive + (size_t)sender];
}

static char *
ring(int receiver, int sender)
{
    return P.data + ((size_t)receiver * (size_t)ns_node.nactive + (size_t)sender) * P.size;
}

/* Copies n bytes into the ring at position pos, or out of it (in). */
static void
ring_copy(char *ring, uint64_t pos, char *bytes, size_t n, int in)
{
    size_t at = (size_t)(pos & (P.size - 1)), first = P.size - at < n ? P.size - at : n;
    if (in) {
        memcpy(ring + at, bytes, first);
        memcpy(ring, bytes + first, n - first);
    } else {
        memcpy(bytes, ring + at, first);
        memcpy(bytes + first, ring, n - first);
    }
}

size_t
ns_pipe_write(int dest, const void *msg, size_t len, size_t done)
{
    int r = P.local[dest], s = ns_node.lrank;
    struct pipe_ctl *c = ctl(r, s);
    uint64_t tail = atomic_load_explicit(&c->tail, memory_order_relaxed);
    uint64_t room = P.size - (tail - atomic_load_explicit(&c->head, memory_order_acquire));
    uint64_t word = len;                /* the length, then the bytes */
    size_t total = sizeof word + len, n = total - done < room ? total - done : (size_t)room;
    for (size_t k = 0; k < n;) {        /* from the length or the message */
        size_t off = done + k, m;
        if (off < sizeof word) {
            m = sizeof word - off < n - k ? sizeof word - off : n - k;
            ring_copy(ring(r, s), tail + k, (char *)&word + off, m, 1);
        } else {
            m = n - k;
            ring_copy(ring(r, s), tail + k, (char *)msg + (off - sizeof word), m, 1);
        }
        k += m;
    }
    atomic_store_explicit(&c->tail, tail + n, memory_order_release);     /* after the bytes */
    return done + n;
}

/* What has arrived from sender s (my segment's index) added to its
 * gather; returns whether its message is complete. */
static int
drain(int s)
{
    int me = ns_node.lrank;
    struct pipe_ctl *c = ctl(me, s);
    struct gather *g = &P.in[s];
    uint64_t head = atomic_load_explicit(&c->head, memory_order_relaxed);
    uint64_t avail = atomic_load_explicit(&c->tail, memory_order_acquire) - head;
    if (avail == 0)
        return 0;
    if (!g->have_len) {
        if (avail < sizeof g->want)
            return 0;               /* the rest of the length is still to come */
        ring_copy(ring(me, s), head, (char *)&g->want, sizeof g->want, 0);
        head += sizeof g->want;
        avail -= sizeof g->want;
        g->have_len = 1;
        g->buf.len = 0;
        ns_buf_append(&g->buf, (size_t)g->want);
        g->buf.len = 0;
    }
    size_t n = g->want - g->buf.len < avail ? (size_t)(g->want - g->buf.len) : (size_t)avail;
    ring_copy(ring(me, s), head, g->buf.data + g->buf.len, n, 0);
    g->buf.len += n;
    atomic_store_explicit(&c->head, head + n, memory_order_release);     /* after reading */
    return g->buf.len == g->want;
}

int
ns_pipe_take(struct ns_buf *msg)
{
    int n = ns_node.nactive;
    if (!P.ctl)
        return -1;
    for (int k = 0; k < n; k++) {
        int s = (P.next + k) % n;
        if (s == ns_node.lrank || !drain(s))
            continue;
        struct gather *g = &P.in[s];
        struct ns_buf t = *msg; *msg = g->buf; g->buf = t;
        g->have_len = 0;
        P.next = (s + 1) % n;
        ns_node.mailed++;
        return ns_node.active_rank[s];
    }
    return -1;
}
