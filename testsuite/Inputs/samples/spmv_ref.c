/*
 * spmv_ref.c - sequential reference for samples/neststep/spmv.nst: the same
 * matrix and power iteration, each y_i summed over its row in CSR order,
 * the same output.
 *     cc -O2 spmv_ref.c -o spmv_ref && ./spmv_ref [N [K]]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "mix.h"

#define MAXROW 6

static int
row(long i, long n, long *col, double *val)
{
    int k, d = 2 + (int)(mix((uint32_t)i) % 4U);
    col[0] = i;
    val[0] = 2.0;
    for (k = 1; k <= d; k++) {
        uint32_t h = mix((uint32_t)(i * 8 + k));
        col[k] = (long)(h % (uint32_t)n);
        val[k] = (double)(1 + (h >> 16) % 16U) / 16.0;
    }
    return d + 1;
}

static long
arg(const char *s, long min)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (*end != '\0' || v < min || v > 100000000) {
        fprintf(stderr, "usage: spmv_ref [N [K]], N >= 1, K >= 0\n");
        exit(2);
    }
    return v;
}

int
main(int argc, char *argv[])
{
    long N = 100, K = 10, i, it, k, *col, at[4];
    int *rp;
    double *val, *x, *y, s, a, lambda, sum;

    if (argc > 1)
        N = arg(argv[1], 1);
    if (argc > 2)
        K = arg(argv[2], 0);
    rp = malloc((size_t)(N + 1) * sizeof(int));
    col = malloc((size_t)N * MAXROW * sizeof(long));
    val = malloc((size_t)N * MAXROW * sizeof(double));
    x = malloc((size_t)N * sizeof(double));
    y = malloc((size_t)N * sizeof(double));
    if (!rp || !col || !val || !x || !y)
        return 1;
    rp[0] = 0;
    for (i = 0; i < N; i++)
        rp[i + 1] = rp[i] + row(i, N, col + rp[i], val + rp[i]);
    printf("spmv: N=%ld K=%ld nonzeros=%d\n", N, K, rp[N]);
    for (i = 0; i < N; i++)
        x[i] = 1.0;
    for (it = 0; it < K; it++) {
        lambda = 0.0;
        for (i = 0; i < N; i++) {
            s = 0.0;
            for (k = rp[i]; k < rp[i + 1]; k++)
                s += val[k] * x[col[k]];
            y[i] = s;
            a = s < 0.0 ? -s : s;
            if (a > lambda)
                lambda = a;
        }
        for (i = 0; i < N; i++)
            x[i] = y[i] / lambda;
        printf("iteration %ld: lambda = %.10g\n", it + 1, lambda);
    }
    at[0] = 0;
    at[1] = N / 3;
    at[2] = 2 * N / 3;
    at[3] = N - 1;
    for (k = 0; k < 4; k++)
        printf("x[%ld] = %.10g\n", at[k], x[at[k]]);
    sum = 0.0;
    for (i = 0; i < N; i++)
        sum += x[i];
    printf("sum of x = %.10g\n", sum);
    free(y);
    free(x);
    free(val);
    free(col);
    free(rp);
    return 0;
}
