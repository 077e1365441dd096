/*
 * listrank_twin.c - the MPI twin of samples/neststep/listrank.nst: list
 * ranking by pointer jumping (Wyllie) of the same list of N nodes,
 * cyclically distributed as the sample's arrays (node i on process i % p),
 * with the same synchronous rounds and the same output.
 *
 * How: a round needs rank[s] and succ[s] of the successor s of each of my
 * nodes; those of other processes are requested from their owners (the
 * sample's mirrors; consecutive nodes with the same successor ask once, as
 * the sample's mirrors do).  A round: the request counts go to every
 * process with one MPI_Ialltoall that also carries each process's "some
 * successor is not the tail yet" (the sample's sh<|> more), so that all
 * leave the loop after the same round without a reduction of their own;
 * then the requests (MPI_Ialltoallv of node numbers), the replies
 * (MPI_Ialltoallv of (succ, rank) pairs), and the new values of all my
 * nodes from the old ones.  All waits are bench_wait.  The check and the
 * printed values reach process 0 by one MPI_Ireduce.
 *
 *     mpiexec -n 4 ./listrank_twin [N]
 */
#include <stdio.h>
#include <stdlib.h>
#include "listrank_perm.h"
#include "twincommon.h"

int
main(int argc, char *argv[])
{
    long N = 1000, i, s, k, tail, head, nloc, shown;
    int rounds = 0, p, me, q;
    MPI_Request req;

    twin_start(&argc, &argv, &p, &me);
    if (argc > 1)
        N = twin_arg(argv[1], 1, 1L << 30, "usage: listrank_twin [N], 1 <= N <= 2^30");
    perm_init(N);
    head = node_at(0);
    tail = node_at(N - 1);
    nloc = N > me ? (N - me + p - 1) / p : 0;     /* my nodes: me, me + p, ... */
    shown = N < 8 ? N : 8;

    int *succ = twin_malloc(sizeof *succ * (size_t)nloc), *rnk = twin_malloc(sizeof *rnk * (size_t)nloc);
    int *ns = twin_malloc(sizeof *ns * (size_t)nloc), *nr = twin_malloc(sizeof *nr * (size_t)nloc);
    int *slot = twin_malloc(sizeof *slot * (size_t)nloc);       /* reply of node k, -1: mine */
    int *reqbuf = twin_malloc(sizeof *reqbuf * (size_t)nloc), *rep = twin_malloc(2 * sizeof *rep * (size_t)nloc);
    int *scnt = twin_malloc(sizeof *scnt * (size_t)p), *sdsp = twin_malloc(sizeof *sdsp * (size_t)p);
    int *rcnt = twin_malloc(sizeof *rcnt * (size_t)p), *rdsp = twin_malloc(sizeof *rdsp * (size_t)p);
    int *s2 = twin_malloc(sizeof *s2 * (size_t)(2 * p)), *r2 = twin_malloc(sizeof *r2 * (size_t)(2 * p));
    int *x2c = twin_malloc(sizeof *x2c * (size_t)p), *x2d = twin_malloc(sizeof *x2d * (size_t)p);
    int *y2c = twin_malloc(sizeof *y2c * (size_t)p), *y2d = twin_malloc(sizeof *y2d * (size_t)p);
    int *served = NULL, *answers = NULL;
    long served_cap = 0;

    int more = 0;
    for (k = 0; k < nloc; k++) {
        i = me + k * p;
        s = successor(i);
        succ[k] = (int)s;
        rnk[k] = s == i ? 0 : 1;
        more |= s != tail;
    }
    twin_step();                                /* the sample's step that makes the list */
    for (;;) {
        /* my requests, grouped by owner: count, then place */
        long last = -1;
        int last_slot = -1;
        for (q = 0; q < p; q++)
            scnt[q] = 0;
        for (k = 0; k < nloc; k++) {
            s = succ[k];
            if (s % p == me) {
                slot[k] = -1;
            } else if (s == last) {
                slot[k] = last_slot;    /* (an earlier node asked for the same) */
            } else {
                slot[k] = last_slot = scnt[s % p]++;
                last = s;
            }
        }
        for (q = 0; q < p; q++) {
            s2[2 * q] = scnt[q];
            s2[2 * q + 1] = more;
        }
        MPI_Ialltoall(s2, 2, MPI_INT, r2, 2, MPI_INT, MPI_COMM_WORLD, &req);
        bench_wait(&req);
        int any = 0;
        long nreq = 0, nserve = 0;
        for (q = 0; q < p; q++) {
            any |= r2[2 * q + 1];
            rcnt[q] = r2[2 * q];
            sdsp[q] = (int)nreq;
            rdsp[q] = (int)nserve;
            nreq += scnt[q];
            nserve += rcnt[q];
        }
        if (!any)
            break;
        for (k = 0; k < nloc; k++)
            if (slot[k] >= 0) {
                slot[k] += sdsp[succ[k] % p];
                reqbuf[slot[k]] = succ[k];
            }
        if (nserve > served_cap) {
            free(served);
            free(answers);
            served_cap = nserve;
            served = twin_malloc(sizeof *served * (size_t)nserve);
            answers = twin_malloc(2 * sizeof *answers * (size_t)nserve);
        }
        MPI_Ialltoallv(reqbuf, scnt, sdsp, MPI_INT, served, rcnt, rdsp, MPI_INT, MPI_COMM_WORLD,
                       &req);
        bench_wait(&req);
        for (k = 0; k < nserve; k++) {          /* the old values of the nodes asked for */
            answers[2 * k] = succ[served[k] / p];
            answers[2 * k + 1] = rnk[served[k] / p];
        }
        for (q = 0; q < p; q++) {
            x2c[q] = 2 * rcnt[q];
            x2d[q] = 2 * rdsp[q];
            y2c[q] = 2 * scnt[q];
            y2d[q] = 2 * sdsp[q];
        }
        MPI_Ialltoallv(answers, x2c, x2d, MPI_INT, rep, y2c, y2d, MPI_INT, MPI_COMM_WORLD, &req);
        bench_wait(&req);
        for (k = 0; k < nloc; k++) {            /* the new values, from the old ones */
            s = succ[k];
            if (slot[k] < 0) {
                ns[k] = succ[s / p];
                nr[k] = rnk[k] + rnk[s / p];
            } else {
                ns[k] = rep[2 * slot[k]];
                nr[k] = rnk[k] + rep[2 * slot[k] + 1];
            }
        }
        more = 0;
        for (k = 0; k < nloc; k++) {
            succ[k] = ns[k];
            rnk[k] = nr[k];
            more |= ns[k] != tail;
        }
        rounds++;
        twin_step();                            /* a round of the sample */
    }

    /* the check, the checksum and the first ranks, summed on process 0 */
    long *mine = calloc((size_t)(2 + shown), sizeof *mine), *sums = calloc((size_t)(2 + shown), sizeof *sums);
    if (mine == NULL || sums == NULL)
        twin_abort("out of memory");
    for (k = 0; k < nloc; k++) {
        i = me + k * p;
        if (rnk[k] != N - 1 - pos(i))
            mine[0]++;
        mine[1] += (i + 1) * (long)rnk[k];
        if (i < shown)
            mine[2 + i] = rnk[k];
    }
    twin_step();                                /* the sample's check */
    MPI_Ireduce(mine, sums, (int)(2 + shown), MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD, &req);
    bench_wait(&req);
    twin_step();                                /* the sample's collection of the first ranks */
    if (me == 0) {
        printf("listrank: N=%ld head=%ld tail=%ld\n", N, head, tail);
        printf("rounds %d\n", rounds);
        printf("rank of nodes 0..%ld:", shown - 1);
        for (k = 0; k < shown; k++)
            printf(" %ld", sums[2 + k]);
        printf("\nchecksum %ld\n", sums[1]);
        printf("wrong %ld\n", sums[0]);
    }
    free(sums);
    free(mine);
    free(answers);
    free(served);
    free(y2d);
    free(y2c);
    free(x2d);
    free(x2c);
    free(r2);
    free(s2);
    free(rdsp);
    free(rcnt);
    free(sdsp);
    free(scnt);
    free(rep);
    free(reqbuf);
    free(slot);
    free(nr);
    free(ns);
    free(rnk);
    free(succ);
    return twin_end();
}
