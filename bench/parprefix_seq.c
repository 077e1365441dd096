/*
 * parprefix_seq.c - the baseline of table "parprefix": the plain
 * sequential exclusive prefix sum of BENCH_PARPREFIX_N (10^7) ints in
 * place, one process, the same input and result as parprefix_ns.c, built
 * with the same compiler and flags.  Timed: the loop only; the array is set
 * again before each repetition and the result checked, both untimed.  The
 * record is labelled with the process count given as argument, so that
 * run.sh pairs it with the parallel run beside it.
 * Usage: parprefix_seq P
 */
#include <stdlib.h>
#include "common.h"

static void
prefix(int *a, long n)
{
    int sum = 0;
    for (long i = 0; i < n; i++) {
        int v = a[i];
        a[i] = sum;
        sum += v;
    }
}

int
main(int argc, char **argv)
{
    int p = argc > 1 ? atoi(argv[1]) : 1;
    long n = bench_env_int("BENCH_PARPREFIX_N", 10000000);
    int reps = bench_env_int("BENCH_PARPREFIX_REPS", 9);
    if (reps < 1)
        bench_fail("BENCH_PARPREFIX_REPS must be at least 1");
    int *a = malloc(sizeof *a * (size_t)(n > 0 ? n : 1));
    double *t = malloc(sizeof *t * (size_t)reps);
    if (!a || !t)
        bench_fail("out of memory");
    for (int r = 0; r < reps; r++) {
        for (long i = 0; i < n; i++)
            a[i] = prefix_input(i);
        double t0 = bench_now();
        prefix(a, n);
        t[r] = bench_now() - t0;
        for (long i = 0, expect = 0; i < n; expect += prefix_input(i), i++)
            if (a[i] != expect)
                bench_fail("prefix of %ld ints: %d at %ld, expected %ld", n, a[i], i, expect);
    }
    bench_record("parprefix", p, "-", "base", "sequential", 1e3 * bench_median(t, reps));
    free(t);
    free(a);
    return 0;
}
