/*
 * superstep.c - ns_sync, the end of a superstep: send the aggregated
 * requests, run the combine (agreement checks, N_DAMsgs counts, barrier)
 * or another count exchange (NS_EXCHANGE, count_exchange.c), deliver, then
 * let registration and tag-size changes take effect.
 */
#include "internal.h"
#include "profile.h"

static int64_t
site_key(const struct ns_site *site)
{
    if (!ns_eng.check_sites || !site || !site->file)
        return 0;
    return (int64_t)(((uint64_t)ns_file_hash(site->file) << 32) | (uint32_t)site->line);
}

int64_t
ns_site_key(int kind, const struct ns_site *site)
{
    uint64_t h = ns_file_hash(site->file) & 0x0fffffff;
    return (int64_t)(((uint64_t)kind << 60) | (h << 32) | (uint32_t)site->line);
}

/* The requests of this superstep are in: serve, write, finish. */
static void
deliver(const struct ns_combine_out *out)
{
    NS_PROF(ns_prof_bsp_received());
    ns_exchange_serve_gets();
    ns_exchange_apply();
    ns_exchange_finish();
    if (ns_coll_sig)
        ns_coll_finish(out);
}

/* ns_sync's superstep once it is not empty everywhere: kept out of line,
 * so that an empty one sets up none of its state. */
static void __attribute__((noinline))
sync_full(enum ns_sync_kind kind, const struct ns_site *site, int quiet)
{
    const struct ns_regstate *R = &ns_eng.reg;
    struct ns_combine_out out;
    const int *dests = NULL;
    int nbx = ns_eng.exchange == NS_EXCHANGE_NBX;
    ns_eng.in_sync = 1;
    int ndest = quiet ? 0 : ns_exchange_send(&dests, nbx ? &ns_eng.ssends : NULL);
    NS_PROF(ns_prof_bsp_sent());
    struct ns_combine_in in = {
        .agree = {
            [NS_AGREE_KIND] = kind,
            [NS_AGREE_STEP] = ns_eng.superstep,
            [NS_AGREE_NPUSH] = (int64_t)((uint64_t)R->push_sites << 32 | (uint32_t)R->npush),
            [NS_AGREE_NPOP] = R->npop,
            [NS_AGREE_POPS] = (int64_t)R->pop_hash,
            /* -1: not called, so a call on only some processes is caught */
            [NS_AGREE_TAGSIZE] = ns_eng.tagsize_set ? (int64_t)ns_eng.tagsize_next : -1,
            [NS_AGREE_SITE] = site_key(site),
            [NS_AGREE_COLL] = ns_coll_sig,
        },
        .npush = R->npush,
        .push_sizes = R->push_size,
        .ndest = ndest,
        .dest = dests,
    };
    if (ns_coll_sig)                /* a collective's item or large sends */
        ns_coll_contribute(&in);
    if (nbx) {                      /* no counts (count_nbx.c) */
        ns_nbx_receive(&in, &out);
        deliver(&out);
    } else {                        /* tree or direct (NS_EXCHANGE, count_exchange.c) */
        ns_combine_run(&ns_root, &in, &out);
        NS_PROF(ns_prof_mark(NSP_T_COMBINED));
        if (quiet && out.nrecv == 0) {          /* and nothing comes */
            ns_exchange_skip();
            NS_PROF(ns_prof_bsp_received());
        } else {
            ns_exchange_receive(out.nrecv);
            deliver(&out);
        }
    }
    if (ns_eng.nlend)               /* bspx_lend: every get of the superstep was served */
        ns_lends_close();
    ns_reg_apply(out.max_size);
    ns_eng.tagsize = ns_eng.tagsize_next;
    ns_eng.tagsize_set = 0;
    ns_eng.superstep++;
    ns_eng.in_sync = 0;
    NS_PROF(ns_prof_end());
}

void
ns_sync(enum ns_sync_kind kind, const struct ns_site *site)
{
    const struct ns_regstate *R = &ns_eng.reg;
    if (ns_eng.ndirty)
        ns_exchange_close_cursors();
    if (__builtin_expect(ns_proc.sync_mode != NS_MODE_BARRIER, 0)) {
        ns_sync_relaxed(kind, site);
        return;
    }
    NS_PROF(ns_prof_sync(kind, site));
    ns_eng.site = *site;
    /* quiet: this process sends nothing, so unless the combine says that
     * requests are coming, the combine (agreement, barrier, registration
     * sizes) is all there is to this superstep */
    int quiet = ns_eng.exchange != NS_EXCHANGE_NBX && ns_exchange_nothing_sent() && !ns_coll_sig;
    if (quiet && !R->npush && !R->npop && !ns_eng.tagsize_set && !ns_prof_on && !ns_eng.nlend
        && ns_combine_quiet(&ns_root, kind, ns_eng.superstep, site_key(site),
                            (int64_t)R->pop_hash) == 1) {
        ns_exchange_skip();         /* empty everywhere: no registration, no size */
        ns_eng.superstep++;
        return;
    }
    sync_full(kind, site, quiet);
}
