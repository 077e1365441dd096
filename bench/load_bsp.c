/*
 * load_bsp.c - our side of the waiting-under-load tables (load.sh runs it
 * with each NS_WAIT_POLICY, on a quiet machine and with a CPU-bound
 * competitor on every core): the time of an empty bsp_sync (table
 * "load_sync") and of a superstep in which every process puts one int to
 * every other one (table "load_a2a"), each put checked when it arrives.
 */
#include <stdlib.h>
#include "bsp.h"
#include "bspcommon.h"
#include "common.h"

static int P, ME, nsteps;
static int *inbox;                  /* inbox[s]: the int process s put here */

static void
empty_sync(void)
{
    bsp_sync();
}

static void
all_to_all(void)
{
    int v = load_word(ME, ++nsteps);
    for (int d = 0; d < P; d++)
        if (d != ME)
            bsp_put(d, &v, inbox, ME * (int)sizeof v, sizeof v);
    bsp_sync();
    load_check(inbox, ME, P, nsteps, "bsp_put all-to-all");
}

static void
step(int k, void *ctx)
{
    (void)ctx;
    (k == 0 ? empty_sync : all_to_all)();
}

int
main(void)
{
    bsp_begin(bsp_nprocs());
    P = bsp_nprocs();
    ME = bsp_pid();
    inbox = calloc((size_t)P, sizeof *inbox);
    if (!inbox)
        bench_fail("out of memory");
    bsp_push_reg(inbox, P * (int)sizeof *inbox);
    bsp_sync();
    int iters = bench_env_int("BENCH_LOAD_ITERS", 200), rounds = 10;
    double med[2];
    bench_sweep(2, rounds, iters / rounds + 1, step, NULL, med);
    double sync_us = bench_bsp_mean(med[0]), a2a_us = bench_bsp_mean(med[1]);
    if (ME == 0) {
        bench_record("load_sync", P, load_machine(), "ours", load_impl("bsp", "NS_WAIT_POLICY"),
                     sync_us);
        bench_record("load_a2a", P, load_machine(), "ours", load_impl("bsp", "NS_WAIT_POLICY"),
                     a2a_us);
    }
    bsp_pop_reg(inbox);
    bsp_end();
    free(inbox);
    return 0;
}
