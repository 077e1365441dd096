/*
 * seed003arith.h - the arithmetic of the seed 003 kernels, apart from how
 * they communicate: the process grid and block distribution, Ocean's
 * Jacobi relaxation and LU's factorization with their start data, the
 * per-process steps and the checks against the sequential computation.
 * Shared by the BSPlib kernels (seed003_ocean.c, seed003_lu.c) and their
 * raw-MPI bounds (seed003_ocean_mpi.c, seed003_lu_mpi.c), so that both
 * compute exactly the same.
 */
#ifndef BENCH_SEED003ARITH_H
#define BENCH_SEED003ARITH_H

#include <stddef.h>

/* Block distribution of n items over p parts: part i holds
 * [s3_lo(n, p, i), s3_lo(n, p, i + 1)). */
static inline int
s3_lo(int n, int p, int i)
{
    return (int)((long)n * i / p);
}

/* malloc that stops the kernel when memory runs out (and never returns
 * NULL for 0 bytes). */
void *s3_alloc(size_t bytes);

/* The process grid of LU and Ocean: rows x cols = p, rows the largest
 * divisor of p not above sqrt(p) (1 x p for a prime p). */
void s3_grid(int p, int *rows, int *cols);

/* ---- Ocean: Jacobi relaxation of a g x g grid in blocks ---- */
struct ocean_block {
    int g, rows, cols;              /* grid side; process grid */
    int r0, h, c0, w, ld;           /* my block: first row, rows, first column, columns; w + 2 */
    int north, south, west, east;   /* neighbours' pids, -1 at the grid's edge */
};
/* Process me's block of p (stops the kernel if g is smaller than the
 * process grid). */
void ocean_block_of(int g, int p, int me, struct ocean_block *b);
/* The block with its frame ((h + 2) x ld doubles) at the start, in u and u2. */
void ocean_start(const struct ocean_block *b, double *u, double *u2);
/* One sweep: copies the halos my neighbours filled into *u's frame (those
 * of sides without a neighbour are not read), relaxes *u into *u2, and
 * swaps the two, so that *u holds the sweep. */
void ocean_relax(const struct ocean_block *b, double **u, double **u2, const double *halo_n,
                 const double *halo_s, const double *halo_w, const double *halo_e);
/* Packs u's first and last columns into edge_w and edge_e where there is a
 * neighbour on that side; the first and last rows are sent from u itself
 * (u + ld + 1 and u + h * ld + 1, w doubles each). */
void ocean_edges_out(const struct ocean_block *b, const double *u, double *edge_w,
                     double *edge_e);
/* Compares u, after iters sweeps, with the sequential relaxation of the
 * whole grid bit for bit: returns how many points differ (the first is
 * described on stderr) and puts the sum of the block in *sum. */
long ocean_check(const struct ocean_block *b, const double *u, int iters, int me, double *sum);

/* ---- LU: factorization without pivoting, cyclic over the grid ---- */
struct lu_layout {
    int n, rows, cols, s, t;        /* size; process grid; my grid row and column */
    int nlr, nlc;                   /* my local rows and columns */
};
void lu_layout_of(int n, int p, int me, struct lu_layout *l);
/* The pid at grid row gs, column gt. */
static inline int
lu_pid_at(const struct lu_layout *l, int gs, int gt)
{
    return gs * l->cols + gt;
}
/* The first local index whose global index (first + local * stride) is at
 * least g, given count local indices. */
static inline int
lu_first_at_least(int g, int first, int stride, int count)
{
    if (g <= first)
        return 0;
    int i = (g - first + stride - 1) / stride;
    return i < count ? i : count;
}
/* My part of the matrix (nlr x nlc) at the start. */
void lu_fill(const struct lu_layout *l, double *a);
/* Stage k on the owners of column k: divides my part of it below the
 * diagonal by a_kk (u[k / cols], u my part of row k) and copies it to
 * lsend from local row fr on. */
void lu_multipliers(const struct lu_layout *l, double *a, int k, const double *u, double *lsend);
/* Stage k's trailing update of my part: a_ij -= l_i * u_j below and right
 * of (k, k), l my part of column k, u of row k. */
void lu_update(const struct lu_layout *l, double *a, int k, const double *lk, const double *u);
/* Compares my part with the sequential factorization bit for bit: returns
 * how many elements differ (the first is described on stderr) and puts
 * the sum of my diagonal elements in *trace. */
long lu_check(const struct lu_layout *l, const double *a, int me, double *trace);

#endif /* BENCH_SEED003ARITH_H */
