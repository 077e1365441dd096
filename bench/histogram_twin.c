/*
 * histogram_twin.c - the MPI twin of samples/neststep/histogram.nst: a
 * histogram of N pseudo-random keys in B bins, the bins block-distributed
 * as the sample's array h (block size ceil(B/p)), each process counting
 * the same share of the keys (k = N*me/p .. N*(me+1)/p - 1) privately; the
 * same output.
 *
 * How: one MPI_Ireduce_scatter sums the processes' counts into the owners'
 * blocks of bins (the sample's combined writes h[b] = cnt[b]); the owners'
 * sum of their bins goes to process 0 by MPI_Ireduce (the sample's sh<+>
 * total), and the bins by MPI_Igatherv (its section read); all waited for
 * with bench_wait.  Process 0 prints what the sample prints.
 *
 *     mpiexec -n 4 ./histogram_twin [N [B]]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "mix.h"
#include "twincommon.h"

static int
key(long k, int nbins)
{
    uint32_t a = mix((uint32_t)(2 * k)) % (uint32_t)nbins;
    uint32_t b = mix((uint32_t)(2 * k + 1)) % (uint32_t)nbins;
    return (int)((a + b) / 2);
}

int
main(int argc, char *argv[])
{
    const char *usage = "usage: histogram_twin [N [B]], 1 <= N <= 2^30, 1 <= B <= 100000";
    long N = 100000, k, total = 0, mine = 0;
    int B = 16, b, max, len, p, me, q;
    MPI_Request req;

    twin_start(&argc, &argv, &p, &me);
    if (argc > 1)
        N = twin_arg(argv[1], 1, 1L << 30, usage);
    if (argc > 2)
        B = (int)twin_arg(argv[2], 1, 100000, usage);
    int *cnt = calloc((size_t)B, sizeof *cnt);
    int *all = calloc((size_t)B, sizeof *all);
    int *counts = twin_malloc(sizeof *counts * (size_t)p);
    if (cnt == NULL || all == NULL)
        twin_abort("out of memory");
    struct twin_block blk = twin_block(B, p, me);
    int *h = twin_malloc(sizeof *h * (size_t)blk.len);

    for (k = N * me / p; k < N * (me + 1) / p; k++)
        cnt[key(k, B)]++;

    for (q = 0; q < p; q++)
        counts[q] = (int)twin_block(B, p, q).len;
    twin_step();                        /* the sample's step that clears the bins */
    MPI_Ireduce_scatter(cnt, h, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req);
    bench_wait(&req);
    twin_step();                        /* ... that writes the counts */
    for (b = 0; b < blk.len; b++)
        mine += h[b];
    MPI_Ireduce(&mine, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD, &req);
    bench_wait(&req);
    twin_step();                        /* ... that sums the total */
    twin_gather_block(h, all, B, MPI_INT, p, me);
    twin_step();                        /* ... that collects the bins */

    if (me == 0) {
        printf("histogram: N=%ld keys in B=%d bins\n", N, B);
        max = 1;
        for (b = 0; b < B; b++)
            if (all[b] > max)
                max = all[b];
        for (b = 0; b < B; b++) {
            printf("bin %3d %8d ", b, all[b]);
            for (len = (int)((long)all[b] * 50 / max); len > 0; len--)
                putchar('*');
            putchar('\n');
        }
        printf("total %ld (%s)\n", total, total == N ? "= N" : "ERROR: not N");
    }
    free(h);
    free(counts);
    free(all);
    free(cnt);
    return twin_end();
}
