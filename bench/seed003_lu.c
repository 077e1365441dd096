/*
 * seed003_lu.c - the LU kernel of the seed 003 experiment: LU decomposition
 * without pivoting of a dense, diagonally dominant n x n matrix distributed
 * cyclically over a rows x cols process grid (element (i, j) on process
 * (i mod rows, j mod cols), as in Bisseling's BSPedupack).  Stage k takes two
 * supersteps: the owners of row k put their part of it to the other
 * processes of their process column (the column broadcast); then the
 * owners of column k divide it by a_kk and put the multipliers to the other
 * processes of their process row (the row broadcast), and every process
 * updates its part of the trailing submatrix.  Many small supersteps:
 * 2 (n - 1).  Every receiver waits with bspx_read for the one put of each
 * broadcast.
 *
 * Check, outside the timed part: every process factors the whole matrix
 * sequentially (the same operations in the same order, seed003arith.c) and
 * compares its elements bit for bit.  Size: BENCH_LU_N (384, at least the
 * grid's sides).  seed003_lu_mpi.c is its raw-MPI bound.
 */
#include <stdio.h>
#include <stdlib.h>
#include "seed003common.h"

int
main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid();
    struct lu_layout L;
    lu_layout_of(bench_env_int("BENCH_LU_N", 384), p, me, &L);
    int n = L.n, rows = L.rows, cols = L.cols, s = L.s, t = L.t, nlr = L.nlr, nlc = L.nlc;
    double *a = s3_alloc(sizeof *a * (size_t)nlr * nlc);
    double *urow = s3_alloc(sizeof *urow * (size_t)nlc);     /* row k, my columns */
    double *lcol = s3_alloc(sizeof *lcol * (size_t)nlr);     /* column k, my rows */
    double *lsend = s3_alloc(sizeof *lsend * (size_t)nlr);
    bsp_push_reg(urow, (int)(sizeof *urow * (size_t)nlc));
    bsp_push_reg(lcol, (int)(sizeof *lcol * (size_t)nlr));
    bsp_sync();
    lu_fill(&L, a);

    s3_start();
    for (int k = 0; k < n - 1; k++) {
        int krow = k % rows, kcol = k % cols;
        /* Row k from column k on, broadcast down my process column. */
        int fc = lu_first_at_least(k, t, cols, nlc), ulen = nlc - fc;
        const double *u = urow;
        if (s == krow) {
            u = a + (size_t)(k / rows) * nlc;
            for (int gs = 0; gs < rows && ulen > 0; gs++)
                if (gs != s)
                    bsp_put(lu_pid_at(&L, gs, t), u + fc, urow, (int)(sizeof *u * (size_t)fc),
                            (int)(sizeof *u * (size_t)ulen));
        }
        S3_SYNC();
        if (s != krow)
            S3_READ(urow, ulen > 0);
        /* Column k below the diagonal: multipliers, broadcast along my process row. */
        int fr = lu_first_at_least(k + 1, s, rows, nlr), llen = nlr - fr;
        const double *l = lcol;
        if (t == kcol) {
            lu_multipliers(&L, a, k, u, lsend);
            S3_FLOPS(llen);             /* a division a row */
            l = lsend;
            for (int gt = 0; gt < cols && llen > 0; gt++)
                if (gt != t)
                    bsp_put(lu_pid_at(&L, s, gt), lsend + fr, lcol, (int)(sizeof *l * (size_t)fr),
                            (int)(sizeof *l * (size_t)llen));
        }
        S3_SYNC();
        if (t != kcol)
            S3_READ(lcol, llen > 0);
        lu_update(&L, a, k, l, u);
        S3_FLOPS(2.0 * llen * ulen);    /* a multiply-add an element */
    }
    s3_stop();

    double trace;
    long bad = lu_check(&L, a, me, &trace);
    double sum = s3_finish("lu", bad, trace);
    if (me == 0)
        printf("seed003 lu: n=%d on a %d x %d grid: equals the sequential factorization; "
               "trace of U %.6e\n", n, rows, cols, sum);
    bsp_pop_reg(lcol);
    bsp_pop_reg(urow);
    bsp_sync();
    free(a);
    free(urow);
    free(lcol);
    free(lsend);
    bsp_end();
    return 0;
}
