/*
 * count_exchange.c - the count exchange of a barrier-mode sync: how each
 * process learns how many request messages it receives, and how the
 * agreement checks (sync or end, superstep, registrations, tag size) and the
 * registered sizes travel.  Chosen at start-up by NS_EXCHANGE (bsprun
 * --exchange=PROTO); docs/engine.md compares the costs:
 *   tree    the combine tree's N_DAMsgs histogram (seed 002, 4.3; combine.c),
 *           with the combine's direct protocol for groups of at most
 *           NS_DIRECT_MAX processes, as the engine has always done (default);
 *   direct  the combine's direct protocol at every p: every process sends
 *           its contribution, with the receiver's count, to every other;
 *   nbx     no counts at all: synchronous sends and a nonblocking consensus
 *           (count_nbx.c), the combine only when a check needs it.
 * NestStep steps always combine in their group (items, prefixes and the
 * distributed arrays' counts travel there): by tree or direct as chosen here,
 * and under nbx as under tree.
 */
#include <limits.h>
#include "internal.h"

static const char *const proto_name[] = {
    [NS_EXCHANGE_TREE] = "tree", [NS_EXCHANGE_DIRECT] = "direct", [NS_EXCHANGE_NBX] = "nbx",
};

int
ns_exchange_choose(const struct ns_site *site, int direct_max_dflt)
{
    int proto = ns_env_choice("NS_EXCHANGE", proto_name,
                              (int)(sizeof proto_name / sizeof *proto_name), NS_EXCHANGE_TREE);
    if (proto < 0)
        ns_fatal(site, "NS_EXCHANGE=%s is not a count-exchange protocol; use tree (the default), "
                 "direct or nbx (bsprun --exchange=tree|direct|nbx)", getenv("NS_EXCHANGE"));
    ns_eng.exchange = proto;
    if (proto == NS_EXCHANGE_DIRECT)
        return INT_MAX;
    return ns_env_int("NS_DIRECT_MAX", direct_max_dflt, 0, 1 << 20);
}
