/*
 * read.c - READ(area, n) of seed 003 (bspx_read): the registered area must
 * have been written by n puts since its last READ, and its count (sigma in
 * the paper) starts again from 0.  Barrier mode delivers every put at the
 * sync that ends its superstep, so READ only checks the count there; the
 * relaxed modes wait for the puts (sync_relaxed.c).  The count of an area
 * is that of all its registrations (BSPlib lets an address be registered
 * again, and a put may reach an area popped at the same sync).
 */
#include "internal.h"

/* Whether a READ of area counts the puts of this registration. */
static int
readable(const struct ns_slot *sl, const void *area)
{
    if (sl->addr != area)
        return 0;
    if (sl->in_use)
        return 1;
    return sl->until > 0 && (ns_proc.sync_mode || sl->until == ns_eng.superstep);
}

void
ns_read_slots(const void *area, struct ns_buf *slots, const struct ns_site *site)
{
    const struct ns_regstate *R = &ns_eng.reg;
    slots->len = 0;
    if (!area)
        ns_fatal(site, "the area is NULL; pass the address that was registered with "
                 "bsp_push_reg");
    for (int s = 0; s < R->nslot; s++)
        if (readable(&R->slot[s], area))
            memcpy(ns_buf_append(slots, sizeof s), &s, sizeof s);
    if (slots->len)
        return;
    if (ns_reg_pending(area))
        ns_fatal(site, "the area %p was registered in this superstep; a registration takes "
                 "effect at the next bsp_sync, and puts can reach it only after that", area);
    ns_fatal(site, "the area %p is not registered; pass the start address given to "
             "bsp_push_reg (puts are counted per registered area, not per element)", area);
}

long
ns_read_count(const struct ns_buf *slots, int reset)
{
    const int *s = (const int *)slots->data;
    long n = 0;
    for (size_t i = 0; i < slots->len / sizeof(int); i++) {
        n += ns_eng.reg.slot[s[i]].nput;
        if (reset)
            ns_eng.reg.slot[s[i]].nput = 0;
    }
    return n;
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
    static struct ns_buf slots;         /* nputs >= 0: the library checked it */
    ns_read_slots(area, &slots, site);
    if (ns_proc.sync_mode != NS_MODE_BARRIER) {
        ns_read_relaxed(&slots, area, nputs, site);
        return;
    }
    long n = ns_read_count(&slots, 1);
    if (n != nputs)
        ns_read_mismatch(area, nputs, n, site);
}
