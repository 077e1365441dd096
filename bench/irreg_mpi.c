/*
 * irreg_mpi.c - raw-MPI baselines of table "irreg": the irregular remote
 * reads of irreg_ns.c (same array, same seeded index patterns) with MPI
 * one-sided communication on a window made by MPI_Win_create over each
 * process's block.  Two ways to run one superstep of k reads, both
 * competing for best baseline:
 *   fence+Get   k MPI_Get, then MPI_Win_fence (blocking; it closes this
 *               step's access epoch and opens the next one).  Assertions
 *               tell MPI that the window is only read.
 *   lock_all+Rget+Ibarrier   in one passive-target epoch (MPI_Win_lock_all
 *               for the whole run): k MPI_Rget, waited for by
 *               test-spin-yield, then an MPI_Ibarrier, waited for alike,
 *               which ends the superstep as a fence or a NestStep combine
 *               would.  The nonblocking way.
 * Blocking calls busy-poll inside MPICH, which is slow when processes
 * outnumber cores (a fence then takes milliseconds), so fence+Get gets a
 * few steps only then.  The patterns are checked after the timing, with
 * each method (fence+Get: one of them when oversubscribed).
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "common.h"

#define IRREG_PATTERNS 16
#define MAXK 8

static int P, ME, nk, ks[MAXK];
static long bs;
static int *owner[MAXK];                /* [pattern][j] for each k */
static MPI_Aint *disp[MAXK];
static double *buf;
static MPI_Request *reqs;
static MPI_Win win_fence, win_lock;
static int turn[MAXK];
static const int NOSTORE = MPI_MODE_NOSTORE | MPI_MODE_NOPUT;

static void
fence_step(int kk, int t)
{
    size_t o = (size_t)t * (size_t)ks[kk];
    for (int j = 0; j < ks[kk]; j++)
        MPI_Get(&buf[j], 1, MPI_DOUBLE, owner[kk][o + j], disp[kk][o + j], 1, MPI_DOUBLE,
                win_fence);
    MPI_Win_fence(NOSTORE, win_fence);
}

static void
rget_step(int kk, int t)
{
    size_t o = (size_t)t * (size_t)ks[kk];
    for (int j = 0; j < ks[kk]; j++)
        MPI_Rget(&buf[j], 1, MPI_DOUBLE, owner[kk][o + j], disp[kk][o + j], 1, MPI_DOUBLE,
                 win_lock, &reqs[j]);
    bench_wait_all(ks[kk], reqs, NULL);
    MPI_Ibarrier(MPI_COMM_WORLD, &reqs[0]);
    bench_wait(&reqs[0]);
}

struct variant { const char *name; void (*step)(int kk, int t); };
static const struct variant *cur;

static void
sweep_step(int kk, void *ctx)
{
    (void)ctx;
    cur->step(kk, turn[kk]);
    turn[kk] = (turn[kk] + 1) % IRREG_PATTERNS;
}

static void
time_variant(const struct variant *v, int rounds, int per)
{
    double med[MAXK];
    cur = v;
    bench_sweep(nk, rounds, per, sweep_step, NULL, med);
    for (int kk = 0; kk < nk; kk++) {
        double us = bench_mpi_mean(med[kk], MPI_COMM_WORLD);
        char key[24];
        snprintf(key, sizeof key, "%d", ks[kk]);
        if (ME == 0)
            bench_record("irreg", P, key, "base", v->name, us);
    }
}

static void
check_variant(const struct variant *v, int npat)
{
    for (int kk = 0; kk < nk; kk++)
        for (int t = 0; t < npat; t++) {
            for (int j = 0; j < ks[kk]; j++)
                buf[j] = -1;
            v->step(kk, t);
            irreg_check(buf, ks[kk], ME, t, P, v->name);
        }
}

int
main(int argc, char **argv)
{
    bench_mpi_start(&argc, &argv, &P, &ME);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    bs = irreg_block();
    nk = irreg_counts(ks, MAXK);
    int iters = bench_env_int("BENCH_IRREG_ITERS", 200), rounds = 10;
    /* fence+Get takes milliseconds a step when oversubscribed: a few steps
     * then, and the check of a few patterns */
    int over = P > cores, biters = over ? 4 : iters, brounds = over ? 1 : rounds;

    double *local = malloc(sizeof *local * (size_t)bs);
    buf = malloc(sizeof *buf * (size_t)ks[nk - 1]);
    reqs = malloc(sizeof *reqs * (size_t)ks[nk - 1]);
    if (!local || !buf || !reqs)
        bench_fail("out of memory");
    for (long l = 0; l < bs; l++)
        local[l] = irreg_value((long)ME * bs + l);
    for (int kk = 0; kk < nk; kk++) {
        owner[kk] = malloc(sizeof(int) * (size_t)ks[kk] * IRREG_PATTERNS);
        disp[kk] = malloc(sizeof(MPI_Aint) * (size_t)ks[kk] * IRREG_PATTERNS);
        if (!owner[kk] || !disp[kk])
            bench_fail("out of memory");
        for (int t = 0; t < IRREG_PATTERNS; t++)
            for (int j = 0; j < ks[kk]; j++) {
                long i = irreg_index(ME, t, j, P);
                owner[kk][(size_t)t * (size_t)ks[kk] + (size_t)j] = (int)(i / bs);
                disp[kk][(size_t)t * (size_t)ks[kk] + (size_t)j] = (MPI_Aint)(i % bs);
            }
    }
    MPI_Win_create(local, (MPI_Aint)(sizeof *local * (size_t)bs), sizeof *local, MPI_INFO_NULL,
                   MPI_COMM_WORLD, &win_fence);
    MPI_Win_create(local, (MPI_Aint)(sizeof *local * (size_t)bs), sizeof *local, MPI_INFO_NULL,
                   MPI_COMM_WORLD, &win_lock);

    const struct variant rget = { "lock_all+Rget+Ibarrier", rget_step },
                         fence = { "fence+Get", fence_step };
    MPI_Win_lock_all(MPI_MODE_NOCHECK, win_lock);
    time_variant(&rget, rounds, iters / rounds + 1);
    check_variant(&rget, IRREG_PATTERNS);
    MPI_Win_unlock_all(win_lock);

    MPI_Win_fence(MPI_MODE_NOPRECEDE | NOSTORE, win_fence);
    time_variant(&fence, brounds, biters / brounds + 1);
    check_variant(&fence, over ? 1 : IRREG_PATTERNS);
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win_fence);

    MPI_Win_free(&win_lock);
    MPI_Win_free(&win_fence);
    for (int kk = 0; kk < nk; kk++) {
        free(owner[kk]);
        free(disp[kk]);
    }
    free(reqs);
    free(buf);
    free(local);
    MPI_Finalize();
    return 0;
}
