/*
 * seed003common.h - what the three seed 003 kernels (seed003_ft.c,
 * seed003_lu.c, seed003_ocean.c) share: the paper's communication clock
 * (the time spent in bsp_sync and in bspx_read, summed over the run, as
 * Kim, Ha and Jhon measure it in section 4.1), the name of the
 * synchronization configuration a run is under, a READ-annotated
 * reduction, and the result records.  Their arithmetic (process grid,
 * relaxation, factorization) is in seed003arith.h.
 */
#ifndef BENCH_SEED003COMMON_H
#define BENCH_SEED003COMMON_H

#include <stddef.h>
#include "bsp.h"
#include "common.h"
#include "seed003arith.h"

/* The communication clock of this process: seconds in bsp_sync and
 * bspx_read since s3_start, and how many syncs (supersteps) that was. */
extern double s3_comm;
extern long s3_syncs;

/* bsp_sync and bspx_read, timed into s3_comm.  Macros, so that a misuse
 * message of the library names the kernel's line. */
#define S3_SYNC()                                   \
    do {                                            \
        double s3_t0_ = bench_now();                \
        bsp_sync();                                 \
        s3_comm += bench_now() - s3_t0_;            \
        s3_syncs++;                                 \
    } while (0)
#define S3_READ(area, nputs)                        \
    do {                                            \
        double s3_t0_ = bench_now();                \
        bspx_read((area), (nputs));                 \
        s3_comm += bench_now() - s3_t0_;            \
    } while (0)

/* Declares n floating-point operations of the work just done.  On a
 * simulated machine (bspcc --simulate -DNS_SIMULATE, make bench-simulate)
 * they take n / (the host's speed) of simulated time, so that computation
 * counts, and the same in every run, while bsprun --simulate has SimGrid
 * count no measured computation (smpi/simulate-computation:no); in a real
 * build nothing. */
#ifdef NS_SIMULATE
#include <smpi/smpi.h>
#define S3_FLOPS(n) smpi_execute_flops((double)(n))
#else
#define S3_FLOPS(n) ((void)0)
#endif

/* The configuration this run is under, from NS_SYNC and NS_EXCHANGE as
 * the runner set them: "barrier/tree", "barrier/direct", "barrier/nbx",
 * "relaxed", "relaxed-eager", ... */
const char *s3_config(void);

/* Starts the timed part from a common point (an untimed sync) and zeroes
 * the clock; s3_stop ends it and keeps its total and communication time. */
void s3_start(void);
void s3_stop(void);

/* Sum and maximum over all processes of one value each (collective, two
 * supersteps, untimed: call outside the timed part).  The sum adds the
 * processes' values in pid order, so it is the same on every process. */
void s3_sum_max(double v, double *sum, double *max);

/* The end of a kernel's run, collective: stops the job unless no process
 * found a wrong element (bad: how many this one found, each process having
 * described its first on stderr); then process 0 prints the records of the
 * run (the mean and the maximum over processes of the communication time,
 * the largest total time, in ms, and the number of supersteps).  Returns
 * the sum over processes of value (a checksum of the result), in pid order. */
double s3_finish(const char *kernel, long bad, double value);

#endif /* BENCH_SEED003COMMON_H */
