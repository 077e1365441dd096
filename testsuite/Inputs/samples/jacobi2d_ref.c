/*
 * jacobi2d_ref.c - sequential reference for samples/neststep/jacobi2d.nst:
 * the same initial grid and relaxation, each new value computed by the same
 * operations in the same order, the same output.
 *     cc -O2 jacobi2d_ref.c -o jacobi2d_ref && ./jacobi2d_ref [N [M [T]]]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "mix.h"

static long N = 64, M = 48;

static double
initial(long i, long j)
{
    if (i == 0)
        return 100.0;
    if (i == N - 1)
        return 0.0;
    if (j == 0)
        return 75.0;
    if (j == M - 1)
        return 25.0;
    return (double)(mix((uint32_t)(i * M + j)) % 1000U) / 10.0;
}

static long
arg(const char *s, long min)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (*end != '\0' || v < min || v > 100000000) {
        fprintf(stderr, "usage: jacobi2d_ref [N [M [T]]], N, M >= 1, N*M <= 10^9, T >= 0\n");
        exit(2);
    }
    return v;
}

int
main(int argc, char *argv[])
{
    long T = 100, t, i, j, k, at[5][2];
    double sum, moment, *u, *v, *src, *dst;

    if (argc > 1)
        N = arg(argv[1], 1);
    if (argc > 2)
        M = arg(argv[2], 1);
    if (argc > 3)
        T = arg(argv[3], 0);
    if (N * M > 1000000000) {
        fprintf(stderr, "usage: jacobi2d_ref [N [M [T]]]: N*M is above 10^9\n");
        return 2;
    }
    u = malloc((size_t)(N * M) * sizeof(double));
    v = malloc((size_t)(N * M) * sizeof(double));
    if (u == NULL || v == NULL)
        return 1;
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            u[i * M + j] = v[i * M + j] = initial(i, j);
    for (t = 0; t < T; t++) {
        src = t % 2 == 0 ? u : v;
        dst = t % 2 == 0 ? v : u;
        for (i = 1; i < N - 1; i++)     // the walls keep their temperatures
            for (j = 1; j < M - 1; j++)
                dst[i * M + j] = 0.25 * ((src[(i - 1) * M + j] + src[(i + 1) * M + j]) +
                                         (src[i * M + j - 1] + src[i * M + j + 1]));
    }
    src = T % 2 == 0 ? u : v;
    sum = 0.0;
    moment = 0.0;
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++) {
            sum += src[i * M + j];
            moment += (double)(i * M + j + 1) * src[i * M + j];
        }
    at[0][0] = 0, at[0][1] = 0;
    at[1][0] = N / 4, at[1][1] = M / 4;
    at[2][0] = N / 2, at[2][1] = M / 2;
    at[3][0] = 3 * N / 4, at[3][1] = 3 * M / 4;
    at[4][0] = N - 1, at[4][1] = M - 1;
    printf("jacobi2d: N=%ld M=%ld T=%ld\n", N, M, T);
    for (k = 0; k < 5; k++)
        printf("u[%ld][%ld] = %.10g\n", at[k][0], at[k][1], src[at[k][0] * M + at[k][1]]);
    printf("sum %.10g\n", sum);
    printf("moment %.10g\n", moment);
    free(v);
    free(u);
    return 0;
}
