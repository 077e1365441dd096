/*
 * seed003_ft.c - the FT kernel of the seed 003 experiment (after NAS FT):
 * 2-D complex FFTs of an n x n array distributed by blocks of rows.  A 2-D
 * transform is a pass of row FFTs, an all-to-all transpose (each process
 * packs one block for every other process and sends it with one bsp_put;
 * the receiver waits with bspx_read for the p - 1 blocks) and a second pass
 * of row FFTs.  Each iteration transforms forward and back: two supersteps,
 * each moving the whole array.  Few large supersteps.
 *
 * Checks, outside the timed part: after the iterations the array is its
 * input again (to 1e-9), and one more forward transform equals, bit for
 * bit, the sequential 2-D FFT of the input that every process computes.
 * Sizes: BENCH_FT_N (512, a power of 2, at least p), BENCH_FT_ITERS (4).
 */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "seed003common.h"

typedef double complex cplx;

static int n, p, me, nr;                /* size; processes; my pid; my rows */
static cplx *tw_fwd, *tw_inv;           /* twiddle factors, n / 2 each */
static cplx *sendbuf;                   /* nr x n: one packed block per process */
static cplx *recvbuf;                   /* n x nr, registered: one block from each */

static void
twiddles(void)
{
    tw_fwd = s3_alloc(sizeof *tw_fwd * (size_t)(n / 2 + 1));
    tw_inv = s3_alloc(sizeof *tw_inv * (size_t)(n / 2 + 1));
    for (int k = 0; k < n / 2; k++) {
        double a = -2.0 * M_PI * k / n;
        tw_fwd[k] = cos(a) + I * sin(a);
        tw_inv[k] = conj(tw_fwd[k]);
    }
}

/* In-place iterative radix-2 FFT of length n, unscaled. */
static void
fft(cplx *x, const cplx *tw)
{
    for (int i = 1, j = 0; i < n; i++) {
        int bit = n >> 1;
        for (; j & bit; bit >>= 1)
            j ^= bit;
        j ^= bit;
        if (i < j) {
            cplx t = x[i];
            x[i] = x[j];
            x[j] = t;
        }
    }
    for (int len = 2; len <= n; len <<= 1) {
        int half = len / 2, step = n / len;
        for (int i = 0; i < n; i += len)
            for (int k = 0; k < half; k++) {
                cplx u = x[i + k], v = x[i + k + half] * tw[k * step];
                x[i + k] = u + v;
                x[i + k + half] = u - v;
            }
    }
}

static cplx
input(int g, int c)
{
    uint64_t h = irreg_mix(0x4654ull ^ ((uint64_t)g << 32) ^ (uint64_t)c);
    return (double)((int)(h % 2001) - 1000) / 1000.0 +
           I * (double)((int)((h >> 32) % 2001) - 1000) / 1000.0;
}

/* out (my columns as rows, nr x n) = the transpose of in (my rows, nr x n):
 * one superstep, one put to every other process, one READ of p - 1 puts. */
static void
transpose(const cplx *in, cplx *out)
{
    int mylo = s3_lo(n, p, me);
    for (int d = 0; d < p; d++) {
        int c0 = s3_lo(n, p, d), nc = s3_lo(n, p, d + 1) - c0;
        cplx *blk = sendbuf + (size_t)nr * c0;
        for (int r = 0; r < nr; r++)
            for (int c = 0; c < nc; c++)
                blk[(size_t)r * nc + c] = in[(size_t)r * n + c0 + c];
        if (d == me)
            memcpy(recvbuf + (size_t)mylo * nr, blk, sizeof *blk * (size_t)nr * nc);
        else
            bsp_put(d, blk, recvbuf, (int)(sizeof *blk * (size_t)mylo * nc),
                    (int)(sizeof *blk * (size_t)nr * nc));
    }
    S3_SYNC();
    S3_READ(recvbuf, p - 1);
    for (int s = 0; s < p; s++) {
        int r0 = s3_lo(n, p, s), ns = s3_lo(n, p, s + 1) - r0;
        const cplx *blk = recvbuf + (size_t)r0 * nr;
        for (int r = 0; r < ns; r++)
            for (int c = 0; c < nr; c++)
                out[(size_t)c * n + r0 + r] = blk[(size_t)r * nr + c];
    }
}

/* The row FFTs' work: 5 n log2 n flops a row of n (radix 2). */
static void
row_ffts_flops(void)
{
    int lg = 0;
    while ((1 << lg) < n)
        lg++;
    S3_FLOPS(5.0 * nr * n * lg);
}

/* b = the 2-D FFT of a, transposed (a is overwritten by its row FFTs). */
static void
forward(cplx *a, cplx *b)
{
    for (int r = 0; r < nr; r++)
        fft(a + (size_t)r * n, tw_fwd);
    row_ffts_flops();
    transpose(a, b);
    for (int r = 0; r < nr; r++)
        fft(b + (size_t)r * n, tw_fwd);
    row_ffts_flops();
}

/* a = the inverse 2-D FFT of the transposed spectrum b, scaled. */
static void
inverse(cplx *b, cplx *a)
{
    for (int r = 0; r < nr; r++)
        fft(b + (size_t)r * n, tw_inv);
    row_ffts_flops();
    transpose(b, a);
    double scale = 1.0 / ((double)n * n);
    for (int r = 0; r < nr; r++) {
        fft(a + (size_t)r * n, tw_inv);
        for (int c = 0; c < n; c++)
            a[(size_t)r * n + c] *= scale;
    }
    row_ffts_flops();
}

static void
set_input(cplx *a)
{
    int lo = s3_lo(n, p, me);
    for (int r = 0; r < nr; r++)
        for (int c = 0; c < n; c++)
            a[(size_t)r * n + c] = input(lo + r, c);
}

/* Wrong elements of my part after the iterations (a against the input) and
 * of one forward transform b against the sequential 2-D FFT; the first
 * wrong one goes to stderr. */
static long
check(cplx *a, cplx *b)
{
    int lo = s3_lo(n, p, me);
    long bad = 0;
    for (int r = 0; r < nr; r++)
        for (int c = 0; c < n; c++)
            if (cabs(a[(size_t)r * n + c] - input(lo + r, c)) > 1e-9 && bad++ == 0)
                fprintf(stderr, "ft: process %d: after the round trips a[%d][%d] = %g%+gi, "
                        "input %g%+gi\n", me, lo + r, c, creal(a[(size_t)r * n + c]),
                        cimag(a[(size_t)r * n + c]), creal(input(lo + r, c)),
                        cimag(input(lo + r, c)));
    /* The sequential 2-D FFT of the whole input, transposed as ours is. */
    cplx *full = s3_alloc(sizeof *full * (size_t)n * n), *tr = s3_alloc(sizeof *tr * (size_t)n * n);
    for (int g = 0; g < n; g++) {
        for (int c = 0; c < n; c++)
            full[(size_t)g * n + c] = input(g, c);
        fft(full + (size_t)g * n, tw_fwd);
    }
    for (int g = 0; g < n; g++)
        for (int c = 0; c < n; c++)
            tr[(size_t)c * n + g] = full[(size_t)g * n + c];
    for (int c = 0; c < n; c++)
        fft(tr + (size_t)c * n, tw_fwd);
    set_input(a);
    forward(a, b);
    for (int r = 0; r < nr; r++)
        for (int g = 0; g < n; g++) {
            cplx want = tr[(size_t)(lo + r) * n + g], got = b[(size_t)r * n + g];
            if ((creal(got) != creal(want) || cimag(got) != cimag(want)) && bad++ == 0)
                fprintf(stderr, "ft: process %d: spectrum at (%d, %d) is %.17g%+.17gi, the "
                        "sequential FFT's %.17g%+.17gi\n", me, g, lo + r, creal(got),
                        cimag(got), creal(want), cimag(want));
        }
    free(full);
    free(tr);
    return bad;
}

int
main(void)
{
    bsp_begin(bsp_nprocs());
    p = bsp_nprocs();
    me = bsp_pid();
    n = bench_env_int("BENCH_FT_N", 512);
    int iters = bench_env_int("BENCH_FT_ITERS", 4);
    if (n < 2 || (n & (n - 1)) || n < p)
        bench_fail("ft: BENCH_FT_N=%d must be a power of 2 and at least p = %d", n, p);
    nr = s3_lo(n, p, me + 1) - s3_lo(n, p, me);
    twiddles();
    cplx *a = s3_alloc(sizeof *a * (size_t)nr * n), *b = s3_alloc(sizeof *b * (size_t)nr * n);
    sendbuf = s3_alloc(sizeof *sendbuf * (size_t)nr * n);
    recvbuf = s3_alloc(sizeof *recvbuf * (size_t)n * nr);
    bsp_push_reg(recvbuf, (int)(sizeof *recvbuf * (size_t)n * nr));
    bsp_sync();
    set_input(a);

    forward(a, b);                      /* warm-up, untimed */
    inverse(b, a);
    s3_start();
    for (int it = 0; it < iters; it++) {
        forward(a, b);
        inverse(b, a);
    }
    s3_stop();

    long bad = check(a, b);
    double mine = 0;
    for (size_t i = 0; i < (size_t)nr * n; i++)
        mine += creal(b[i]) + 2.0 * cimag(b[i]);
    double sum = s3_finish("ft", bad, mine);
    if (me == 0)
        printf("seed003 ft: n=%d iterations=%d: the round trips give back the input and the "
               "transform equals the sequential FFT; checksum %.6e\n", n, iters, sum);
    bsp_pop_reg(recvbuf);
    bsp_sync();
    free(a);
    free(b);
    free(sendbuf);
    free(recvbuf);
    free(tw_fwd);
    free(tw_inv);
    bsp_end();
    return 0;
}
