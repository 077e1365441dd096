/*
 * superstep.c - ns_sync, the end of a superstep: send the aggregated
 * requests, run the combine (agreement checks, N_DAMsgs counts, barrier),
 * deliver, then let registration and tag-size changes take effect.
 */
#include "internal.h"

void
ns_sync(enum ns_sync_kind kind, const struct ns_site *site)
{
    const struct ns_regstate *R = &ns_eng.reg;
    struct ns_combine_out out;
    const int *dests;

    ns_eng.site = site;
    int ndest = ns_exchange_send(&dests);
    struct ns_combine_in in = {
        .agree = {
            [NS_AGREE_KIND] = kind,
            [NS_AGREE_STEP] = ns_eng.superstep,
            [NS_AGREE_NPUSH] = R->npush,
            [NS_AGREE_NPOP] = R->npop,
            [NS_AGREE_POPS] = (int64_t)R->pop_hash,
            [NS_AGREE_TAGSIZE] = (int64_t)ns_eng.tagsize_next,
        },
        .npush = R->npush,
        .push_sizes = R->push_size,
        .ndest = ndest,
        .dest = dests,
    };
    ns_combine_run(&in, &out, site);
    ns_exchange_receive(out.nrecv);
    ns_exchange_serve_gets();
    ns_exchange_apply();
    ns_exchange_finish();
    ns_reg_apply(out.bounds);
    ns_eng.tagsize = ns_eng.tagsize_next;
    ns_eng.superstep++;
}
