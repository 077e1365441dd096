/*
 * bspcommon.h - helpers that only the BSPlib benchmark programs need: a
 * collective mean over processes done with BSPlib itself (no MPI calls in
 * BSPlib programs; bspprobe too).  The measuring they share is in measure.h;
 * everything else the benchmarks share is in bench/common.h.
 */
#ifndef BENCH_BSPCOMMON_H
#define BENCH_BSPCOMMON_H

/* Mean over all processes of one value each; collective (two supersteps),
 * so call it outside timed regions.  The result is valid on every process. */
double bench_bsp_mean(double v);

#endif /* BENCH_BSPCOMMON_H */
