/*
 * parprefix_fast_twin.c - the MPI twin of
 * samples/neststep/parprefix_fast.nst: the exclusive prefix sums of N
 * pseudo-random digits in a block-distributed array (block size ceil(N/p),
 * as the sample's), by the sample's algorithm (a read-only pass summing my
 * block, the sums of the lower blocks, one in-place pass), and its output
 * (that of parprefix.nst).
 *
 * How: the lower blocks' sum is one MPI_Iexscan (the sample's prefix
 * combine); the total, the checksum (the sum of all prefix sums) and the
 * four elements printed reach process 0 by one MPI_Ireduce.  All waits are
 * bench_wait.  With -t process 0 also prints the time of the prefix sums.
 *
 *     mpiexec -n 4 ./parprefix_fast_twin [-t] [N]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "twincommon.h"

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
    long N = 10000000, i, at[4];
    int k, p, me, timing = 0, s, v, offset = 0;
    MPI_Request req;

    twin_start(&argc, &argv, &p, &me);
    for (k = 1; k < argc; k++) {
        if (strcmp(argv[k], "-t") == 0)
            timing = 1;
        else
            N = twin_arg(argv[k], 1, 1L << 40, "usage: parprefix_fast_twin [-t] [N], N >= 1");
    }
    struct twin_block blk = twin_block(N, p, me);
    long lo = blk.lo, n = blk.len;
    int *a = twin_malloc(sizeof *a * (size_t)n);
    for (i = 0; i < n; i++)
        a[i] = input(lo + i);
    twin_step();                        /* the sample's step that sets a */

    double t0 = MPI_Wtime();
    s = 0;                              /* 1: read-only pass, the lower blocks' sum */
    for (i = 0; i < n; i++)
        s += a[i];
    MPI_Iexscan(&s, &offset, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req);
    bench_wait(&req);
    twin_step();                        /* the sample's step 1 (its prefix combine) */
    if (me == 0)
        offset = 0;                     /* (MPI_Exscan leaves it undefined on process 0) */
    int sum = s;
    s = offset;                         /* 2: one in-place pass over my block */
    for (i = 0; i < n; i++) {
        v = a[i];
        a[i] = s;
        s += v;
    }
    twin_step();                        /* the sample's step 2 */
    double t1 = MPI_Wtime();

    long mine[6] = { sum, 0, 0, 0, 0, 0 }, sums[6];    /* total, checksum, a[at[0..3]] */
    for (i = 0; i < n; i++)
        mine[1] += a[i];
    twin_step();                        /* the sample's checksum step */
    at[0] = 0;
    at[1] = N / 3;
    at[2] = 2 * N / 3;
    at[3] = N - 1;
    for (k = 0; k < 4; k++)
        if (at[k] >= lo && at[k] < lo + n)
            mine[2 + k] = a[at[k] - lo];
    MPI_Ireduce(mine, sums, 6, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD, &req);
    bench_wait(&req);
    twin_step();                        /* the sample's collection of four elements */
    if (me == 0) {
        printf("parprefix: N=%ld\n", N);
        printf("total %d\n", (int)sums[0]);
        for (k = 0; k < 4; k++)
            printf("a[%ld]=%d%s", at[k], (int)sums[2 + k], k < 3 ? " " : "\n");
        printf("checksum %ld\n", sums[1]);
        if (timing)
            printf("time %.6f s on %d processes\n", t1 - t0, p);
    }
    free(a);
    return twin_end();
}
