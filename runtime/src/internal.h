/*
 * internal.h - state and helpers shared by the engine's files; not for the
 * front doors (they use engine.h).  One struct ns_engine per process.
 */
#ifndef NESTSTEP_INTERNAL_H
#define NESTSTEP_INTERNAL_H

#include <mpi.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "engine.h"

/* ---- message tags on the engine's communicator ---- */
enum {
    NS_TAG_UP = 1,          /* combine wave, first chunk */
    NS_TAG_UP_REST,         /* combine wave, rest of a long message */
    NS_TAG_DOWN,            /* commit wave, first chunk */
    NS_TAG_DOWN_REST,
    NS_TAG_DATA0,           /* request messages of even / odd supersteps */
    NS_TAG_DATA1,
    NS_TAG_REPLY0,          /* replies to get requests, even / odd */
    NS_TAG_REPLY1,
    NS_TAG_HPPUT0,          /* large bsp_hpput data, sent on its own */
    NS_TAG_HPPUT1,
    NS_TAG_START,           /* process 0 -> others: maxprocs, then job end */
};
#define NS_CHUNK 4096       /* pre-posted receive size of a tree message */

/* ---- growable byte buffer (buffer.c) ---- */
struct ns_buf {
    char *data;
    size_t len, cap;
};
void *ns_buf_grow(struct ns_buf *b, size_t need);     /* slow path */
void  ns_buf_free(struct ns_buf *b);
/* Appends n bytes of room and returns a pointer to it. */
static inline void *
ns_buf_append(struct ns_buf *b, size_t n)
{
    if (b->cap - b->len < n)
        ns_buf_grow(b, n);
    void *p = b->data + b->len;
    b->len += n;
    return p;
}
void *ns_xmalloc(size_t n);
void *ns_xrealloc(void *p, size_t n);

/* ---- records in request messages (exchange.c) ----
 * Each record starts 8-byte aligned with a header whose first word holds the
 * kind in its top 4 bits; data follows, padded to 8 bytes.
 * PUT: struct ns_rec, data of nbytes.  GET: struct ns_rec, no data; the
 * reply carries nbytes.  SEND: struct ns_rec, a tag of `offset` bytes,
 * padded, then a payload of nbytes, padded.  SPUT, a short put (the common
 * fine-grained case): struct ns_srec, 8 bytes, then data.  HPPUT: struct
 * ns_rec; its data of at least NS_HPPUT_DIRECT bytes follows as a message of
 * its own, straight from the source into the destination (no copies). */
#define NS_HPPUT_DIRECT (32 * 1024)
enum { NS_REC_PUT = 1, NS_REC_GET = 2, NS_REC_SEND = 3, NS_REC_SPUT = 4, NS_REC_HPPUT = 5 };
struct ns_rec {
    uint32_t kind_slot;     /* kind:4 | slot:28 */
    uint32_t nbytes;
    uint64_t offset;
};
struct ns_srec {
    uint32_t kind_len_slot; /* kind:4 | nbytes:8 | slot:20 */
    uint32_t offset;
};
#define NS_REC_KIND(p) (*(const uint32_t *)(p) >> 28)
#define NS_SPUT_MAX_BYTES 255
#define NS_SPUT_MAX_SLOT ((1 << 20) - 1)
#define NS_PAD8(n) (((n) + 7) & ~(size_t)7)

/* ---- the combine tree (tree.c) ---- */
struct ns_tree {
    int parent;             /* -1 at the root */
    int lo, hi;             /* my subtree: ranks [lo, hi), lo is me */
    int nchild;
    int *child;             /* child i roots ranks [child[i], child_hi[i]) */
    int *child_hi;
};
void ns_tree_build(struct ns_tree *t, int nprocs, int rank, int arity);
void ns_tree_free(struct ns_tree *t);

/* ---- waiting (wait.c) ---- */
/* Every wait is a loop of nonblocking tests that spins a few polls, then
 * yields the processor: never a blocking MPI call. */
struct ns_backoff { int polls; };
void ns_backoff_idle(struct ns_backoff *b);
void ns_wait(MPI_Request *req);
void ns_wait_all(int n, MPI_Request *reqs);
/* A growable list of requests to wait for together. */
struct ns_reqs { MPI_Request *r; int n, cap; };
MPI_Request *ns_reqs_add(struct ns_reqs *q);
void ns_reqs_wait(struct ns_reqs *q);           /* waits for all, empties */
void ns_reqs_free(struct ns_reqs *q);
/* spin_polls < 0: choose by whether processes outnumber cores */
void ns_wait_init(int local_procs, int spin_polls);
int  ns_oversubscribed(void);

/* An integer knob from the environment; a bad value warns and gives dflt. */
int ns_env_int(const char *name, int dflt, int lo, int hi);

/* ---- the per-superstep agreement and count exchange (combine.c) ---- */
/* Values every process must agree on at a sync; a mismatch stops the job. */
enum { NS_AGREE_KIND, NS_AGREE_STEP, NS_AGREE_NPUSH, NS_AGREE_NPOP,
       NS_AGREE_POPS, NS_AGREE_TAGSIZE, NS_AGREE_SITE, NS_NAGREE };
/* NS_AGREE_SITE: (hash of the file name << 32) | line of the sync call when
 * NS_CHECK_SITES=1, else 0. */
#define NS_SITE_LINE(v) ((int)((v) & 0xffffffff))
struct ns_combine_in {
    int64_t agree[NS_NAGREE];
    int npush;
    const int64_t *push_sizes;      /* -1 for a NULL registration */
    int ndest;
    const int *dest;                /* sorted destinations of my messages */
};
struct ns_combine_out {
    int nrecv;                      /* messages addressed to me */
    const int64_t *max_size;        /* per push: largest size of any process */
};
void ns_combine_init(int direct);      /* direct protocol, else the tree */
void ns_combine_run(const struct ns_combine_in *in, struct ns_combine_out *out);
void ns_combine_stop(void);

/* ---- registration slots (regtable.c) ---- */
struct ns_slot {
    char *addr;
    size_t size;            /* my size */
    int64_t max_size;       /* over all processes (from the combine) */
    int older;              /* previous slot with the same addr, or -1 */
    int in_use;
};
struct ns_regstate {
    struct ns_slot *slot;
    int nslot, capslot;
    int *free_slots; int nfree;
    /* open-addressing map addr -> newest slot */
    const void **key; int *val; size_t mask; size_t count;
    /* this superstep's changes */
    const void **push_addr; int64_t *push_size; int npush, cappush;
    int *pop_slot; int npop, cappop;
    uint64_t pop_hash;
    const void *last_addr; int last_slot; size_t last_max;  /* lookup cache */
};
void ns_reg_init(void);
void ns_reg_apply(const int64_t *max_size);    /* at the end of a sync */
void ns_reg_stop(void);

/* ---- engine state ---- */
struct ns_getwait { void *dst; size_t nbytes; };
struct ns_peer {            /* per destination / source, O(1) each */
    struct ns_buf out;      /* requests to this peer */
    struct ns_buf in;       /* requests from this peer (last superstep) */
    struct ns_buf reply_out;
    struct ns_buf reply_in;
    struct ns_getwait *gets; int ngets, capgets;
    size_t get_bytes;       /* reply bytes expected from this peer */
    int dirty;              /* in the dirty list this superstep */
};
/* A bsp_hpput's source, read at the sync: copied into the buffer at `at`,
 * or sent directly when at == NS_HP_SEND_DIRECT. */
struct ns_hpfix { size_t dest; size_t at; const void *src; size_t n; };
#define NS_HP_SEND_DIRECT SIZE_MAX

struct ns_engine {
    MPI_Comm comm;                  /* pid, nprocs, running: in ns_proc */
    int world_size;
    long superstep;
    double t0;
    struct ns_tree tree;
    struct ns_peer *peer;           /* [nprocs] */
    int *dirty; int ndirty;         /* destinations written this superstep */
    int *sources; int nsources;     /* sources received this superstep */
    struct ns_hpfix *hp; int nhp, caphp;
    struct ns_reqs sends;           /* this sync's sends */
    struct ns_reqs hp_recvs;        /* this sync's direct hpput receives */
    struct ns_regstate reg;
    size_t tagsize, tagsize_next;
    int check_sites;                /* NS_CHECK_SITES=1 */
    /* BSMP queue: messages delivered at the last sync */
    struct ns_qmsg { const void *tag; const void *payload; size_t n; } *queue;
    int qlen, qhead, qcap;
    size_t qtagsize, qbytes;
    struct ns_site site;            /* the sync or start in progress */
};
extern struct ns_engine ns_eng;

/* ns_reg_lookup_max with its one-entry cache inline: fine-grained puts hit
 * the same area again and again. */
static inline int
ns_reg_find(const void *addr, size_t *max_size)
{
    const struct ns_regstate *R = &ns_eng.reg;
    if (addr == R->last_addr && R->last_slot >= 0) {
        *max_size = R->last_max;
        return R->last_slot;
    }
    return ns_reg_lookup_max(addr, max_size);
}

void ns_exchange_init(void);
void ns_exchange_stop(void);
/* Steps of ns_sync, in order (exchange.c). */
int  ns_exchange_send(const int **dests);   /* returns how many */
void ns_exchange_receive(int nrecv);
void ns_exchange_serve_gets(void);
void ns_exchange_apply(void);
void ns_exchange_finish(void);
void ns_queue_reset(size_t tagsize);
void ns_queue_add(const void *tag, const void *payload, size_t n);

#endif /* NESTSTEP_INTERNAL_H */
