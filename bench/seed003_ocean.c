/*
 * seed003_ocean.c - the Ocean kernel of the seed 003 experiment (the
 * nearest-neighbour pattern of SPLASH Ocean's grid solver): Jacobi
 * relaxation of a g x g grid with fixed boundary values, split into blocks
 * over a rows x cols process grid.  Each iteration is one superstep: a
 * process waits with bspx_read for each of its halos (one registered area
 * per side, one put each), relaxes its block, and puts its new edge rows
 * and columns into its neighbours' halos.  Many supersteps with small
 * messages to at most four neighbours.
 *
 * Check, outside the timed part: every process relaxes the whole grid
 * sequentially (the same arithmetic per point, seed003arith.c) and compares
 * its block bit for bit.  Sizes: BENCH_OCEAN_G (256, at least the grid's
 * sides), BENCH_OCEAN_ITERS (1000).  seed003_ocean_mpi.c is its raw-MPI
 * bound.
 */
#include <stdio.h>
#include <stdlib.h>
#include "seed003common.h"

int
main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid();
    int g = bench_env_int("BENCH_OCEAN_G", 256), iters = bench_env_int("BENCH_OCEAN_ITERS", 1000);
    if (iters < 1)
        bench_fail("ocean: BENCH_OCEAN_ITERS=%d is not positive", iters);
    struct ocean_block b;
    ocean_block_of(g, p, me, &b);
    int h = b.h, w = b.w, ld = b.ld;

    double *u = s3_alloc(sizeof *u * (size_t)(h + 2) * ld), *u2 = s3_alloc(sizeof *u2 * (size_t)(h + 2) * ld);
    double *halo_n = s3_alloc(sizeof *u * (size_t)w), *halo_s = s3_alloc(sizeof *u * (size_t)w);
    double *halo_w = s3_alloc(sizeof *u * (size_t)h), *halo_e = s3_alloc(sizeof *u * (size_t)h);
    double *edge_w = s3_alloc(sizeof *u * (size_t)h), *edge_e = s3_alloc(sizeof *u * (size_t)h);
    bsp_push_reg(halo_n, (int)(sizeof *u * (size_t)w));
    bsp_push_reg(halo_s, (int)(sizeof *u * (size_t)w));
    bsp_push_reg(halo_w, (int)(sizeof *u * (size_t)h));
    bsp_push_reg(halo_e, (int)(sizeof *u * (size_t)h));
    bsp_sync();
    ocean_start(&b, u, u2);

    s3_start();
    for (int it = 0; it <= iters; it++) {
        if (it > 0) {
            /* READ each halo that a neighbour fills, into the frame. */
            if (b.north >= 0)
                S3_READ(halo_n, 1);
            if (b.south >= 0)
                S3_READ(halo_s, 1);
            if (b.west >= 0)
                S3_READ(halo_w, 1);
            if (b.east >= 0)
                S3_READ(halo_e, 1);
            ocean_relax(&b, &u, &u2, halo_n, halo_s, halo_w, halo_e);
            S3_FLOPS(6.0 * h * w);      /* a five-point update a point */
            if (it == iters)
                break;
        }
        /* My edges into my neighbours' halos. */
        ocean_edges_out(&b, u, edge_w, edge_e);
        if (b.north >= 0)
            bsp_put(b.north, u + ld + 1, halo_s, 0, (int)(sizeof *u * (size_t)w));
        if (b.south >= 0)
            bsp_put(b.south, u + h * ld + 1, halo_n, 0, (int)(sizeof *u * (size_t)w));
        if (b.west >= 0)
            bsp_put(b.west, edge_w, halo_e, 0, (int)(sizeof *u * (size_t)h));
        if (b.east >= 0)
            bsp_put(b.east, edge_e, halo_w, 0, (int)(sizeof *u * (size_t)h));
        S3_SYNC();
    }
    s3_stop();

    double mine;
    long bad = ocean_check(&b, u, iters, me, &mine);
    double sum = s3_finish("ocean", bad, mine);
    if (me == 0)
        printf("seed003 ocean: g=%d iterations=%d on a %d x %d grid: equals the sequential "
               "relaxation; sum %.6e\n", g, iters, b.rows, b.cols, sum);
    bsp_pop_reg(halo_e);
    bsp_pop_reg(halo_w);
    bsp_pop_reg(halo_s);
    bsp_pop_reg(halo_n);
    bsp_sync();
    double *bufs[] = { u, u2, halo_n, halo_s, halo_w, halo_e, edge_w, edge_e };
    for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
        free(bufs[i]);
    bsp_end();
    return 0;
}
