/*
 * sync_sim.c - the empty superstep on a simulated machine (make
 * bench-simulate, docs/simulate.md): in one run, N empty bsp_sync, then N
 * nonblocking barriers (MPI_Ibarrier, tested until complete) and N
 * nonblocking all-reduces of one int (MPI_Iallreduce, the same) on a
 * duplicate of MPI_COMM_WORLD, each timed by the simulated clock
 * (MPI_Wtime) from a common start (an MPI_Barrier).  Prints for each the
 * largest time over processes, in us per sync, and the ratio of ours to
 * the faster of the two MPI collectives.  N: BENCH_SYNC_ITERS (100).  Only
 * meaningful in a simulation build (bspcc --simulate): the times of a
 * real run on an oversubscribed machine are the scheduler's.
 */
#include <mpi.h>
#include <stdio.h>
#include "bsp.h"
#include "common.h"

enum { SYNC, IBARRIER, IALLREDUCE, NKIND };

static void
test_until_done(MPI_Request *r)
{
    int done = 0;
    while (!done)
        MPI_Test(r, &done, MPI_STATUS_IGNORE);
}

int
main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), iters = bench_env_int("BENCH_SYNC_ITERS", 100);
    MPI_Comm comm;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    double us[NKIND], worst[NKIND];
    for (int kind = 0; kind < NKIND; kind++) {
        MPI_Barrier(comm);
        double t0 = MPI_Wtime();
        for (int i = 0; i < iters; i++) {
            MPI_Request r;
            int one = 1, sum = 0;
            switch (kind) {
            case SYNC:
                bsp_sync();
                break;
            case IBARRIER:
                MPI_Ibarrier(comm, &r);
                test_until_done(&r);
                break;
            case IALLREDUCE:
                MPI_Iallreduce(&one, &sum, 1, MPI_INT, MPI_SUM, comm, &r);
                test_until_done(&r);
                if (sum != p)
                    bench_fail("MPI_Iallreduce summed %d ones to %d", p, sum);
                break;
            }
        }
        us[kind] = 1e6 * (MPI_Wtime() - t0) / iters;
    }
    MPI_Allreduce(us, worst, NKIND, MPI_DOUBLE, MPI_MAX, comm);
    MPI_Comm_free(&comm);
    if (bsp_pid() == 0) {
        double best = worst[IBARRIER] < worst[IALLREDUCE] ? worst[IBARRIER] : worst[IALLREDUCE];
        printf("sync_sim: p=%d N=%d bsp_sync %.3f us, MPI_Ibarrier %.3f us, "
               "MPI_Iallreduce %.3f us; bsp_sync / best = %.2f\n",
               p, iters, worst[SYNC], worst[IBARRIER], worst[IALLREDUCE], worst[SYNC] / best);
    }
    bsp_end();
    return 0;
}
