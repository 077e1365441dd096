/*
 * samplesort_twin.c - the MPI twin of samples/neststep/samplesort.nst:
 * sample sort with regular sampling (PSRS) of N integer keys from a
 * block-distributed array A into a block-distributed array S (block size
 * ceil(N/p), as the sample's), with the sample's local steps (qsort of a
 * copy of my block, p regular samples, the same pivots, a binary search per
 * key for its bucket, qsort of my bucket) and the same check and output.
 *
 * How: the samples go to every process by one MPI_Iallgather (with their
 * number: none from a process without keys); the bucket counts by
 * MPI_Ialltoall and the keys straight to their bucket's process by
 * MPI_Ialltoallv (the sample writes them into S and the bucket's process
 * reads them back: two section transfers); after the sort the bucket sizes
 * by MPI_Iallgather, and the sorted buckets to the owners of their places
 * in S by MPI_Ialltoallv.  The check needs the first key of the next block
 * (MPI_Isend/MPI_Irecv, the sample's mirror), and its sums and the three
 * keys printed reach process 0 by one MPI_Ireduce.  All waits are
 * bench_wait.  With -t process 0 also prints the time of steps 1-6.
 *
 *     mpiexec -n 4 ./samplesort_twin [-t] [N [range]]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mix.h"
#include "twincommon.h"

static int
intcmp(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The bucket of key x: the number of pivots smaller than x (0..np). */
static int
bucket(int x, const int *piv, int np)
{
    int l = 0, h = np;
    while (l < h) {
        int m = (l + h) / 2;
        if (piv[m] < x)
            l = m + 1;
        else
            h = m;
    }
    return l;
}

/* counts[q], displs[q]: the part of the global range lo .. lo+len-1 that
 * falls into q's block of S; displs relative to lo. */
static void
split_by_owner(long lo, long len, long n, int p, int *counts, int *displs)
{
    for (int q = 0; q < p; q++) {
        struct twin_block b = twin_block(n, p, q);
        long from = lo > b.lo ? lo : b.lo, to = lo + len < b.lo + b.len ? lo + len : b.lo + b.len;
        counts[q] = to > from ? (int)(to - from) : 0;
        displs[q] = to > from ? (int)(from - lo) : 0;
    }
}

int
main(int argc, char *argv[])
{
    const char *usage = "usage: samplesort_twin [-t] [N [range]], N >= 1, range >= 1";
    long N = 1000, i, j, at[3];
    int range = 1000000, p, me, q, b, k, timing = 0, nargs = 0;
    MPI_Request req, rq[2];

    twin_start(&argc, &argv, &p, &me);
    for (k = 1; k < argc; k++) {
        if (strcmp(argv[k], "-t") == 0)
            timing = 1;
        else if (nargs++ == 0)
            N = twin_arg(argv[k], 1, 1000000000, usage);
        else
            range = (int)twin_arg(argv[k], 1, 1000000000, usage);
    }
    struct twin_block blk = twin_block(N, p, me);
    long lo = blk.lo, nloc = blk.len;
    int *A = twin_malloc(sizeof *A * (size_t)nloc), *loc = twin_malloc(sizeof *loc * (size_t)nloc);
    int *S = twin_malloc(sizeof *S * (size_t)nloc);
    int *smp = twin_malloc(sizeof *smp * (size_t)(p + 1)), *allsmp = twin_malloc(sizeof *allsmp * (size_t)(p * (p + 1)));
    int *piv = twin_malloc(sizeof *piv * (size_t)p);
    int *scnt = twin_malloc(sizeof *scnt * (size_t)p), *sdsp = twin_malloc(sizeof *sdsp * (size_t)p);
    int *rcnt = twin_malloc(sizeof *rcnt * (size_t)p), *rdsp = twin_malloc(sizeof *rdsp * (size_t)p);
    long *size = twin_malloc(sizeof *size * (size_t)p);
    for (i = 0; i < nloc; i++)
        A[i] = (int)(mix((uint32_t)(lo + i)) % (uint32_t)range);
    twin_step();                                /* the sample's step that makes A */

    double t0 = MPI_Wtime();
    /* 1. local sort of a copy, p regular samples */
    memcpy(loc, A, sizeof *A * (size_t)nloc);
    qsort(loc, (size_t)nloc, sizeof *loc, intcmp);
    smp[0] = nloc > 0 ? p : 0;
    for (k = 0; k < p; k++)
        smp[1 + k] = nloc > 0 ? loc[(long)k * nloc / p] : 0;
    MPI_Iallgather(smp, p + 1, MPI_INT, allsmp, p + 1, MPI_INT, MPI_COMM_WORLD, &req);
    bench_wait(&req);
    twin_step();                                /* the sample's step 1 */

    /* 2. the pivots, from the same samples on every process */
    int m = 0;
    for (q = 0; q < p; q++)
        for (k = 0; k < allsmp[q * (p + 1)]; k++)
            allsmp[m++] = allsmp[q * (p + 1) + 1 + k];
    qsort(allsmp, (size_t)m, sizeof *allsmp, intcmp);
    for (k = 1; k < p; k++)
        piv[k - 1] = allsmp[(long)k * m / p];

    /* 3.-5. my keys of bucket b (a run of my sorted copy) to process b */
    for (b = 0; b < p; b++)
        scnt[b] = 0;
    for (j = 0; j < nloc; j++)
        scnt[bucket(loc[j], piv, p - 1)]++;
    MPI_Ialltoall(scnt, 1, MPI_INT, rcnt, 1, MPI_INT, MPI_COMM_WORLD, &req);
    bench_wait(&req);
    twin_step();                                /* the sample's step 3 */
    long mysize = 0;
    for (q = 0, j = 0; q < p; q++) {
        sdsp[q] = (int)j;
        j += scnt[q];
        rdsp[q] = (int)mysize;
        mysize += rcnt[q];
    }
    int *T = twin_malloc(sizeof *T * (size_t)mysize);
    MPI_Ialltoallv(loc, scnt, sdsp, MPI_INT, T, rcnt, rdsp, MPI_INT, MPI_COMM_WORLD, &req);
    bench_wait(&req);
    twin_step();                                /* the sample's step 4 (keys into S) */
    twin_step();                                /* ... and 5 (bucket $ read from S) */

    /* 6. sort my bucket; it goes to S[start .. start+mysize-1] */
    qsort(T, (size_t)mysize, sizeof *T, intcmp);
    MPI_Iallgather(&mysize, 1, MPI_LONG, size, 1, MPI_LONG, MPI_COMM_WORLD, &req);
    bench_wait(&req);
    long start = 0;
    for (q = 0; q < me; q++)
        start += size[q];
    split_by_owner(start, mysize, N, p, scnt, sdsp);
    for (q = 0, j = 0; q < p; q++) {            /* bucket q's part of my block */
        long from = j > lo ? j : lo, to = j + size[q] < lo + nloc ? j + size[q] : lo + nloc;
        rcnt[q] = to > from ? (int)(to - from) : 0;
        rdsp[q] = to > from ? (int)(from - lo) : 0;
        j += size[q];
    }
    MPI_Ialltoallv(T, scnt, sdsp, MPI_INT, S, rcnt, rdsp, MPI_INT, MPI_COMM_WORLD, &req);
    bench_wait(&req);
    twin_step();                                /* the sample's step 6 */
    double t1 = MPI_Wtime();

    /* the check: the first key of the next block from its owner */
    int next = 0;
    int up = nloc > 0 && lo + nloc < N ? me + 1 : MPI_PROC_NULL;
    int down = nloc > 0 && me > 0 ? me - 1 : MPI_PROC_NULL;
    MPI_Irecv(&next, 1, MPI_INT, up, 0, MPI_COMM_WORLD, &rq[0]);
    MPI_Isend(S, 1, MPI_INT, down, 0, MPI_COMM_WORLD, &rq[1]);
    bench_wait_all(2, rq, MPI_STATUSES_IGNORE);
    unsigned long v[7] = { 0 }, sums[7];       /* unsorted, sumA, sumS, wsum, three keys */
    at[0] = 0;
    at[1] = N / 2;
    at[2] = N - 1;
    for (i = 0; i < nloc; i++) {
        long gi = lo + i;
        int after = i + 1 < nloc ? S[i + 1] : next;
        if (gi + 1 < N && S[i] > after)
            v[0]++;
        v[1] += mix((uint32_t)A[i]);
        v[2] += mix((uint32_t)S[i]);
        v[3] += (unsigned long)(gi + 1) * (unsigned long)S[i];
    }
    for (k = 0; k < 3; k++)
        if (at[k] >= lo && at[k] < lo + nloc)
            v[4 + k] = (unsigned long)S[at[k] - lo];
    twin_step();                                /* the sample's check */
    MPI_Ireduce(v, sums, 7, MPI_UNSIGNED_LONG, MPI_SUM, 0, MPI_COMM_WORLD, &req);
    bench_wait(&req);
    twin_step();                                /* the sample's collection of three keys */

    if (me == 0) {
        printf("samplesort: N=%ld range=%d\n", N, range);
        printf("sorted %s, permutation of the input %s\n", sums[0] == 0 ? "yes" : "no",
               sums[1] == sums[2] ? "yes" : "no");
        printf("S[%ld]=%d S[%ld]=%d S[%ld]=%d\n", at[0], (int)sums[4], at[1], (int)sums[5],
               at[2], (int)sums[6]);
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
    free(piv);
    free(allsmp);
    free(smp);
    free(S);
    free(loc);
    free(A);
    return twin_end();
}
