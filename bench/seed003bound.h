/*
 * seed003bound.h - what the raw-MPI bounds of the seed 003 kernels
 * (seed003_ocean_mpi.c, seed003_lu_mpi.c) share.  A bound runs the kernel's
 * arithmetic (seed003arith.h) with hand-written MPI_Isend/MPI_Irecv
 * between the processes that exchange data, waiting the engine's way
 * (bench_wait_all), in two variants:
 *   mpi/neighbours          each process waits for its own messages only,
 *                           which is all that relaxed synchronization asks;
 *   mpi/neighbours+barrier  the same with a barrier in a shared-memory
 *                           window (shm_barrier.c) where the kernel has a
 *                           superstep's end: what a global synchronization
 *                           adds at the least.
 * What the first saves against the second is the most that leaving out
 * the barrier can save on this machine; seed003.sh runs a bound beside the
 * kernel under each configuration and report.py prints both.
 */
#ifndef BENCH_SEED003BOUND_H
#define BENCH_SEED003BOUND_H

#include "common.h"
#include "seed003arith.h"

enum s3b_variant { S3B_NEIGHBOURS, S3B_BARRIER };

/* Seconds this process spent waiting (messages and barriers) in the run. */
extern double s3b_comm;

/* Waits for n requests, timed into s3b_comm. */
void s3b_wait(int n, MPI_Request *reqs);
/* The end of a superstep of the kernel: the barrier under S3B_BARRIER,
 * timed into s3b_comm; nothing under S3B_NEIGHBOURS. */
void s3b_superstep_end(enum s3b_variant v);

/* MPI_Init and the barrier's window; stops the bound when the processes
 * span several nodes (no shared window). */
void s3b_init(int *argc, char ***argv, int *p, int *me);
void s3b_end(void);

/* Runs run(v) for each variant in the order A B B A (so that neither
 * always comes first): two runs of each. */
void s3b_runs(void (*run)(enum s3b_variant v));

/* Start and end of a run's timed part (the start synchronizes, untimed). */
void s3b_start(void);
void s3b_stop(void);
/* The end of a run, collective: stops the job unless no process found a
 * wrong element; then process 0 prints the records of the run (table
 * "seed003", role "bound": the mean over processes of the waiting time,
 * and the largest total time, in ms). */
void s3b_finish(const char *kernel, enum s3b_variant v, long bad);

#endif /* BENCH_SEED003BOUND_H */
