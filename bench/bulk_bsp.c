/*
 * bulk_bsp.c - our side of table "bw": bandwidth of one bsp_put, and of one
 * bsp_hpput, of n bytes to the next process per superstep (time of put +
 * bsp_sync), n = 1 KiB .. 16 MiB.  Checks the largest transfer of each.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bsp.h"
#include "bspcommon.h"
#include "common.h"

#define MAXSIZES 16

static long sizes[MAXSIZES];
static unsigned char *src, *dst;

/* Point k of the sweep: size k / 2, bsp_put when k is even, else bsp_hpput. */
static void
transfer(int k, void *ctx)
{
    (void)ctx;
    long n = sizes[k / 2];
    int next = (bsp_pid() + 1) % bsp_nprocs();
    for (int r = bulk_reps(n); r > 0; r--) {
        if (k % 2 == 0)
            bsp_put(next, src, dst, 0, (int)n);
        else
            bsp_hpput(next, src, dst, 0, (int)n);
        bsp_sync();
    }
}

static void
check_largest(int nsizes)
{
    int p = bsp_nprocs(), left = (bsp_pid() - 1 + p) % p;
    long n = sizes[nsizes - 1];
    for (int k = 2 * nsizes - 2; k < 2 * nsizes; k++) {
        memset(dst, 0, (size_t)n);
        bsp_sync();                         /* nobody puts before all cleared */
        transfer(k, NULL);
        bulk_check(dst, n, left, k % 2 ? "bsp_hpput" : "bsp_put");
    }
}

int
main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs();
    int nsizes = bulk_sizes(sizes, MAXSIZES), npts = 2 * nsizes;
    int rounds = bench_env_int("BENCH_BULK_ROUNDS", 4), per = bench_env_int("BENCH_BULK_PER", 2);
    long nmax = sizes[nsizes - 1];
    double med[2 * MAXSIZES];
    src = malloc((size_t)nmax);
    dst = malloc((size_t)nmax);
    if (!src || !dst)
        bench_fail("out of memory");
    bulk_fill(src, nmax, bsp_pid());
    bsp_push_reg(dst, (int)nmax);
    bsp_sync();

    bench_sweep(npts, rounds, per, transfer, NULL, med);
    for (int k = 0; k < npts; k++) {
        double us = bench_bsp_mean(med[k] / bulk_reps(sizes[k / 2]));
        if (bsp_pid() == 0) {
            char key[32];
            snprintf(key, sizeof key, "%ld", sizes[k / 2]);
            bench_record("bw", p, key, "ours", k % 2 ? "bsp_hpput" : "bsp_put",
                         (double)sizes[k / 2] / us);
        }
    }
    check_largest(nsizes);
    bsp_pop_reg(dst);
    bsp_end();
    free(dst);
    free(src);
    return 0;
}
