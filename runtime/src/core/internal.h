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
#include "backoff.h"
#include "mpi_compat.h"
#include "engine.h"
#include "neststep.h"

/* ---- message tags on the engine's communicator ---- */
enum {
    NS_TAG_DATA0 = 1,       /* BSPlib request messages of even / odd supersteps */
    NS_TAG_DATA1,
    NS_TAG_REPLY0,          /* replies to get requests, even / odd */
    NS_TAG_REPLY1,
    NS_TAG_HPPUT0,          /* large bsp_hpput data, sent on its own */
    NS_TAG_HPPUT1,
    NS_TAG_START,           /* process 0 -> others: maxprocs, then job end */
    NS_TAG_NBX0,            /* NBX consensus rounds, even / odd supersteps */
    NS_TAG_NBX1,
    NS_TAG_COLL0,           /* large BSPlib collectives' data, even / odd (collective.c) */
    NS_TAG_COLL1,
    NS_TAG_CHUNK0,          /* request messages past their first chunk (NS_CHUNK) */
    NS_TAG_CHUNK1,
    NS_TAG_NODE0,           /* node leaders' bundles of contributions, even / odd */
    NS_TAG_NODE1,
};
/* Each group depth d has its own block of tags, so that a subgroup's
 * messages never match a receive of an enclosing group (siblings at one
 * depth have disjoint members). */
enum {
    NS_GTAG_UP,             /* combine wave, first chunk */
    NS_GTAG_UP_REST,        /* combine wave, rest of a long message */
    NS_GTAG_DOWN,           /* commit wave, first chunk */
    NS_GTAG_DOWN_REST,
    NS_GTAG_DA_REQ0,        /* distributed-array requests, even / odd step */
    NS_GTAG_DA_REQ1,
    NS_GTAG_DA_REP0,        /* replies to reads */
    NS_GTAG_DA_REP1,
    NS_GTAG_DA_MIR0,        /* replies to mirrors (after the writes) */
    NS_GTAG_DA_MIR1,
    NS_GTAG_STRIDE = 16
};
#define NS_GTAG(depth, t) (NS_GTAG_STRIDE * ((depth) + 1) + (t))
#define NS_CHUNK 4096       /* pre-posted receive size of a tree message */

/* ---- growable byte buffer (buffer.c; struct ns_buf: put_fast.h) ---- */
void *ns_buf_grow(struct ns_buf *b, size_t need);     /* slow path */
void  ns_buf_free(struct ns_buf *b);
/* Appends n bytes of room and returns a pointer to it.  From the first
 * append on (even of 0 bytes) data is never NULL, so that the buffer can be
 * given to memcpy, memset or qsort with a length of 0. */
static inline void *
ns_buf_append(struct ns_buf *b, size_t n)
{
    if (b->cap - b->len < n || !b->data)
        ns_buf_grow(b, n);
    void *p = b->data + b->len;
    b->len += n;
    return p;
}
void *ns_xmalloc(size_t n);
void *ns_xrealloc(void *p, size_t n);
/* qsort for the engine's lists, which are NULL until their first element:
 * qsort's array may not be NULL even when n is 0, and fewer than two
 * elements are sorted already. */
static inline void
ns_sort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
    if (n > 1)
        qsort(base, n, size, cmp);
}

/* ---- records in request messages (exchange.c) ----
 * Each record starts 4-byte aligned with a header whose first word holds
 * the kind in its top 4 bits; the general headers (struct ns_rec, ns_srec)
 * start 8-byte aligned (a 4-byte NOP record pads when needed).
 * CPUT, a compact put (seed 004's 4-byte header, the fine-grained case):
 * its layout is in put_fast.h.
 * SPUT, a short put: struct ns_srec, 8 bytes (nbytes <= 255, slot < 2^20,
 * offset < 2^32), then data padded to 8.  PUT: struct ns_rec, data of
 * nbytes padded to 8.  GET: struct ns_rec, no data; the
 * reply carries nbytes.  SEND: struct ns_rec, a tag of `offset` bytes,
 * padded, then a payload of nbytes, padded.  HPPUT: struct
 * ns_rec; its data of at least NS_HPPUT_DIRECT bytes follows as a message of
 * its own, straight from the source into the destination (no copies).
 * MPUT: struct ns_rec, then the 8-byte offset of its data in the sender's
 * mailbox of the superstep (a large bsp_put inside a node, mailbox.c). */
#define NS_HPPUT_DIRECT (32 * 1024)
enum { NS_REC_NOP = 0, NS_REC_PUT = 1, NS_REC_GET = 2, NS_REC_SEND = 3, NS_REC_SPUT = 4,
       NS_REC_HPPUT = 5, NS_REC_CPUT = NS_CPUT_KIND, NS_REC_MPUT = 7 };
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
#define NS_PAD4(n) (((n) + 3) & ~(size_t)3)
#define NS_SREC_BYTES(s) (((s)->kind_len_slot >> 20) & 0xffu)
/* Every request message starts with this header; stamp: the sender's
 * superstep (low 32 bits), used by the relaxed modes only; len: the whole
 * message's length; chunk: the sender's NS_CHUNK (0: whole messages), the
 * size of the pieces in which this message and its direct data travel. */
struct msg_head { uint32_t ngets, stamp, len, chunk; };

/* The size of the record at p, header and padded data. */
static inline size_t
ns_rec_size(const void *p)
{
    const struct ns_rec *r = p;
    switch (NS_REC_KIND(p)) {
    case NS_REC_CPUT: return 4 + NS_PAD4(NS_CPUT_BYTES(*(const uint32_t *)p));
    case NS_REC_NOP: return 4;
    case NS_REC_SPUT: return sizeof(struct ns_srec) + NS_PAD8(NS_SREC_BYTES((const struct ns_srec *)p));
    case NS_REC_PUT: return sizeof *r + NS_PAD8(r->nbytes);
    case NS_REC_SEND: return sizeof *r + NS_PAD8(r->offset) + NS_PAD8(r->nbytes);
    case NS_REC_MPUT: return sizeof *r + sizeof(uint64_t);
    default: return sizeof *r;
    }
}

/* ---- the combine tree (tree.c) ---- */
struct ns_tree {
    int arity;
    int parent;             /* -1 at the root */
    int lo, hi;             /* my subtree: ranks [lo, hi), lo is me */
    int nchild;
    int *child;             /* child i roots ranks [child[i], child_hi[i]) */
    int *child_hi;
};
void ns_tree_build(struct ns_tree *t, int nprocs, int rank, int arity);
/* Children of the subtree [lo, hi): how many, and the range of the i-th. */
int  ns_tree_nchild(int lo, int hi, int arity);
void ns_tree_child(int lo, int hi, int arity, int i, int *clo, int *chi);
void ns_tree_free(struct ns_tree *t);

/* ---- waiting (wait.c) ---- */
/* Every wait is a loop of nonblocking tests that spins a few polls, then
 * yields the processor, and naps once it has waited long: never a blocking
 * MPI call.  A wait loop calls ns_backoff_idle after each failed poll, and
 * ns_backoff_done when it is over or makes progress (backoff.h). */
void ns_backoff_idle(struct ns_backoff *b);
void ns_backoff_done(struct ns_backoff *b);
/* The node's count of napping processes, in memory they share (node.c's
 * segment), or NULL before it exists and once it is gone (backoff.h). */
void ns_wait_count_naps(_Atomic int *nappers);
void ns_wait(MPI_Request *req);
void ns_wait_all(int n, MPI_Request *reqs);
int  ns_test_all(int n, MPI_Request *reqs);    /* MPI_Testall: all done? */
/* A growable list of requests to wait for together. */
struct ns_reqs { MPI_Request *r; int n, cap; };
MPI_Request *ns_reqs_add(struct ns_reqs *q);
void ns_reqs_wait(struct ns_reqs *q);           /* waits for all, empties */
void ns_reqs_free(struct ns_reqs *q);
/* Reads the knobs; the spin polls default by whether processes outnumber
 * cores. */
void ns_wait_init(int local_procs);
int  ns_oversubscribed(void);
int  ns_node_cores(void);                       /* NS_CORES, else online CPUs; 0: unknown */

/* Set while an error found here is found by the group's process 0 as well
 * (the combine's direct protocol): ns_fatal lets that process report it. */
extern int ns_fatal_defer;

/* What the layers above have core run for them (installed at start, so
 * core calls no layer above it): at every 16th yield or nap of a wait, the
 * stall watch (sync/stall_detect.c; a no-op until installed); while a
 * process that found an error waits to be stopped, answering where it is
 * (the same); and before the job stops on an error or bsp_abort, writing
 * the superstep in progress to the trace (observe/profile.c). */
extern void (*ns_wait_watch)(struct ns_backoff *b);
extern void (*ns_fatal_serve)(void);
extern void (*ns_fatal_flush)(void);
/* The site of the NestStep step in progress (NULL in none), for the
 * out-of-memory message (core/buffer.c); installed by the root group's
 * start (combine/group.c). */
extern const struct ns_site *(*ns_step_site)(void);

/* An integer knob from the environment; a bad value warns and gives dflt. */
int ns_env_int(const char *name, int dflt, int lo, int hi);
/* The index in names[0..n-1] of the knob's value; dflt when unset or empty,
 * -1 when it names none (the caller stops the job, naming the choices). */
int ns_env_choice(const char *name, const char *const *names, int n, int dflt);

/* The process's state (core/engine.c), set by start and stop (sync/start.c),
 * and the exit checks, installed by whoever initialises MPI or starts. */
void ns_engine_set_state(enum ns_engine_state s);
/* The process is done with the engine: in a simulation build, finalize MPI
 * now (mpi_compat.h's NS_FINALIZE_AT_STOP); else nothing (exit does it). */
void ns_engine_leave(void);
void ns_install_exit_checks(void);

/* ---- the per-superstep agreement and count exchange (combine.c) ---- */
/* Values every process must agree on at a sync; a mismatch stops the job. */
enum { NS_AGREE_KIND, NS_AGREE_STEP, NS_AGREE_NPUSH, NS_AGREE_NPOP,
       NS_AGREE_POPS, NS_AGREE_TAGSIZE, NS_AGREE_SITE,
       NS_AGREE_SPLIT,         /* neststep: hash of k and the weights */
       NS_AGREE_COLL,          /* BSPlib collective of this sync (collective.c), or 0 */
       NS_NAGREE };
/* NS_AGREE_SITE: (hash of the file name << 32) | line of the sync call when
 * NS_CHECK_SITES=1, else 0. */
#define NS_SITE_LINE(v) ((int)((v) & 0xffffffff))
/* NestStep steps always carry their site, with the kind of sync in the top
 * 4 bits (ns_site_key). */
#define NS_SITE_KIND(v) ((int)((uint64_t)(v) >> 60))
int64_t ns_site_key(int kind, const struct ns_site *site);
uint32_t ns_file_hash(const char *file);        /* FNV-1a of a site's file name */
/* NS_AGREE_NPUSH: the number of bsp_push_reg calls in the low 32 bits; with
 * NS_CHECK_SITES=1 the hash of their sites in order in the high 32. */
#define NS_NPUSH_COUNT(v) ((int)((v) & 0xffffffff))
struct ns_combine_in {
    int64_t agree[NS_NAGREE];
    int npush;
    const int64_t *push_sizes;      /* -1 for a NULL registration */
    int ndest;
    const int *dest;                /* sorted group ranks I sent requests to */
    const char *items;              /* my combine items (items.c), sorted */
    size_t items_len;
    int prefix;                     /* prefix results wanted (same everywhere) */
    void (*idle)(struct ns_group *); /* called while waiting for the waves, or NULL */
};
struct ns_combine_out {
    int nrecv;                      /* request messages addressed to me */
    const int64_t *max_size;        /* per push: largest size of any process */
    const char *total;              /* the combined items, on every member */
    size_t total_len;
    const char *prefix;             /* my exclusive prefix items */
    size_t prefix_len;
};
struct ns_group;
struct ns_combiner *ns_combine_new(struct ns_group *g, int direct);
void ns_combine_run(struct ns_group *g, const struct ns_combine_in *in,
                    struct ns_combine_out *out);
void ns_combine_free(struct ns_combiner *c);
/* The combine's area at the start of the node's segment (its size, for
 * ns_node_attach), and freeing the combine's buffers at stop; beyond
 * NS_NODE_MAX_PROCS processes of the parallel part the combine stays on MPI
 * (its cost per process grows with p, the tree's with log p). */
size_t ns_node_seg_bytes(int nlocal, int nprocs);
void ns_combine_node_free(void);
/* A disagreement's report (combine.c), installed at start: where two
 * processes are (sync/stall_detect.c's ns_where_ask), and the report of two
 * different collective calls (sync/collective.c's ns_coll_disagree). */
struct ns_where;
extern int (*ns_combine_where_ask)(const int *ranks, int n, struct ns_where *out, int *got);
extern void (*ns_combine_coll_disagree)(int ra, int64_t va, int rb, int64_t vb)
    __attribute__((noreturn));
/* An empty BSPlib superstep on this side (nothing sent, pushed, popped,
 * resized or collected) of the root group g, through the node-local
 * segment on one node (combine_node.c): -1 when that path is not open
 * (nothing done); 1 when every process's superstep was empty with the
 * same agreement values (the combine is over: no message comes); 0 when
 * not, having arrived: the ns_combine_run that must follow, with the same
 * values, goes on from there. */
int  ns_combine_quiet(struct ns_group *g, int64_t kind, int64_t step, int64_t site, int64_t pops);
int  ns_combine_direct(const struct ns_group *g);

/* ---- groups (group.c) ----
 * A group's members are engine ranks in ascending order; its combine tree
 * is over group ranks.  The root group holds every process. */
struct ns_group {
    int size, rank, index, depth;
    long step;                      /* supersteps of this group so far */
    uint64_t uid;                   /* same on every member, unique among groups */
    struct ns_group *parent;
    int *member;                    /* [size] engine ranks, ascending */
    struct ns_tree tree;
    struct ns_combiner *comb;
    int nsplit;                     /* neststeps begun, for child uids */
    int in_step;
    int split_open;                 /* a neststep of this group is in progress */
    int split_k;                    /* its number of subgroups */
    struct ns_site site;            /* the step or neststep in progress */
    struct ns_shvar **esc; int nesc, capesc;    /* ancestors' vars changed here */
    unsigned long seq;              /* distributed arrays made in this group */
    /* section copies between distributed arrays in this step: an OR of the
     * members' "I have one" decides on a second round of requests */
    ns_shvar copyvar; int copies, copyvar_on;
};
extern struct ns_group *ns_cur;     /* the current group */
extern struct ns_group ns_root;
void ns_group_init_root(int arity, int direct_max);
void ns_group_stop_root(void);
/* The group rank of engine rank w in g, or -1. */
int  ns_group_rank_of(const struct ns_group *g, int w);
void ns_group_sync_here(void);      /* refresh ns_here from ns_cur */
/* A subgroup of ns_cur: the parent ranks r with at[r] == index, or the
 * ranks [lo, hi) when at is NULL. */
struct ns_group *ns_group_split(int index, const int *at, int lo, int hi);
void ns_group_free(struct ns_group *g);
void ns_step_finalize(const struct ns_site *site);
uint64_t ns_hash64(uint64_t h, const void *p, size_t n);

/* ---- registration slots (regtable.c) ---- */
struct ns_slot {
    char *addr;
    size_t size;            /* my size */
    int64_t max_size;       /* over all processes (from the combine) */
    int older;              /* previous slot with the same addr, or -1 */
    int in_use;
    long nput;              /* puts written here since the last bspx_read (sigma) */
    long lend_step;         /* the last superstep a bspx_lend covered it (or -1) */
    int lend_at;            /* that lend's index while it is open (lend.c) */
    long since;             /* the first superstep in which it is in force */
    long until;             /* popped: the first superstep it is no longer */
};
struct ns_regstate {
    struct ns_slot *slot;
    int nslot, capslot;
    int *free_slots; int nfree;
    /* open-addressing map addr -> newest slot */
    const void **key; int *val; size_t mask; size_t count;
    /* this superstep's changes */
    const void **push_addr; int64_t *push_size; int npush, cappush;
    /* NS_CHECK_SITES=1: each push's file and line, and a hash of them in
     * order, which the combine compares (in NS_AGREE_NPUSH's top half) */
    const char **push_file; int *push_line; uint32_t push_sites;
    int *pop_slot; int npop, cappop;
    uint64_t pop_hash;          /* of this superstep's pops; NS_POP_HASH_NONE: none */
};
#define NS_POP_HASH_NONE 1469598103934665603ULL
/* READ (read.c): the slot of a registered area in force, or a located
 * stop; the stop for a wrong count. */
/* The registrations whose puts a READ of area counts: every one of that
 * address in force, or popped at the last sync (barrier mode) or ever
 * (relaxed modes, which never reuse a popped slot: puts to it may still be
 * on their way).  Fills slots (ints); none: a located stop. */
void ns_read_slots(const void *area, struct ns_buf *slots, const struct ns_site *site)
    NS_ADDRESS_ONLY;
long ns_read_count(const struct ns_buf *slots, int reset);
void ns_read_mismatch(const void *area, long expected, long actual,
                      const struct ns_site *site) NS_ADDRESS_ONLY __attribute__((noreturn));
/* bspx_lend (lend.c).  A served get of superstep stamp from a slot is
 * counted in the lend of that superstep, if any (one compare when none). */
void ns_lend_count_slow(int slot, long stamp, int src);
static inline void ns_lend_count(int slot, long stamp, int src);
/* Whether every open lend has had its gets; the first that has not (for
 * stall_detect.c): its area, count, served and site. */
int  ns_lends_met(void);
const void *ns_lend_unmet(long *ngets, long *served, const struct ns_site **site);
/* The end of a sync: every open lend must have had exactly its gets (a
 * located stop if not); closes them. */
void ns_lends_close(void);
/* relaxed-check: the lends of this superstep against the gets of it that
 * the notices announced (count(slot) for a slot), a located stop if not. */
void ns_lends_check(long (*count)(int slot));
void ns_lend_stop(void);
/* NS_CHECK_SITES=1: the line of this superstep's push i, and its file. */
int  ns_reg_push_site(int i, const char **file);
void ns_reg_init(void);
void ns_reg_apply(const int64_t *max_size);    /* at the end of a sync */
void ns_reg_stop(void);

/* ---- engine state ---- */
struct ns_getwait { void *dst; size_t nbytes; };
struct ns_peer {            /* per destination / source, O(1) each */
    struct ns_buf out;      /* requests to this peer */
    struct ns_buf in;       /* requests from this peer (last superstep); cap 0
                             * while it views a node-local mailbox (mailbox.c) */
    struct ns_buf in_own;   /* in's own buffer meanwhile */
    struct ns_buf reply_out;
    struct ns_buf reply_in;
    struct ns_getwait *gets; int ngets, capgets;
    size_t get_bytes;       /* reply bytes expected from this peer */
    int dirty;              /* in the dirty list this superstep */
};
/* Points in at a message in a node-local mailbox, keeping in's own buffer. */
static inline void
ns_peer_view_in(struct ns_peer *pe, const char *data, size_t len)
{
    if (pe->in.cap)
        pe->in_own = pe->in;
    pe->in = (struct ns_buf){ (char *)data, len, 0 };
}

/* Gives in its own buffer back before a message is received into it. */
static inline void
ns_peer_own_in(struct ns_peer *pe)
{
    if (!pe->in.cap && pe->in.data) {
        pe->in = pe->in_own;
        pe->in_own = (struct ns_buf){ 0 };
    }
}

/* A bsp_hpput's source, read at the sync: copied into the buffer at `at`,
 * or sent directly when at == NS_HP_SEND_DIRECT.  A large bsp_put is sent
 * directly too, from the copy taken at the call: src NULL, the copy at
 * E.bulk.data + copy. */
struct ns_hpfix { size_t dest; size_t at; const void *src; size_t n; size_t copy; };
/* bsp_put from this size on (to another process, barrier mode) travels as
 * a message of its own from the copy taken at the call, received straight
 * into the destination: one copy fewer than through the request buffers;
 * inside a node its copy goes into the sender's mailbox (mailbox.c). */
#define NS_PUT_DIRECT (32 * 1024)
#define NS_HP_SEND_DIRECT SIZE_MAX

struct ns_engine {
    MPI_Comm comm;                  /* pid, nprocs, running: in ns_proc */
    int world_size;
    long superstep;
    double t0;
    struct ns_peer *peer;           /* [nprocs] */
    int *dirty; int ndirty;         /* destinations written this superstep */
    int *sources; int nsources;     /* sources received this superstep */
    struct ns_hpfix *hp; int nhp, caphp;
    struct ns_buf bulk;             /* copies of large bsp_puts' sources */
    struct ns_reqs sends;           /* this sync's sends */
    struct ns_reqs hp_recvs;        /* this sync's direct hpput receives */
    struct ns_reqs ssends;          /* NBX: this sync's synchronous request sends */
    struct ns_reqs chunk_recvs;     /* this sync's receives of chunks past the first */
    size_t chunk;                   /* NS_CHUNK: bytes per message piece, 0: whole */
    struct ns_regstate reg;
    size_t tagsize, tagsize_next;
    int tagsize_set;                /* bsp_set_tagsize called in this superstep */
    int nlend;                      /* bspx_lend calls open in this superstep (lend.c) */
    int check_sites;                /* NS_CHECK_SITES=1 */
    int in_sync;                    /* a sync is delivering (for out-of-memory messages) */
    int exchange;                   /* enum ns_exchange_proto: NS_EXCHANGE */
    /* BSMP queue: messages delivered at the last sync */
    struct ns_qmsg { const void *tag; const void *payload; size_t n; } *queue;
    int qlen, qhead, qcap;
    size_t qtagsize, qbytes;
    struct ns_site site;            /* the sync or start in progress */
};
extern struct ns_engine ns_eng;

/* ---- the count exchange of a barrier-mode sync (count_exchange.c) ----
 * How each process learns how many request messages it receives, and how
 * the agreement checks and registration sizes travel: NS_EXCHANGE. */
enum ns_exchange_proto {
    NS_EXCHANGE_TREE,       /* the combine tree's N_DAMsgs histogram (default) */
    NS_EXCHANGE_DIRECT,     /* the combine's direct protocol at every p: all-to-all */
    NS_EXCHANGE_NBX,        /* no counts: synchronous sends + nonblocking consensus */
};
/* Reads NS_EXCHANGE (a bad value stops the job); returns the largest group
 * whose combine runs the direct protocol, from NS_DIRECT_MAX or dflt. */
int  ns_exchange_choose(const struct ns_site *site, int direct_max_dflt);
/* NBX (count_nbx.c): after ns_exchange_send(..., &ns_eng.ssends), receives
 * every request message addressed to me and checks agreement, in place of
 * the combine and ns_exchange_receive. */
void ns_nbx_receive(struct ns_combine_in *in, struct ns_combine_out *out);

static inline void
ns_lend_count(int slot, long stamp, int src)
{
    if (__builtin_expect(ns_eng.reg.slot[slot].lend_step == stamp, 0))
        ns_lend_count_slow(slot, stamp, src);
}

/* ns_reg_lookup_max with its one-entry cache (ns_put_fast.area) inline:
 * fine-grained puts hit the same area again and again. */
static inline int
ns_reg_find(const void *addr, size_t *max_size)
{
    if (addr == ns_put_fast.area && ns_put_fast.slot >= 0) {
        *max_size = ns_put_fast.max;
        return ns_put_fast.slot;
    }
    return ns_reg_lookup_max(addr, max_size);
}

/* ---- NS_SYNC: barrier or a relaxed mode (sync_relaxed.c) ---- */
enum ns_sync_mode { NS_MODE_BARRIER, NS_MODE_RELAXED, NS_MODE_EAGER, NS_MODE_CHECK };
void ns_sync_mode_init(const struct ns_site *site);    /* reads NS_SYNC */
void ns_sync_relaxed(enum ns_sync_kind kind, const struct ns_site *site);
void ns_read_relaxed(const struct ns_buf *slots, const void *area, long nputs,
                     const struct ns_site *site) __attribute__((access(none, 2)));
void ns_relaxed_stop(void);

/* stall_detect.c: deadlock detection of the relaxed modes.  Every protocol
 * message of sync_relaxed.c is counted when sent and when received; every
 * wait counts itself and, when idle, says what it waits for. */
enum ns_stall_what { NS_STALL_SYNC, NS_STALL_READ, NS_STALL_END, NS_STALL_LEND };
struct ns_stall_wait {
    enum ns_stall_what what;
    const struct ns_site *site;
    const void *area;                   /* READ: the area, its count and slots */
    long expected;
    const struct ns_buf *slots;
};
extern struct ns_stall {
    long sent, recv, wait_seq;
    const struct ns_stall_wait *cur;    /* the relaxed-mode wait in progress, or NULL */
} ns_stall;
void ns_stall_idle(const struct ns_stall_wait *w, int (*sends_done)(void));
void ns_stall_init(void);              /* reads the knobs (NS_STALL_TIMEOUT, NS_DEADLOCK_LOOK) */
void ns_stall_stop(void);

/* stall_detect.c, every mode: where a process waits.  A process that
 * reports a stall or a disagreement asks the processes it names; each
 * answers from any wait of the engine once it is 1 ms old (the stall watch,
 * called by ns_backoff_idle) and while it waits to be stopped (fatal.c).
 * The watch also stops a job in which a wait lasts NS_STALL_TIMEOUT. */
#define NS_WHERE_PUSHES 8
struct ns_where {
    int64_t superstep;
    int32_t line, in_wait;              /* in_wait 0: waits to be stopped */
    int32_t npush;                      /* bsp_push_reg calls in the superstep */
    char call[32];
    char file[256];                     /* the site's (a longer one keeps its tail) */
    char text[512];                     /* a relaxed-mode wait described, or "" */
    struct { int32_t line; char file[124]; } push[NS_WHERE_PUSHES];  /* NS_CHECK_SITES=1 */
};
void ns_stall_watch(struct ns_backoff *b);
void ns_stall_serve(void);              /* answers who asks, if any */
/* Asks each of ranks[0..n-1] (me included) where it is, waiting up to two
 * seconds; got[i]: whether ranks[i] answered into out[i].  Returns how many
 * did.  For reports that stop the job only: a question stays unanswered. */
int  ns_where_ask(const int *ranks, int n, struct ns_where *out, int *got);
/* "file:line" of an answer, or "line N" without a file. */
const char *ns_where_site(char *buf, size_t size, const char *file, int line);

void ns_exchange_init(void);
void ns_exchange_stop(void);
/* The Latin-square schedule of a sync's messages, in NS_CHUNK pieces
 * (schedule.c). */
void ns_sched_init(const struct ns_site *site);     /* reads NS_CHUNK */
void ns_sched_stop(void);
void ns_sched_add(int dest, const void *ptr, size_t len, int first_tag, int rest_tag, int ssend);
void ns_sched_post(struct ns_reqs *ssend);
void ns_sched_receive(char *dst, size_t from, size_t len, size_t chunk, int src, int tag,
                      struct ns_reqs *reqs);
/* Steps of ns_sync, in order (exchange.c). */
int  ns_exchange_send(const int **dests, struct ns_reqs *ssend);   /* returns how many */
void ns_exchange_receive(int nrecv);
/* Empties the queue; its messages' tags are tagsize bytes. */
static inline void
ns_queue_reset(size_t tagsize)
{
    ns_eng.qlen = ns_eng.qhead = 0;
    ns_eng.qbytes = 0;
    ns_eng.qtagsize = tagsize;
}
/* A superstep that sends nothing (ns_exchange_nothing_sent) and receives
 * nothing ends with ns_exchange_skip in place of receive ... finish: what
 * they would have done with no messages (a new, empty BSMP queue).
 * Inline: an empty superstep is a few dozen instructions in all. */
static inline int
ns_exchange_nothing_sent(void)
{
    return ns_eng.ndirty == 0 && ns_eng.nhp == 0;
}
static inline void
ns_exchange_skip(void)
{
    ns_eng.nsources = 0;
    ns_queue_reset(ns_eng.tagsize);
}
/* The receive in parts, for a protocol that learns no count (count_nbx.c). */
void ns_exchange_receive_begin(void);
int  ns_exchange_poll(void);
void ns_exchange_receive_end(void);
void ns_exchange_serve_gets(void);
void ns_exchange_apply(void);
void ns_exchange_finish(void);
/* Pieces of those steps, shared with the relaxed modes (sync_relaxed.c). */
void ns_exchange_fix_hpputs(void);          /* read bsp_hpput sources */
void ns_exchange_seal(int dest);            /* head: gets, stamp; size check */
void ns_exchange_write_replies(const struct ns_peer *pe);
void ns_exchange_reset_peers(void);
/* Folds what one-word puts appended through the cursors into the request
 * buffers (put_fast.h); ns_sync calls it before anything reads them. */
void ns_exchange_close_cursors(void);
/* Relaxed modes: one request message `in` from src, of superstep stamp:
 * checks that its registrations are still in force and serves its gets
 * into reply (returns 1 if it had any); then (at once, or later while a
 * lend holds the superstep's writes) writes its puts (write_order.c). */
int  ns_exchange_serve_message(int src, const struct ns_buf *in, struct ns_buf *reply,
                               long stamp);
void ns_exchange_write_message(int src, const struct ns_buf *in, long stamp);
long ns_exchange_stamp(const struct ns_buf *msg);
/* The records of a request message, for write_order.c: whether the record
 * at p is a put, and its slot, offset, size and data. */
struct ns_put_view { int slot; uint64_t offset, nbytes; const char *data; };
int  ns_rec_put(const char *p, struct ns_put_view *v);
/* Writes the put records between p and end in issue order (barrier
 * mode's loop), counting them. */
void ns_exchange_apply_puts(int src, const char *p, const char *end);
/* The local address a put from src refers to, checked against my
 * registration (a located stop if not) and counted for bspx_read. */
char *ns_exchange_put_target(int src, int slot, uint64_t offset, uint64_t nbytes);
/* relaxed-check's notice: appends the slot of each put in a request
 * buffer (an int each), and -1 - slot for each get. */
void ns_exchange_note_slots(const struct ns_buf *out, struct ns_buf *slots);

/* ---- the order of overlapping writes in the relaxed modes (write_order.c) ----
 * Barrier mode writes a superstep's puts in source-rank, then issue order,
 * and the get replies after them.  The relaxed modes write what arrives
 * when it arrives, so each write is ranked by its key (superstep, source;
 * a get reply above every put of its superstep) and lands only on the
 * bytes no higher key has written since the area's last bspx_read. */
void ns_order_write(int src, const char *p, const char *end, long stamp);
void ns_order_replies(const struct ns_peer *pe, long stamp);
void ns_order_forget(const char *lo, size_t n);     /* bspx_read: the area is settled */
void ns_order_stop(void);
void ns_queue_add(const void *tag, const void *payload, size_t n);

/* ---- BSPlib collectives riding on a sync (collective.c) ---- */
extern int64_t ns_coll_sig;         /* this sync's collective (NS_AGREE_COLL), or 0 */
void ns_coll_contribute(struct ns_combine_in *in);      /* before the count exchange */
void ns_coll_finish(const struct ns_combine_out *out);  /* at the end of the sync */
void ns_coll_disagree(int ra, int64_t va, int rb, int64_t vb) __attribute__((noreturn));

/* ---- NestStep: combine policies (ops.c) ---- */
const char *ns_op_name(int op);
int ns_op_valid(int op, int type);
int ns_op_apply(int op, int type, ns_combine_fn fn, void *acc, const void *in, size_t elsize);
int ns_op_identity(int op, int type, void *out);

/* ---- NestStep: combine items (items.c) ---- */
struct ns_witem {
    uint64_t key;
    uint32_t n, elsize, bytes, flags;
};
#define NS_WI_RANKS 1               /* writer ranks follow the values (<=>) */
struct ns_witem *ns_item_append(struct ns_buf *b, uint64_t key, size_t n, size_t elsize,
                                int ranks);
uint64_t *ns_item_bits(const struct ns_witem *it);
char *ns_item_values(const struct ns_witem *it);
void ns_items_fold(struct ns_buf *dst, const char *a, size_t alen, const char *b, size_t blen,
                   int prefix_only);
void ns_items_add(struct ns_buf *dst, const ns_shvar *v, const void *values, size_t n,
                  const uint64_t *bits, int rank);

/* ---- the variables combine items name, by key (combine/vars.c) ---- */
/* The shared variables in scope (the innermost of a key; the ones it
 * shadows hang off it), declared by shvar.c. */
#define NS_VARS_NBUCKET 1024
extern ns_shvar *ns_vars_bucket[NS_VARS_NBUCKET];
ns_shvar *ns_sh_find(uint64_t key);
void ns_sh_link(ns_shvar *v);
void ns_sh_unlink(ns_shvar *v);
/* The variable of the BSPlib collective whose superstep runs (key
 * NS_COLL_KEY; collective.c), or NULL. */
extern ns_shvar *ns_coll_item_var;
#define NS_COLL_KEY 0x6e73636f6c6c6563ULL       /* "nscollec": no shared variable's */

/* ---- NestStep: shared variables (shvar.c) ---- */
/* My combine items for the step ending in ns_cur, sorted by key; leaves
 * the variables clean.  With leader_escalation: the end of a neststep,
 * where a subgroup's rank 0 contributes what its subgroup changed. */
void ns_sh_contribution(struct ns_buf *out, int rank);
void ns_sh_escalation(struct ns_buf *out, struct ns_group *sub, int contribute, int rank);
int  ns_sh_prefix_wanted(void);
void ns_sh_commit(struct ns_group *g, const char *total, size_t len);
void ns_sh_commit_prefix(const char *prefix, size_t len);
void ns_sh_step_done(void);

/* ---- NestStep: distributed arrays (darray.c, darequest.c) ---- */
/* Before the combine: send my request messages; returns the number of
 * destinations (group ranks, sorted, in *dests). */
int  ns_da_send(struct ns_group *g, const int **dests);
/* After the combine: serve the nrecv requests to me, then take my replies. */
void ns_da_serve(struct ns_group *g, int nrecv);
/* While the combine waits: serve the reads of requests that have arrived. */
void ns_da_serve_early(struct ns_group *g);
/* Distributed arrays on this process.  Arrays are collective in their
 * group, so with none, no request can be addressed to this process. */
extern long ns_da_live;
void ns_da_step_begin(void);
/* Distributed-to-distributed section copies of this step: whether I have
 * any (their sources are read as private-side section reads are), and,
 * in a second round of requests after the step's combine, writing what
 * was read into the destinations. */
int  ns_da_copies_pending(void);
void ns_da_copies_write(void);

#endif /* NESTSTEP_INTERNAL_H */
