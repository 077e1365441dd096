/*
 * group.c - processor groups (seed 002, 4.1; spec section 4): the root
 * group of all processes, splitting for neststep (equal contiguous parts,
 * or by a private @ value learned through one combine), the subgroup's
 * combine tree and its end, where the subgroups' changes to enclosing
 * shared variables are combined in the parent group.
 */
#include "internal.h"

struct ns_group ns_root;
struct ns_group *ns_cur;
struct ns_here ns_here = { .read_id = ~0UL };     /* no step yet */
static int tree_arity = 8, direct_max;

uint64_t
ns_hash64(uint64_t h, const void *p, size_t n)
{
    const unsigned char *c = p;
    h ^= 14695981039346656037ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ c[i]) * 1099511628211ull;
    return h ^ (h >> 29);
}

void
ns_group_sync_here(void)
{
    ns_here.rank = ns_cur->rank;
    ns_here.size = ns_cur->size;
    ns_here.index = ns_cur->index;
    ns_here.in_step = ns_cur->in_step;
    ns_here.read_id = ns_cur->in_step && ns_cur->depth == 0 ? ns_here.epoch + 1 : ~0UL;
}

/* Tree and combiner of a group whose size, rank and members are set. */
static void
group_start(struct ns_group *g)
{
    ns_tree_build(&g->tree, g->size, g->rank, tree_arity);
    /* One round of p - 1 messages beats the tree's two waves while every
     * process has a core and p is small; measured: docs/engine.md. */
    g->comb = ns_combine_new(g, g->size > 1 && g->size <= direct_max);
}

static void
group_stop(struct ns_group *g)
{
    ns_combine_free(g->comb);
    g->comb = NULL;
    ns_tree_free(&g->tree);
    free(g->member);
    g->member = NULL;
    free(g->esc);
    g->esc = NULL;
    g->nesc = g->capesc = 0;
}

/* The out-of-memory message's site (core/buffer.c): the step in progress. */
static const struct ns_site *
step_site(void)
{
    return ns_cur ? &ns_cur->site : NULL;
}

void
ns_group_init_root(int arity, int dmax)
{
    ns_step_site = step_site;
    tree_arity = arity;
    direct_max = dmax;
    memset(&ns_root, 0, sizeof ns_root);
    ns_root.size = ns_proc.nprocs;
    ns_root.rank = ns_proc.pid;
    ns_root.uid = ns_hash64(0, "root", 4);
    ns_root.member = ns_xmalloc(sizeof(int) * (size_t)ns_root.size);
    for (int i = 0; i < ns_root.size; i++)
        ns_root.member[i] = i;
    ns_root.site = (struct ns_site){ "NestStep_init", NULL, 0 };
    group_start(&ns_root);
    ns_cur = &ns_root;
    ns_group_sync_here();
}

void
ns_group_stop_root(void)
{
    group_stop(&ns_root);
    ns_cur = NULL;
}

int
ns_group_rank_of(const struct ns_group *g, int w)
{
    int lo = 0, hi = g->size;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (g->member[mid] < w) lo = mid + 1; else hi = mid;
    }
    return lo < g->size && g->member[lo] == w ? lo : -1;
}

int ns_combine_direct_max(void) { return direct_max; }

/* A new subgroup of the current group: members are the parent ranks r
 * with at[r] == index (at == NULL: the contiguous range [lo, hi)). */
struct ns_group *
ns_group_split(int index, const int *at, int lo, int hi)
{
    struct ns_group *p = ns_cur, *g = calloc(1, sizeof *g);
    if (!g)
        ns_fatal(&p->site, "out of memory for a subgroup");
    if (p->depth + 2 >= (32767 / NS_GTAG_STRIDE))
        ns_fatal(&p->site, "neststep nested %d deep; at most %d levels are supported",
                 p->depth + 1, 32767 / NS_GTAG_STRIDE - 2);
    g->parent = p;
    g->depth = p->depth + 1;
    g->index = index;
    g->member = ns_xmalloc(sizeof(int) * (size_t)(at ? p->size : hi - lo) + 1);
    for (int r = at ? 0 : lo; r < (at ? p->size : hi); r++)
        if (!at || at[r] == index) {
            if (r == p->rank)
                g->rank = g->size;
            g->member[g->size++] = p->member[r];
        }
    uint64_t mix[3] = { p->uid, (uint64_t)p->nsplit, (uint64_t)index };
    g->uid = ns_hash64(p->uid, mix, sizeof mix);
    g->site = p->site;
    group_start(g);
    return g;
}

void
ns_group_free(struct ns_group *g)
{
    group_stop(g);
    free(g);
}
