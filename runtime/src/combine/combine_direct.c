/*
 * combine_direct.c - the combine's direct protocol: with few processes one
 * round beats the tree's two waves.  Every process sends its contribution
 * (the agreement values, registered sizes, items, and of its histogram only
 * the receiver's own entry) to every other and merges the p - 1 it receives
 * with the tree's merge, so the checks, sizes and counts are the tree's.
 * p - 1 messages per process: used for groups of at most NS_DIRECT_MAX
 * processes, or at every p with NS_EXCHANGE=direct (count_exchange.c).
 *
 * Combine items are folded as the tree would fold them: the same tree is
 * evaluated locally from all contributions (subtree sums in preorder, the
 * exclusive prefix from the subtrees left of mine), so both protocols give
 * bitwise the same results.
 */
#include "internal.h"
#include "combiner.h"

/* Items in a buffer of the combine's or in a contribution. */
struct items { const char *p; size_t len; };

/* Direct protocol: the items of the subtree [lo, hi), folded as the tree
 * would: a subtree whose children bring nothing is its root's contribution
 * itself (no copy); else the fold is in C->scratch[2 * level], valid until
 * the next call at that level. */
static struct items
subtree(struct ns_combiner *C, int lo, int hi, int level)
{
    int arity = C->g->tree.arity, k = ns_tree_nchild(lo, hi, arity);
    struct ns_buf *acc = &C->scratch[2 * level], *tmp = &C->scratch[2 * level + 1];
    struct items r = { C->contrib[lo], C->contrib_len[lo] };
    for (int i = 0; i < k; i++) {
        int clo, chi;
        ns_tree_child(lo, hi, arity, i, &clo, &chi);
        struct items s = subtree(C, clo, chi, level + 1);
        if (s.len == 0)
            continue;
        ns_items_fold(tmp, r.p, r.len, s.p, s.len, 0);
        struct ns_buf t = *acc; *acc = *tmp; *tmp = t;
        r = (struct items){ acc->data, acc->len };
    }
    return r;
}

/* Direct protocol: my exclusive prefix, as the tree's commit wave would
 * compute it, into C->prefix. */
static void
direct_prefix(struct ns_combiner *C)
{
    int lo = 0, hi = C->g->size, me = C->g->rank, arity = C->g->tree.arity;
    C->prefix.len = 0;
    while (lo != me) {
        ns_comb_fold(C, &C->prefix, C->contrib[lo], C->contrib_len[lo], 1);
        int k = ns_tree_nchild(lo, hi, arity);
        for (int i = 0; i < k; i++) {
            int clo, chi;
            ns_tree_child(lo, hi, arity, i, &clo, &chi);
            if (me >= clo && me < chi) {
                lo = clo;
                hi = chi;
                break;
            }
            struct items s = subtree(C, clo, chi, 0);
            ns_comb_fold(C, &C->prefix, s.p, s.len, 1);
        }
    }
}

/* My contribution to every peer, theirs to me; then the tree's results. */
void
ns_combine_run_direct(struct ns_combiner *C, const struct ns_combine_in *in)
{
    const struct hist_entry *mine = (const void *)C->hist.data;
    int n = (int)(C->hist.len / sizeof *mine);
    for (int i = 0; i < C->nin; i++) {
        int q = C->in_rank[i], a = ns_comb_hist_lower(mine, n, q);
        ns_comb_pack(C, &C->out[i], in->npush, mine + a, a < n && mine[a].dest == q, &C->acc, NULL);
        ns_comb_send(C, &C->out[i], q, C->tag_up, C->tag_up_rest);
    }
    C->hist.len = 0;                /* what I send is no count of mine */
    /* The group's process 0 merges and folds every contribution too, so it
     * finds any disagreement or bad item as well and reports it: one line
     * for the job, as in the tree. */
    ns_fatal_defer = C->g->rank != 0;
    ns_comb_merge_inputs(C, in->prefix);
    for (int i = 0; i < C->nin; i++) {
        C->contrib[C->in_rank[i]] = C->sub[i].data;
        C->contrib_len[C->in_rank[i]] = C->sub[i].len;
    }
    ns_comb_fold_contribs(C, in);
    ns_fatal_defer = 0;
}

/* With every other member's items in C->contrib: mine there too, then the
 * total and my prefix as the tree computes them. */
void
ns_comb_fold_contribs(struct ns_combiner *C, const struct ns_combine_in *in)
{
    C->contrib[C->g->rank] = in->items;
    C->contrib_len[C->g->rank] = in->items_len;
    struct items t = subtree(C, 0, C->g->size, 0);
    C->total.len = 0;
    if (t.len)
        memcpy(ns_buf_append(&C->total, t.len), t.p, t.len);
    if (in->prefix)
        direct_prefix(C);
    else
        C->prefix.len = 0;
}
