/*
 * sync_mpi.c - raw-MPI baselines for an empty superstep (table "sync"): the
 * cheapest ways plain MPI can tell every process how many messages to expect
 * (count exchanges) or just synchronize, all waiting by test-spin-yield.
 * Blocking MPI_Barrier and a shared-memory barrier are reference columns.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "common.h"
#include "shm_barrier.h"

static int P, ME;
static int *sendv, *recvv;          /* p counts out, p counts in */
static MPI_Request *reqs;

/* The count process s tells process d in iteration it (checked on arrival). */
static inline int
count_for(int s, int d, int it)
{
    return (s * 7 + d * 3 + it) & 0xffff;
}

static int ncalls;                  /* count-exchange steps so far: the same on all */

static void
fill_counts(void)
{
    ncalls++;
    for (int d = 0; d < P; d++)
        sendv[d] = count_for(ME, d, ncalls);
}

static void
check_counts(const char *what)
{
    for (int s = 0; s < P; s++)
        if (s != ME && recvv[s] != count_for(s, ME, ncalls))
            bench_fail("%s: process %d got count %d from %d in step %d, expected %d",
                       what, ME, recvv[s], s, ncalls, count_for(s, ME, ncalls));
}

/* ---- the contenders: one empty superstep each ---- */

static void
step_ibarrier(void)
{
    MPI_Ibarrier(MPI_COMM_WORLD, &reqs[0]);
    bench_wait(&reqs[0]);
}

/* One int to every other process by hand: p-1 Irecv, p-1 Isend. */
static void
step_isend_irecv(void)
{
    int n = 0;
    fill_counts();
    for (int k = 1; k < P; k++) {
        int s = (ME - k + P) % P;
        MPI_Irecv(&recvv[s], 1, MPI_INT, s, 1, MPI_COMM_WORLD, &reqs[n++]);
    }
    for (int k = 1; k < P; k++) {
        int d = (ME + k) % P;
        MPI_Isend(&sendv[d], 1, MPI_INT, d, 1, MPI_COMM_WORLD, &reqs[n++]);
    }
    bench_wait_all(n, reqs, NULL);
    check_counts("isend_irecv");
}

static void
step_ialltoall(void)
{
    fill_counts();
    MPI_Ialltoall(sendv, 1, MPI_INT, recvv, 1, MPI_INT, MPI_COMM_WORLD, &reqs[0]);
    bench_wait(&reqs[0]);
    check_counts("ialltoall");
}

/* Each process learns only the total number of messages it will receive. */
static void
step_ireduce_scatter(void)
{
    int total = 0, expect = 0;
    fill_counts();
    MPI_Ireduce_scatter_block(sendv, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &reqs[0]);
    bench_wait(&reqs[0]);
    for (int s = 0; s < P; s++)
        expect += count_for(s, ME, ncalls);
    if (total != expect)
        bench_fail("ireduce_scatter_block: process %d got %d, expected %d", ME, total, expect);
}

static void
step_barrier_blocking(void)
{
    MPI_Barrier(MPI_COMM_WORLD);
}

int
main(int argc, char **argv)
{
    bench_mpi_start(&argc, &argv, &P, &ME);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int iters = bench_env_int("BENCH_SYNC_ITERS", 2000), rounds = 10;
    /* blocking calls busy-poll: keep their run short when oversubscribed */
    int biters = P <= cores ? iters : iters / (8 * P) + 10;

    sendv = calloc((size_t)P, sizeof *sendv);
    recvv = calloc((size_t)P, sizeof *recvv);
    reqs = calloc(2 * (size_t)P, sizeof *reqs);
    if (!sendv || !recvv || !reqs)
        bench_fail("out of memory");

    struct bench_variant v[6];
    int n = 0;
    v[n++] = (struct bench_variant){ "sync", "base", "Ibarrier", step_ibarrier };
    if (P > 1)                                          /* needs a peer */
        v[n++] = (struct bench_variant){ "sync", "base", "Isend/Irecv", step_isend_irecv };
    v[n++] = (struct bench_variant){ "sync", "base", "Ialltoall", step_ialltoall };
    v[n++] = (struct bench_variant){ "sync", "base", "Ireduce_scatter_block",
                                     step_ireduce_scatter };
    MPI_Win win = bench_shm_barrier_setup();
    if (win != MPI_WIN_NULL)
        v[n++] = (struct bench_variant){ "sync", "ref", "shm_barrier", bench_shm_barrier };
    bench_time_variants(v, n, rounds, iters / rounds + 1);
    bench_time_variants(&(struct bench_variant){ "sync", "ref", "Barrier(blocking)",
                                                 step_barrier_blocking }, 1, 1, biters);

    bench_shm_barrier_free(win);
    free(reqs);
    free(recvv);
    free(sendv);
    MPI_Finalize();
    return 0;
}
