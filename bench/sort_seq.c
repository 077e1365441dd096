/*
 * sort_seq.c - the baseline of table "sort": qsort of BENCH_SORT_N (10^7)
 * floats (sort_key), one process, with the comparison function of
 * samples/neststep/quicksort_oversampled.nst, built with the same compiler
 * and flags as the other programs.  Timed: the qsort call only; the keys
 * are set again before each repetition and the result checked, both
 * untimed; median of BENCH_SORT_REPS (3).  The record is labelled with the
 * process count given as argument, so that run.sh pairs it with the
 * parallel run beside it.
 * Usage: sort_seq P
 */
#include <stdlib.h>
#include "common.h"

static int
flcmp(const void *a, const void *b)
{
    if (*(const float *)a < *(const float *)b) return -1;
    if (*(const float *)a > *(const float *)b) return 1;
    return 0;
}

int
main(int argc, char **argv)
{
    int p = argc > 1 ? atoi(argv[1]) : 1;
    long n = bench_env_int("BENCH_SORT_N", 10000000);
    int reps = bench_env_int("BENCH_SORT_REPS", 3);
    if (reps < 1 || n < 1)
        bench_fail("BENCH_SORT_N and BENCH_SORT_REPS must be at least 1");
    float *a = malloc(sizeof *a * (size_t)n);
    double *t = malloc(sizeof *t * (size_t)reps);
    if (!a || !t)
        bench_fail("out of memory");
    for (int r = 0; r < reps; r++) {
        double sum = 0, sorted = 0;
        for (long i = 0; i < n; i++) {
            a[i] = sort_key(i);
            sum += a[i];                /* integers below 2^53: exact */
        }
        double t0 = bench_now();
        qsort(a, (size_t)n, sizeof *a, flcmp);
        t[r] = bench_now() - t0;
        for (long i = 0; i < n; i++) {
            if (i > 0 && a[i - 1] > a[i])
                bench_fail("qsort of %ld floats: %g at %ld after %g", n, a[i], i, a[i - 1]);
            sorted += a[i];
        }
        if (sorted != sum)
            bench_fail("qsort of %ld floats: the sum changed (%.0f, was %.0f)", n, sorted, sum);
    }
    bench_record("sort", p, "-", "base", "qsort", 1e3 * bench_median(t, reps));
    free(t);
    free(a);
    return 0;
}
