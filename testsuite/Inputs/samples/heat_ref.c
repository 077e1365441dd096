/*
 * heat_ref.c - sequential reference for samples/neststep/heat.nst: the same
 * initial values and the same scheme, each new value computed by the same
 * operations in the same order, the same output.
 *     cc -O2 heat_ref.c -o heat_ref && ./heat_ref [N [T]]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "mix.h"

static double
initial(long i, long n)
{
    if (i == 0)
        return 100.0;
    if (i == n - 1)
        return 0.0;
    return (double)(mix((uint32_t)i) % 1000U) / 10.0;
}

static long
arg(const char *s, long min)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (*end != '\0' || v < min || v > 100000000) {
        fprintf(stderr, "usage: heat_ref [N [T]], N >= 1, T >= 0\n");
        exit(2);
    }
    return v;
}

int
main(int argc, char *argv[])
{
    long N = 200, T = 100, t, i, at[5];
    double r = 0.25, sum, moment, *u, *v, *src, *dst;
    int k;

    if (argc > 1)
        N = arg(argv[1], 1);
    if (argc > 2)
        T = arg(argv[2], 0);
    u = malloc((size_t)N * sizeof(double));
    v = malloc((size_t)N * sizeof(double));
    if (u == NULL || v == NULL)
        return 1;
    for (i = 0; i < N; i++)
        u[i] = v[i] = initial(i, N);
    for (t = 0; t < T; t++) {
        src = t % 2 == 0 ? u : v;
        dst = t % 2 == 0 ? v : u;
        for (i = 1; i < N - 1; i++)
            dst[i] = src[i] + r * (src[i - 1] - 2.0 * src[i] + src[i + 1]);
        dst[0] = src[0];
        dst[N - 1] = src[N - 1];
    }
    src = T % 2 == 0 ? u : v;
    sum = 0.0;
    moment = 0.0;
    for (i = 0; i < N; i++) {
        sum += src[i];
        moment += (double)(i + 1) * src[i];
    }
    at[0] = 0;
    at[1] = N / 4;
    at[2] = N / 2;
    at[3] = 3 * N / 4;
    at[4] = N - 1;
    printf("heat: N=%ld T=%ld r=%g\n", N, T, r);
    for (k = 0; k < 5; k++)
        printf("u[%ld] = %.10g\n", at[k], src[at[k]]);
    printf("sum %.10g\n", sum);
    printf("moment %.10g\n", moment);
    free(v);
    free(u);
    return 0;
}
