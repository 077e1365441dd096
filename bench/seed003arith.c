/*
 * seed003arith.c - the arithmetic of the seed 003 kernels (Ocean's
 * relaxation, LU's factorization), their data, steps and checks (see
 * seed003arith.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include "common.h"
#include "seed003arith.h"

void *
s3_alloc(size_t bytes)
{
    void *q = malloc(bytes ? bytes : 1);
    if (!q)
        bench_fail("out of memory (%zu bytes)", bytes);
    return q;
}

void
s3_grid(int p, int *rows, int *cols)
{
    int r = 1;
    for (int d = 1; (long)d * d <= p; d++)
        if (p % d == 0)
            r = d;
    *rows = r;
    *cols = p / r;
}

/* ---- Ocean ---- */

/* The value at global point (i, j) at the start, -1 <= i, j <= g; the
 * boundary (i or j is -1 or g) keeps it: hot at the top, warm on the left. */
static double
ocean_start_value(int g, int i, int j)
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

void
ocean_block_of(int g, int p, int me, struct ocean_block *b)
{
    b->g = g;
    s3_grid(p, &b->rows, &b->cols);
    if (g < b->rows || g < b->cols)
        bench_fail("ocean: BENCH_OCEAN_G=%d is smaller than the %d x %d process grid", g,
                   b->rows, b->cols);
    int s = me / b->cols, t = me % b->cols;
    b->r0 = s3_lo(g, b->rows, s);
    b->h = s3_lo(g, b->rows, s + 1) - b->r0;
    b->c0 = s3_lo(g, b->cols, t);
    b->w = s3_lo(g, b->cols, t + 1) - b->c0;
    b->ld = b->w + 2;
    b->north = s > 0 ? me - b->cols : -1;
    b->south = s < b->rows - 1 ? me + b->cols : -1;
    b->west = t > 0 ? me - 1 : -1;
    b->east = t < b->cols - 1 ? me + 1 : -1;
}

void
ocean_start(const struct ocean_block *b, double *u, double *u2)
{
    for (int i = 0; i < b->h + 2; i++)      /* the frame holds the boundary where there is one */
        for (int j = 0; j < b->ld; j++)
            u[i * b->ld + j] = u2[i * b->ld + j] =
                ocean_start_value(b->g, b->r0 + i - 1, b->c0 + j - 1);
}

void
ocean_relax(const struct ocean_block *b, double **u, double **u2, const double *halo_n,
            const double *halo_s, const double *halo_w, const double *halo_e)
{
    int h = b->h, w = b->w, ld = b->ld;
    double *f = *u;
    for (int j = 0; b->north >= 0 && j < w; j++)
        f[j + 1] = halo_n[j];
    for (int j = 0; b->south >= 0 && j < w; j++)
        f[(h + 1) * ld + j + 1] = halo_s[j];
    for (int i = 0; b->west >= 0 && i < h; i++)
        f[(i + 1) * ld] = halo_w[i];
    for (int i = 0; b->east >= 0 && i < h; i++)
        f[(i + 1) * ld + w + 1] = halo_e[i];
    sweep(f, *u2, h, w);
    *u = *u2;
    *u2 = f;
}

void
ocean_edges_out(const struct ocean_block *b, const double *u, double *edge_w, double *edge_e)
{
    for (int i = 0; b->west >= 0 && i < b->h; i++)
        edge_w[i] = u[(i + 1) * b->ld + 1];
    for (int i = 0; b->east >= 0 && i < b->h; i++)
        edge_e[i] = u[(i + 1) * b->ld + b->w];
}

long
ocean_check(const struct ocean_block *b, const double *u, int iters, int me, double *sum)
{
    int g = b->g, n = g + 2;
    double *ref = s3_alloc(sizeof *ref * (size_t)n * n), *ref2 = s3_alloc(sizeof *ref2 * (size_t)n * n);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            ref[i * n + j] = ref2[i * n + j] = ocean_start_value(g, i - 1, j - 1);
    double *want = ref, *other = ref2;
    for (int it = 0; it < iters; it++) {
        sweep(want, other, g, g);
        double *x = want;
        want = other;
        other = x;
    }
    long bad = 0;
    *sum = 0;
    for (int i = 1; i <= b->h; i++)
        for (int j = 1; j <= b->w; j++) {
            double got = u[i * b->ld + j], v = want[(b->r0 + i) * n + b->c0 + j];
            if (got != v && bad++ == 0)
                fprintf(stderr, "ocean: process %d: point (%d, %d) is %.17g, the sequential "
                        "relaxation's %.17g\n", me, b->r0 + i - 1, b->c0 + j - 1, got, v);
            *sum += got;
        }
    free(ref);
    free(ref2);
    return bad;
}

/* ---- LU ---- */

static double
lu_element(int n, int i, int j)
{
    return (double)(irreg_mix(0x4c55ull ^ ((uint64_t)i << 32) ^ (uint64_t)j) % 1000) / 1000.0 +
           (i == j ? (double)n : 0.0);
}

void
lu_layout_of(int n, int p, int me, struct lu_layout *l)
{
    l->n = n;
    s3_grid(p, &l->rows, &l->cols);
    if (n < l->rows || n < l->cols)
        bench_fail("lu: BENCH_LU_N=%d is smaller than the %d x %d process grid", n, l->rows,
                   l->cols);
    l->s = me / l->cols;
    l->t = me % l->cols;
    l->nlr = (n - l->s + l->rows - 1) / l->rows;
    l->nlc = (n - l->t + l->cols - 1) / l->cols;
}

void
lu_fill(const struct lu_layout *l, double *a)
{
    for (int li = 0; li < l->nlr; li++)
        for (int lj = 0; lj < l->nlc; lj++)
            a[(size_t)li * l->nlc + lj] = lu_element(l->n, l->s + li * l->rows, l->t + lj * l->cols);
}

void
lu_multipliers(const struct lu_layout *l, double *a, int k, const double *u, double *lsend)
{
    int fr = lu_first_at_least(k + 1, l->s, l->rows, l->nlr), lk = k / l->cols;
    double akk = u[lk];
    for (int li = fr; li < l->nlr; li++) {
        a[(size_t)li * l->nlc + lk] /= akk;
        lsend[li] = a[(size_t)li * l->nlc + lk];
    }
}

void
lu_update(const struct lu_layout *l, double *a, int k, const double *lk, const double *u)
{
    int fr = lu_first_at_least(k + 1, l->s, l->rows, l->nlr);
    int fj = lu_first_at_least(k + 1, l->t, l->cols, l->nlc);
    for (int li = fr; li < l->nlr; li++) {
        double *ai = a + (size_t)li * l->nlc, lik = lk[li];
        for (int lj = fj; lj < l->nlc; lj++)
            ai[lj] -= lik * u[lj];
    }
}

/* The sequential factorization in place (row-major n x n). */
static void
lu_sequential(double *m, int n)
{
    for (int k = 0; k < n - 1; k++) {
        double akk = m[(size_t)k * n + k];
        for (int i = k + 1; i < n; i++)
            m[(size_t)i * n + k] /= akk;
        for (int i = k + 1; i < n; i++) {
            double lik = m[(size_t)i * n + k];
            for (int j = k + 1; j < n; j++)
                m[(size_t)i * n + j] -= lik * m[(size_t)k * n + j];
        }
    }
}

long
lu_check(const struct lu_layout *l, const double *a, int me, double *trace)
{
    int n = l->n;
    double *m = s3_alloc(sizeof *m * (size_t)n * n);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            m[(size_t)i * n + j] = lu_element(n, i, j);
    lu_sequential(m, n);
    long bad = 0;
    *trace = 0;
    for (int li = 0; li < l->nlr; li++)
        for (int lj = 0; lj < l->nlc; lj++) {
            int i = l->s + li * l->rows, j = l->t + lj * l->cols;
            double got = a[(size_t)li * l->nlc + lj], want = m[(size_t)i * n + j];
            if (got != want && bad++ == 0)
                fprintf(stderr, "lu: process %d: LU element (%d, %d) is %.17g, the sequential "
                        "factorization's %.17g\n", me, i, j, got, want);
            if (i == j)
                *trace += got;
        }
    free(m);
    return bad;
}
