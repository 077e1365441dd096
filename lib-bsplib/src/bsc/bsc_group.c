/*
 * bsc_group.c - process groups of bsc.h: bsc_all, bsc_group_create_partition,
 * bsc_group_create_neighbourhood, bsc_group_destroy, and the lookup with
 * its checks that the collectives use.
 *
 * A group is a local object: each member builds its own, in its own order
 * (a neighbourhood lists its members in the order the process gave), and
 * knows where it stands in every other member's order.  Creating one is
 * collective: one superstep in which every process puts one word to the
 * processes it names (a partition: its symbol to all).
 */
#include <stdlib.h>
#include <string.h>
#include "bsci.h"

const bsc_group_t bsc_all = NULL;

static struct bsci_group *all_group;
static int *exch;               /* [p] registered: one word from each process */

static void *
alloc(size_t n, size_t size, const struct ns_site *site)
{
    void *p = calloc(n ? n : 1, size);
    if (!p)
        ns_fatal(site, "out of memory for a group of %zu", n);
    return p;
}

/* Fills the group from gid[] (n members in this process's order) and rof[]. */
static struct bsci_group *
finish(struct bsci_group *g, const struct ns_site *site)
{
    int p = ns_nprocs(), me = ns_pid();
    g->magic = BSCI_GROUP_MAGIC;
    g->lid = alloc((size_t)p, sizeof *g->lid, site);
    g->sorted = alloc((size_t)g->n, sizeof *g->sorted, site);
    for (int q = 0; q < p; q++)
        g->lid[q] = -1;
    for (int i = 0; i < g->n; i++)
        g->lid[g->gid[i]] = i;
    g->me = g->lid[me];
    g->same_order = 1;
    for (int i = 0; i < g->n; i++)
        g->same_order &= g->rof[i] == g->me;
    int k = 0;
    g->hash = bsci_hash(0x62736367, (uint64_t)g->n);
    for (int q = 0; q < p; q++)
        if (g->lid[q] >= 0) {
            if (q == me)
                g->rank = k;
            g->sorted[k++] = q;
            g->hash = bsci_hash(g->hash, (uint64_t)q);
        }
    if (g->neighbourhood)       /* every member knows only its own neighbours */
        g->hash = bsci_hash(0x6e62, 1);
    return g;
}

struct bsci_group *
bsci_group(bsc_group_t handle, const struct ns_site *site)
{
    bspi_require_running(site);
    if (!handle) {
        if (!all_group) {
            int p = ns_nprocs();
            all_group = alloc(1, sizeof *all_group, site);
            all_group->n = p;
            all_group->gid = alloc((size_t)p, sizeof(int), site);
            all_group->rof = alloc((size_t)p, sizeof(int), site);
            for (int q = 0; q < p; q++) {
                all_group->gid[q] = q;
                all_group->rof[q] = ns_pid();
            }
            finish(all_group, site);
        }
        return all_group;
    }
    struct bsci_group *g = handle;
    if (g->magic != BSCI_GROUP_MAGIC)
        ns_fatal(site, "the group %p was not made by bsc_group_create_partition or "
                 "bsc_group_create_neighbourhood on this process, or was destroyed; pass a "
                 "group this process created, or bsc_all", handle);
    return g;
}

/* The collective superstep of group creation: `to` lists the processes
 * this one sends a word to (NULL: all), word(i) the word for the i-th.
 * Afterwards exch[q] holds the word from process q (or 0). */
static void
exchange(const int *to, int nto, const int *words, const struct ns_site *site)
{
    int p = ns_nprocs();
    if (!exch) {
        exch = alloc((size_t)p, sizeof *exch, site);
        ns_reg_push(exch, (size_t)p * sizeof *exch, site);
        bsci_register();
        ns_sync(NS_SYNC_STEP, site);
    } else if (bsci_register()) {
        ns_sync(NS_SYNC_STEP, site);
    }
    memset(exch, 0, (size_t)p * sizeof *exch);
    size_t off = (size_t)ns_pid() * sizeof *exch;
    for (int i = 0; i < nto; i++)
        if (ns_put(to ? to[i] : i, &words[to ? i : 0], exch, off, sizeof *exch, 0) == NS_NOMEM)
            ns_out_of_memory(site);
    ns_sync(NS_SYNC_STEP, site);
}

bsc_group_t
bsc_group_create_partition(unsigned symbol)
{
    struct ns_site site = bsci_site("bsc_group_create_partition");
    bsci_require_barrier(&site);
    int p = ns_nprocs();
    int word = (int)symbol;
    exchange(NULL, p, &word, &site);
    struct bsci_group *g = alloc(1, sizeof *g, &site);
    g->gid = alloc((size_t)p, sizeof *g->gid, &site);
    g->rof = alloc((size_t)p, sizeof *g->rof, &site);
    int me_at = 0;
    for (int q = 0; q < p; q++)
        if (exch[q] == word) {
            if (q == ns_pid())
                me_at = g->n;
            g->gid[g->n++] = q;
        }
    for (int i = 0; i < g->n; i++)
        g->rof[i] = me_at;
    return finish(g, &site);
}

bsc_group_t
bsc_group_create_neighbourhood(bsc_pid_t *neighbours, bsc_size_t size)
{
    struct ns_site site = bsci_site("bsc_group_create_neighbourhood");
    bsci_require_barrier(&site);
    int p = ns_nprocs(), me = ns_pid();
    if (size < 1 || size > p || !neighbours)
        ns_fatal(&site, "the neighbour list has %d entries%s; list 1 to bsp_nprocs() = %d "
                 "processes, this one included", size, neighbours ? "" : " (NULL)", p);
    int *seen = alloc((size_t)p, sizeof *seen, &site);
    int *words = alloc((size_t)size, sizeof *words, &site);
    for (int i = 0; i < size; i++) {
        bspi_check_pid(neighbours[i], &site);
        if (seen[neighbours[i]]++)
            ns_fatal(&site, "process %d is listed twice among the neighbours; list each "
                     "once", neighbours[i]);
        words[i] = i + 1;       /* where the receiver stands in this list, plus 1 */
    }
    if (!seen[me])
        ns_fatal(&site, "the neighbour list does not hold the calling process %d; list it "
                 "too, in its place in the group's order", me);
    exchange(neighbours, size, words, &site);
    for (int q = 0; q < p; q++)
        if (!!exch[q] != !!seen[q])
            ns_fatal(&site, "process %d lists process %d as a neighbour, but process %d does "
                     "not list process %d; neighbours must list each other", seen[q] ? me : q,
                     seen[q] ? q : me, seen[q] ? q : me, seen[q] ? me : q);
    struct bsci_group *g = alloc(1, sizeof *g, &site);
    g->neighbourhood = 1;
    g->n = size;
    g->gid = alloc((size_t)size, sizeof *g->gid, &site);
    g->rof = alloc((size_t)size, sizeof *g->rof, &site);
    for (int i = 0; i < size; i++) {
        g->gid[i] = neighbours[i];
        g->rof[i] = exch[neighbours[i]] - 1;
    }
    free(seen);
    free(words);
    return finish(g, &site);
}

void
bsc_group_destroy(bsc_group_t group)
{
    struct ns_site site = bsci_site("bsc_group_destroy");
    if (!group)
        ns_fatal(&site, "bsc_all cannot be destroyed; destroy only groups you created");
    struct bsci_group *g = bsci_group(group, &site);
    if (g->queued)
        ns_fatal(&site, "the group still has %ld collective call(s) queued; destroy it after "
                 "the bsc_sync that runs them", g->queued);
    g->magic = 0;
    free(g->gid);
    free(g->lid);
    free(g->rof);
    free(g->sorted);
    free(g);
}
