/*
 * seed003bound.h - what the raw bounds of the seed 003 kernels
 * (seed003_ocean_mpi.c, seed003_lu_mpi.c) share.  A bound runs the kernel's
 * arithmetic (seed003arith.h) with hand-written messages between the
 * processes that exchange data, waiting the engine's way (bench_wait_all,
 * bench_wait_until), in four variants:
 *   mpi/neighbours          MPI_Isend/MPI_Irecv, each process waiting for its
 *                           own messages only, which is all that relaxed
 *                           synchronization asks;
 *   mpi/neighbours+barrier  the same with a barrier in a shared-memory
 *                           window (shm_barrier.c) where the kernel has a
 *                           superstep's end: what a global synchronization
 *                           adds at the least;
 *   shm/neighbours          neighbour-only waits again, the messages copied
 *                           through a shared-memory window instead of MPI:
 *                           per ordered pair a ring of two slots in the
 *                           receiver's part, a sequence number the sender
 *                           raises after its copy and one the receiver
 *                           raises after its own (one cache line each).
 *                           The least that a relaxed protocol inside a node
 *                           can take, as the shared-window barrier is for a
 *                           barrier;
 *   shm/neighbours+barrier  the same with the barrier where a superstep ends.
 * What the first saves against the second is the most that leaving out
 * the barrier can save with MPI's messages, and the third against the
 * fourth the same with copies through shared memory; the third against
 * the engine's barrier mode (through its node-local segment, not MPI) is
 * the most a relaxed mode can save against it.  seed003.sh runs a bound beside the
 * kernel under each configuration and report.py prints them.
 */
#ifndef BENCH_SEED003BOUND_H
#define BENCH_SEED003BOUND_H

#include "common.h"
#include "seed003arith.h"

enum s3b_variant { S3B_NEIGHBOURS, S3B_BARRIER, S3B_SHM, S3B_SHM_BARRIER };

/* Seconds this process spent waiting (messages and barriers) in the run. */
extern double s3b_comm;

/* A message of n doubles to dest (from src), tag telling a pair's kinds
 * apart: MPI_Isend/MPI_Irecv, or under S3B_SHM a copy into dest's ring now
 * (waiting, timed, while both its slots are unread) and a receive that
 * s3b_wait completes (the same under S3B_SHM_BARRIER); *req is what to pass
 * to s3b_wait. */
void s3b_send(enum s3b_variant v, const double *buf, int n, int dest, int tag, MPI_Request *req);
void s3b_recv(enum s3b_variant v, double *buf, int n, int src, int tag, MPI_Request *req);
/* Waits for n requests of s3b_send and s3b_recv, timed into s3b_comm. */
void s3b_wait(int n, MPI_Request *reqs);
/* The end of a superstep of the kernel: the barrier under S3B_BARRIER and
 * S3B_SHM_BARRIER, timed into s3b_comm; nothing under the others. */
void s3b_superstep_end(enum s3b_variant v);

/* MPI_Init and the barrier's window; stops the bound when the processes
 * span several nodes (no shared window). */
void s3b_init(int *argc, char ***argv, int *p, int *me);
/* Collective, after s3b_init: the rings of S3B_SHM, for messages of at
 * most n doubles (the largest over the processes). */
void s3b_messages_at_most(int n);
void s3b_end(void);

/* Runs run(v) for each variant in the order A B C D D C B A (so that none
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
