/*
 * jacobi2d_twin.c - the MPI twin of samples/neststep/jacobi2d.nst: Jacobi
 * relaxation of an N x M grid, T sweeps, on the sample's 2-D block
 * distribution (the same PR x PC process grid and TR x TC tiles: process
 * I*PC + J holds tile (I, J)), the same initial values, relaxation and
 * output.
 *
 * How: each process keeps its tile of the two grids with a frame of ghost
 * points.  A sweep packs my first and last column, sends my border rows and
 * columns to the up to four neighbours (MPI_Isend; the rows straight from
 * the grid) and receives theirs (MPI_Irecv; the rows straight into the
 * ghost rows), relaxes the points that need no ghost while the messages
 * travel, waits (bench_wait_all), unpacks the ghost columns and relaxes the
 * tile's border.  No barrier: a process waits only for its neighbours,
 * where the sample's sweep is a superstep of the whole group.  The walls
 * never change: the second grid gets them in the first sweep, when that
 * sweep first writes it, as the sample's does (the sample copies them in
 * every sweep); so both programs touch the second grid first in the
 * first sweep.  Process 0 collects the tiles (MPI_Igatherv) and prints
 * what the sample prints.
 *
 *     mpiexec -n 4 ./jacobi2d_twin [N [M [T]]]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mix.h"
#include "twincommon.h"

static long N = 64, M = 48;

static double
initial(long i, long j)
{
    if (i == 0)
        return 100.0;
    if (i == N - 1)
        return 0.0;
    if (j == 0)
        return 75.0;
    if (j == M - 1)
        return 25.0;
    return (double)(mix((uint32_t)(i * M + j)) % 1000U) / 10.0;
}

/* The process grid of the sample: PR x PC = p, as square as p allows. */
static void
process_grid(int p, long *pr, long *pc)
{
    *pc = 1;
    for (long d = 1; d * d <= p; d++)
        if (p % d == 0)
            *pc = d;
    *pr = p / *pc;
}

/* My tile with its ghost frame: point (r, c), r = -1..nr, c = -1..nc. */
struct tile {
    long nr, nc, w;             /* rows, columns in the grid; row length with the frame */
};
#define AT(t, g, r, c) ((g)[((r) + 1) * (t)->w + (c) + 1])

/* dst = the relaxation of src at my points r0..r1 x c0..c1 (inner points). */
static void
relax(const struct tile *t, const double *src, double *dst, long r0, long r1, long c0, long c1)
{
    for (long r = r0; r <= r1; r++) {
        const double *up = &AT(t, src, r - 1, 0), *mid = &AT(t, src, r, 0),
                     *down = &AT(t, src, r + 1, 0);
        double *out = &AT(t, dst, r, 0);
        for (long c = c0; c <= c1; c++)
            out[c] = 0.25 * ((up[c] + down[c]) + (mid[c - 1] + mid[c + 1]));
    }
}

static long lmax(long a, long b) { return a > b ? a : b; }
static long lmin(long a, long b) { return a < b ? a : b; }

int
main(int argc, char *argv[])
{
    const char *usage = "usage: jacobi2d_twin [N [M [T]]], N, M >= 1, N*M <= 10^9, T >= 0";
    long T = 100, PR, PC, TR, TC, I, J, t, i, j, k, r, c, at[5][2];
    double sum, moment, *u, *v, *src, *dst, *res = NULL, *grid = NULL;
    int p, me;

    twin_start(&argc, &argv, &p, &me);
    if (argc > 1)
        N = twin_arg(argv[1], 1, 100000000, usage);
    if (argc > 2)
        M = twin_arg(argv[2], 1, 100000000, usage);
    if (argc > 3)
        T = twin_arg(argv[3], 0, 100000000, usage);
    if (N * M > 1000000000)
        twin_abort("%s: N*M = %ld", usage, N * M);
    process_grid(p, &PR, &PC);
    TR = (N + PR - 1) / PR;
    TC = (M + PC - 1) / PC;
    I = me / PC;
    J = me % PC;
    struct tile tl = { lmax(0, lmin(TR, N - I * TR)), lmax(0, lmin(TC, M - J * TC)), 0 };
    struct tile *tp = &tl;
    if (tl.nr == 0 || tl.nc == 0)       /* a tile that lies outside the grid */
        tl.nr = tl.nc = 0;
    tl.w = tl.nc + 2;
    long nr = tl.nr, nc = tl.nc, i0 = I * TR, j0 = J * TC;
    int has = nr > 0;
    int north = has && I > 0 ? (int)((I - 1) * PC + J) : MPI_PROC_NULL;
    int south = has && (I + 1) * TR < N ? (int)((I + 1) * PC + J) : MPI_PROC_NULL;
    int west = has && J > 0 ? (int)(I * PC + J - 1) : MPI_PROC_NULL;
    int east = has && (J + 1) * TC < M ? (int)(I * PC + J + 1) : MPI_PROC_NULL;
    /* my inner points (0 < i < N-1, 0 < j < M-1) as local rows rlo..rhi, columns clo..chi */
    long rlo = lmax(0, 1 - i0), rhi = lmin(nr - 1, N - 2 - i0);
    long clo = lmax(0, 1 - j0), chi = lmin(nc - 1, M - 2 - j0);
    /* ... and those whose neighbours are all in my tile */
    long rlo1 = lmax(rlo, 1), rhi1 = lmin(rhi, nr - 2), clo1 = lmax(clo, 1), chi1 = lmin(chi, nc - 2);

    size_t frame = (size_t)((nr + 2) * tl.w);
    u = twin_malloc(sizeof *u * frame);
    v = twin_malloc(sizeof *v * frame);
    double *colbuf = twin_malloc(sizeof *colbuf * (size_t)(4 * nr));
    double *send_w = colbuf, *send_e = colbuf + nr, *recv_w = colbuf + 2 * nr,
           *recv_e = colbuf + 3 * nr;
    for (r = 0; r < nr; r++)
        for (c = 0; c < nc; c++)
            AT(tp, u, r, c) = initial(i0 + r, j0 + c);
    twin_step();                                        /* the sample's init() */

    /* a sweep ends where the sample's sweep() does (twin_step), also after a continue */
    for (t = 0; t < T; t++, twin_step()) {
        MPI_Request req[8];
        if (!has)
            continue;
        src = t % 2 == 0 ? u : v;
        dst = t % 2 == 0 ? v : u;
        for (r = 0; r < nr; r++) {
            send_w[r] = AT(tp, src, r, 0);
            send_e[r] = AT(tp, src, r, nc - 1);
        }
        /* tags: the direction a message travels, 0 up, 1 down, 2 left, 3 right */
        MPI_Irecv(&AT(tp, src, nr, 0), (int)nc, MPI_DOUBLE, south, 0, MPI_COMM_WORLD, &req[0]);
        MPI_Irecv(&AT(tp, src, -1, 0), (int)nc, MPI_DOUBLE, north, 1, MPI_COMM_WORLD, &req[1]);
        MPI_Irecv(recv_e, (int)nr, MPI_DOUBLE, east, 2, MPI_COMM_WORLD, &req[2]);
        MPI_Irecv(recv_w, (int)nr, MPI_DOUBLE, west, 3, MPI_COMM_WORLD, &req[3]);
        MPI_Isend(&AT(tp, src, 0, 0), (int)nc, MPI_DOUBLE, north, 0, MPI_COMM_WORLD, &req[4]);
        MPI_Isend(&AT(tp, src, nr - 1, 0), (int)nc, MPI_DOUBLE, south, 1, MPI_COMM_WORLD, &req[5]);
        MPI_Isend(send_w, (int)nr, MPI_DOUBLE, west, 2, MPI_COMM_WORLD, &req[6]);
        MPI_Isend(send_e, (int)nr, MPI_DOUBLE, east, 3, MPI_COMM_WORLD, &req[7]);
        relax(tp, src, dst, rlo1, rhi1, clo1, chi1);    /* while the halos travel */
        if (t == 0)                                     /* the walls, into v */
            for (r = 0; r < nr; r++)
                for (c = 0; c < nc; c++) {
                    if (r < rlo || r > rhi || c < clo || c > chi)
                        AT(tp, dst, r, c) = AT(tp, src, r, c);
                    else
                        c = chi;                        /* (over the inner points) */
                }
        bench_wait_all(8, req, MPI_STATUSES_IGNORE);
        if (west != MPI_PROC_NULL)
            for (r = 0; r < nr; r++)
                AT(tp, src, r, -1) = recv_w[r];
        if (east != MPI_PROC_NULL)
            for (r = 0; r < nr; r++)
                AT(tp, src, r, nc) = recv_e[r];
        if (rlo > rhi || clo > chi)
            continue;                                   /* no inner point of the grid */
        if (rlo == 0)                                   /* the border of my tile */
            relax(tp, src, dst, 0, 0, clo, chi);
        if (rhi == nr - 1 && nr > 1)
            relax(tp, src, dst, nr - 1, nr - 1, clo, chi);
        if (clo == 0)
            relax(tp, src, dst, rlo1, rhi1, 0, 0);
        if (chi == nc - 1 && nc > 1)
            relax(tp, src, dst, rlo1, rhi1, nc - 1, nc - 1);
    }

    /* process 0 collects the tiles, each packed row by row */
    src = T % 2 == 0 ? u : v;
    double *mine = twin_malloc(sizeof *mine * (size_t)(nr * nc));
    for (r = 0; r < nr; r++)
        memcpy(&mine[r * nc], &AT(tp, src, r, 0), sizeof *mine * (size_t)nc);
    int *counts = twin_malloc(sizeof *counts * (size_t)p), *displs = twin_malloc(sizeof *displs * (size_t)p);
    for (int q = 0, off = 0; q < p; q++) {
        long qi = q / PC, qj = q % PC;
        long qr = lmax(0, lmin(TR, N - qi * TR)), qc = lmax(0, lmin(TC, M - qj * TC));
        counts[q] = (int)(qr * qc);
        displs[q] = off;
        off += counts[q];
    }
    if (me == 0) {
        res = twin_malloc(sizeof *res * (size_t)(N * M));
        grid = twin_malloc(sizeof *grid * (size_t)(N * M));
    }
    MPI_Request req;
    MPI_Igatherv(mine, (int)(nr * nc), MPI_DOUBLE, res, counts, displs, MPI_DOUBLE, 0,
                 MPI_COMM_WORLD, &req);
    bench_wait(&req);
    twin_step();                                        /* the sample's collection */

    if (me == 0) {
        for (int q = 0; q < p; q++) {
            long qi = q / PC, qj = q % PC;
            long qr = lmax(0, lmin(TR, N - qi * TR)), qc = lmax(0, lmin(TC, M - qj * TC));
            for (r = 0; r < qr && qc > 0; r++)
                memcpy(&grid[(qi * TR + r) * M + qj * TC], &res[displs[q] + r * qc],
                       sizeof *grid * (size_t)qc);
        }
        sum = 0.0;
        moment = 0.0;
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++) {
                sum += grid[i * M + j];
                moment += (double)(i * M + j + 1) * grid[i * M + j];
            }
        at[0][0] = 0, at[0][1] = 0;
        at[1][0] = N / 4, at[1][1] = M / 4;
        at[2][0] = N / 2, at[2][1] = M / 2;
        at[3][0] = 3 * N / 4, at[3][1] = 3 * M / 4;
        at[4][0] = N - 1, at[4][1] = M - 1;
        printf("jacobi2d: N=%ld M=%ld T=%ld\n", N, M, T);
        for (k = 0; k < 5; k++)
            printf("u[%ld][%ld] = %.10g\n", at[k][0], at[k][1], grid[at[k][0] * M + at[k][1]]);
        printf("sum %.10g\n", sum);
        printf("moment %.10g\n", moment);
    }
    free(grid);
    free(res);
    free(displs);
    free(counts);
    free(mine);
    free(colbuf);
    free(v);
    free(u);
    return twin_end();
}
