/*
 * shm_barrier.h - the reference barrier of the raw-MPI baselines: a
 * sense-reversing barrier in an MPI-3 shared-memory window, the floor of a
 * global synchronization inside one node.  sync_mpi.c times it alone (table
 * "sync", column shm_barrier); bulk_mpi.c and the seed 003 bounds add it to
 * a transfer to give the least a superstep carrying that transfer can take.
 */
#ifndef BENCH_SHM_BARRIER_H
#define BENCH_SHM_BARRIER_H

#include <mpi.h>

/* Collective over MPI_COMM_WORLD (call after bench_mpi_start): makes the
 * barrier's window and returns it, or MPI_WIN_NULL (no barrier) when the
 * processes span several nodes. */
MPI_Win bench_shm_barrier_setup(void);
/* Waits until every process of MPI_COMM_WORLD has called it (as often):
 * spins bench_spin_polls() failed polls between sched_yield calls. */
void bench_shm_barrier(void);
/* Frees the window (collective). */
void bench_shm_barrier_free(MPI_Win win);

#endif /* BENCH_SHM_BARRIER_H */
