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
 * sequentially (the same operations in the same order) and compares its
 * elements bit for bit.  Size: BENCH_LU_N (384, at least the grid's sides).
 */
#include <stdio.h>
#include <stdlib.h>
#include "seed003common.h"

static int n, rows, cols, s, t;        /* size; grid; my grid row and column */
static int nlr, nlc;                    /* my local rows and columns */

static double
element(int i, int j)
{
    return (double)(irreg_mix(0x4c55ull ^ ((uint64_t)i << 32) ^ (uint64_t)j) % 1000) / 1000.0 +
           (i == j ? (double)n : 0.0);
}

/* The first local index whose global index (first + local * stride) is at
 * least g, given count local indices. */
static int
first_at_least(int g, int first, int stride, int count)
{
    if (g <= first)
        return 0;
    int l = (g - first + stride - 1) / stride;
    return l < count ? l : count;
}

static int
pid_at(int gs, int gt)
{
    return gs * cols + gt;
}

/* The sequential factorization in place (row-major n x n). */
static void
lu_sequential(double *m)
{
    for (int k = 0; k < n - 1; k++) {
        double akk = m[(size_t)k * n + k];
        for (int i = k + 1; i < n; i++)
            m[(size_t)i * n + k] /= akk;
        for (int i = k + 1; i < n; i++) {
            double l = m[(size_t)i * n + k];
            for (int j = k + 1; j < n; j++)
                m[(size_t)i * n + j] -= l * m[(size_t)k * n + j];
        }
    }
}

int
main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid();
    n = bench_env_int("BENCH_LU_N", 384);
    s3_grid(p, &rows, &cols);
    if (n < rows || n < cols)
        bench_fail("lu: BENCH_LU_N=%d is smaller than the %d x %d process grid", n, rows, cols);
    s = me / cols;
    t = me % cols;
    nlr = (n - s + rows - 1) / rows;
    nlc = (n - t + cols - 1) / cols;
    double *a = s3_alloc(sizeof *a * (size_t)nlr * nlc);
    double *urow = s3_alloc(sizeof *urow * (size_t)nlc);     /* row k, my columns */
    double *lcol = s3_alloc(sizeof *lcol * (size_t)nlr);     /* column k, my rows */
    double *lsend = s3_alloc(sizeof *lsend * (size_t)nlr);
    bsp_push_reg(urow, (int)(sizeof *urow * (size_t)nlc));
    bsp_push_reg(lcol, (int)(sizeof *lcol * (size_t)nlr));
    bsp_sync();
    for (int li = 0; li < nlr; li++)
        for (int lj = 0; lj < nlc; lj++)
            a[(size_t)li * nlc + lj] = element(s + li * rows, t + lj * cols);

    s3_start();
    for (int k = 0; k < n - 1; k++) {
        int krow = k % rows, kcol = k % cols;
        /* Row k from column k on, broadcast down my process column. */
        int fc = first_at_least(k, t, cols, nlc), ulen = nlc - fc;
        const double *u = urow;
        if (s == krow) {
            u = a + (size_t)(k / rows) * nlc;
            for (int gs = 0; gs < rows && ulen > 0; gs++)
                if (gs != s)
                    bsp_put(pid_at(gs, t), u + fc, urow, (int)(sizeof *u * (size_t)fc),
                            (int)(sizeof *u * (size_t)ulen));
        }
        S3_SYNC();
        if (s != krow)
            S3_READ(urow, ulen > 0);
        /* Column k below the diagonal: multipliers, broadcast along my process row. */
        int fr = first_at_least(k + 1, s, rows, nlr), llen = nlr - fr;
        const double *l = lcol;
        if (t == kcol) {
            int lk = k / cols;
            double akk = u[lk];
            for (int li = fr; li < nlr; li++) {
                a[(size_t)li * nlc + lk] /= akk;
                lsend[li] = a[(size_t)li * nlc + lk];
            }
            l = lsend;
            for (int gt = 0; gt < cols && llen > 0; gt++)
                if (gt != t)
                    bsp_put(pid_at(s, gt), lsend + fr, lcol, (int)(sizeof *l * (size_t)fr),
                            (int)(sizeof *l * (size_t)llen));
        }
        S3_SYNC();
        if (t != kcol)
            S3_READ(lcol, llen > 0);
        /* The trailing update. */
        int fj = first_at_least(k + 1, t, cols, nlc);
        for (int li = fr; li < nlr; li++) {
            double *ai = a + (size_t)li * nlc, lik = l[li];
            for (int lj = fj; lj < nlc; lj++)
                ai[lj] -= lik * u[lj];
        }
    }
    s3_stop();

    double *m = s3_alloc(sizeof *m * (size_t)n * n);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            m[(size_t)i * n + j] = element(i, j);
    lu_sequential(m);
    long bad = 0;
    double trace = 0;
    for (int li = 0; li < nlr; li++)
        for (int lj = 0; lj < nlc; lj++) {
            int i = s + li * rows, j = t + lj * cols;
            double got = a[(size_t)li * nlc + lj], want = m[(size_t)i * n + j];
            if (got != want && bad++ == 0)
                fprintf(stderr, "lu: process %d: LU element (%d, %d) is %.17g, the sequential "
                        "factorization's %.17g\n", me, i, j, got, want);
            if (i == j)
                trace += got;
        }
    free(m);
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
