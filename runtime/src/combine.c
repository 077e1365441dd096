/*
 * combine.c - the combine phase that ends every superstep (seed 002, 4.2):
 * an upward wave of COMBINE messages from the leaves of the combine tree to
 * the root, merging contributions, and a downward wave of COMMIT messages.
 *
 * Each process contributes (1) the values all processes must agree on (sync
 * or end, superstep, registration and tag-size changes): a mismatch stops the
 * job with a message naming two processes that disagree; (2) the sizes it
 * registered this superstep, combined to their maximum for bounds checks at
 * the call (the owner checks its own size exactly); (3) the
 * N_DAMsgs histogram: the sorted list of destinations it sent a request
 * message to, summed per destination on the way up (sparse, so an empty
 * superstep sends only the fixed header).  On the way down each child gets
 * only the histogram slice of its own subtree, so each process learns how
 * many request messages it will receive.  The barrier is a by-product.
 *
 * With few processes one round beats two waves: in the direct protocol
 * every process sends its contribution (with only its own histogram entry
 * for the receiver) to every other and merges what it receives, the same
 * merge as in the tree.  p - 1 messages per process: for small p only.
 *
 * Receives of the first NS_CHUNK bytes are posted one phase ahead; longer
 * messages send their rest separately.
 */
#include <limits.h>
#include <time.h>
#include "internal.h"

struct wire_head {                  /* both waves */
    uint32_t total;                 /* bytes in the whole message */
    int32_t npush, nhist, pad;
    int64_t agree[NS_NAGREE];       /* up wave only */
    int32_t agree_rank[NS_NAGREE];  /* lowest rank holding agree[k] */
};
struct hist_entry { int32_t dest, count; };

struct inbox {                      /* one pre-posted receive */
    char chunk[NS_CHUNK];
    MPI_Request req;
    struct ns_buf whole;            /* assembled message when > NS_CHUNK */
};

static struct {
    int direct;                     /* the protocol: direct, else tree */
    int nin, *in_rank;              /* whose contributions I merge */
    struct inbox *in;               /* [nin]: from children, or from all peers */
    struct ns_buf *out;             /* [nin]: down to children, or to all peers */
    struct inbox from_parent;
    struct ns_buf up_out;
    MPI_Request *send_reqs; int nsend;
    MPI_Request *in_reqs;           /* [nin]: copies to wait on */
    struct ns_buf hist, hist_tmp;   /* struct hist_entry lists */
    int64_t *bounds; int capbounds;     /* largest size registered, per push */
    int64_t agree[NS_NAGREE];
    int32_t agree_rank[NS_NAGREE];
} C;

static void
post(struct inbox *in, int src, int tag)
{
    MPI_Irecv(in->chunk, NS_CHUNK, MPI_BYTE, src, tag, ns_eng.comm, &in->req);
}

void
ns_combine_init(int direct)
{
    const struct ns_tree *t = &ns_eng.tree;
    int p = ns_proc.nprocs;
    memset(&C, 0, sizeof C);
    C.direct = direct;
    C.nin = direct ? p - 1 : t->nchild;
    C.in_rank = ns_xmalloc(sizeof(int) * (size_t)(C.nin + 1));
    for (int i = 0; i < C.nin; i++)
        C.in_rank[i] = !direct ? t->child[i] : i < ns_proc.pid ? i : i + 1;
    C.in = calloc((size_t)C.nin + 1, sizeof *C.in);
    C.out = calloc((size_t)C.nin + 1, sizeof *C.out);
    C.send_reqs = ns_xmalloc(sizeof *C.send_reqs * 2 * (size_t)(C.nin + 1));
    C.in_reqs = ns_xmalloc(sizeof *C.in_reqs * (size_t)(C.nin + 1));
    if (!C.in || !C.out)
        ns_fatal(&ns_eng.site, "out of memory for the combine of %d processes", p);
    for (int i = 0; i < C.nin; i++)
        post(&C.in[i], C.in_rank[i], NS_TAG_UP);
    if (!direct && t->parent >= 0)
        post(&C.from_parent, t->parent, NS_TAG_DOWN);
}

static void
cancel(struct inbox *in)
{
    MPI_Cancel(&in->req);
    ns_wait(&in->req);                      /* a cancelled receive completes soon */
    ns_buf_free(&in->whole);
}

void
ns_combine_stop(void)
{
    for (int i = 0; i < C.nin; i++) {
        cancel(&C.in[i]);
        ns_buf_free(&C.out[i]);
    }
    if (!C.direct && ns_eng.tree.parent >= 0)
        cancel(&C.from_parent);
    ns_buf_free(&C.up_out);
    ns_buf_free(&C.hist);
    ns_buf_free(&C.hist_tmp);
    free(C.in_rank);
    free(C.in);
    free(C.out);
    free(C.send_reqs);
    free(C.in_reqs);
    free(C.bounds);
    memset(&C, 0, sizeof C);
}

/* Sends a message in one or two parts; completion is awaited at the end. */
static void
send_msg(struct ns_buf *b, int dest, int tag, int rest_tag)
{
    size_t first = b->len < NS_CHUNK ? b->len : NS_CHUNK;
    MPI_Isend(b->data, (int)first, MPI_BYTE, dest, tag, ns_eng.comm, &C.send_reqs[C.nsend++]);
    if (b->len > NS_CHUNK)
        MPI_Isend(b->data + NS_CHUNK, (int)(b->len - NS_CHUNK), MPI_BYTE, dest, rest_tag,
                  ns_eng.comm, &C.send_reqs[C.nsend++]);
}

/* After the first chunk has arrived: the whole message, fetching its rest. */
static const char *
complete(struct inbox *in, int src, int rest_tag)
{
    const struct wire_head *h = (const void *)in->chunk;
    if (h->total <= NS_CHUNK)
        return in->chunk;
    MPI_Request req;
    in->whole.len = 0;
    char *p = ns_buf_append(&in->whole, h->total);
    memcpy(p, in->chunk, NS_CHUNK);
    MPI_Irecv(p + NS_CHUNK, (int)(h->total - NS_CHUNK), MPI_BYTE, src, rest_tag, ns_eng.comm, &req);
    ns_wait(&req);
    return p;
}

static const char *const agree_call[NS_NAGREE] = {
    "bsp_sync", "bsp_sync", "bsp_push_reg", "bsp_pop_reg", "bsp_pop_reg", "bsp_set_tagsize",
    "bsp_sync",
};

static const char *
kind_name(int64_t k)
{
    return k == NS_SYNC_END ? "bsp_end" : "bsp_sync";
}

static void __attribute__((noreturn))
disagree(int k, int64_t va, int ra, int64_t vb, int rb)
{
    const struct ns_site *site = NS_SITE(agree_call[k], NULL, 0);
    if (C.direct && ns_proc.pid != 0) {
        /* Process 0 merges every contribution too, so it finds a disagreement
         * as well and reports it: one line for the job.  Report only if it
         * has not stopped the job within 5 s. */
        struct timespec nap = { 0, 10 * 1000 * 1000 };
        for (int i = 0; i < 500; i++)
            nanosleep(&nap, NULL);
    }
    if (ra > rb) {                  /* name the lower rank first */
        int64_t tv = va; va = vb; vb = tv;
        int tr = ra; ra = rb; rb = tr;
    }
    switch (k) {
    case NS_AGREE_KIND:
        ns_fatal(site, "process %d called %s while process %d called %s; every process must "
                 "call bsp_sync the same number of times before bsp_end",
                 ra, kind_name(va), rb, kind_name(vb));
    case NS_AGREE_STEP:
        ns_fatal(site, "process %d is at superstep %lld but process %d at superstep %lld",
                 ra, (long long)va, rb, (long long)vb);
    case NS_AGREE_NPUSH:
        ns_fatal(site, "process %d called bsp_push_reg %lld times in this superstep but process "
                 "%d called it %lld times; registration is collective: every process must call "
                 "bsp_push_reg (with NULL if it has nothing to register) the same number of times",
                 ra, (long long)va, rb, (long long)vb);
    case NS_AGREE_NPOP:
        ns_fatal(site, "process %d called bsp_pop_reg %lld times in this superstep but process "
                 "%d called it %lld times; every process must pop the same registrations in the "
                 "same superstep", ra, (long long)va, rb, (long long)vb);
    case NS_AGREE_POPS:
        ns_fatal(site, "processes %d and %d popped different registration slots in this "
                 "superstep; each process must pop the address it gave to the same "
                 "bsp_push_reg call (its newest registration of that address)", ra, rb);
    case NS_AGREE_SITE:
        ns_fatal(site, "process %d reached the sync on line %d but process %d the one on line %d%s; "
                 "with NS_CHECK_SITES=1 every process must pass the same sync call in each "
                 "superstep", ra, NS_SITE_LINE(va), rb, NS_SITE_LINE(vb),
                 NS_SITE_LINE(va) == NS_SITE_LINE(vb) ? " of another file" : "");
    default:
        ns_fatal(site, "process %d set the tag size to %lld but process %d to %lld for the next "
                 "superstep; every process must call bsp_set_tagsize with the same size in the "
                 "same superstep", ra, (long long)va, rb, (long long)vb);
    }
}

/* C.hist := C.hist + other (both sorted by dest), summing counts. */
static void
merge_hist(const struct hist_entry *b, int nb)
{
    const struct hist_entry *a = (const void *)C.hist.data;
    int na = (int)(C.hist.len / sizeof *a), i = 0, j = 0;
    C.hist_tmp.len = 0;
    struct hist_entry *o = ns_buf_append(&C.hist_tmp, sizeof *o * (size_t)(na + nb));
    int n = 0;
    while (i < na || j < nb) {
        if (j == nb || (i < na && a[i].dest < b[j].dest))
            o[n++] = a[i++];
        else if (i == na || b[j].dest < a[i].dest)
            o[n++] = b[j++];
        else {
            o[n] = a[i++];
            o[n++].count += b[j++].count;
        }
    }
    C.hist_tmp.len = sizeof *o * (size_t)n;
    struct ns_buf t = C.hist; C.hist = C.hist_tmp; C.hist_tmp = t;
}

static void
merge_child(const char *msg)
{
    const struct wire_head *h = (const void *)msg;
    if (C.agree[NS_AGREE_SITE] == 0) {      /* a sync without a site matches any */
        C.agree[NS_AGREE_SITE] = h->agree[NS_AGREE_SITE];
        C.agree_rank[NS_AGREE_SITE] = h->agree_rank[NS_AGREE_SITE];
    }
    for (int k = 0; k < NS_NAGREE; k++) {
        if (k == NS_AGREE_SITE && h->agree[k] == 0)
            continue;
        if (h->agree[k] != C.agree[k])
            disagree(k, C.agree[k], C.agree_rank[k], h->agree[k], h->agree_rank[k]);
        if (h->agree_rank[k] < C.agree_rank[k])
            C.agree_rank[k] = h->agree_rank[k];
    }
    const int64_t *rb = (const void *)(h + 1);
    for (int i = 0; i < h->npush; i++)
        if (rb[i] > C.bounds[i])
            C.bounds[i] = rb[i];
    merge_hist((const void *)(rb + h->npush), h->nhist);
}

/* Serializes header + bounds + hist entries [first, first+n) into b. */
static void
pack(struct ns_buf *b, int npush, const struct hist_entry *hist, int n)
{
    size_t total = sizeof(struct wire_head) + sizeof(int64_t) * (size_t)npush
                 + sizeof(struct hist_entry) * (size_t)n;
    if (total > INT_MAX)
        ns_fatal(&ns_eng.site, "combine message of %zu bytes is too large", total);
    b->len = 0;
    struct wire_head *h = ns_buf_append(b, total);
    memset(h, 0, sizeof *h);
    h->total = (uint32_t)total;
    h->npush = npush;
    h->nhist = n;
    memcpy(h->agree, C.agree, sizeof C.agree);
    memcpy(h->agree_rank, C.agree_rank, sizeof C.agree_rank);
    memcpy(h + 1, C.bounds, sizeof(int64_t) * (size_t)npush);
    memcpy((char *)(h + 1) + sizeof(int64_t) * (size_t)npush, hist,
           sizeof(struct hist_entry) * (size_t)n);
}

/* First index in the sorted hist with dest >= rank. */
static int
hist_lower(const struct hist_entry *e, int n, int rank)
{
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (e[mid].dest < rank) lo = mid + 1; else hi = mid;
    }
    return lo;
}

static void finish(struct ns_combine_out *out);

/* Waits for every contribution in C.in and merges it into mine. */
static void
merge_inputs(void)
{
    for (int i = 0; i < C.nin; i++)
        C.in_reqs[i] = C.in[i].req;
    ns_wait_all(C.nin, C.in_reqs);
    for (int i = 0; i < C.nin; i++) {
        merge_child(complete(&C.in[i], C.in_rank[i], NS_TAG_UP_REST));
        post(&C.in[i], C.in_rank[i], NS_TAG_UP);
    }
}

/* The direct protocol: my contribution to every peer, theirs to me. */
static void
run_direct(int npush)
{
    const struct hist_entry *mine = (const void *)C.hist.data;
    int n = (int)(C.hist.len / sizeof *mine);
    for (int i = 0; i < C.nin; i++) {
        int q = C.in_rank[i], a = hist_lower(mine, n, q);
        pack(&C.out[i], npush, mine + a, a < n && mine[a].dest == q);
        send_msg(&C.out[i], q, NS_TAG_UP, NS_TAG_UP_REST);
    }
    C.hist.len = 0;             /* what I send is no count of mine */
    merge_inputs();
}

void
ns_combine_run(const struct ns_combine_in *in, struct ns_combine_out *out)
{
    const struct ns_tree *t = &ns_eng.tree;
    int npush = in->npush;

    /* my contribution */
    for (int k = 0; k < NS_NAGREE; k++) {
        C.agree[k] = in->agree[k];
        C.agree_rank[k] = ns_proc.pid;
    }
    if (npush > C.capbounds) {
        C.capbounds = npush;
        C.bounds = ns_xrealloc(C.bounds, sizeof *C.bounds * (size_t)npush);
    }
    for (int i = 0; i < npush; i++)
        C.bounds[i] = in->push_sizes[i];       /* -1 for NULL */
    C.hist.len = 0;
    struct hist_entry *mine = ns_buf_append(&C.hist, sizeof *mine * (size_t)in->ndest);
    for (int i = 0; i < in->ndest; i++)
        mine[i] = (struct hist_entry){ in->dest[i], 1 };

    C.nsend = 0;
    if (C.direct) {
        run_direct(npush);
        finish(out);
        return;
    }

    /* upward wave: merge the children's contributions */
    merge_inputs();

    /* to the parent and back, or the root decides */
    const struct hist_entry *hist;
    int nhist;
    if (t->parent >= 0) {
        pack(&C.up_out, npush, (const void *)C.hist.data, (int)(C.hist.len / sizeof *hist));
        send_msg(&C.up_out, t->parent, NS_TAG_UP, NS_TAG_UP_REST);
        ns_wait(&C.from_parent.req);
        const struct wire_head *h = (const void *)complete(&C.from_parent, t->parent,
                                                            NS_TAG_DOWN_REST);
        memcpy(C.bounds, h + 1, sizeof(int64_t) * (size_t)npush);
        /* keep the slice in C.hist: the receive buffer is reposted below */
        C.hist.len = 0;
        nhist = h->nhist;
        void *dst = ns_buf_append(&C.hist, sizeof(struct hist_entry) * (size_t)nhist);
        memcpy(dst, (const char *)(h + 1) + sizeof(int64_t) * (size_t)npush,
               sizeof(struct hist_entry) * (size_t)nhist);
        post(&C.from_parent, t->parent, NS_TAG_DOWN);
    } else {
        nhist = (int)(C.hist.len / sizeof(struct hist_entry));
    }
    hist = (const void *)C.hist.data;

    /* downward wave: each child gets the histogram of its subtree only */
    for (int i = 0; i < t->nchild; i++) {
        int a = hist_lower(hist, nhist, t->child[i]);
        int b = hist_lower(hist, nhist, t->child_hi[i]);
        pack(&C.out[i], npush, hist + a, b - a);
        send_msg(&C.out[i], t->child[i], NS_TAG_DOWN, NS_TAG_DOWN_REST);
    }
    finish(out);
}

/* The outcome, from the merged histogram; then my sends complete. */
static void
finish(struct ns_combine_out *out)
{
    const struct hist_entry *hist = (const void *)C.hist.data;
    int nhist = (int)(C.hist.len / sizeof *hist);
    int me = hist_lower(hist, nhist, ns_proc.pid);
    out->nrecv = (me < nhist && hist[me].dest == ns_proc.pid) ? hist[me].count : 0;
    out->max_size = C.bounds;
    ns_wait_all(C.nsend, C.send_reqs);
}
