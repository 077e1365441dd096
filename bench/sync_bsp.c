/*
 * sync_bsp.c - our side of table "sync": the time of an empty bsp_sync
 * (no puts, gets or sends), the BSP latency floor.  Compare with the count
 * exchanges of sync_mpi.c.  Checks once afterwards that a sync still
 * delivers a put.  Run with NS_EXCHANGE set (run.sh: BENCH_EXCHANGES), its
 * column is bsp_sync/<protocol>; with NS_NODE_LOCAL=mpi, .../node-mpi.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bsp.h"
#include "bspcommon.h"
#include "common.h"

static void
empty_sync(int k, void *ctx)
{
    (void)k;
    (void)ctx;
    bsp_sync();
}

/* Each process puts its pid into the next one's variable. */
static void
check_ring_put(void)
{
    int p = bsp_nprocs(), me = bsp_pid(), got = -1;
    bsp_push_reg(&got, sizeof got);
    bsp_sync();
    bsp_put((me + 1) % p, &me, &got, 0, sizeof me);
    bsp_sync();
    if (got != (me - 1 + p) % p)
        bench_fail("process %d got %d from its left neighbour, expected %d",
                   me, got, (me - 1 + p) % p);
    bsp_pop_reg(&got);
    bsp_sync();
}

int
main(void)
{
    bsp_begin(bsp_nprocs());
    int iters = bench_env_int("BENCH_SYNC_ITERS", 2000), rounds = 10;
    double med;
    bench_sweep(1, rounds, iters / rounds + 1, empty_sync, NULL, &med);
    double us = bench_bsp_mean(med);
    check_ring_put();
    const char *proto = getenv("NS_EXCHANGE"), *node = getenv("NS_NODE_LOCAL");
    char impl[64] = "bsp_sync";
    if (proto && *proto)
        snprintf(impl, sizeof impl, "bsp_sync/%s", proto);
    if (node && *node && strcmp(node, "shm"))
        snprintf(impl + strlen(impl), sizeof impl - strlen(impl), "/node-%s", node);
    if (bsp_pid() == 0)
        bench_record("sync", bsp_nprocs(), "-", "ours", impl, us);
    bsp_end();
    return 0;
}
