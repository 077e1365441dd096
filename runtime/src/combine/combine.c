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
 * With few processes one round beats two waves: the direct protocol
 * (combine_direct.c) sends each contribution to every peer and merges them
 * with the same code (here).  p - 1 messages per process.
 *
 * NestStep adds (4) combine items (items.c): each process's written shared
 * variables, folded on the way up in rank order (preorder: me, then each
 * child's subtree), the total committed on the way down; a child also gets
 * the exclusive prefix of everything left of its subtree, computed from the
 * subtree sums kept from the up wave.
 *
 * Every group has its own combiner (struct ns_combiner, combiner.h) on its
 * own tags.
 * Receives of the first NS_CHUNK bytes are posted one phase ahead; longer
 * messages send their rest separately.
 */
#include <limits.h>
#include <stdio.h>
#include "internal.h"
#include "combiner.h"
#include "profile.h"

static int world(const struct ns_combiner *C, int grank) { return C->g->member[grank]; }

static void
post(struct ns_combiner *C, struct inbox *in, int src, int tag)
{
    MPI_Irecv(in->chunk, NS_CHUNK, MPI_BYTE, world(C, src), tag, ns_eng.comm, &in->req);
}

struct ns_combiner *
ns_combine_new(struct ns_group *g, int direct)
{
    const struct ns_tree *t = &g->tree;
    int p = g->size;
    struct ns_combiner *C = calloc(1, sizeof *C);
    if (!C)
        ns_fatal(&ns_eng.site, "out of memory for the combine of %d processes", p);
    C->g = g;
    C->direct = direct;
    C->node = ns_combine_node_serves(g);
    C->tag_up = NS_GTAG(g->depth, NS_GTAG_UP);
    C->tag_up_rest = NS_GTAG(g->depth, NS_GTAG_UP_REST);
    C->tag_down = NS_GTAG(g->depth, NS_GTAG_DOWN);
    C->tag_down_rest = NS_GTAG(g->depth, NS_GTAG_DOWN_REST);
    C->nin = direct ? p - 1 : t->nchild;
    C->in_rank = ns_xmalloc(sizeof(int) * (size_t)(C->nin + 1));
    for (int i = 0; i < C->nin; i++)
        C->in_rank[i] = !direct ? t->child[i] : i < g->rank ? i : i + 1;
    C->in = calloc((size_t)C->nin + 1, sizeof *C->in);
    C->out = calloc((size_t)C->nin + 1, sizeof *C->out);
    C->sub = calloc((size_t)C->nin + 1, sizeof *C->sub);
    C->send_reqs = ns_xmalloc(sizeof *C->send_reqs * 2 * (size_t)(C->nin + 1));
    C->in_reqs = ns_xmalloc(sizeof *C->in_reqs * (size_t)(C->nin + 1));
    if (direct || C->node) {
        C->contrib = ns_xmalloc(sizeof *C->contrib * (size_t)p);
        C->contrib_len = ns_xmalloc(sizeof *C->contrib_len * (size_t)p);
        C->nscratch = 2 * (p + 1);
        C->scratch = calloc((size_t)C->nscratch, sizeof *C->scratch);
    }
    if (!C->in || !C->out || !C->sub || ((direct || C->node) && !C->scratch))
        ns_fatal(&ns_eng.site, "out of memory for the combine of %d processes", p);
    for (int i = 0; i < C->nin; i++)
        post(C, &C->in[i], C->in_rank[i], C->tag_up);
    if (!direct && t->parent >= 0)
        post(C, &C->from_parent, t->parent, C->tag_down);
    return C;
}

static void
cancel(struct inbox *in)
{
    MPI_Cancel(&in->req);
    ns_wait(&in->req);                      /* a cancelled receive completes soon */
    ns_buf_free(&in->whole);
}

void
ns_combine_free(struct ns_combiner *C)
{
    if (!C)
        return;
    for (int i = 0; i < C->nin; i++) {
        cancel(&C->in[i]);
        ns_buf_free(&C->out[i]);
        ns_buf_free(&C->sub[i]);
    }
    if (!C->direct && C->g->tree.parent >= 0)
        cancel(&C->from_parent);
    for (int i = 0; i < C->nscratch; i++)
        ns_buf_free(&C->scratch[i]);
    struct ns_buf *bufs[] = { &C->up_out, &C->hist, &C->hist_tmp, &C->acc, &C->tmp,
                              &C->total, &C->prefix, &C->run };
    for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
        ns_buf_free(bufs[i]);
    free(C->in_rank);
    free(C->in);
    free(C->out);
    free(C->sub);
    free(C->send_reqs);
    free(C->in_reqs);
    free(C->bounds);
    free(C->contrib);
    free(C->contrib_len);
    free(C->scratch);
    free(C);
}

/* Sends a message in one or two parts; completion is awaited at the end. */
void
ns_comb_send(struct ns_combiner *C, struct ns_buf *b, int dest, int tag, int rest_tag)
{
    size_t first = b->len < NS_CHUNK ? b->len : NS_CHUNK;
    int w = world(C, dest);
    MPI_Isend(b->data, (int)first, MPI_BYTE, w, tag, ns_eng.comm, &C->send_reqs[C->nsend++]);
    if (b->len > NS_CHUNK)
        MPI_Isend(b->data + NS_CHUNK, (int)(b->len - NS_CHUNK), MPI_BYTE, w, rest_tag,
                  ns_eng.comm, &C->send_reqs[C->nsend++]);
}

/* After the first chunk has arrived: the whole message, fetching its rest. */
static const char *
complete(struct ns_combiner *C, struct inbox *in, int src, int rest_tag)
{
    const struct wire_head *h = (const void *)in->chunk;
    if (h->total <= NS_CHUNK)
        return in->chunk;
    MPI_Request req;
    in->whole.len = 0;
    char *p = ns_buf_append(&in->whole, h->total);
    memcpy(p, in->chunk, NS_CHUNK);
    MPI_Irecv(p + NS_CHUNK, (int)(h->total - NS_CHUNK), MPI_BYTE, world(C, src), rest_tag,
              ns_eng.comm, &req);
    ns_wait(&req);
    return p;
}

static const char *const agree_call[NS_NAGREE] = {
    "bsp_sync", "bsp_sync", "bsp_push_reg", "bsp_pop_reg", "bsp_pop_reg", "bsp_set_tagsize",
    "bsp_sync", "neststep", "bsp_sync",
};

static const char *
kind_name(int64_t k)
{
    switch (k) {
    case NS_SYNC_END: return "bsp_end";
    case NS_SYNC_STEP: return "bsp_sync";
    case NS_SYNC_NS_STEP: return "a step";
    case NS_SYNC_NS_SPLIT: return "a neststep";
    case NS_SYNC_NS_JOIN: return "the end of a neststep";
    case NS_SYNC_NS_END: return "NestStep_finalize";
    default: return "?";
    }
}

/* Where the group's processes ra and rb are (stall_detect.c): whether
 * each answered.  In the direct protocol only the group's process 0
 * reports (the others defer to it), so the others ask nobody. */
int (*ns_combine_where_ask)(const int *ranks, int n, struct ns_where *out, int *got);
void (*ns_combine_coll_disagree)(int ra, int64_t va, int rb, int64_t vb) __attribute__((noreturn));

static void
ask_two(struct ns_combiner *C, int ra, int rb, struct ns_where w[2], int got[2])
{
    int ranks[2] = { C->g->member[ra], C->g->member[rb] };
    got[0] = got[1] = 0;
    if (!ns_fatal_defer)
        ns_combine_where_ask(ranks, 2, w, got);
}

/* " at FILE:LINE" of an answer, or "" without one. */
static const char *
at_site(char *buf, size_t size, const struct ns_where *w, int got)
{
    char site[300];
    buf[0] = 0;
    if (got)
        snprintf(buf, size, " at %s", ns_where_site(site, sizeof site, w->file, w->line));
    return buf;
}

/* A skipped (or extra) bsp_sync, found where one process ends. */
static void __attribute__((noreturn))
kinds_differ(struct ns_combiner *C, const struct ns_site *site, int ra, int64_t va, int rb,
             int64_t vb)
{
    struct ns_where w[2];
    int got[2];
    char sa[320], sb[320];
    ask_two(C, ra, rb, w, got);
    ns_fatal(site, "process %d called %s%s while process %d called %s%s; every process must call "
             "bsp_sync the same number of times before bsp_end: one skipped a bsp_sync that the "
             "other passed (or passed one more) in an earlier superstep; %s",
             ra, kind_name(va), at_site(sa, sizeof sa, &w[0], got[0]),
             rb, kind_name(vb), at_site(sb, sizeof sb, &w[1], got[1]),
             ns_eng.check_sites ? "NS_CHECK_SITES=1 found no earlier superstep in which they "
             "passed different bsp_sync calls, so the same calls ran a different number of times "
             "(the count of a loop around a bsp_sync)" : "run with NS_CHECK_SITES=1 to stop at the "
             "first superstep in which processes pass different bsp_sync calls, with the file "
             "and line of each");
}

/* NS_CHECK_SITES=1: processes passed different bsp_sync calls. */
static void __attribute__((noreturn))
sites_differ(struct ns_combiner *C, const struct ns_site *site, int ra, int64_t va, int rb,
             int64_t vb)
{
    struct ns_where w[2];
    int got[2];
    char sa[320], sb[320];
    ask_two(C, ra, rb, w, got);
    if (got[0] && got[1])
        ns_fatal(site, "process %d reached the sync at %s but process %d the one at %s; with "
                 "NS_CHECK_SITES=1 every process must pass the same sync call in each superstep",
                 ra, ns_where_site(sa, sizeof sa, w[0].file, w[0].line),
                 rb, ns_where_site(sb, sizeof sb, w[1].file, w[1].line));
    ns_fatal(site, "process %d reached the sync on line %d but process %d the one on line %d%s; "
             "with NS_CHECK_SITES=1 every process must pass the same sync call in each "
             "superstep", ra, NS_SITE_LINE(va), rb, NS_SITE_LINE(vb),
             NS_SITE_LINE(va) == NS_SITE_LINE(vb) ? " of another file" : "");
}

/* NS_CHECK_SITES=1: as many bsp_push_reg calls, at different sites or in
 * a different order; named by the first that differs. */
static void __attribute__((noreturn))
pushes_differ(struct ns_combiner *C, const struct ns_site *site, int ra, int rb)
{
    struct ns_where w[2];
    int got[2];
    ask_two(C, ra, rb, w, got);
    const char *fix = "registration pairs the first bsp_push_reg of every process, then the "
        "second and so on, so every process must register its areas in the same order (with "
        "NS_CHECK_SITES=1: by the same calls, file and line), or a put to one area lands in "
        "another";
    if (got[0] && got[1]) {
        int n = w[0].npush < NS_WHERE_PUSHES ? w[0].npush : NS_WHERE_PUSHES;
        for (int i = 0; i < n; i++) {
            if (w[0].push[i].line == w[1].push[i].line
                && !strcmp(w[0].push[i].file, w[1].push[i].file))
                continue;
            char sa[300], sb[300];
            ns_fatal(site, "the bsp_push_reg calls of this superstep differ: call %d of process %d "
                     "is at %s but call %d of process %d at %s; %s", i + 1, ra,
                     ns_where_site(sa, sizeof sa, w[0].push[i].file, w[0].push[i].line), i + 1,
                     rb, ns_where_site(sb, sizeof sb, w[1].push[i].file, w[1].push[i].line), fix);
        }
    }
    ns_fatal(site, "processes %d and %d made their bsp_push_reg calls of this superstep at "
             "different files and lines, or in a different order; %s", ra, rb, fix);
}

static void __attribute__((noreturn))
disagree(struct ns_combiner *C, int k, int64_t va, int ra, int64_t vb, int rb)
{
    int ns = C->agree[NS_AGREE_KIND] >= NS_SYNC_NS_STEP;
    const struct ns_site *site = ns ? &C->g->site : NS_SITE(agree_call[k], NULL, 0);
    if (ra > rb) {                  /* name the lower rank first */
        int64_t tv = va; va = vb; vb = tv;
        int tr = ra; ra = rb; rb = tr;
    }
    if (ns && k == NS_AGREE_SPLIT)
        ns_fatal(site, "processes %d and %d split the group differently at this neststep (a "
                 "different number of subgroups or different weights); k and the weights must "
                 "be the same on every member", ra, rb);
    if (ns) {                       /* k is NS_AGREE_SITE: kind and line of each */
        char la[48] = "", lb[48] = "";  /* no line: NestStep_finalize */
        if (NS_SITE_LINE(va) > 0)
            snprintf(la, sizeof la, " on line %d", NS_SITE_LINE(va));
        if (NS_SITE_LINE(vb) > 0)
            snprintf(lb, sizeof lb, " on line %d%s", NS_SITE_LINE(vb),
                     NS_SITE_KIND(va) == NS_SITE_KIND(vb) && NS_SITE_LINE(va) == NS_SITE_LINE(vb)
                     ? " of another file" : "");
        ns_fatal(site, "process %d reached %s%s but process %d reached %s%s; every member of a "
                 "group must execute the same sequence of steps and neststeps",
                 ra, kind_name(NS_SITE_KIND(va)), la, rb, kind_name(NS_SITE_KIND(vb)), lb);
    }
    switch (k) {
    case NS_AGREE_KIND:
        kinds_differ(C, site, ra, va, rb, vb);
    case NS_AGREE_STEP:
        ns_fatal(site, "process %d is at superstep %lld but process %d at superstep %lld",
                 ra, (long long)va, rb, (long long)vb);
    case NS_AGREE_NPUSH:
        if (NS_NPUSH_COUNT(va) == NS_NPUSH_COUNT(vb))
            pushes_differ(C, site, ra, rb);
        ns_fatal(site, "process %d called bsp_push_reg %d times in this superstep but process "
                 "%d called it %d times; registration is collective: every process must call "
                 "bsp_push_reg (with NULL if it has nothing to register) the same number of times",
                 ra, NS_NPUSH_COUNT(va), rb, NS_NPUSH_COUNT(vb));
    case NS_AGREE_NPOP:
        ns_fatal(site, "process %d called bsp_pop_reg %lld times in this superstep but process "
                 "%d called it %lld times; every process must pop the same registrations in the "
                 "same superstep", ra, (long long)va, rb, (long long)vb);
    case NS_AGREE_POPS:
        ns_fatal(site, "processes %d and %d popped different registration slots in this "
                 "superstep; each process must pop the address it gave to the same "
                 "bsp_push_reg call (its newest registration of that address)", ra, rb);
    case NS_AGREE_SITE:
        sites_differ(C, site, ra, va, rb, vb);
    case NS_AGREE_COLL:
        ns_combine_coll_disagree(ra, va, rb, vb);
    default:
        if (va < 0 || vb < 0)       /* one called bsp_set_tagsize, one did not */
            ns_fatal(&(struct ns_site){ "bsp_sync", ns_eng.site.file, ns_eng.site.line },
                     "process %d called bsp_set_tagsize (size %lld) in this superstep but "
                     "process %d did not; every process must call bsp_set_tagsize in the same "
                     "superstep (with the same size), even when the size does not change",
                     va < 0 ? rb : ra, (long long)(va < 0 ? vb : va), va < 0 ? ra : rb);
        ns_fatal(site, "process %d set the tag size to %lld but process %d to %lld for the next "
                 "superstep; every process must call bsp_set_tagsize with the same size in the "
                 "same superstep", ra, (long long)va, rb, (long long)vb);
    }
}

/* C->hist := C->hist + other (both sorted by dest), summing counts. */
static void
merge_hist(struct ns_combiner *C, const struct hist_entry *b, int nb)
{
    const struct hist_entry *a = (const void *)C->hist.data;
    int na = (int)(C->hist.len / sizeof *a), i = 0, j = 0;
    C->hist_tmp.len = 0;
    struct hist_entry *o = ns_buf_append(&C->hist_tmp, sizeof *o * (size_t)(na + nb));
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
    C->hist_tmp.len = sizeof *o * (size_t)n;
    struct ns_buf t = C->hist; C->hist = C->hist_tmp; C->hist_tmp = t;
}

static const char *
items_of(const struct wire_head *h)
{
    return (const char *)(h + 1) + sizeof(int64_t) * (size_t)h->npush
         + sizeof(struct hist_entry) * (size_t)h->nhist;
}

/* Merges a contribution's agreement values, bounds and histogram (in any
 * order: these merges commute); its items are folded by the caller. */
static void
merge_child(struct ns_combiner *C, const char *msg)
{
    const struct wire_head *h = (const void *)msg;
    if (C->agree[NS_AGREE_KIND] >= NS_SYNC_NS_STEP || h->agree[NS_AGREE_KIND] >= NS_SYNC_NS_STEP) {
        /* NestStep: every member passes the same step, always checked */
        if (h->agree[NS_AGREE_SITE] == C->agree[NS_AGREE_SITE] &&
            h->agree[NS_AGREE_SPLIT] != C->agree[NS_AGREE_SPLIT])
            disagree(C, NS_AGREE_SPLIT, 0, C->agree_rank[NS_AGREE_SPLIT], 0,
                     h->agree_rank[NS_AGREE_SPLIT]);
        for (int k = 0; k < NS_NAGREE; k++)
            if (h->agree[k] != C->agree[k])
                disagree(C, NS_AGREE_SITE, C->agree[NS_AGREE_SITE], C->agree_rank[NS_AGREE_SITE],
                         h->agree[NS_AGREE_SITE], h->agree_rank[NS_AGREE_SITE]);
    }
    if (C->agree[NS_AGREE_SITE] == 0) {     /* a sync without a site matches any */
        C->agree[NS_AGREE_SITE] = h->agree[NS_AGREE_SITE];
        C->agree_rank[NS_AGREE_SITE] = h->agree_rank[NS_AGREE_SITE];
    }
    for (int k = 0; k < NS_NAGREE; k++) {
        if (k == NS_AGREE_SITE && h->agree[k] == 0)
            continue;
        if (h->agree[k] != C->agree[k])
            disagree(C, k, C->agree[k], C->agree_rank[k], h->agree[k], h->agree_rank[k]);
        if (h->agree_rank[k] < C->agree_rank[k])
            C->agree_rank[k] = h->agree_rank[k];
    }
    const int64_t *rb = (const void *)(h + 1);
    for (int i = 0; i < h->npush; i++)
        if (rb[i] > C->bounds[i])
            C->bounds[i] = rb[i];
    merge_hist(C, (const void *)(rb + h->npush), h->nhist);
}

/* Serializes header + bounds + hist entries + items + prefix items into b. */
void
ns_comb_pack(struct ns_combiner *C, struct ns_buf *b, int npush, const struct hist_entry *hist, int n,
     const struct ns_buf *items, const struct ns_buf *prefix)
{
    size_t ilen = items ? items->len : 0, plen = prefix ? prefix->len : 0;
    size_t total = sizeof(struct wire_head) + sizeof(int64_t) * (size_t)npush
                 + sizeof(struct hist_entry) * (size_t)n + ilen + plen;
    if (total > INT_MAX)
        ns_fatal(&ns_eng.site, "combine message of %zu bytes is too large", total);
    b->len = 0;
    struct wire_head *h = ns_buf_append(b, total);
    memset(h, 0, sizeof *h);
    h->total = (uint32_t)total;
    h->npush = npush;
    h->nhist = n;
    h->items_len = (uint32_t)ilen;
    h->prefix_len = (uint32_t)plen;
    memcpy(h->agree, C->agree, sizeof C->agree);
    memcpy(h->agree_rank, C->agree_rank, sizeof C->agree_rank);
    char *p = (char *)(h + 1);
    memcpy(p, C->bounds, sizeof(int64_t) * (size_t)npush);
    p += sizeof(int64_t) * (size_t)npush;
    memcpy(p, hist, sizeof(struct hist_entry) * (size_t)n);
    p += sizeof(struct hist_entry) * (size_t)n;
    if (ilen)
        memcpy(p, items->data, ilen);
    if (plen)
        memcpy(p + ilen, prefix->data, plen);
}

/* First index in the sorted hist with dest >= rank. */
int
ns_comb_hist_lower(const struct hist_entry *e, int n, int rank)
{
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (e[mid].dest < rank) lo = mid + 1; else hi = mid;
    }
    return lo;
}

/* acc := acc (+) b */
void
ns_comb_fold(struct ns_combiner *C, struct ns_buf *acc, const char *b, size_t blen, int prefix_only)
{
    if (blen == 0 && !prefix_only)
        return;
    ns_items_fold(&C->tmp, acc->data, acc->len, b, blen, prefix_only);
    struct ns_buf t = *acc; *acc = C->tmp; C->tmp = t;
}


/* Waits for n receives of the combine, doing the caller's other work
 * (serving requests that have arrived) while they are not in. */
static void
wait_idle(struct ns_combiner *C, int n, MPI_Request *reqs)
{
    if (!C->idle) {
        ns_wait_all(n, reqs);
        return;
    }
    struct ns_backoff b = { 0 };
    for (;;) {
        int done = 0;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overflow"
        MPI_Testall(n, reqs, &done, MPI_STATUSES_IGNORE);
#pragma GCC diagnostic pop
        if (done)
            break;
        int defer = ns_fatal_defer;     /* what the idle work finds is mine */
        ns_fatal_defer = 0;
        C->idle(C->g);
        ns_fatal_defer = defer;
        ns_backoff_idle(&b);
    }
    ns_backoff_done(&b);
}

/* Waits for every contribution in C->in and merges it into mine; in the
 * tree, folds the children's items into C->acc in order and keeps each
 * child's items when prefixes are wanted. */
void
ns_comb_merge_inputs(struct ns_combiner *C, int prefix)
{
    for (int i = 0; i < C->nin; i++)
        C->in_reqs[i] = C->in[i].req;
    wait_idle(C, C->nin, C->in_reqs);
    for (int i = 0; i < C->nin; i++) {
        const char *msg = complete(C, &C->in[i], C->in_rank[i], C->tag_up_rest);
        const struct wire_head *h = (const void *)msg;
        merge_child(C, msg);
        if (C->direct) {            /* kept until all are in: copy */
            C->sub[i].len = 0;
            if (h->items_len)
                memcpy(ns_buf_append(&C->sub[i], h->items_len), items_of(h), h->items_len);
        } else {
            ns_comb_fold(C, &C->acc, items_of(h), h->items_len, 0);
            if (prefix) {
                C->sub[i].len = 0;
                memcpy(ns_buf_append(&C->sub[i], h->items_len), items_of(h), h->items_len);
            }
        }
        post(C, &C->in[i], C->in_rank[i], C->tag_up);
    }
}

static void finish(struct ns_combiner *C, struct ns_combine_out *out);

void
ns_combine_run(struct ns_group *g, const struct ns_combine_in *in, struct ns_combine_out *out)
{
    struct ns_combiner *C = g->comb;
    const struct ns_tree *t = &g->tree;
    int npush = in->npush;

    C->idle = in->idle;
    /* my contribution */
    for (int k = 0; k < NS_NAGREE; k++) {
        C->agree[k] = in->agree[k];
        C->agree_rank[k] = g->rank;
    }
    if (npush > C->capbounds || !C->bounds) {     /* never NULL, even for npush 0 */
        C->capbounds = npush;
        C->bounds = ns_xrealloc(C->bounds, sizeof *C->bounds * (size_t)npush);
    }
    for (int i = 0; i < npush; i++)
        C->bounds[i] = in->push_sizes[i];       /* -1 for NULL */
    C->hist.len = 0;
    struct hist_entry *mine = ns_buf_append(&C->hist, sizeof *mine * (size_t)in->ndest);
    for (int i = 0; i < in->ndest; i++)
        mine[i] = (struct hist_entry){ in->dest[i], 1 };
    C->acc.len = 0;
    if (in->items_len)
        memcpy(ns_buf_append(&C->acc, in->items_len), in->items, in->items_len);

    C->nsend = 0;
    if (C->node && ns_combine_node(C, in)) {   /* node-local segments */
        NS_PROF(ns_prof_node_local());
        finish(C, out);
        return;
    }
    if (C->direct) {
        ns_combine_run_direct(C, in);
        finish(C, out);
        return;
    }

    /* upward wave: merge the children's contributions */
    ns_comb_merge_inputs(C, in->prefix);

    /* to the parent and back, or the root decides */
    const struct hist_entry *hist;
    int nhist;
    if (t->parent >= 0) {
        ns_comb_pack(C, &C->up_out, npush, (const void *)C->hist.data,
             (int)(C->hist.len / sizeof *hist), &C->acc, NULL);
        ns_comb_send(C, &C->up_out, t->parent, C->tag_up, C->tag_up_rest);
        wait_idle(C, 1, &C->from_parent.req);
        const struct wire_head *h = (const void *)complete(C, &C->from_parent, t->parent,
                                                            C->tag_down_rest);
        memcpy(C->bounds, h + 1, sizeof(int64_t) * (size_t)npush);
        /* keep what we need: the receive buffer is reposted below */
        C->hist.len = 0;
        nhist = h->nhist;
        void *dst = ns_buf_append(&C->hist, sizeof(struct hist_entry) * (size_t)nhist);
        memcpy(dst, (const char *)(h + 1) + sizeof(int64_t) * (size_t)npush,
               sizeof(struct hist_entry) * (size_t)nhist);
        const char *it = items_of(h);
        C->total.len = C->prefix.len = 0;
        if (h->items_len)
            memcpy(ns_buf_append(&C->total, h->items_len), it, h->items_len);
        if (h->prefix_len)
            memcpy(ns_buf_append(&C->prefix, h->prefix_len), it + h->items_len, h->prefix_len);
        post(C, &C->from_parent, t->parent, C->tag_down);
    } else {
        nhist = (int)(C->hist.len / sizeof(struct hist_entry));
        struct ns_buf x = C->total; C->total = C->acc; C->acc = x;
        C->prefix.len = 0;
    }
    hist = (const void *)C->hist.data;

    /* downward wave: each child gets the histogram of its subtree only, the
     * total, and the prefix of everything left of its subtree */
    C->run.len = 0;
    if (in->prefix) {
        if (C->prefix.len)
            memcpy(ns_buf_append(&C->run, C->prefix.len), C->prefix.data, C->prefix.len);
        ns_comb_fold(C, &C->run, in->items, in->items_len, 1);
    }
    for (int i = 0; i < t->nchild; i++) {
        int a = ns_comb_hist_lower(hist, nhist, t->child[i]);
        int b = ns_comb_hist_lower(hist, nhist, t->child_hi[i]);
        ns_comb_pack(C, &C->out[i], npush, hist + a, b - a, &C->total, in->prefix ? &C->run : NULL);
        ns_comb_send(C, &C->out[i], t->child[i], C->tag_down, C->tag_down_rest);
        if (in->prefix && i + 1 < t->nchild)
            ns_comb_fold(C, &C->run, C->sub[i].data, C->sub[i].len, 1);
    }
    finish(C, out);
}

/* The outcome, from the merged histogram; then my sends complete. */
static void
finish(struct ns_combiner *C, struct ns_combine_out *out)
{
    const struct hist_entry *hist = (const void *)C->hist.data;
    int nhist = (int)(C->hist.len / sizeof *hist);
    int me = ns_comb_hist_lower(hist, nhist, C->g->rank);
    out->nrecv = (me < nhist && hist[me].dest == C->g->rank) ? hist[me].count : 0;
    out->max_size = C->bounds;
    out->total = C->total.data;
    out->total_len = C->total.len;
    out->prefix = C->prefix.data;
    out->prefix_len = C->prefix.len;
    ns_wait_all(C->nsend, C->send_reqs);
}

int ns_combine_direct(const struct ns_group *g) { return g->comb && g->comb->direct; }
