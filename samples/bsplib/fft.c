/*
 * fft.c - a parallel FFT of n = m*m complex points by the four-step
 * method, in the style of BSPedupack's bspfft: the points as an m x m
 * matrix A[j1][j2] = x[j1 + m*j2], rows in blocks over the processes.
 * Each process does FFTs of length m on its rows, multiplies by the
 * twiddle factors and puts each row's pieces to the processes owning the
 * columns (one superstep: the transpose, h about 2n/p words); then FFTs of
 * length m on the rows of the transpose give X[k2 + m*k1] at B[k2][k1].
 * Forward and inverse transforms alternate `reps` times; the result must
 * be the input again, and the first forward transform of a unit impulse
 * at 1 must be exp(-2 pi i k / n).
 *
 *   bspcc -O2 fft.c -o fft -lm && bsprun -np 4 ./fft [log2 m] [reps]
 */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "bsp.h"

/* In-place iterative radix-2 FFT of length m (a power of 2); sign -1
 * forward, +1 inverse (unscaled). */
static void
fft1(double complex *x, long m, int sign)
{
    for (long i = 1, j = 0; i < m; i++) {       /* bit reversal */
        long bit = m >> 1;
        for (; j & bit; bit >>= 1)
            j ^= bit;
        j ^= bit;
        if (i < j) {
            double complex t = x[i]; x[i] = x[j]; x[j] = t;
        }
    }
    for (long len = 2; len <= m; len <<= 1) {
        double complex wl = cexp(sign * 2.0 * M_PI * I / (double)len);
        for (long i = 0; i < m; i += len) {
            double complex w = 1.0;
            for (long k = 0; k < len / 2; k++) {
                double complex u = x[i + k], v = x[i + k + len / 2] * w;
                x[i + k] = u + v;
                x[i + k + len / 2] = u - v;
                w *= wl;
            }
        }
    }
}

static long lo_of(int s, int p, long m) { return (long)s * m / p; }

/* One transform: a[rows][m] (my rows of A) -> b[rows][m] (my rows of the
 * transpose, after the second FFTs). */
static void
transform(double complex *a, double complex *b, double complex *pack, long m, int sign)
{
    int p = bsp_nprocs(), s = bsp_pid();
    long lo = lo_of(s, p, m), rows = lo_of(s + 1, p, m) - lo, n = m * m;
    for (long r = 0; r < rows; r++) {
        double complex *row = &a[r * m];
        fft1(row, m, sign);
        for (long k2 = 0; k2 < m; k2++)             /* twiddle W_n^(j1 k2) */
            row[k2] *= cexp(sign * 2.0 * M_PI * I * (double)((lo + r) * k2 % n) / (double)n);
    }
    /* B[k2][j1] = A[j1][k2]: for each column k2, my rows j1 are contiguous in
     * row k2 of the transpose */
    for (long k2 = 0; k2 < m; k2++) {
        int d = (int)((k2 * p + p - 1) / m);       /* owner of row k2 of B */
        while (lo_of(d + 1, p, m) <= k2)
            d++;
        while (lo_of(d, p, m) > k2)
            d--;
        double complex *piece = &pack[k2 * rows];
        for (long r = 0; r < rows; r++)
            piece[r] = a[r * m + k2];
        bsp_put(d, piece, b, (int)(((k2 - lo_of(d, p, m)) * m + lo) * (long)sizeof *b),
                (int)(rows * (long)sizeof *b));
    }
    bsp_sync();
    long blo = lo, brows = rows;                    /* my rows of B: same block */
    (void)blo;
    for (long r = 0; r < brows; r++)
        fft1(&b[r * m], m, sign);
}

int
main(int argc, char **argv)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), s = bsp_pid();
    int lm = argc > 1 ? atoi(argv[1]) : 9;
    long reps = argc > 2 ? atol(argv[2]) : 4, m = 1L << lm, n = m * m;
    long lo = lo_of(s, p, m), rows = lo_of(s + 1, p, m) - lo, maxrows = m / p + 1;
    double complex *a = malloc(sizeof *a * (size_t)(maxrows * m));
    double complex *b = malloc(sizeof *b * (size_t)(maxrows * m));
    double complex *pack = malloc(sizeof *pack * (size_t)(maxrows * m));
    if (!a || !b || !pack)
        bsp_abort("fft: out of memory\n");
    for (long r = 0; r < rows; r++)                 /* a unit impulse at x[1] */
        for (long j2 = 0; j2 < m; j2++)
            a[r * m + j2] = (lo + r + m * j2 == 1) ? 1.0 : 0.0;
    bsp_push_reg(b, (int)(maxrows * m * (long)sizeof *b));
    bsp_push_reg(a, (int)(maxrows * m * (long)sizeof *a));
    bsp_sync();
    double err = 0;
    for (long t = 0; t < reps; t++) {
        /* forward: a -> b holds X[k2 + m*k1] at b[k2 - lo][k1] */
        transform(a, b, pack, m, -1);
        if (t == 0)
            for (long r = 0; r < rows; r++)
                for (long k1 = 0; k1 < m; k1++) {
                    long k = lo + r + m * k1;
                    err = fmax(err, cabs(b[r * m + k1] - cexp(-2.0 * M_PI * I * (double)k / n)));
                }
        /* inverse: the transform of b (laid out as A of X) gives n x again */
        transform(b, a, pack, m, +1);
        for (long i = 0; i < rows * m; i++)
            a[i] /= (double)n;
    }
    for (long r = 0; r < rows; r++)
        for (long j = 0; j < m; j++)
            err = fmax(err, cabs(a[r * m + j] - ((lo + r + m * j == 1) ? 1.0 : 0.0)));
    if (!(err < 1e-9))
        bsp_abort("fft: process %d: error %g\n", s, err);
    if (s == 0)
        printf("fft of %ld points, %ld forward and inverse pairs: error %.1e\n", n, reps, err);
    bsp_pop_reg(a);
    bsp_pop_reg(b);
    bsp_end();
    free(a);
    free(b);
    free(pack);
    return 0;
}
