/*
 * samplesort_ref.c - sequential reference for samples/neststep/samplesort.nst:
 * the same keys, sorted with qsort, the same output (without -t's time
 * line).
 *     cc -O2 samplesort_ref.c -o samplesort_ref && ./samplesort_ref [N [range]]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mix.h"

static int
intcmp(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static long
arg(const char *s)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (*end != '\0' || v < 1 || v > 1000000000) {
        fprintf(stderr, "usage: samplesort_ref [N [range]], N >= 1, range >= 1\n");
        exit(2);
    }
    return v;
}

int
main(int argc, char *argv[])
{
    long N = 1000, i, at[3];
    int range = 1000000, k, nargs = 0, unsorted = 0, *A, *S;
    unsigned long sumA = 0, sumS = 0, wsum = 0;

    for (k = 1; k < argc; k++) {
        if (strcmp(argv[k], "-t") == 0)
            continue;
        if (nargs++ == 0)
            N = arg(argv[k]);
        else
            range = (int)arg(argv[k]);
    }
    A = malloc((size_t)N * sizeof(int));
    S = malloc((size_t)N * sizeof(int));
    if (A == NULL || S == NULL)
        return 1;
    for (i = 0; i < N; i++)
        A[i] = S[i] = (int)(mix((uint32_t)i) % (uint32_t)range);
    qsort(S, (size_t)N, sizeof(int), intcmp);
    for (i = 0; i < N; i++) {
        if (i + 1 < N && S[i] > S[i + 1])
            unsorted++;
        sumA += mix((uint32_t)A[i]);
        sumS += mix((uint32_t)S[i]);
        wsum += (unsigned long)(i + 1) * (unsigned long)S[i];
    }
    at[0] = 0;
    at[1] = N / 2;
    at[2] = N - 1;
    printf("samplesort: N=%ld range=%d\n", N, range);
    printf("sorted %s, permutation of the input %s\n", unsorted == 0 ? "yes" : "no",
           sumA == sumS ? "yes" : "no");
    printf("S[%ld]=%d S[%ld]=%d S[%ld]=%d\n", at[0], S[at[0]], at[1], S[at[1]], at[2], S[at[2]]);
    printf("checksum %lu\n", wsum);
    free(S);
    free(A);
    return 0;
}
