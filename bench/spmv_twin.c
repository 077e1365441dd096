/*
 * spmv_twin.c - the MPI twin of samples/neststep/spmv.nst: K sparse
 * matrix-vector products y = A x in a power iteration (lambda = max |y_i|,
 * x = y / lambda), the rows of A and the vectors block-distributed as the
 * sample's (block size ceil(N/p)), the same matrix, products and output.
 *
 * How: each process generates its rows, finds the columns that others own
 * (its ghosts, sorted, unique: the sample's mirrored runs), and renumbers
 * its columns into one local vector: my block of x, then the ghosts.  Once,
 * before the iterations, every process tells each owner which of its
 * elements it needs (MPI_Ialltoall of the counts, MPI_Ialltoallv of the
 * indices).  An iteration sends each requester its elements of x
 * (MPI_Isend of a packed buffer, only to the processes that need some) and
 * receives the ghosts straight into the local vector (MPI_Irecv), computes
 * the rows that have no ghost column while the messages travel, waits,
 * computes the other rows (each row in CSR order, as the sample: the same
 * sums), finds lambda by MPI_Iallreduce (MPI_MAX: exact) and scales.  All
 * waits are bench_wait_all.  Process 0 collects x (MPI_Igatherv) and
 * prints what the sample prints.
 *
 * In step mode (twincommon.h) the twin asks for what the sample's section
 * reads carry: the columns of its runs of ghosts, merged across gaps of up
 * to GAP columns as spmv.nst merges them, received into a buffer of their
 * own, from which each ghost is copied into the local vector.
 *
 *     mpiexec -n 4 ./spmv_twin [N [K]]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "mix.h"
#include "twincommon.h"

#define MAXROW 6
#define GAP 12                  /* spmv.nst's: columns a run of ghosts may skip */

/* Row i of the n x n matrix, as the sample generates it. */
static int
row(long i, long n, long *col, double *val)
{
    int k, d = 2 + (int)(mix((uint32_t)i) % 4U);
    col[0] = i;
    val[0] = 2.0;
    for (k = 1; k <= d; k++) {
        uint32_t h = mix((uint32_t)(i * 8 + k));
        col[k] = (long)(h % (uint32_t)n);
        val[k] = (double)(1 + (h >> 16) % 16U) / 16.0;
    }
    return d + 1;
}

static int
lcmp(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

/* y = A x for the rows rows[0..n-1]; returns the largest |y_i| of them,
 * or big if that is larger. */
static double
product(const int *rows, long n, const int *rp, const int *lcol, const double *val,
        const double *x, double *y, double big)
{
    for (long r = 0; r < n; r++) {
        int i = rows[r];
        double s = 0.0, a;
        for (int k = rp[i]; k < rp[i + 1]; k++)
            s += val[k] * x[lcol[k]];
        y[i] = s;
        a = s < 0.0 ? -s : s;
        if (a > big)
            big = a;
    }
    return big;
}

int
main(int argc, char *argv[])
{
    const char *usage = "usage: spmv_twin [N [K]], N >= 1, K >= 0";
    long N = 100, K = 10, i, it, k, at[4];
    int p, me, q;

    twin_start(&argc, &argv, &p, &me);
    if (argc > 1)
        N = twin_arg(argv[1], 1, 100000000, usage);
    if (argc > 2)
        K = twin_arg(argv[2], 0, 100000000, usage);
    struct twin_block blk = twin_block(N, p, me);
    long lo = blk.lo, nloc = blk.len;

    /* my rows in CSR form */
    int *rp = twin_malloc(sizeof *rp * (size_t)(nloc + 1));
    long *col = twin_malloc(sizeof *col * (size_t)(nloc * MAXROW));
    double *val = twin_malloc(sizeof *val * (size_t)(nloc * MAXROW));
    rp[0] = 0;
    for (i = 0; i < nloc; i++)
        rp[i + 1] = rp[i] + row(lo + i, N, col + rp[i], val + rp[i]);
    long nnz_mine = rp[nloc];

    /* the ghosts, sorted and unique (so grouped by owner), and each
     * column's place in the local vector: my block, then the ghosts */
    long *g = twin_malloc(sizeof *g * (size_t)nnz_mine), ng = 0;
    for (k = 0; k < nnz_mine; k++)
        if (col[k] < lo || col[k] >= lo + nloc)
            g[ng++] = col[k];
    qsort(g, (size_t)ng, sizeof *g, lcmp);
    long u = 0;
    for (k = 0; k < ng; k++)
        if (u == 0 || g[k] != g[u - 1])
            g[u++] = g[k];
    ng = u;
    int *lcol = twin_malloc(sizeof *lcol * (size_t)nnz_mine);
    for (k = 0; k < nnz_mine; k++) {
        if (col[k] >= lo && col[k] < lo + nloc) {
            lcol[k] = (int)(col[k] - lo);
        } else {
            long *at_g = bsearch(&col[k], g, (size_t)ng, sizeof *g, lcmp);
            lcol[k] = (int)(nloc + (at_g - g));
        }
    }
    /* what I ask the owners for: the ghosts, or in step mode the columns
     * of the sample's runs (ghost k at want[gp[k]]) */
    long *want = g, nwant = ng, *gp = NULL;
    if (twin_step_mode()) {
        nwant = 0;
        for (k = 0; k < ng; k++)
            nwant += k > 0 && g[k] <= g[k - 1] + 1 + GAP ? g[k] - g[k - 1] : 1;
        want = twin_malloc(sizeof *want * (size_t)nwant);
        gp = twin_malloc(sizeof *gp * (size_t)ng);
        for (k = 0, u = 0; k < ng; k++) {
            if (k > 0 && g[k] <= g[k - 1] + 1 + GAP)
                for (long c = g[k - 1] + 1; c < g[k]; c++)
                    want[u++] = c;
            gp[k] = u;
            want[u++] = g[k];
        }
    }
    /* the rows without a ghost column (computed while the ghosts travel), then the others */
    int *rows = twin_malloc(sizeof *rows * (size_t)nloc);
    long nlocal = 0, nghost = 0;
    for (i = 0; i < nloc; i++) {
        int local = 1;
        for (k = rp[i]; k < rp[i + 1]; k++)
            local &= lcol[k] < nloc;
        if (local)
            rows[nlocal++] = (int)i;
    }
    for (i = 0; i < nloc; i++) {
        int local = 1;
        for (k = rp[i]; k < rp[i + 1]; k++)
            local &= lcol[k] < nloc;
        if (!local)
            rows[nlocal + nghost++] = (int)i;
    }

    /* who needs what: once, before the iterations */
    int *rcount = twin_malloc(sizeof *rcount * (size_t)p), *rdispl = twin_malloc(sizeof *rdispl * (size_t)p);
    int *scount = twin_malloc(sizeof *scount * (size_t)p), *sdispl = twin_malloc(sizeof *sdispl * (size_t)p);
    for (q = 0; q < p; q++)
        rcount[q] = 0;
    for (k = 0; k < nwant; k++)
        rcount[twin_block_owner(want[k], N, p)]++;
    MPI_Request req;
    MPI_Ialltoall(rcount, 1, MPI_INT, scount, 1, MPI_INT, MPI_COMM_WORLD, &req);
    bench_wait(&req);
    long nsend = 0;
    for (q = 0, u = 0; q < p; q++) {
        rdispl[q] = (int)u;
        u += rcount[q];
        sdispl[q] = (int)nsend;
        nsend += scount[q];
    }
    long *sidx = twin_malloc(sizeof *sidx * (size_t)nsend);
    MPI_Ialltoallv(want, rcount, rdispl, MPI_LONG, sidx, scount, sdispl, MPI_LONG, MPI_COMM_WORLD,
                   &req);
    bench_wait(&req);
    int *sloc = twin_malloc(sizeof *sloc * (size_t)nsend);
    for (k = 0; k < nsend; k++)
        sloc[k] = (int)(sidx[k] - lo);
    double *sbuf = twin_malloc(sizeof *sbuf * (size_t)nsend);
    MPI_Request *reqs = twin_malloc(sizeof *reqs * (size_t)(2 * p));

    double *x = twin_malloc(sizeof *x * (size_t)(nloc + ng));
    double *rbuf = gp ? twin_malloc(sizeof *rbuf * (size_t)nwant) : x + nloc;
    double *y = twin_malloc(sizeof *y * (size_t)nloc);
    double *lambda = twin_malloc(sizeof *lambda * (size_t)K);
    for (i = 0; i < nloc; i++)
        x[i] = 1.0;
    twin_step();                                /* the sample's x = 1 */
    for (it = 0; it < K; it++) {
        int nreq = 0;
        for (q = 0; q < p; q++)
            if (rcount[q] > 0)
                MPI_Irecv(rbuf + rdispl[q], rcount[q], MPI_DOUBLE, q, 0, MPI_COMM_WORLD,
                          &reqs[nreq++]);
        for (k = 0; k < nsend; k++)
            sbuf[k] = x[sloc[k]];
        for (q = 0; q < p; q++)
            if (scount[q] > 0)
                MPI_Isend(sbuf + sdispl[q], scount[q], MPI_DOUBLE, q, 0, MPI_COMM_WORLD,
                          &reqs[nreq++]);
        double big = product(rows, nlocal, rp, lcol, val, x, y, 0.0);
        bench_wait_all(nreq, reqs, MPI_STATUSES_IGNORE);
        if (gp)
            for (k = 0; k < ng; k++)
                x[nloc + k] = rbuf[gp[k]];
        big = product(rows + nlocal, nghost, rp, lcol, val, x, y, big);
        MPI_Iallreduce(&big, &lambda[it], 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD, &req);
        bench_wait(&req);
        twin_step();                            /* the sample's product (its max combine) */
        for (i = 0; i < nloc; i++)
            x[i] = y[i] / lambda[it];
        twin_step();                            /* the sample's scaling */
    }

    long nnz = 0;
    MPI_Ireduce(&nnz_mine, &nnz, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD, &req);
    bench_wait(&req);
    double *res = me == 0 ? twin_malloc(sizeof *res * (size_t)N) : NULL;
    twin_gather_block(x, res, N, MPI_DOUBLE, p, me);
    twin_step();                                /* the sample's collection of x */
    if (me == 0) {
        printf("spmv: N=%ld K=%ld nonzeros=%ld\n", N, K, nnz);
        for (it = 0; it < K; it++)
            printf("iteration %ld: lambda = %.10g\n", it + 1, lambda[it]);
        at[0] = 0;
        at[1] = N / 3;
        at[2] = 2 * N / 3;
        at[3] = N - 1;
        for (k = 0; k < 4; k++)
            printf("x[%ld] = %.10g\n", at[k], res[at[k]]);
        double sum = 0.0;
        for (i = 0; i < N; i++)
            sum += res[i];
        printf("sum of x = %.10g\n", sum);
    }
    free(res);
    free(lambda);
    free(y);
    free(x);
    if (gp) {
        free(rbuf);
        free(gp);
        free(want);
    }
    free(reqs);
    free(sbuf);
    free(sloc);
    free(sidx);
    free(sdispl);
    free(scount);
    free(rdispl);
    free(rcount);
    free(rows);
    free(lcol);
    free(g);
    free(val);
    free(col);
    free(rp);
    return twin_end();
}
