/*
 * bulk_mpi.c - raw-MPI baseline of table "bw": each process sends n bytes
 * to the next one and receives n bytes from the previous one with
 * MPI_Isend/MPI_Irecv straight between the user's arrays, then waits by
 * test-spin-yield.  Checks the largest transfer once.
 * Also the bound of a buffered put (reference column "copy+Isend/Irecv"):
 * the same after copying the source into a staging buffer, the copy that
 * bsp_put must make before it returns (seed 000: the source may change
 * right after the call), which MPI_Isend from the user's array does not.
 * And the bound of a superstep that carries the transfer (reference column
 * "Isend/Irecv+shm_barrier"): the same followed by a barrier in a shared
 * window (shm_barrier.c), because a superstep ends in a global
 * synchronization and a ring's step waits for one neighbour only.  And
 * both (reference column "copy+Isend/Irecv+shm_barrier"): the least that a
 * superstep carrying one buffered put costs, a copy at the call, the
 * transfer and the global synchronization.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "common.h"
#include "shm_barrier.h"

#define MAXSIZES 16

static int P, ME;
static long sizes[MAXSIZES];
static unsigned char *src, *dst, *stage;

/* What a transfer adds to the plain Isend/Irecv, as flags: a copy of the
 * source first (the buffered-put bound), a barrier after it (the superstep
 * bound), or both. */
enum extra { PLAIN = 0, COPY_FIRST = 1, BARRIER_AFTER = 2 };

/* bulk_reps(n) transfers of sizes[k] bytes; ctx points to an enum extra. */
static void
transfer(int k, void *ctx)
{
    long n = sizes[k];
    enum extra x = *(const enum extra *)ctx;
    MPI_Request r[2];
    for (int i = bulk_reps(n); i > 0; i--) {
        MPI_Irecv(dst, (int)n, MPI_BYTE, (ME - 1 + P) % P, 3, MPI_COMM_WORLD, &r[0]);
        if (x & COPY_FIRST)
            memcpy(stage, src, (size_t)n);
        MPI_Isend(x & COPY_FIRST ? stage : src, (int)n, MPI_BYTE, (ME + 1) % P, 3,
                  MPI_COMM_WORLD, &r[1]);
        bench_wait_all(2, r, NULL);
        if (x & BARRIER_AFTER)
            bench_shm_barrier();
    }
}

int
main(int argc, char **argv)
{
    if (!bench_mpi_start_with_peer(&argc, &argv, &P, &ME))
        return 0;
    int nsizes = bulk_sizes(sizes, MAXSIZES);
    int rounds = bench_env_int("BENCH_BULK_ROUNDS", 4), per = bench_env_int("BENCH_BULK_PER", 2);
    long nmax = sizes[nsizes - 1];
    double med[MAXSIZES], copied[MAXSIZES], barred[MAXSIZES], both[MAXSIZES];
    src = malloc((size_t)nmax);
    dst = malloc((size_t)nmax);
    stage = malloc((size_t)nmax);
    if (!src || !dst || !stage)
        bench_fail("out of memory");
    bulk_fill(src, nmax, ME);
    MPI_Win win = bench_shm_barrier_setup();
    enum extra plain = PLAIN, copy_first = COPY_FIRST, barrier_after = BARRIER_AFTER,
               copy_barrier = COPY_FIRST | BARRIER_AFTER;

    bench_sweep(nsizes, rounds, per, transfer, &plain, med);
    bench_sweep(nsizes, rounds, per, transfer, &copy_first, copied);
    if (win != MPI_WIN_NULL) {
        bench_sweep(nsizes, rounds, per, transfer, &barrier_after, barred);
        bench_sweep(nsizes, rounds, per, transfer, &copy_barrier, both);
    }
    for (int k = 0; k < nsizes; k++) {
        double us = bench_mpi_mean(med[k] / bulk_reps(sizes[k]), MPI_COMM_WORLD);
        double cus = bench_mpi_mean(copied[k] / bulk_reps(sizes[k]), MPI_COMM_WORLD);
        double bus = win == MPI_WIN_NULL ? 0 :
                     bench_mpi_mean(barred[k] / bulk_reps(sizes[k]), MPI_COMM_WORLD);
        double cbus = win == MPI_WIN_NULL ? 0 :
                      bench_mpi_mean(both[k] / bulk_reps(sizes[k]), MPI_COMM_WORLD);
        if (ME == 0) {
            char key[32];
            snprintf(key, sizeof key, "%ld", sizes[k]);
            bench_record("bw", P, key, "base", "Isend/Irecv", (double)sizes[k] / us);
            bench_record("bw", P, key, "ref", "copy+Isend/Irecv", (double)sizes[k] / cus);
            if (win != MPI_WIN_NULL) {
                bench_record("bw", P, key, "ref", "Isend/Irecv+shm_barrier",
                             (double)sizes[k] / bus);
                bench_record("bw", P, key, "ref", "copy+Isend/Irecv+shm_barrier",
                             (double)sizes[k] / cbus);
            }
        }
    }
    memset(dst, 0, (size_t)nmax);
    transfer(nsizes - 1, &plain);
    bulk_check(dst, nmax, (ME - 1 + P) % P, "Isend/Irecv");

    bench_shm_barrier_free(win);
    free(stage);
    free(dst);
    free(src);
    MPI_Finalize();
    return 0;
}
