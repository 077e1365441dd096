/*
 * irreg_ns.c - our side of table "irreg": irregular remote reads.  A
 * block-distributed array of irreg_block() doubles per process (2^20 by
 * default); in each superstep every process reads k elements at random
 * places owned by other processes (k = 1, 16, 256), each as a one-element
 * section into a private buffer: ns_da_read_section(a, i, i, 1, &buf[j]).
 * The requests go out at step end as one message per owner, counted in the
 * N_DAMsgs histogram that the step's combine carries; the owners answer
 * with the values.  The index patterns are those of irreg_mpi.c (seeded,
 * see common.h); a timed step cycles through IRREG_PATTERNS of them.  All
 * patterns are checked once after the timing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <neststep.h>
#include "common.h"
#include "nscommon.h"

#define IRREG_PATTERNS 16
#define MAXK 8

static int P, ME, nk, ks[MAXK];
static ns_darray *a;
static long *idx[MAXK];                 /* [pattern][j] for each k */
static double *buf;
static int turn[MAXK];

/* One superstep reading pattern t of k-point kk into buf. */
static void
read_step(int kk, int t)
{
    const long *ix = idx[kk] + (size_t)t * (size_t)ks[kk];
    ns_step_begin(NS_AT("step"));
    for (int j = 0; j < ks[kk]; j++)
        ns_da_read_section(a, ix[j], ix[j], 1, &buf[j], NS_AT("section"));
    ns_step_end();
}

static void
sweep_step(int kk, void *ctx)
{
    (void)ctx;
    read_step(kk, turn[kk]);
    turn[kk] = (turn[kk] + 1) % IRREG_PATTERNS;
}

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    P = NestStep_size();
    ME = NestStep_rank();
    long bs = irreg_block(), i;
    nk = irreg_counts(ks, MAXK);
    int iters = bench_env_int("BENCH_IRREG_ITERS", 200), rounds = 10;

    a = ns_da_new("a", (long)P * bs, 1, Type_double, sizeof(double), NS_BLOCK, NS_OP_FIRST, NULL);
    for (ns_iter it = ns_forall(a, 0, ns_da_length(a) - 1, 1); ns_next(&it, &i); )
        *(double *)ns_da_wlocal(a, i) = irreg_value(i);
    buf = malloc(sizeof *buf * (size_t)ks[nk - 1]);
    if (!buf)
        bench_fail("out of memory");
    for (int kk = 0; kk < nk; kk++) {
        idx[kk] = malloc(sizeof(long) * (size_t)ks[kk] * IRREG_PATTERNS);
        if (!idx[kk])
            bench_fail("out of memory");
        for (int t = 0; t < IRREG_PATTERNS; t++)
            for (int j = 0; j < ks[kk]; j++)
                idx[kk][(size_t)t * (size_t)ks[kk] + (size_t)j] = irreg_index(ME, t, j, P);
    }

    double med[MAXK];
    bench_sweep(nk, rounds, iters / rounds + 1, sweep_step, NULL, med);

    for (int kk = 0; kk < nk; kk++)         /* check every pattern */
        for (int t = 0; t < IRREG_PATTERNS; t++) {
            for (int j = 0; j < ks[kk]; j++)
                buf[j] = -1;
            read_step(kk, t);
            irreg_check(buf, ks[kk], ME, t, P, "ns_da_read_section");
        }
    for (int kk = 0; kk < nk; kk++) {
        double us = bench_ns_mean(med[kk]);
        char key[24];
        snprintf(key, sizeof key, "%d", ks[kk]);
        if (ME == 0)
            bench_record("irreg", P, key, "ours", "read_section", us);
    }
    for (int kk = 0; kk < nk; kk++)
        free(idx[kk]);
    free(buf);
    ns_da_free(a);
    NestStep_finalize();
    return 0;
}
