/*
 * lend.c - bspx_lend(area, ngets): the owner's half of a get, the dual of
 * READ (read.c).  READ tells a reader how many puts to wait for before it
 * reads an area; a lend tells an owner how many gets read its area in this
 * superstep, so that it can keep the area as the gets must see it.
 *
 * Barrier mode serves every get of superstep s in the sync of s, before
 * any put of s is written, so a lend only checks its count there.  The
 * relaxed modes (sync_relaxed.c) serve a get when the owner's superstep
 * allows, which may be after the owner has left its sync and changed the
 * area.  A lent area is kept: the sync of s serves the gets of s that
 * read it before it writes anything of s (puts, its own get replies) and
 * before it returns.  A get counts in the lend of its own superstep (its
 * stamp); one more than lent, in the sync or after it, stops the job.
 *
 * A lend covers every registration of the address in force (BSPlib lets an
 * address be registered again), as a READ counts them all.
 */
#include "internal.h"

#define E ns_eng

struct lend {
    const void *area;
    long ngets, served;
    struct ns_site site;        /* the bspx_lend call */
};

static struct {
    struct lend *l;             /* [nrec]: open while E.nlend > 0 */
    int nrec, cap;
    long step;                  /* their superstep */
} L;

static void __attribute__((noreturn))
too_many(const struct lend *d, int src, long stamp)
{
    ns_fatal(&d->site, "area %p was lent to %ld get%s of superstep %ld, and a get from "
             "process %d is one more%s; pass the number of bsp_get/bsp_hpget calls (from all "
             "processes, this one included) that read the area in the superstep of the "
             "bspx_lend", d->area, d->ngets, d->ngets == 1 ? "" : "s", stamp, src,
             stamp < E.superstep ? " (it came after the sync that ended the lend)" : "");
}

void
ns_lend(const void *area, long ngets, const struct ns_site *site)
{
    const struct ns_regstate *R = &E.reg;
    if (!area)
        ns_fatal(site, "the area is NULL; pass the address that was registered with "
                 "bsp_push_reg");
    if (L.step != E.superstep)
        L.nrec = E.nlend = 0;
    L.step = E.superstep;
    int at = -1;
    for (int i = 0; i < L.nrec; i++)
        if (L.l[i].area == area)
            at = i;
    if (at < 0) {
        if (L.nrec == L.cap) {
            L.cap = L.cap ? 2 * L.cap : 8;
            L.l = ns_xrealloc(L.l, sizeof *L.l * (size_t)L.cap);
        }
        at = L.nrec;
        L.l[at] = (struct lend){ area, 0, 0, *site };
    }
    int found = 0;
    for (int s = 0; s < R->nslot; s++) {
        struct ns_slot *sl = &R->slot[s];
        if (sl->addr != area || !sl->in_use)
            continue;
        sl->lend_step = E.superstep;
        sl->lend_at = at;
        found = 1;
    }
    if (!found) {
        if (ns_reg_pending(area))
            ns_fatal(site, "the area %p was registered in this superstep; a registration "
                     "takes effect at the next bsp_sync, and gets can read it only after that",
                     area);
        ns_fatal(site, "the area %p is not registered; pass the start address given to "
                 "bsp_push_reg (gets are counted per registered area, not per element)", area);
    }
    if (at == L.nrec)
        L.nrec++;
    E.nlend = L.nrec;
    L.l[at].ngets += ngets;         /* a second call in the superstep adds */
}

void
ns_lend_count_slow(int slot, long stamp, int src)
{
    const struct ns_slot *sl = &E.reg.slot[slot];
    if (stamp == L.step && sl->lend_at < L.nrec) {
        struct lend *d = &L.l[sl->lend_at];
        /* E.nlend 0: closed.  relaxed-check counts on while the lend is
         * open and compares with barrier mode's count (ns_lends_check). */
        if ((++d->served > d->ngets && ns_proc.sync_mode != NS_MODE_CHECK) || E.nlend == 0)
            too_many(d, src, stamp);
        return;
    }
    ns_fatal(NS_SITE("bspx_lend", NULL, 0), "area %p was lent in superstep %ld, and a get of "
             "it from process %d came after the sync that ended that superstep; pass the "
             "number of bsp_get/bsp_hpget calls (from all processes, this one included) that "
             "read the area in the superstep of the bspx_lend", (void *)sl->addr, stamp, src);
}

/* The first open lend that has not had its gets yet, or NULL. */
static const struct lend *
first_unmet(void)
{
    for (int i = 0; i < E.nlend; i++)
        if (L.l[i].served < L.l[i].ngets)
            return &L.l[i];
    return NULL;
}

int
ns_lends_met(void)
{
    return first_unmet() == NULL;
}

const void *
ns_lend_unmet(long *ngets, long *served, const struct ns_site **site)
{
    const struct lend *d = first_unmet();
    if (!d)
        return NULL;
    *ngets = d->ngets;
    *served = d->served;
    *site = &d->site;
    return d->area;
}

void
ns_lends_close(void)
{
    for (int i = 0; i < E.nlend; i++) {
        const struct lend *d = &L.l[i];
        if (d->served != d->ngets)
            ns_fatal(&d->site, "area %p was lent to %ld get%s, and %ld read it in this "
                     "superstep; pass the number of bsp_get/bsp_hpget calls (from all "
                     "processes, this one included) that read the area in this superstep",
                     d->area, d->ngets, d->ngets == 1 ? "" : "s", d->served);
    }
    E.nlend = 0;            /* the records and lend_step stay: a late get is one too many */
}

void
ns_lends_check(long (*count)(int slot))
{
    const struct ns_regstate *R = &E.reg;
    for (int i = 0; i < E.nlend; i++) {
        const struct lend *d = &L.l[i];
        long n = 0;
        for (int s = 0; s < R->nslot; s++)
            if (R->slot[s].lend_step == E.superstep && R->slot[s].lend_at == i)
                n += count(s);
        if (n != d->ngets)
            ns_fatal(&d->site, "NS_SYNC=relaxed-check: area %p: bspx_lend expects %ld get%s, "
                     "barrier mode serves %ld in this superstep; %s", d->area, d->ngets,
                     d->ngets == 1 ? "" : "s", n, n > d->ngets ? "a get beyond the count could "
                     "read the area after this process has changed it" : "the sync would wait "
                     "for gets that never come");
    }
}

void
ns_lend_stop(void)
{
    free(L.l);
    memset(&L, 0, sizeof L);
    E.nlend = 0;
}
