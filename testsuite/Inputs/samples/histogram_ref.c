/*
 * histogram_ref.c - sequential reference for samples/neststep/histogram.nst:
 * the same keys counted in one loop, the same output.
 *     cc -O2 histogram_ref.c -o histogram_ref && ./histogram_ref [N [B]]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "mix.h"

static int
key(long k, int nbins)
{
    uint32_t a = mix((uint32_t)(2 * k)) % (uint32_t)nbins;
    uint32_t b = mix((uint32_t)(2 * k + 1)) % (uint32_t)nbins;
    return (int)((a + b) / 2);
}

static long
arg(const char *s, long max)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (*end != '\0' || v < 1 || v > max) {
        fprintf(stderr, "usage: histogram_ref [N [B]]\n");
        exit(2);
    }
    return v;
}

int
main(int argc, char *argv[])
{
    long N = 100000, k, total = 0;
    int B = 16, b, max, len, *h;

    if (argc > 1)
        N = arg(argv[1], 1L << 30);
    if (argc > 2)
        B = (int)arg(argv[2], 100000);
    h = calloc((size_t)B, sizeof(int));
    if (h == NULL)
        return 1;
    for (k = 0; k < N; k++)
        h[key(k, B)]++;
    for (b = 0; b < B; b++)
        total += h[b];
    printf("histogram: N=%ld keys in B=%d bins\n", N, B);
    max = 1;
    for (b = 0; b < B; b++)
        if (h[b] > max)
            max = h[b];
    for (b = 0; b < B; b++) {
        printf("bin %3d %8d ", b, h[b]);
        for (len = (int)((long)h[b] * 50 / max); len > 0; len--)
            putchar('*');
        putchar('\n');
    }
    printf("total %ld (%s)\n", total, total == N ? "= N" : "ERROR: not N");
    free(h);
    return 0;
}
