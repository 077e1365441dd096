/*
 * nscommon.h - helpers that only the NestStep benchmark programs need: a
 * collective mean over processes done with NestStep itself (a sh<+>
 * double), so that these programs make no MPI calls of their own.
 * Everything else they share is in common.h.
 */
#ifndef BENCH_NSCOMMON_H
#define BENCH_NSCOMMON_H

/* Mean over the processes of the root group of one value each; collective
 * (one superstep), so call it outside timed regions and outside a step.
 * The result is valid on every process. */
double bench_ns_mean(double v);

#endif /* BENCH_NSCOMMON_H */
