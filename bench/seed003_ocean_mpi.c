/*
 * seed003_ocean_mpi.c - the raw bounds of the Ocean kernel
 * (seed003_ocean.c): the same relaxation of the same blocks, each sweep's
 * edges sent to the neighbours and each halo taken by its receiver
 * (s3b_send, s3b_recv: MPI, or copies through a shared window), waited
 * for by the receiver; in the barrier variant every sweep also ends in a
 * barrier in a shared-memory window (seed003bound.h).
 * Checks every run's block against the sequential relaxation.  Sizes as
 * the kernel's: BENCH_OCEAN_G (256), BENCH_OCEAN_ITERS (1000).
 */
#include <stdio.h>
#include <stdlib.h>
#include "seed003bound.h"

static int P, ME, iters;
static struct ocean_block b;

static void
run(enum s3b_variant v)
{
    int h = b.h, w = b.w, ld = b.ld;
    double *u = s3_alloc(sizeof *u * (size_t)(h + 2) * ld), *u2 = s3_alloc(sizeof *u2 * (size_t)(h + 2) * ld);
    double *halo_n = s3_alloc(sizeof *u * (size_t)w), *halo_s = s3_alloc(sizeof *u * (size_t)w);
    double *halo_w = s3_alloc(sizeof *u * (size_t)h), *halo_e = s3_alloc(sizeof *u * (size_t)h);
    double *edge_w = s3_alloc(sizeof *u * (size_t)h), *edge_e = s3_alloc(sizeof *u * (size_t)h);
    MPI_Request recv[4], send[4];
    int nrecv = 0, nsend = 0;
    ocean_start(&b, u, u2);

    s3b_start();
    for (int it = 0; it <= iters; it++) {
        if (it > 0) {
            s3b_wait(nrecv, recv);
            ocean_relax(&b, &u, &u2, halo_n, halo_s, halo_w, halo_e);
            if (it == iters)
                break;
        }
        nrecv = nsend = 0;
        if (b.north >= 0)
            s3b_recv(v, halo_n, w, b.north, 0, &recv[nrecv++]);
        if (b.south >= 0)
            s3b_recv(v, halo_s, w, b.south, 0, &recv[nrecv++]);
        if (b.west >= 0)
            s3b_recv(v, halo_w, h, b.west, 0, &recv[nrecv++]);
        if (b.east >= 0)
            s3b_recv(v, halo_e, h, b.east, 0, &recv[nrecv++]);
        ocean_edges_out(&b, u, edge_w, edge_e);
        if (b.north >= 0)
            s3b_send(v, u + ld + 1, w, b.north, 0, &send[nsend++]);
        if (b.south >= 0)
            s3b_send(v, u + h * ld + 1, w, b.south, 0, &send[nsend++]);
        if (b.west >= 0)
            s3b_send(v, edge_w, h, b.west, 0, &send[nsend++]);
        if (b.east >= 0)
            s3b_send(v, edge_e, h, b.east, 0, &send[nsend++]);
        s3b_superstep_end(v);
        s3b_wait(nsend, send);      /* before the next sweep writes what they send */
    }
    s3b_stop();
    double sum;
    s3b_finish("ocean", v, ocean_check(&b, u, iters, ME, &sum));
    double *bufs[] = { u, u2, halo_n, halo_s, halo_w, halo_e, edge_w, edge_e };
    for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
        free(bufs[i]);
}

int
main(int argc, char **argv)
{
    s3b_init(&argc, &argv, &P, &ME);
    iters = bench_env_int("BENCH_OCEAN_ITERS", 1000);
    if (iters < 1)
        bench_fail("ocean: BENCH_OCEAN_ITERS=%d is not positive", iters);
    ocean_block_of(bench_env_int("BENCH_OCEAN_G", 256), P, ME, &b);
    s3b_messages_at_most(b.w > b.h ? b.w : b.h);
    s3b_runs(run);
    s3b_end();
    return 0;
}
