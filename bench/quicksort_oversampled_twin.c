/*
 * quicksort_oversampled_twin.c - the MPI twin of
 * samples/neststep/quicksort_oversampled.nst: p-way quicksort with
 * oversampling of N floats from a block-distributed array A into a
 * block-distributed array B (block size ceil(N/p), as the sample's), with
 * the sample's local steps (the same s random samples of my block, the
 * same pivots, interval() per key, the counting sort by interval into my
 * block of B, qsort of my interval) and the same check and output (that of
 * quicksort.nst).
 *
 * How: the samples go to every process by one MPI_Iallgather; my count of
 * each interval to its process by MPI_Ialltoall (the sample's replicated
 * p x p count matrix); each interval's keys from every block of B straight
 * to its process by MPI_Ialltoallv (the sample's p section reads); after
 * the sort the interval sizes by MPI_Iallgather, and the sorted intervals
 * to the owners of their places in B by MPI_Ialltoallv (the sample's
 * section write).  The check needs the first key of the next block
 * (MPI_Isend/MPI_Irecv, the sample's mirror), and its sums and the three
 * keys printed reach process 0 by one MPI_Ireduce.  All waits are
 * bench_wait.  With -t process 0 also prints the time of stages 1-8.
 *
 *     mpiexec -n 4 ./quicksort_oversampled_twin [-t] [-s S] [N [range]]
 */
#include <float.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mix.h"
#include "twincommon.h"

static int
flcmp(const void *a, const void *b)
{
    if (*(const float *)a < *(const float *)b) return -1;
    if (*(const float *)a > *(const float *)b) return 1;
    return 0;
}

/* The interval of key x, as the sample finds it (branch-free binary search). */
static int
interval(float x, const float *piv, int np)
{
    int l = 0, n = np;
    while (n > 0) {
        int h = n / 2, up = piv[l + h] < x;
        l += up * (h + 1);
        n = up * (n - h - 1) + (1 - up) * h;
    }
    return l;
}

int
main(int argc, char *argv[])
{
    const char *usage = "usage: quicksort_oversampled_twin [-t] [-s S] [N [range]], N >= 1, "
                        "range >= 1, 1 <= S <= 10^6";
    long N = 1000, li, j, at[3];
    int range = 1000000, s = 4096, p, me, q, i, k, timing = 0, nargs = 0;
    MPI_Request req, rq[2];

    twin_start(&argc, &argv, &p, &me);
    for (k = 1; k < argc; k++) {
        if (strcmp(argv[k], "-t") == 0)
            timing = 1;
        else if (strcmp(argv[k], "-s") == 0 && k + 1 < argc)
            s = (int)twin_arg(argv[++k], 1, 1000000, usage);
        else if (nargs++ == 0)
            N = twin_arg(argv[k], 1, 1000000000, usage);
        else
            range = (int)twin_arg(argv[k], 1, 1000000000, usage);
    }
    struct twin_block blk = twin_block(N, p, me);
    long lo = blk.lo, myndp = blk.len;
    float *A = twin_malloc(sizeof *A * (size_t)myndp), *B = twin_malloc(sizeof *B * (size_t)myndp);
    float *samp = twin_malloc(sizeof *samp * (size_t)s), *all = twin_malloc(sizeof *all * (size_t)p * (size_t)s);
    float *piv = twin_malloc(sizeof *piv * (size_t)p);
    int *cnt = twin_malloc(sizeof *cnt * (size_t)p), *pos = twin_malloc(sizeof *pos * (size_t)p);
    int *scnt = twin_malloc(sizeof *scnt * (size_t)p), *sdsp = twin_malloc(sizeof *sdsp * (size_t)p);
    int *rcnt = twin_malloc(sizeof *rcnt * (size_t)p), *rdsp = twin_malloc(sizeof *rdsp * (size_t)p);
    long *size = twin_malloc(sizeof *size * (size_t)p);
    for (li = 0; li < myndp; li++)
        A[li] = (float)(mix((uint32_t)(lo + li)) % (uint32_t)range);
    twin_step();                                /* the sample's common start */

    double t0 = MPI_Wtime();
    /* STAGE 1: s random keys of my block */
    for (k = 0; k < s; k++)
        samp[k] = myndp > 0 ? A[mix(0x5eed0000U + (uint32_t)(me * s + k)) % (uint32_t)myndp]
                            : FLT_MAX;
    MPI_Iallgather(samp, s, MPI_FLOAT, all, s, MPI_FLOAT, MPI_COMM_WORLD, &req);
    bench_wait(&req);
    twin_step();                                /* the sample's stage 1 */

    /* STAGE 2: the same p-1 pivots on every process */
    qsort(all, (size_t)p * s, sizeof *all, flcmp);
    for (i = 0; i < p - 1; i++)
        piv[i] = all[(long)(i + 1) * s - 1];

    /* STAGES 3 and 4: my keys grouped by interval into my block of B */
    for (i = 0; i < p; i++)
        cnt[i] = 0;
    for (li = 0; li < myndp; li++)
        cnt[interval(A[li], piv, p - 1)]++;
    for (i = 0, j = 0; i < p; i++) {
        pos[i] = (int)j;
        j += cnt[i];
    }
    for (li = 0; li < myndp; li++) {
        float x = A[li];
        B[pos[interval(x, piv, p - 1)]++] = x;
    }

    /* STAGES 5 and 6: interval q of every block to process q */
    MPI_Ialltoall(cnt, 1, MPI_INT, rcnt, 1, MPI_INT, MPI_COMM_WORLD, &req);
    bench_wait(&req);
    twin_step();                                /* the sample's stages 3 and 4 (the counts) */
    long mysize = 0;
    for (q = 0, j = 0; q < p; q++) {
        sdsp[q] = (int)j;
        j += cnt[q];
        rdsp[q] = (int)mysize;
        mysize += rcnt[q];
    }
    float *T = twin_malloc(sizeof *T * (size_t)mysize);
    MPI_Ialltoallv(B, cnt, sdsp, MPI_FLOAT, T, rcnt, rdsp, MPI_FLOAT, MPI_COMM_WORLD, &req);
    bench_wait(&req);
    twin_step();                                /* the sample's stages 5 and 6 */

    /* STAGES 7 and 8: sort it and send it to its place in B */
    qsort(T, (size_t)mysize, sizeof *T, flcmp);
    MPI_Iallgather(&mysize, 1, MPI_LONG, size, 1, MPI_LONG, MPI_COMM_WORLD, &req);
    bench_wait(&req);
    long start = 0;
    for (q = 0; q < me; q++)
        start += size[q];
    for (q = 0, j = 0; q < p; q++) {
        struct twin_block b = twin_block(N, p, q);
        /* my interval's part of q's block; interval q's part of my block */
        long from = start > b.lo ? start : b.lo;
        long to = start + mysize < b.lo + b.len ? start + mysize : b.lo + b.len;
        scnt[q] = to > from ? (int)(to - from) : 0;
        sdsp[q] = to > from ? (int)(from - start) : 0;
        from = j > lo ? j : lo;
        to = j + size[q] < lo + myndp ? j + size[q] : lo + myndp;
        rcnt[q] = to > from ? (int)(to - from) : 0;
        rdsp[q] = to > from ? (int)(from - lo) : 0;
        j += size[q];
    }
    MPI_Ialltoallv(T, scnt, sdsp, MPI_FLOAT, B, rcnt, rdsp, MPI_FLOAT, MPI_COMM_WORLD, &req);
    bench_wait(&req);
    twin_step();                                /* the sample's stages 7 and 8 */
    double t1 = MPI_Wtime();

    /* the check, as quicksort.nst's */
    float next = 0;
    int up = myndp > 0 && lo + myndp < N ? me + 1 : MPI_PROC_NULL;
    int down = myndp > 0 && me > 0 ? me - 1 : MPI_PROC_NULL;
    MPI_Irecv(&next, 1, MPI_FLOAT, up, 0, MPI_COMM_WORLD, &rq[0]);
    MPI_Isend(B, 1, MPI_FLOAT, down, 0, MPI_COMM_WORLD, &rq[1]);
    bench_wait_all(2, rq, MPI_STATUSES_IGNORE);
    twin_step();                                /* the sample's step that mirrors B[hi + 1] */
    unsigned long v[7] = { 0 }, sums[7];       /* unsorted, sumA, sumB, wsum, three keys */
    at[0] = 0;
    at[1] = N / 2;
    at[2] = N - 1;
    for (li = 0; li < myndp; li++) {
        long gi = lo + li;
        float after = li + 1 < myndp ? B[li + 1] : next;
        if (gi + 1 < N && B[li] > after)
            v[0]++;
        v[1] += mix((uint32_t)A[li]);
        v[2] += mix((uint32_t)B[li]);
        v[3] += (unsigned long)(gi + 1) * (unsigned long)B[li];
    }
    for (k = 0; k < 3; k++)
        if (at[k] >= lo && at[k] < lo + myndp)
            v[4 + k] = (unsigned long)B[at[k] - lo];
    twin_step();                                /* the sample's check */
    MPI_Ireduce(v, sums, 7, MPI_UNSIGNED_LONG, MPI_SUM, 0, MPI_COMM_WORLD, &req);
    bench_wait(&req);
    twin_step();                                /* the sample's collection of three keys */

    if (me == 0) {
        printf("quicksort: N=%ld range=%d\n", N, range);
        printf("sorted %s, permutation of the input %s\n", sums[0] == 0 ? "yes" : "no",
               sums[1] == sums[2] ? "yes" : "no");
        printf("B[%ld]=%.0f B[%ld]=%.0f B[%ld]=%.0f\n", at[0], (float)sums[4], at[1],
               (float)sums[5], at[2], (float)sums[6]);
        printf("checksum %lu\n", sums[3]);
        if (timing)
            printf("time %.6f s on %d processes\n", t1 - t0, p);
    }
    free(T);
    free(size);
    free(rdsp);
    free(rcnt);
    free(sdsp);
    free(scnt);
    free(pos);
    free(cnt);
    free(piv);
    free(all);
    free(samp);
    free(B);
    free(A);
    return twin_end();
}
