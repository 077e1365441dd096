/*
 * coll_mpi.c - raw-MPI baselines of tables (l): MPI_Allreduce, MPI_Scan and
 * MPI_Exscan, MPI_Bcast and MPI_Alltoall of doubles (MPI_SUM), one word and
 * 1 MiB, nonblocking (MPI_I..., waited for by the engine's test-spin-yield)
 * and blocking; all compete for best baseline of their table.  Blocking
 * calls busy-poll inside MPICH, slow when processes outnumber cores, so
 * they get fewer steps then.  Every step's result is checked as on our side.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "common.h"

static int P, ME;
static long nsteps, words;
static double *src, *dst;
static MPI_Request req;

static void
finish(int nb)
{
    if (nb)
        bench_wait(&req);
}

static void
reduce(int kind, int nb)            /* 0 Allreduce, 1 Scan, 2 Exscan */
{
    long n = words, last = n - 1;
    nsteps++;
    coll_fill(src, n, ME, nsteps);
    int c = (int)n;
    if (kind == 0) {
        if (nb) MPI_Iallreduce(src, dst, c, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &req);
        else MPI_Allreduce(src, dst, c, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    } else if (kind == 1) {
        if (nb) MPI_Iscan(src, dst, c, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &req);
        else MPI_Scan(src, dst, c, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    } else {
        if (nb) MPI_Iexscan(src, dst, c, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &req);
        else MPI_Exscan(src, dst, c, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
    finish(nb);
    int hi = kind == 0 ? P : kind == 1 ? ME + 1 : ME;
    if (hi > 0) {                   /* Exscan: undefined at rank 0 */
        coll_check(dst[0], coll_sum(0, hi, 0, nsteps), "reduction", ME, nsteps);
        coll_check(dst[last], coll_sum(0, hi, last, nsteps), "reduction", ME, nsteps);
    }
}

static void
bcast(int nb)
{
    long n = words, last = n - 1;
    int root = (int)(++nsteps % P);
    coll_fill(src, n, ME, nsteps);
    double *buf = ME == root ? src : dst;
    if (nb) MPI_Ibcast(buf, (int)n, MPI_DOUBLE, root, MPI_COMM_WORLD, &req);
    else MPI_Bcast(buf, (int)n, MPI_DOUBLE, root, MPI_COMM_WORLD);
    finish(nb);
    coll_check(buf[0], coll_value(root, 0, nsteps), "bcast", ME, nsteps);
    coll_check(buf[last], coll_value(root, last, nsteps), "bcast", ME, nsteps);
}

static void
alltoall(int nb)
{
    long b = coll_block(words, P);
    nsteps++;
    coll_fill(src, b * P, ME, nsteps);
    if (nb) MPI_Ialltoall(src, (int)b, MPI_DOUBLE, dst, (int)b, MPI_DOUBLE, MPI_COMM_WORLD, &req);
    else MPI_Alltoall(src, (int)b, MPI_DOUBLE, dst, (int)b, MPI_DOUBLE, MPI_COMM_WORLD);
    finish(nb);
    coll_check(dst[0], coll_value(0, ME * b, nsteps), "alltoall", ME, nsteps);
    coll_check(dst[(P - 1) * b + b - 1], coll_value(P - 1, ME * b + b - 1, nsteps), "alltoall",
               ME, nsteps);
}

static void iallreduce(void) { reduce(0, 1); }
static void allreduce(void) { reduce(0, 0); }
static void iscan(void) { reduce(1, 1); }
static void scan(void) { reduce(1, 0); }
static void iexscan(void) { reduce(2, 1); }
static void exscan(void) { reduce(2, 0); }
static void ibcast(void) { bcast(1); }
static void bcast_blocking(void) { bcast(0); }
static void ialltoall(void) { alltoall(1); }
static void alltoall_blocking(void) { alltoall(0); }

int
main(int argc, char **argv)
{
    bench_mpi_start(&argc, &argv, &P, &ME);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int over = P > cores, rounds = 10;
    const long sizes[2] = { 1, (1 << 20) / (long)sizeof(double) };
    int iters[2] = { bench_env_int("BENCH_COLL_ITERS", 1000),
                     bench_env_int("BENCH_COLL_LARGE_ITERS", 40) };
    src = malloc(sizeof *src * (size_t)sizes[1] * 2);
    dst = malloc(sizeof *dst * (size_t)sizes[1] * 2);
    if (!src || !dst)
        bench_fail("out of memory");
    struct bench_variant nb[] = {
        { "coll_fold", "base", "Iallreduce", iallreduce },
        { "coll_scan", "base", "Iscan", iscan },
        { "coll_scan", "base", "Iexscan", iexscan },
        { "coll_bcast", "base", "Ibcast", ibcast },
        { "coll_exchange", "base", "Ialltoall", ialltoall },
    }, bl[] = {
        { "coll_fold", "base", "Allreduce(blocking)", allreduce },
        { "coll_scan", "base", "Scan(blocking)", scan },
        { "coll_scan", "base", "Exscan(blocking)", exscan },
        { "coll_bcast", "base", "Bcast(blocking)", bcast_blocking },
        { "coll_exchange", "base", "Alltoall(blocking)", alltoall_blocking },
    };
    for (int z = 0; z < 2; z++) {
        char key[32];
        words = sizes[z];
        snprintf(key, sizeof key, "%ld", words * (long)sizeof(double));
        int bi = over ? 8 : iters[z], br = over ? 1 : rounds;
        bench_time_variants_keyed(nb, 5, rounds, iters[z] / rounds + 1, key);
        bench_time_variants_keyed(bl, 5, br, bi / br + 1, key);
    }
    free(src);
    free(dst);
    MPI_Finalize();
    return 0;
}
