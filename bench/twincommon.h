/*
 * twincommon.h - what the MPI twins of the NestStep samples (*_twin.c)
 * share: their start (MPI with the baselines' wait, common.c), the block
 * distribution of the samples' arrays, argument checks with the samples'
 * limits, and the collection of a block-distributed array on process 0,
 * which the samples do with a section read.
 *
 * A twin computes what its sample computes, with the same data
 * distribution and the same local computations (the same operations in
 * the same order, so the same output), and communicates as an MPI
 * programmer writing for speed would: nonblocking calls, waited for the
 * baselines' one way (bench_wait_all), only the messages the algorithm
 * needs, and no barrier where the sample's superstep has one.
 *
 * Step mode (BENCH_TWIN_STEPS=1 in the environment, read once in
 * twin_start): the twin also synchronizes all processes wherever its sample
 * ends a superstep (twin_step), so that it pays the global synchronizations
 * the sample pays, in the same places and as many times, and what the
 * sample still costs more is NestStep's own.  The output is the same in
 * both modes.  BENCH_TWIN_STEPS=2 is step mode that also writes on
 * stderr, from process 0 at the end, how many synchronizations it made
 * (to check them against the sample's profile).  Where the sample reads
 * sections that carry more elements than it uses (spmv.nst's runs of
 * ghosts across gaps), the twin in step mode also moves what those
 * sections move (twin_step_mode), so that the bound pays the sample's data
 * volume as well as its synchronizations.
 */
#ifndef BENCH_TWINCOMMON_H
#define BENCH_TWINCOMMON_H

#include <mpi.h>
#include <stddef.h>
#include "common.h"

/* MPI_Init and the baselines' wait (bench_mpi_start); p and me of
 * MPI_COMM_WORLD. */
void twin_start(int *argc, char ***argv, int *p, int *me);
/* In step mode, the final synchronization of NestStep_finalize
 * (twin_step); then MPI_Finalize; returns 0 for main to return. */
int twin_end(void);
/* Where the sample ends a superstep: nothing, or in step mode one global
 * synchronization as the engine waits for one, an MPI_Ibarrier on
 * MPI_COMM_WORLD waited for the baselines' way (bench_wait). */
void twin_step(void);
/* 0, or the BENCH_TWIN_STEPS of step mode. */
int twin_step_mode(void);
/* The same where the sample ends a superstep of a subgroup, the ranks
 * first .. first+size-1 of MPI_COMM_WORLD (I am one of them; dnc): in step
 * mode the whole group's twin_step, a dissemination barrier (ceil(log2
 * size) rounds of one MPI_Isend and one MPI_Irecv, tag TWIN_STEP_TAG + round,
 * waited for with bench_wait_all) for a smaller group, none for a group of
 * one (counted all the same, as the sample's step). */
void twin_step_group(int first, int size);
#define TWIN_STEP_TAG 32000
/* "<program>: <message>" on stderr (from the calling process) and the
 * whole job stops with exit status 2, as a sample's NestStep_abort. */
void twin_abort(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
/* malloc(n + 1) (never NULL for n = 0), or twin_abort. */
void *twin_malloc(size_t n);

/* The block distribution of NestStep's </> arrays (block size
 * ceil(n / p)): process q owns the global indices lo .. lo + len - 1. */
struct twin_block {
    long lo, len;
};
struct twin_block twin_block(long n, int p, int q);
/* The owner of global index i of a block-distributed array of n. */
int twin_block_owner(long i, long n, int p);

/* The value of a decimal argument in min .. max, or twin_abort with
 * the usage line. */
long twin_arg(const char *s, long min, long max, const char *usage);

/* Process 0 gets the n elements (of size bytes each) of a block-distributed
 * array, each process giving its block `mine`; `all` matters only on
 * process 0.  One MPI_Igatherv, waited for the baselines' way. */
void twin_gather_block(const void *mine, void *all, long n, MPI_Datatype type, int p, int me);

#endif /* BENCH_TWINCOMMON_H */
