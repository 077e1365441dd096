/*
 * coll_bsp.c - our side of tables (l): the collectives of bsp_coll.h
 * (bsp_fold with a user operator adding doubles, bsp_scan, bsp_bcast,
 * bsp_exchange), one word and 1 MiB, each a superstep of its own.  Compare
 * with coll_mpi.c (MPI_Allreduce, MPI_Scan/MPI_Exscan, MPI_Bcast,
 * MPI_Alltoall, blocking and nonblocking).  Every step's result is checked
 * at its first and last word.
 */
#include <stdio.h>
#include <stdlib.h>
#include "bsp_coll.h"
#include "bspcommon.h"
#include "common.h"

static int P, ME;
static long nsteps, words;              /* steps so far: the same on all */
static double *src, *dst;

static void
add(void *res, void *left, void *right, int *nbytes)
{
    double *r = res, *a = left, *b = right;
    for (int i = 0; i < *nbytes / (int)sizeof(double); i++)
        r[i] = a[i] + b[i];
}

static void
step(int k, void *ctx)
{
    (void)ctx;
    long n = words, last = n - 1;
    nsteps++;
    switch (k) {
    case 0:
        coll_fill(src, n, ME, nsteps);
        bsp_fold(add, src, dst, (int)(n * sizeof *src));
        coll_check(dst[0], coll_sum(0, P, 0, nsteps), "bsp_fold", ME, nsteps);
        coll_check(dst[last], coll_sum(0, P, last, nsteps), "bsp_fold", ME, nsteps);
        break;
    case 1:
        coll_fill(src, n, ME, nsteps);
        bsp_scan(add, src, dst, (int)(n * sizeof *src));
        coll_check(dst[0], coll_sum(0, ME + 1, 0, nsteps), "bsp_scan", ME, nsteps);
        coll_check(dst[last], coll_sum(0, ME + 1, last, nsteps), "bsp_scan", ME, nsteps);
        break;
    case 2: {
        int root = (int)(nsteps % P);
        coll_fill(src, n, ME, nsteps);
        bsp_bcast(root, src, dst, (int)(n * sizeof *src));
        coll_check(dst[0], coll_value(root, 0, nsteps), "bsp_bcast", ME, nsteps);
        coll_check(dst[last], coll_value(root, last, nsteps), "bsp_bcast", ME, nsteps);
        break;
    }
    default: {
        long b = coll_block(n, P);
        coll_fill(src, b * P, ME, nsteps);
        bsp_exchange(src, dst, (int)(b * (long)sizeof *src));
        coll_check(dst[0], coll_value(0, ME * b, nsteps), "bsp_exchange", ME, nsteps);
        coll_check(dst[(P - 1) * b + b - 1], coll_value(P - 1, ME * b + b - 1, nsteps),
                   "bsp_exchange", ME, nsteps);
    }
    }
}

int
main(void)
{
    bsp_begin(bsp_nprocs());
    P = bsp_nprocs();
    ME = bsp_pid();
    static const char *const table[4] = { "coll_fold", "coll_scan", "coll_bcast",
                                          "coll_exchange" };
    static const char *const impl[4] = { "bsp_fold", "bsp_scan", "bsp_bcast", "bsp_exchange" };
    const long sizes[2] = { 1, (1 << 20) / (long)sizeof(double) };
    int iters[2] = { bench_env_int("BENCH_COLL_ITERS", 1000),
                     bench_env_int("BENCH_COLL_LARGE_ITERS", 40) }, rounds = 10;
    src = malloc(sizeof *src * (size_t)sizes[1] * 2);
    dst = malloc(sizeof *dst * (size_t)sizes[1] * 2);
    if (!src || !dst)
        bench_fail("out of memory");
    for (int z = 0; z < 2; z++) {
        double med[4];
        char key[32];
        words = sizes[z];
        bench_sweep(4, rounds, iters[z] / rounds + 1, step, NULL, med);
        snprintf(key, sizeof key, "%ld", words * (long)sizeof(double));
        for (int k = 0; k < 4; k++) {
            double us = bench_bsp_mean(med[k]);
            if (ME == 0)
                bench_record(table[k], P, key, "ours", impl[k], us);
        }
    }
    free(src);
    free(dst);
    bsp_end();
    return 0;
}
