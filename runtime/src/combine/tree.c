/*
 * tree.c - the shape of the combine tree: a balanced d-ary tree whose ranks
 * are numbered in preorder (seed 002, section 4.1), so every subtree is a
 * contiguous range of ranks.  The commit wave uses that to hand each child
 * only the slice of the message-count histogram that its subtree needs.
 */
#include "internal.h"

/* Children of the subtree [lo, hi) rooted at lo: the ranks lo+1..hi-1 cut
 * into k = min(arity, hi-lo-1) nearly equal contiguous ranges. */
static int
chunk_start(int lo, int hi, int arity, int i)
{
    long m = hi - lo - 1;
    long k = m < arity ? m : arity;
    return lo + 1 + (int)((i * m) / k);
}

int
ns_tree_nchild(int lo, int hi, int arity)
{
    int m = hi - lo - 1;
    return m < arity ? m : arity;
}

void
ns_tree_child(int lo, int hi, int arity, int i, int *clo, int *chi)
{
    *clo = chunk_start(lo, hi, arity, i);
    *chi = chunk_start(lo, hi, arity, i + 1);
}

void
ns_tree_build(struct ns_tree *t, int nprocs, int rank, int arity)
{
    int lo = 0, hi = nprocs, parent = -1;
    if (arity < 1)
        arity = 1;
    t->arity = arity;
    while (lo != rank) {
        int m = hi - lo - 1, k = m < arity ? m : arity;
        for (int i = 0; i < k; i++) {
            int s = chunk_start(lo, hi, arity, i), e = chunk_start(lo, hi, arity, i + 1);
            if (rank >= s && rank < e) {
                parent = lo;
                lo = s;
                hi = e;
                break;
            }
        }
    }
    t->parent = parent;
    t->lo = lo;
    t->hi = hi;
    int m = hi - lo - 1;
    t->nchild = m < arity ? m : arity;
    t->child = ns_xmalloc(sizeof(int) * (t->nchild + 1));
    t->child_hi = ns_xmalloc(sizeof(int) * (t->nchild + 1));
    for (int i = 0; i < t->nchild; i++) {
        t->child[i] = chunk_start(lo, hi, arity, i);
        t->child_hi[i] = chunk_start(lo, hi, arity, i + 1);
    }
}

void
ns_tree_free(struct ns_tree *t)
{
    free(t->child);
    free(t->child_hi);
    t->child = t->child_hi = NULL;
    t->nchild = 0;
}
