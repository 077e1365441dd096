/*
 * parprefix_ref.c - sequential reference for samples/neststep/parprefix.nst:
 * the same input, the exclusive prefix sums computed in one loop, the same
 * output (without -t's time line).
 *     cc -O2 parprefix_ref.c -o parprefix_ref && ./parprefix_ref [N]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int
input(long i)
{
    uint32_t x = (uint32_t)i;
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return (int)(x % 10U);
}

int
main(int argc, char *argv[])
{
    long N = 10000000, i, at[4], chk = 0;
    int *a, k, sum = 0;
    char *end;

    for (k = 1; k < argc; k++) {
        if (strcmp(argv[k], "-t") == 0)
            continue;
        N = strtol(argv[k], &end, 10);
        if (*end != '\0' || N < 1) {
            fprintf(stderr, "usage: parprefix_ref [N], N >= 1 (got '%s')\n", argv[k]);
            return 2;
        }
    }
    a = malloc((size_t)N * sizeof(int));
    if (a == NULL)
        return 1;
    for (i = 0; i < N; i++) {
        a[i] = sum;
        sum += input(i);
    }
    for (i = 0; i < N; i++)
        chk += a[i];
    at[0] = 0;
    at[1] = N / 3;
    at[2] = 2 * N / 3;
    at[3] = N - 1;
    printf("parprefix: N=%ld\n", N);
    printf("total %d\n", sum);
    for (k = 0; k < 4; k++)
        printf("a[%ld]=%d%s", at[k], a[at[k]], k < 3 ? " " : "\n");
    printf("checksum %ld\n", chk);
    free(a);
    return 0;
}
