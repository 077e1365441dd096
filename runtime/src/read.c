/*
 * read.c - READ(area, n) of seed 003 (bspx_read): the registered area must
 * have been written by n puts since its last READ, and its count (sigma in
 * the paper) starts again from 0.  Barrier mode delivers every put at the
 * sync that ends its superstep, so READ only checks the count there; the
 * relaxed modes wait for the puts (sync_relaxed.c).
 */
#include "internal.h"

/* The slot of area in force, or a located stop saying why there is none. */
int
ns_read_slot(const void *area, const struct ns_site *site)
{
    size_t max;
    if (!area)
        ns_fatal(site, "the area is NULL; pass the address that was registered with "
                 "bsp_push_reg");
    int slot = ns_reg_lookup_max(area, &max);
    if (slot >= 0)
        return slot;
    if (ns_reg_pending(area))
        ns_fatal(site, "the area %p was registered in this superstep; a registration takes "
                 "effect at the next bsp_sync, and puts can reach it only after that", area);
    ns_fatal(site, "the area %p is not registered; pass the start address given to "
             "bsp_push_reg (puts are counted per registered area, not per element)", area);
}

void
ns_read_mismatch(const void *area, long expected, long actual, const struct ns_site *site)
{
    ns_fatal(site, "area %p: expected %ld puts since its last bspx_read, %ld arrived; "
             "pass the number of bsp_put/bsp_hpput calls (from all processes) that write "
             "the area in the supersteps since its last bspx_read", area, expected, actual);
}

void
ns_read(const void *area, long nputs, const struct ns_site *site)
{
    if (nputs < 0)
        ns_fatal(site, "nputs is %ld; it must not be negative", nputs);
    int slot = ns_read_slot(area, site);
    struct ns_slot *sl = &ns_eng.reg.slot[slot];
    if (sl->nput != nputs)
        ns_read_mismatch(area, nputs, sl->nput, site);
    sl->nput = 0;
}
