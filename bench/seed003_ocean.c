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
 * sequentially (the same arithmetic per point) and compares its block bit
 * for bit.  Sizes: BENCH_OCEAN_G (256, at least the grid's sides),
 * BENCH_OCEAN_ITERS (1000).
 */
#include <stdio.h>
#include <stdlib.h>
#include "seed003common.h"

static int g;

/* The value at global point (i, j) at the start, -1 <= i, j <= g; the
 * boundary (i or j is -1 or g) keeps it: hot at the top, warm on the left. */
static double
start_value(int i, int j)
{
    if (i < 0)
        return 1.0;
    if (j < 0)
        return 0.5;
    if (i >= g || j >= g)
        return 0.0;
    return (double)(irreg_mix(0x4f43ull ^ ((uint64_t)i << 32) ^ (uint64_t)j) % 1000) / 1000.0;
}

static inline double
relax(double up, double down, double left, double right)
{
    return 0.25 * ((up + down) + (left + right));
}

/* One Jacobi sweep of the h x w points inside the frame of u (row length
 * w + 2) into u2: the parallel blocks and the sequential reference alike. */
static void
sweep(const double *u, double *u2, int h, int w)
{
    int ld = w + 2;
    for (int i = 1; i <= h; i++)
        for (int j = 1; j <= w; j++)
            u2[i * ld + j] = relax(u[(i - 1) * ld + j], u[(i + 1) * ld + j],
                                   u[i * ld + j - 1], u[i * ld + j + 1]);
}

/* iters sweeps of the h x w points of u (with its frame), using u2 of the
 * same size; returns the one that holds the last sweep. */
static double *
relax_sequential(double *u, double *u2, int h, int w, int iters)
{
    for (int it = 0; it < iters; it++) {
        sweep(u, u2, h, w);
        double *x = u;
        u = u2;
        u2 = x;
    }
    return u;
}

int
main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), rows, cols;
    g = bench_env_int("BENCH_OCEAN_G", 256);
    int iters = bench_env_int("BENCH_OCEAN_ITERS", 1000);
    s3_grid(p, &rows, &cols);
    if (g < rows || g < cols || iters < 1)
        bench_fail("ocean: BENCH_OCEAN_G=%d is smaller than the %d x %d process grid, or "
                   "BENCH_OCEAN_ITERS=%d is not positive", g, rows, cols, iters);
    int s = me / cols, t = me % cols;
    int r0 = s3_lo(g, rows, s), h = s3_lo(g, rows, s + 1) - r0;
    int c0 = s3_lo(g, cols, t), w = s3_lo(g, cols, t + 1) - c0, ld = w + 2;
    int north = s > 0 ? me - cols : -1, south = s < rows - 1 ? me + cols : -1;
    int west = t > 0 ? me - 1 : -1, east = t < cols - 1 ? me + 1 : -1;

    double *u = s3_alloc(sizeof *u * (size_t)(h + 2) * ld), *u2 = s3_alloc(sizeof *u2 * (size_t)(h + 2) * ld);
    double *halo_n = s3_alloc(sizeof *u * (size_t)w), *halo_s = s3_alloc(sizeof *u * (size_t)w);
    double *halo_w = s3_alloc(sizeof *u * (size_t)h), *halo_e = s3_alloc(sizeof *u * (size_t)h);
    double *edge_w = s3_alloc(sizeof *u * (size_t)h), *edge_e = s3_alloc(sizeof *u * (size_t)h);
    bsp_push_reg(halo_n, (int)(sizeof *u * (size_t)w));
    bsp_push_reg(halo_s, (int)(sizeof *u * (size_t)w));
    bsp_push_reg(halo_w, (int)(sizeof *u * (size_t)h));
    bsp_push_reg(halo_e, (int)(sizeof *u * (size_t)h));
    bsp_sync();
    for (int i = 0; i < h + 2; i++)     /* the frame holds the boundary where there is one */
        for (int j = 0; j < ld; j++)
            u[i * ld + j] = u2[i * ld + j] = start_value(r0 + i - 1, c0 + j - 1);

    s3_start();
    for (int it = 0; it <= iters; it++) {
        if (it > 0) {
            /* READ each halo that a neighbour fills, into the frame. */
            if (north >= 0) {
                S3_READ(halo_n, 1);
                for (int j = 0; j < w; j++)
                    u[j + 1] = halo_n[j];
            }
            if (south >= 0) {
                S3_READ(halo_s, 1);
                for (int j = 0; j < w; j++)
                    u[(h + 1) * ld + j + 1] = halo_s[j];
            }
            if (west >= 0) {
                S3_READ(halo_w, 1);
                for (int i = 0; i < h; i++)
                    u[(i + 1) * ld] = halo_w[i];
            }
            if (east >= 0) {
                S3_READ(halo_e, 1);
                for (int i = 0; i < h; i++)
                    u[(i + 1) * ld + w + 1] = halo_e[i];
            }
            sweep(u, u2, h, w);
            double *x = u;
            u = u2;
            u2 = x;
            if (it == iters)
                break;
        }
        /* My edges into my neighbours' halos. */
        if (north >= 0)
            bsp_put(north, u + ld + 1, halo_s, 0, (int)(sizeof *u * (size_t)w));
        if (south >= 0)
            bsp_put(south, u + h * ld + 1, halo_n, 0, (int)(sizeof *u * (size_t)w));
        if (west >= 0) {
            for (int i = 0; i < h; i++)
                edge_w[i] = u[(i + 1) * ld + 1];
            bsp_put(west, edge_w, halo_e, 0, (int)(sizeof *u * (size_t)h));
        }
        if (east >= 0) {
            for (int i = 0; i < h; i++)
                edge_e[i] = u[(i + 1) * ld + w];
            bsp_put(east, edge_e, halo_w, 0, (int)(sizeof *u * (size_t)h));
        }
        S3_SYNC();
    }
    s3_stop();

    double *ref = s3_alloc(sizeof *ref * (size_t)(g + 2) * (g + 2));
    double *ref2 = s3_alloc(sizeof *ref2 * (size_t)(g + 2) * (g + 2));
    for (int i = 0; i < g + 2; i++)
        for (int j = 0; j < g + 2; j++)
            ref[i * (g + 2) + j] = ref2[i * (g + 2) + j] = start_value(i - 1, j - 1);
    const double *want = relax_sequential(ref, ref2, g, g, iters);
    long bad = 0;
    double mine = 0;
    for (int i = 1; i <= h; i++)
        for (int j = 1; j <= w; j++) {
            double got = u[i * ld + j], v = want[(r0 + i) * (g + 2) + c0 + j];
            if (got != v && bad++ == 0)
                fprintf(stderr, "ocean: process %d: point (%d, %d) is %.17g, the sequential "
                        "relaxation's %.17g\n", me, r0 + i - 1, c0 + j - 1, got, v);
            mine += got;
        }
    free(ref);
    free(ref2);
    double sum = s3_finish("ocean", bad, mine);
    if (me == 0)
        printf("seed003 ocean: g=%d iterations=%d on a %d x %d grid: equals the sequential "
               "relaxation; sum %.6e\n", g, iters, rows, cols, sum);
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
