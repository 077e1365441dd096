/*
 * quicksort_ref.c - sequential reference for samples/neststep/quicksort.nst:
 * the same keys, sorted with qsort, the same output (without -t's time
 * line).
 *     cc -O2 quicksort_ref.c -o quicksort_ref && ./quicksort_ref [N [range]]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mix.h"

static int
flcmp(const void *a, const void *b)
{
    if (*(const float *)a < *(const float *)b) return -1;
    if (*(const float *)a > *(const float *)b) return 1;
    return 0;
}

static int
arg(const char *s, int min)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (*end != '\0' || v < min || v > 1000000000) {
        fprintf(stderr, "usage: quicksort_ref [N [range]], N >= 1, range >= 1\n");
        exit(2);
    }
    return (int)v;
}

int
main(int argc, char *argv[])
{
    int N = 1000, range = 1000000, k, nargs = 0, unsorted = 0;
    long i, at[3];
    unsigned long sumA = 0, sumB = 0, wsum = 0;
    float *A, *B;

    for (k = 1; k < argc; k++) {
        if (strcmp(argv[k], "-t") == 0)
            continue;
        if (nargs++ == 0)
            N = arg(argv[k], 1);
        else
            range = arg(argv[k], 1);
    }
    A = malloc((size_t)N * sizeof(float));
    B = malloc((size_t)N * sizeof(float));
    if (A == NULL || B == NULL)
        return 1;
    for (i = 0; i < N; i++)
        A[i] = B[i] = (float)(mix((uint32_t)i) % (uint32_t)range);
    qsort(B, (size_t)N, sizeof(float), flcmp);
    for (i = 0; i < N; i++) {
        if (i + 1 < N && B[i] > B[i + 1])
            unsorted++;
        sumA += mix((uint32_t)A[i]);
        sumB += mix((uint32_t)B[i]);
        wsum += (unsigned long)(i + 1) * (unsigned long)B[i];
    }
    at[0] = 0;
    at[1] = N / 2;
    at[2] = N - 1;
    printf("quicksort: N=%d range=%d\n", N, range);
    printf("sorted %s, permutation of the input %s\n", unsorted == 0 ? "yes" : "no",
           sumA == sumB ? "yes" : "no");
    printf("B[%ld]=%.0f B[%ld]=%.0f B[%ld]=%.0f\n", at[0], B[at[0]], at[1], B[at[1]], at[2],
           B[at[2]]);
    printf("checksum %lu\n", wsum);
    free(B);
    free(A);
    return 0;
}
