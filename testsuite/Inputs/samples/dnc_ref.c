/*
 * dnc_ref.c - sequential reference for samples/neststep/dnc.nst: the same
 * array; the sum, the largest prefix and suffix sums and the largest
 * subarray sum (Kadane's scan), each allowing the empty piece; the same
 * output.
 *     cc -O2 dnc_ref.c -o dnc_ref && ./dnc_ref [N]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "mix.h"

static int
value(long i)
{
    return (int)(mix((uint32_t)i) % 201U) - 100;
}

int
main(int argc, char *argv[])
{
    long N = 1000, i, tot = 0, pre = 0, suf, best = 0, run = 0;
    char *end;

    if (argc > 1) {
        N = strtol(argv[1], &end, 10);
        if (*end != '\0' || N < 1 || N > 1000000000) {
            fprintf(stderr, "usage: dnc_ref [N], N >= 1\n");
            return 2;
        }
    }
    for (i = 0; i < N; i++) {
        tot += value(i);
        if (tot > pre)
            pre = tot;
        run = run + value(i) > 0 ? run + value(i) : 0;  // best sum ending at i
        if (run > best)
            best = run;
    }
    suf = run;                  // the best sum ending at N-1 is the best suffix
    printf("dnc: N=%ld\n", N);
    printf("sum %ld\n", tot);
    printf("max prefix sum %ld\n", pre);
    printf("max suffix sum %ld\n", suf);
    printf("max subarray sum %ld\n", best);
    return 0;
}
