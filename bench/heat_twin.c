/*
 * heat_twin.c - the MPI twin of samples/neststep/heat.nst: the 1-D heat
 * equation, explicit scheme, T time steps on N points, the points
 * block-distributed as the sample's arrays (block size ceil(N/p)), the same
 * initial values, scheme and output.
 *
 * How: each process keeps its block of the two time levels with a ghost
 * point at each end.  A time step sends my first and last point of src to
 * the neighbours (MPI_Isend) and receives theirs into my ghosts
 * (MPI_Irecv), computes the points that need no ghost while the messages
 * travel, waits (bench_wait_all), then computes the first and last point.
 * No barrier: a process waits only for its neighbours, where the sample's
 * time step is a superstep of the whole group.  Process 0 collects the
 * result (MPI_Igatherv) and prints what the sample prints.
 *
 *     mpiexec -n 4 ./heat_twin [N [T]]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "mix.h"
#include "twincommon.h"

static double
initial(long i, long n)
{
    if (i == 0)
        return 100.0;
    if (i == n - 1)
        return 0.0;
    return (double)(mix((uint32_t)i) % 1000U) / 10.0;
}

/* dst[k] for the local indices k in from..to (global lo - 1 + k). */
static void
update(const double *src, double *dst, long from, long to, double r)
{
    for (long k = from; k <= to; k++)
        dst[k] = src[k] + r * (src[k - 1] - 2.0 * src[k] + src[k + 1]);
}

int
main(int argc, char *argv[])
{
    const char *usage = "usage: heat_twin [N [T]], N >= 1, T >= 0";
    long N = 200, T = 100, t, i, at[5];
    double r = 0.25, sum, moment, *u, *v, *src, *dst, *res = NULL;
    int p, me, k;

    twin_start(&argc, &argv, &p, &me);
    if (argc > 1)
        N = twin_arg(argv[1], 1, 100000000, usage);
    if (argc > 2)
        T = twin_arg(argv[2], 0, 100000000, usage);
    struct twin_block b = twin_block(N, p, me);
    long lo = b.lo, n = b.len;
    int left = n > 0 && lo > 0 ? me - 1 : MPI_PROC_NULL;
    int right = n > 0 && lo + n < N ? me + 1 : MPI_PROC_NULL;
    /* my inner points (0 < i < N-1), as local indices: global i is local i - lo + 1 */
    long first = (lo > 1 ? lo : 1) - lo + 1, last = (lo + n - 1 < N - 2 ? lo + n - 1 : N - 2) - lo + 1;

    u = twin_malloc(sizeof *u * (size_t)(n + 2));
    v = twin_malloc(sizeof *v * (size_t)(n + 2));
    for (i = 0; i < n; i++)
        u[i + 1] = initial(lo + i, N);
    twin_step();                                /* the sample's init() */
    for (t = 0; t < T; t++) {
        MPI_Request req[4];
        src = t % 2 == 0 ? u : v;
        dst = t % 2 == 0 ? v : u;
        MPI_Irecv(&src[0], 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &req[0]);
        MPI_Irecv(&src[n + 1], 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &req[1]);
        MPI_Isend(&src[1], 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &req[2]);
        MPI_Isend(&src[n], 1, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &req[3]);
        if (first <= last) {
            /* the points whose neighbours are mine, while the messages travel */
            update(src, dst, first > 2 ? first : 2, last < n - 1 ? last : n - 1, r);
        }
        bench_wait_all(4, req, MPI_STATUSES_IGNORE);
        if (first <= last) {
            if (first == 1)
                update(src, dst, 1, 1, r);
            if (last == n && n > 1)
                update(src, dst, n, n, r);
        }
        if (lo == 0 && n > 0)                   /* the walls keep their temperatures */
            dst[1] = src[1];
        if (lo + n == N && n > 0)
            dst[n] = src[n];
        twin_step();                            /* a sweep() */
    }
    src = T % 2 == 0 ? u : v;
    if (me == 0)
        res = twin_malloc(sizeof *res * (size_t)N);
    twin_gather_block(src + 1, res, N, MPI_DOUBLE, p, me);
    twin_step();                                /* the sample's gather() */

    if (me == 0) {
        sum = 0.0;
        moment = 0.0;
        for (i = 0; i < N; i++) {
            sum += res[i];
            moment += (double)(i + 1) * res[i];
        }
        at[0] = 0;
        at[1] = N / 4;
        at[2] = N / 2;
        at[3] = 3 * N / 4;
        at[4] = N - 1;
        printf("heat: N=%ld T=%ld r=%g\n", N, T, r);
        for (k = 0; k < 5; k++)
            printf("u[%ld] = %.10g\n", at[k], res[at[k]]);
        printf("sum %.10g\n", sum);
        printf("moment %.10g\n", moment);
    }
    free(res);
    free(v);
    free(u);
    return twin_end();
}
