/*
 * measure.h - the measuring that bspprobe (an installed tool) and the
 * benchmarks (bench/, through common.h) share: the clock, medians, the
 * line fit, the timed sweep, the h-relation pattern with its check, and the
 * failure exit (which stops an MPI job).  bench/ builds it from here.
 */
#ifndef PROBE_MEASURE_H
#define PROBE_MEASURE_H

/* ---- time and statistics ---- */
double bench_now(void);                         /* seconds, monotonic */
double bench_median(double *v, int n);          /* sorts v in place */
/* The line y = slope * x + icept through n points, Theil-Sen's: slope is
 * the median of the slopes between pairs of points, icept the median of
 * y - slope * x.  On a machine that other jobs load (or an oversubscribed
 * job), a few points are far off and a least-squares line follows them:
 * it swung g of the baseline at p = 4 by 10x between runs here, and gave
 * negative intercepts; the medians hold. */
void bench_fit_line(const double *x, const double *y, int n, double *slope, double *icept);

/* Times one_step(k, ctx) at each of npts points, in rounds so that a burst of
 * load on the machine spreads over all points instead of spoiling a few:
 * each round calls one_step once untimed and then `per` times timed at every
 * point.  med[k] gets this process's median time at point k, in us.  The
 * one_step must be collective when the program is parallel. */
void bench_sweep(int npts, int rounds, int per, void (*one_step)(int k, void *ctx), void *ctx,
                 double *med);

/* Prints "bench: FAILED <program>: <message>" on stderr and exits 1. */
void bench_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* ---- the h-relation of hrel_bsp.c and hrel_mpi.c (bspbench's pattern) ----
 * Process s sends h words; word i goes to process (s + 1 + i % (p-1)) % p,
 * at index (i / (p-1)) * p + s of its target array, so every process also
 * receives h words (to itself when p = 1). */
static inline int
hrel_dest(int s, long i, int p)
{
    return p == 1 ? s : (int)((s + 1 + i % (p - 1)) % p);
}
static inline long
hrel_index(int s, long i, int p)
{
    return p == 1 ? i : (i / (p - 1)) * p + s;
}
static inline double
hrel_value(int s, long i)
{
    return (double)s * 1e7 + (double)i;
}
/* Length of the target array for h-relations of up to hmax words. */
long hrel_target_len(long hmax, int p);
/* Process s's destination and target index of each of its hmax words,
 * computed once before the timed loops, as bspbench does (its destproc and
 * destindex arrays), so that a timed word costs the communication and not
 * two divisions.  Both arrays come from malloc; bench_fail if out of memory. */
void hrel_plan(int s, long hmax, int p, int **dest, int **index);
/* Checks process me's target array (len entries, -1 where nothing was put)
 * after an h-relation; calls bench_fail on the first wrong entry. */
void hrel_check(const double *target, long len, long h, int me, int p);

#endif /* PROBE_MEASURE_H */
