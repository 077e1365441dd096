/*
 * combine_node.c - the root group's combine through the node-local
 * shared-memory segments (node.c) instead of MPI messages between all
 * processes.  Each process writes its contribution (the tree's wire
 * message: agreement values, pushed sizes, its N_DAMsgs row, combine items)
 * into its slot of its node's segment and raises its arrival counter.  On
 * one node that is all: each waits, spinning then yielding as every wait
 * does (wait.c), until every counter has reached this combine.  Over
 * several nodes the combine is hierarchical: each node's leader (its lowest
 * rank) waits for its node, sends the node's contributions in one message
 * to every other leader, writes what the others send into the segment's
 * slots of their ranks and raises the node's done counter, which its
 * processes wait for.
 * Then every process has every contribution in its own segment and reads
 * them all: it merges the sizes, counts the rows that name it, and folds
 * the items as the tree folds them (combine_direct.c; process 0 reports a
 * bad item, the others defer to it, as in the direct protocol), so results
 * are bitwise those of the MPI combine at any placement of processes.
 * Agreement values that differ anywhere, and a contribution longer than a
 * slot, send every process to the MPI combine, which names the two
 * processes exactly as it always has.
 * On one node a process whose superstep is small (no requests, nothing
 * pushed, popped or collected, and at most NODE_INLINE bytes of combine
 * items: an empty BSPlib sync, a NestStep step writing a shared scalar or
 * two) writes no slot: its counter's block carries the agreement values
 * that can still differ and the items, from which the others rebuild its
 * slot's head; a superstep empty everywhere is decided from those blocks
 * alone.  An empty sync, and a small combine of one scalar, so read one
 * cache line of each other process, where a slot's head and items take
 * four.
 * Slots and blocks alternate by parity, each block with its own counter:
 * those of combine e + 2 are written only after every process has arrived
 * at e + 1, that is, after all have read e.
 * The cost per process grows with p (it reads p slots): used up to
 * NS_NODE_MAX_PROCS processes.  The first NS_NODE_AFTER combines run on
 * MPI; the segments are made at the next (node.c).
 */
#include <stdatomic.h>
#include <stddef.h>
#include "internal.h"
#include "combiner.h"
#include "node.h"
#include "profile.h"

#define NODE_LINE 64            /* bytes of a cache line */
#define NODE_SLOT 4096          /* bytes of one contribution */
#define NODE_INLINE 80          /* item bytes a block carries (two scalars' items) */

/* A small superstep on one side (no requests sent, nothing pushed, popped,
 * resized or collected, few combine items): its agreement values that can
 * still differ.  kind_step 0: not small. */
struct node_sum {
    int64_t kind_step;          /* (kind + 1) << 56 | superstep */
    int64_t site, pops, tagsize;
};

/* A process's arrival at the combines of one parity (or the leader's
 * done counter): epoch last, its summary and items first.  The first
 * cache line holds the counter, the summary packed in one word (pack())
 * with the site, and the first 40 bytes of the items: one scalar's item,
 * so that a small combine reads one line of each other process, as an
 * empty sync does.  Pops and a tag size other than 0 and -1 are read from
 * the second line only when the word says they are there. */
struct node_block {
    _Atomic long epoch;         /* the last combine of this parity entered (or done) */
    int64_t word;               /* a small superstep's summary (pack()), else 0 */
    int64_t site;
    char items[NODE_INLINE];    /* a small superstep's items, inline */
    int64_t pops, tagsize;      /* where word says so */
    int64_t pad;
};
_Static_assert(sizeof(struct node_block) == 2 * NODE_LINE, "a block is two cache lines");
_Static_assert(offsetof(struct node_block, items) + 40 == NODE_LINE,
               "a scalar's item (40 bytes) fills the first line");
_Static_assert(NODE_INLINE % 8 == 0, "items stay 8-byte aligned");

/* The bits of a block's word: kind + 1, the items' length, where pops and
 * the tag size are, and the superstep.  Pops are 0 in a NestStep step and
 * NS_POP_HASH_NONE in a BSPlib superstep that popped nothing; the tag
 * size is 0, or -1 where bsp_set_tagsize was not called. */
#define W_KIND      ((int64_t)127 << 56)
#define W_LEN_SHIFT 49          /* 7 bits: NODE_INLINE fits */
#define W_POPS      ((int64_t)1 << 48)      /* pops in the second line */
#define W_POPS_NONE ((int64_t)1 << 47)      /* else NS_POP_HASH_NONE if set, 0 if not */
#define W_TAG       ((int64_t)1 << 46)      /* the tag size in the second line */
#define W_TAG_NEG   ((int64_t)1 << 45)      /* else -1 if set, 0 if not */
#define W_STEP      (((int64_t)1 << 45) - 1)
_Static_assert(NODE_INLINE < 128, "the items' length fits its 7 bits");

static long epoch;              /* combines of the root group so far */
static long arrived;            /* the combine ns_combine_quiet arrived at, or 0 */
static struct ns_buf bundle_out, bundle_in;
static MPI_Request *bundle_reqs;
static struct wire_head *rebuilt;       /* [nprocs] heads of empty supersteps */
static const struct wire_head **heads;  /* [nprocs] this combine's, by rank */

/* Layout: two arrival blocks (by parity) per process of the node and two
 * for the node's done counter, then two slots (by parity) per process of
 * the job. */
size_t
ns_node_seg_bytes(int nlocal, int nprocs)
{
    return 2 * (size_t)(nlocal + 1) * sizeof(struct node_block)
         + 2 * (size_t)nprocs * NODE_SLOT;
}

static struct node_block *
block(long e, int local)        /* local == nactive: the done counter */
{
    return (struct node_block *)ns_node.seg + 2 * local + (e & 1);
}

static char *
slot(long e, int r)
{
    size_t blocks = 2 * ((size_t)ns_node.nactive + 1), p = (size_t)ns_node.nprocs;
    return ns_node.seg + blocks * sizeof(struct node_block)
         + ((size_t)(e & 1) * p + (size_t)r) * NODE_SLOT;
}

/* The bytes of slot r worth sending: only the head when it is too long. */
static size_t
slot_len(long e, int r)
{
    uint32_t t = ((const struct wire_head *)slot(e, r))->total;
    return t <= NODE_SLOT ? t : sizeof(struct wire_head);
}

int
ns_combine_node_serves(const struct ns_group *g)
{
    return ns_node.shm && g->depth == 0 && g->size == ns_node.nprocs && g->size > 1
        && ns_eng.exchange == NS_EXCHANGE_TREE;
}

/* Runs the combine's other work (serving requests that have arrived). */
static void
idle(struct ns_combiner *C)
{
    if (!C->idle)
        return;
    int defer = ns_fatal_defer;     /* what the idle work finds is mine */
    ns_fatal_defer = 0;
    C->idle(C->g);
    ns_fatal_defer = defer;
}

/* Until counters [lo, hi) have reached e. */
static void
wait_flags(struct ns_combiner *C, int lo, int hi, long e)
{
    struct ns_backoff b = { 0 };
    for (int r = lo; r < hi;) {
        if (atomic_load_explicit(&block(e, r)->epoch, memory_order_acquire) >= e) {
            r++;
            continue;
        }
        idle(C);
        ns_backoff_idle(&b);
    }
    if (b.since_ns)                     /* it yielded: the patience learns */
        ns_backoff_done(&b);
}

/* The leader: my node's contributions to every other leader, theirs into
 * my segment. */
static void
exchange_bundles(struct ns_combiner *C, long e)
{
    int tag = (e & 1) ? NS_TAG_NODE1 : NS_TAG_NODE0, nl = ns_node.nleader;
    bundle_out.len = 0;
    for (int i = 0; i < ns_node.nactive; i++) {
        int r = ns_node.active_rank[i];
        size_t n = slot_len(e, r);
        memcpy(ns_buf_append(&bundle_out, n), slot(e, r), n);
    }
    if (!bundle_reqs)
        bundle_reqs = ns_xmalloc(sizeof *bundle_reqs * (size_t)nl);
    int nsend = 0;
    for (int i = 0; i < nl; i++)
        if (ns_node.leaders[i] != ns_proc.pid)
            MPI_Isend(bundle_out.data, (int)bundle_out.len, MPI_BYTE, ns_node.leaders[i], tag,
                      ns_eng.comm, &bundle_reqs[nsend++]);
    struct ns_backoff b = { 0 };
    for (int got = 0; got < nl - 1;) {
        int flagged = 0, n;
        MPI_Message m;
        MPI_Status st;
        MPI_Improbe(MPI_ANY_SOURCE, tag, ns_eng.comm, &flagged, &m, &st);
        if (!flagged) {
            idle(C);
            ns_backoff_idle(&b);
            continue;
        }
        ns_backoff_done(&b);
        MPI_Get_count(&st, MPI_BYTE, &n);
        bundle_in.len = 0;
        char *p = ns_buf_append(&bundle_in, (size_t)n);
        MPI_Request req;
        MPI_Imrecv(p, n, MPI_BYTE, &m, &req);
        ns_wait(&req);
        for (size_t at = 0; at < (size_t)n;) {      /* each a process's slot */
            const struct wire_head *h = (const void *)(p + at);
            size_t len = h->total <= NODE_SLOT ? h->total : sizeof *h;
            memcpy(slot(e, h->agree_rank[0]), h, len);
            at += len;
        }
        got++;
    }
    ns_wait_all(nsend, bundle_reqs);
}

/* The summary of a small superstep with these agreement values; kind_step
 * 0 when kind or step does not fit in it. */
static struct node_sum
small_sum(int64_t kind, int64_t step, int64_t site, int64_t pops, int64_t tagsize)
{
    if (kind < 0 || kind >= 127 || step < 0 || step > W_STEP)
        return (struct node_sum){ 0, 0, 0, 0 };
    return (struct node_sum){ (kind + 1) << 56 | step, site, pops, tagsize };
}

static struct node_sum
summary(const struct ns_combine_in *in)
{
    const int64_t *a = in->agree;
    if (in->ndest || in->items_len > NODE_INLINE || a[NS_AGREE_NPUSH]
        || a[NS_AGREE_NPOP] || a[NS_AGREE_SPLIT] || a[NS_AGREE_COLL])
        return (struct node_sum){ 0, 0, 0, 0 };
    return small_sum(a[NS_AGREE_KIND], a[NS_AGREE_STEP], a[NS_AGREE_SITE], a[NS_AGREE_POPS],
                     a[NS_AGREE_TAGSIZE]);
}

/* The block's word of a small superstep's summary with items_len bytes of
 * items; 0 for one that is not small. */
static int64_t
pack(const struct node_sum *s, size_t items_len)
{
    if (!s->kind_step)
        return 0;
    int64_t w = (s->kind_step & W_KIND) | (int64_t)items_len << W_LEN_SHIFT
              | (s->kind_step & W_STEP);
    if (s->pops == (int64_t)NS_POP_HASH_NONE)
        w |= W_POPS_NONE;
    else if (s->pops)
        w |= W_POPS;
    if (s->tagsize == -1)
        w |= W_TAG_NEG;
    else if (s->tagsize)
        w |= W_TAG;
    return w;
}

/* Block b's summary in *s; returns the length of its items. */
static size_t
unpack(const struct node_block *b, struct node_sum *s)
{
    int64_t w = b->word;
    if (!w) {
        *s = (struct node_sum){ 0, 0, 0, 0 };
        return 0;
    }
    s->kind_step = (w & W_KIND) | (w & W_STEP);
    s->site = b->site;
    s->pops = w & W_POPS ? b->pops : w & W_POPS_NONE ? (int64_t)NS_POP_HASH_NONE : 0;
    s->tagsize = w & W_TAG ? b->tagsize : w & W_TAG_NEG ? -1 : 0;
    return (size_t)(w >> W_LEN_SHIFT & 127);
}

/* My arrival at combine e: my summary and the items of a small superstep,
 * then my counter (a release store). */
static void
arrive(long e, struct node_sum sum, const char *items, size_t items_len)
{
    struct node_block *b = block(e, ns_node.lrank);
    int64_t w = pack(&sum, items_len);
    b->word = w;
    b->site = sum.site;
    if (w & W_POPS)
        b->pops = sum.pops;
    if (w & W_TAG)
        b->tagsize = sum.tagsize;
    if (items_len)
        memcpy(b->items, items, items_len);
    atomic_store_explicit(&b->epoch, e, memory_order_release);
}

/* Whether the process whose summary this is writes its slot: always over
 * several nodes (the leaders send the slots), else only when its
 * superstep is not small (head() rebuilds a small one's). */
static int
writes_slot(const struct node_sum *s)
{
    return ns_node.nleader > 1 || !s->kind_step;
}

/* On one node, whether every process's superstep was empty with the same
 * agreement values as mine: then nobody sent, pushed or combined anything,
 * and the combine is over without reading a slot. */
static inline int
all_empty(long e, const struct node_sum *mine)
{
    int64_t w = pack(mine, 0);
    if (!w)
        return 0;
    for (int r = 0; r < ns_node.nactive; r++) {
        const struct node_block *b = block(e, r);
        if (b->word != w || b->site != mine->site || (w & W_POPS && b->pops != mine->pops)
            || (w & W_TAG && b->tagsize != mine->tagsize))
            return 0;
    }
    return 1;
}

/* Process r's contribution to combine e: its slot, or on one node, for a
 * superstep small on its side (which writes no slot), the head rebuilt
 * from its block; its items in *items. */
static const struct wire_head *
head(long e, int r, const char **items)
{
    const struct node_block *b = block(e, r);
    struct node_sum sum;
    size_t len = unpack(b, &sum);
    const struct node_sum *s = &sum;
    if (writes_slot(s)) {
        const struct wire_head *h = (const void *)slot(e, r);
        *items = ns_comb_items(h);
        return h;
    }
    if (!rebuilt)
        rebuilt = ns_xmalloc(sizeof *rebuilt * (size_t)ns_node.nprocs);
    struct wire_head *h = &rebuilt[r];
    memset(h, 0, sizeof *h);
    h->total = sizeof *h + len;
    h->items_len = (uint32_t)len;
    *items = b->items;
    h->agree[NS_AGREE_KIND] = (s->kind_step >> 56) - 1;
    h->agree[NS_AGREE_STEP] = s->kind_step & W_STEP;
    h->agree[NS_AGREE_POPS] = s->pops;
    h->agree[NS_AGREE_TAGSIZE] = s->tagsize;
    h->agree[NS_AGREE_SITE] = s->site;
    for (int k = 0; k < NS_NAGREE; k++)
        h->agree_rank[k] = r;
    return h;
}

/* ns_sync's empty superstep (internal.h): the empty-superstep path above,
 * entered before any contribution is built. */
int
ns_combine_quiet(struct ns_group *g, int64_t kind, int64_t step, int64_t site, int64_t pops)
{
    struct ns_combiner *C = g->comb;
    struct node_sum sum = small_sum(kind, step, site, pops, -1);
    if (!C || !C->node || !ns_node.seg || ns_node.nleader != 1 || !sum.kind_step)
        return -1;
    long e = ++epoch;
    arrive(e, sum, NULL, 0);
    C->idle = NULL;
    wait_flags(C, 0, ns_node.nactive, e);
    if (!all_empty(e, &sum)) {
        arrived = e;
        return 0;
    }
    ns_node.syncs++;
    return 1;
}

int
ns_combine_node(struct ns_combiner *C, const struct ns_combine_in *in)
{
    int p = C->g->size, me = C->g->rank;
    if (!ns_node.seg) {                 /* on MPI until the NS_NODE_AFTER-th (> 0) */
        if (ns_node.combines++ < ns_node.after)
            return 0;
        NS_PROF(ns_prof_setup_begin());     /* the profile shows it apart */
        int made = ns_node_segment_make();
        NS_PROF(ns_prof_setup_end());
        if (!made) {
            C->node = 0;
            return 0;
        }
    }
    const struct hist_entry *row = (const void *)C->hist.data;
    struct node_sum sum = summary(in);
    long e;
    if (arrived) {                      /* ns_combine_quiet arrived and waited */
        e = arrived;
        arrived = 0;
        goto slots;
    }
    e = ++epoch;
    if (writes_slot(&sum)) {
        ns_comb_pack(C, &C->up_out, in->npush, row, (int)(C->hist.len / sizeof *row), &C->acc,
                     NULL);
        char *mine = slot(e, me);
        if (C->up_out.len <= NODE_SLOT)
            memcpy(mine, C->up_out.data, C->up_out.len);
        else {                          /* only its head, saying how long */
            memcpy(mine, C->up_out.data, sizeof(struct wire_head));
            ((struct wire_head *)mine)->total = (uint32_t)C->up_out.len;
        }
    }
    arrive(e, sum, in->items, writes_slot(&sum) ? 0 : in->items_len);
    if (ns_node.nleader == 1) {         /* one node: all are here */
        wait_flags(C, 0, ns_node.nactive, e);
        if (all_empty(e, &sum)) {
            C->hist.len = 0;
            C->total.len = C->prefix.len = 0;
            ns_node.syncs++;
            return 1;
        }
    } else if (ns_node.lrank == 0) {      /* the leader */
        wait_flags(C, 0, ns_node.nactive, e);
        exchange_bundles(C, e);
        atomic_store_explicit(&block(e, ns_node.nactive)->epoch, e, memory_order_release);
    } else
        wait_flags(C, ns_node.nactive, ns_node.nactive + 1, e);
slots:
    /* Everybody sees the same slots, so all decide alike to go to MPI: for
     * a contribution too long, and for a disagreement, which the MPI
     * combine names as it always has (which processes find it depends on
     * the tree's shape). */
    if (!heads)
        heads = ns_xmalloc(sizeof *heads * (size_t)ns_node.nprocs);
    for (int r = 0; r < p; r++) {
        const struct wire_head *h = heads[r] = head(e, r, &C->contrib[r]);
        if (h->total > NODE_SLOT || memcmp(h->agree, heads[0]->agree, sizeof h->agree))
            return 0;
    }

    int count = 0, npush = in->npush;  /* the same everywhere: agreed */
    size_t items = 0;
    for (int r = 0; r < p; r++) {
        const struct wire_head *h = heads[r];
        const int64_t *size = (const void *)(h + 1);
        for (int i = 0; i < npush; i++)
            if (size[i] > C->bounds[i])
                C->bounds[i] = size[i];
        row = (const void *)(size + npush);
        int a = ns_comb_hist_lower(row, h->nhist, me);
        if (a < h->nhist && row[a].dest == me)
            count += row[a].count;
        C->contrib_len[r] = h->items_len;
        items += h->items_len;
    }
    C->hist.len = 0;                    /* of the histogram, my count only */
    if (count)
        *(struct hist_entry *)ns_buf_append(&C->hist, sizeof(struct hist_entry)) =
            (struct hist_entry){ me, count };
    if (items || in->prefix) {
        ns_fatal_defer = me != 0;
        ns_comb_fold_contribs(C, in);
        ns_fatal_defer = 0;
    } else                              /* nothing to fold: a BSPlib sync */
        C->total.len = C->prefix.len = 0;
    ns_node.syncs += ns_node.nactive > 1;
    return 1;
}

void
ns_combine_node_free(void)
{
    ns_buf_free(&bundle_out);
    ns_buf_free(&bundle_in);
    free(bundle_reqs);
    free(rebuilt);
    free(heads);
    bundle_reqs = NULL;
    rebuilt = NULL;
    heads = NULL;
}
