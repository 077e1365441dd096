/*
 * combine_node.c - the combine of a group whose members all share one node,
 * through the node-local shared-memory segment (node.c) instead of MPI
 * messages.  Each member writes its contribution (the tree's wire message:
 * agreement values, pushed sizes, its N_DAMsgs row, combine items) into its
 * slot, raises its arrival counter, and waits, spinning then yielding as
 * every wait does (wait.c), until every member's counter has reached this
 * combine.  Then each member reads every slot: it merges the agreement
 * values and sizes in rank order (process 0 reports a disagreement, the
 * others defer to it, as in the direct protocol), counts the rows that name
 * it, and folds the items as the tree folds them (combine_direct.c), so
 * results, checks and messages are bitwise those of the MPI combine.
 * Slots alternate by parity: a member writes the slots of combine e + 2 only
 * after everybody has arrived at e + 1, that is, after all have read e.
 * A contribution longer than a slot sends every member to the MPI combine.
 */
#include <stdatomic.h>
#include "internal.h"
#include "combiner.h"
#include "node.h"

#define NODE_LINE 64            /* one arrival counter per cache line */
#define NODE_SLOT 4096          /* bytes of one contribution */

struct node_flag {
    _Atomic long epoch;         /* combines this member has entered */
    char pad[NODE_LINE - sizeof(long)];
};

static long epoch;              /* combines of the root group so far */

size_t
ns_node_seg_bytes(int n)
{
    return (size_t)n * (NODE_LINE + 2 * NODE_SLOT);
}

static struct node_flag *
flag(int r)
{
    return (struct node_flag *)ns_node.seg + r;
}

static char *
slot(long e, int r)
{
    size_t n = (size_t)ns_node.nactive;
    return ns_node.seg + n * NODE_LINE + ((size_t)(e & 1) * n + (size_t)r) * NODE_SLOT;
}

int
ns_combine_node_serves(const struct ns_group *g)
{
    return ns_node.shm && g->depth == 0 && g->size == ns_node.nactive && g->size > 1
        && ns_eng.exchange == NS_EXCHANGE_TREE;
}

/* Until every member has entered combine e, doing the run's other work
 * (serving requests that have arrived) meanwhile. */
static void
wait_arrivals(struct ns_combiner *C, long e)
{
    struct ns_backoff b = { 0 };
    for (int r = 0; r < C->g->size;) {
        if (atomic_load_explicit(&flag(r)->epoch, memory_order_acquire) >= e) {
            r++;
            continue;
        }
        if (C->idle) {
            int defer = ns_fatal_defer;     /* what the idle work finds is mine */
            ns_fatal_defer = 0;
            C->idle(C->g);
            ns_fatal_defer = defer;
        }
        ns_backoff_idle(&b);
    }
    ns_backoff_done(&b);
}

int
ns_combine_node(struct ns_combiner *C, const struct ns_combine_in *in)
{
    int p = C->g->size, me = C->g->rank;
    long e = ++epoch;
    const struct hist_entry *row = (const void *)C->hist.data;
    ns_comb_pack(C, &C->up_out, in->npush, row, (int)(C->hist.len / sizeof *row), &C->acc, NULL);
    char *mine = slot(e, me);
    if (C->up_out.len <= NODE_SLOT)
        memcpy(mine, C->up_out.data, C->up_out.len);
    else                                /* only its length: too long */
        ((struct wire_head *)mine)->total = (uint32_t)C->up_out.len;
    atomic_store_explicit(&flag(me)->epoch, e, memory_order_release);
    wait_arrivals(C, e);
    for (int r = 0; r < p; r++)
        if (((const struct wire_head *)slot(e, r))->total > NODE_SLOT)
            return 0;                   /* everybody sees it: all go to MPI */

    ns_fatal_defer = me != 0;
    int count = 0;
    for (int r = 0; r < p; r++) {
        const struct wire_head *h = (const void *)slot(e, r);
        if (r != me)
            ns_comb_merge(C, (const char *)h, 0);
        row = (const void *)((const char *)(h + 1) + sizeof(int64_t) * (size_t)h->npush);
        int a = ns_comb_hist_lower(row, h->nhist, me);
        if (a < h->nhist && row[a].dest == me)
            count += row[a].count;
        C->contrib[r] = ns_comb_items(h);
        C->contrib_len[r] = h->items_len;
    }
    C->hist.len = 0;                    /* of the histogram, my count only */
    if (count)
        *(struct hist_entry *)ns_buf_append(&C->hist, sizeof(struct hist_entry)) =
            (struct hist_entry){ me, count };
    ns_comb_fold_contribs(C, in);
    ns_fatal_defer = 0;
    ns_node.syncs++;
    return 1;
}
