/*
 * superstep.c - ns_sync, the end of a superstep: send the aggregated
 * requests, run the combine (agreement checks, N_DAMsgs counts, barrier)
 * or another count exchange (NS_EXCHANGE, count_exchange.c), deliver, then
 * let registration and tag-size changes take effect.
 */
#include "internal.h"

static uint32_t
file_hash(const char *file)
{
    uint32_t h = 2166136261u;
    for (const char *c = file; c && *c; c++)
        h = (h ^ (unsigned char)*c) * 16777619u;
    return h;
}

static int64_t
site_key(const struct ns_site *site)
{
    if (!ns_eng.check_sites || !site || !site->file)
        return 0;
    return (int64_t)(((uint64_t)file_hash(site->file) << 32) | (uint32_t)site->line);
}

int64_t
ns_site_key(int kind, const struct ns_site *site)
{
    uint64_t h = file_hash(site->file) & 0x0fffffff;
    return (int64_t)(((uint64_t)kind << 60) | (h << 32) | (uint32_t)site->line);
}

void
ns_sync(enum ns_sync_kind kind, const struct ns_site *site)
{
    const struct ns_regstate *R = &ns_eng.reg;
    struct ns_combine_out out;
    const int *dests;
    int nbx = ns_eng.exchange == NS_EXCHANGE_NBX;

    ns_eng.site = *site;
    int ndest = ns_exchange_send(&dests, nbx ? &ns_eng.ssends : NULL);
    struct ns_combine_in in = {
        .agree = {
            [NS_AGREE_KIND] = kind,
            [NS_AGREE_STEP] = ns_eng.superstep,
            [NS_AGREE_NPUSH] = R->npush,
            [NS_AGREE_NPOP] = R->npop,
            [NS_AGREE_POPS] = (int64_t)R->pop_hash,
            [NS_AGREE_TAGSIZE] = (int64_t)ns_eng.tagsize_next,
            [NS_AGREE_SITE] = site_key(site),
        },
        .npush = R->npush,
        .push_sizes = R->push_size,
        .ndest = ndest,
        .dest = dests,
    };
    if (nbx) {                      /* no counts (count_nbx.c) */
        ns_nbx_receive(&in, &out);
    } else {                        /* tree or direct (NS_EXCHANGE, count_exchange.c) */
        ns_combine_run(&ns_root, &in, &out);
        ns_exchange_receive(out.nrecv);
    }
    ns_exchange_serve_gets();
    ns_exchange_apply();
    ns_exchange_finish();
    ns_reg_apply(out.max_size);
    ns_eng.tagsize = ns_eng.tagsize_next;
    ns_eng.superstep++;
}
