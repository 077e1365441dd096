/*
 * lu.c - LU decomposition without pivoting of a diagonally dominant n x n
 * matrix, rows distributed cyclically (row i on process i mod p): a small
 * BSP program in the style of BSPedupack's bsplu, with one superstep per
 * stage k: the owner of row k puts its part right of the diagonal to every
 * other process (h = (p-1)(n-k) words at the owner), then every process
 * eliminates column k from its rows below k (w = 2(n-k)^2/p flops).
 * Checks L*U = A at every element of its rows.
 *
 *   bspcc -O2 lu.c -o lu && bsprun -np 4 ./lu [n]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "bsp.h"

static double
a0(long i, long j, long n)                  /* the matrix: dominant diagonal */
{
    return i == j ? 2.0 * n : 1.0 / (1.0 + (double)((i * 7 + j * 3) % 11));
}

int
main(int argc, char **argv)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), s = bsp_pid();
    long n = argc > 1 ? atol(argv[1]) : 400;
    long nl = (n - s + p - 1) / p;              /* my rows: s, s+p, ... */
    double *a = malloc(sizeof *a * (size_t)(nl * n + 1));
    double *u = malloc(sizeof *u * (size_t)(n * n + 1));   /* the rows of U, as they come */
    if (!a || !u)
        bsp_abort("lu: out of memory\n");
    for (long r = 0; r < nl; r++)
        for (long j = 0; j < n; j++)
            a[r * n + j] = a0(s + r * p, j, n);
    bsp_push_reg(u, (int)(n * n * (long)sizeof *u));
    bsp_sync();
    for (long k = 0; k < n; k++) {
        int owner = (int)(k % p);
        if (s == owner) {
            const double *row = &a[(k / p) * n];
            for (int t = 0; t < p; t++)
                bsp_put(t, &row[k], u, (int)((k * n + k) * (long)sizeof *u),
                        (int)((n - k) * (long)sizeof *u));
        }
        bsp_sync();
        const double *uk = &u[k * n];
        for (long r = (k + 1 - s + p - 1) / p; r < nl; r++) {  /* my rows i > k */
            double *ai = &a[r * n];
            double l = ai[k] /= uk[k];
            for (long j = k + 1; j < n; j++)
                ai[j] -= l * uk[j];
        }
    }
    double err = 0;
    for (long r = 0; r < nl; r++) {
        long i = s + r * p;
        for (long j = 0; j < n; j++) {
            double sum = 0;
            for (long k = 0; k <= (i < j ? i : j); k++)
                sum += (k == i ? 1.0 : a[r * n + k]) * u[k * n + j];
            err = fmax(err, fabs(sum - a0(i, j, n)));
        }
    }
    if (!(err < 1e-9 * n))
        bsp_abort("lu: process %d: L*U differs from A by %g\n", s, err);
    if (s == 0)
        printf("lu of a %ld x %ld matrix: L*U = A within %.1e\n", n, n, err);
    bsp_pop_reg(u);
    bsp_end();
    free(a);
    free(u);
    return 0;
}
