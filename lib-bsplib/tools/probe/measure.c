/*
 * measure.c - the measuring that bspprobe and the benchmarks share (see
 * measure.h).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <mpi.h>
#include "measure.h"

double
bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int
cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double
bench_median(double *v, int n)
{
    if (n <= 0)
        return 0.0;
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return (n % 2) ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

void
bench_fit_line(const double *x, const double *y, int n, double *slope, double *icept)
{
    double *v = malloc(sizeof *v * (size_t)(n * (n - 1) / 2 + n + 1));
    int k = 0;
    if (!v)
        bench_fail("out of memory");
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (x[j] != x[i])
                v[k++] = (y[j] - y[i]) / (x[j] - x[i]);
    *slope = bench_median(v, k);
    for (int i = 0; i < n; i++)
        v[i] = y[i] - *slope * x[i];
    *icept = bench_median(v, n);
    free(v);
}

void
bench_sweep(int npts, int rounds, int per, void (*step)(int k, void *ctx), void *ctx,
            double *med)
{
    int nsamp = rounds * per;
    double *t = malloc(sizeof *t * (size_t)(npts * nsamp > 0 ? npts * nsamp : 1));
    if (!t)
        bench_fail("out of memory");
    for (int r = 0; r < rounds; r++)
        for (int k = 0; k < npts; k++) {
            step(k, ctx);
            for (int i = 0; i < per; i++) {
                double t0 = bench_now();
                step(k, ctx);
                t[k * nsamp + r * per + i] = bench_now() - t0;
            }
        }
    for (int k = 0; k < npts; k++)
        med[k] = 1e6 * bench_median(t + k * nsamp, nsamp);
    free(t);
}

void
bench_fail(const char *fmt, ...)
{
    va_list ap;
    char msg[512];
    int init = 0, fini = 0;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* one write, so that processes failing together do not interleave */
    fprintf(stderr, "bench: FAILED %s: %s\n", program_invocation_short_name, msg);
    fflush(stderr);
    MPI_Initialized(&init);
    MPI_Finalized(&fini);
    if (init && !fini)
        MPI_Abort(MPI_COMM_WORLD, 1);
    exit(1);
}

/* ---- the h-relation pattern ---- */

long
hrel_target_len(long hmax, int p)
{
    return p == 1 ? hmax : ((hmax + p - 2) / (p - 1)) * p;
}

void
hrel_plan(int s, long hmax, int p, int **dest, int **index)
{
    *dest = malloc(sizeof **dest * (size_t)(hmax > 0 ? hmax : 1));
    *index = malloc(sizeof **index * (size_t)(hmax > 0 ? hmax : 1));
    if (!*dest || !*index)
        bench_fail("out of memory");
    for (long i = 0; i < hmax; i++) {
        (*dest)[i] = hrel_dest(s, i, p);
        (*index)[i] = (int)hrel_index(s, i, p);
    }
}

void
hrel_check(const double *target, long len, long h, int me, int p)
{
    double *expect = malloc(sizeof *expect * (size_t)(len > 0 ? len : 1));
    if (!expect)
        bench_fail("out of memory");
    for (long k = 0; k < len; k++)
        expect[k] = -1.0;
    for (int s = 0; s < p; s++)
        for (long i = 0; i < h; i++)
            if (hrel_dest(s, i, p) == me)
                expect[hrel_index(s, i, p)] = hrel_value(s, i);
    for (long k = 0; k < len; k++)
        if (target[k] != expect[k])
            bench_fail("%ld-relation: process %d has %g at index %ld, expected %g",
                       h, me, target[k], k, expect[k]);
    free(expect);
}
