/*
 * sync_sim.c - the empty superstep on a simulated machine (make
 * bench-simulate, docs/simulate.md): in one run, N empty bsp_sync, then N
 * nonblocking barriers (MPI_Ibarrier) and N nonblocking all-reduces of one
 * int (MPI_Iallreduce) on a duplicate of MPI_COMM_WORLD, each completed by
 * MPI_Wait, as the engine of a simulation build waits (mpi_compat.h,
 * NS_BLOCKING_WAITS): neither side polls, so neither pays SimGrid's cost
 * of a failed MPI_Test.  Each kind is timed by the simulated clock
 * (MPI_Wtime) from a common start (an MPI_Barrier).  Prints for each the
 * largest time over processes, in us per sync, and the ratio of ours to
 * the faster of the two MPI collectives.  Last, for reference (not in the
 * ratio), N blocking MPI_Barrier (SMPI's default algorithm).  SMPI 3.32's
 * MPI_Ibarrier is process 0 exchanging a message with every process, all
 * posted at once (not a barrier: a process leaves once process 0 has
 * entered), its MPI_Iallreduce one round of p - 1 messages from every
 * process (docs/simulate.md).
 * Knobs: BENCH_SYNC_ITERS, N (100); BENCH_SYNC_KINDS, the kinds to run,
 * among sync, ibarrier, iallreduce and barrier (by default all four, but
 * iallreduce only up to p = 64: SMPI's all-reduce puts p^2 messages in
 * flight at once, which SimGrid takes about a second of wall time per
 * call to simulate at p = 64).  A kind left out prints "-".
 * Only meaningful in a simulation build (bspcc --simulate): the times of a
 * real run on an oversubscribed machine are the scheduler's.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bsp.h"
#include "common.h"

enum { SYNC, IBARRIER, IALLREDUCE, BARRIER, NKIND };
static const char *const kind_name[NKIND] = { "sync", "ibarrier", "iallreduce", "barrier" };
enum { IALLREDUCE_MAX = 64 };

/* Whether BENCH_SYNC_KINDS (words separated by spaces or commas) names
 * kind; unset, every kind, but MPI_Iallreduce only up to IALLREDUCE_MAX
 * processes. */
static int
kind_wanted(int kind, int p)
{
    const char *s = getenv("BENCH_SYNC_KINDS");
    if (!s || !*s)
        return kind != IALLREDUCE || p <= IALLREDUCE_MAX;
    size_t n = strlen(kind_name[kind]);
    for (const char *p = s; *p;) {
        size_t w = strcspn(p, " ,");
        if (w == n && !strncmp(p, kind_name[kind], n))
            return 1;
        p += w;
        p += strspn(p, " ,");
    }
    return 0;
}

/* Every word of BENCH_SYNC_KINDS is a kind. */
static void
check_kinds(void)
{
    const char *s = getenv("BENCH_SYNC_KINDS");
    for (const char *p = s ? s + strspn(s, " ,") : ""; *p;) {
        size_t w = strcspn(p, " ,");
        int known = 0;
        for (int kind = 0; kind < NKIND; kind++)
            known |= w == strlen(kind_name[kind]) && !strncmp(p, kind_name[kind], w);
        if (!known)
            bench_fail("BENCH_SYNC_KINDS=%s: '%.*s' is not sync, ibarrier, iallreduce or "
                       "barrier", s, (int)w, p);
        p += w;
        p += strspn(p, " ,");
    }
}

/* "%.3f us", or "-" for a kind not run (time < 0). */
static const char *
show(char *buf, size_t size, double us)
{
    if (us < 0)
        snprintf(buf, size, "-");
    else
        snprintf(buf, size, "%.3f us", us);
    return buf;
}

int
main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), iters = bench_env_int("BENCH_SYNC_ITERS", 100);
    check_kinds();
    MPI_Comm comm;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    double us[NKIND], worst[NKIND];
    for (int kind = 0; kind < NKIND; kind++) {
        us[kind] = -1;
        if (!kind_wanted(kind, p))
            continue;
        MPI_Barrier(comm);
        double t0 = MPI_Wtime();
        for (int i = 0; i < iters; i++) {
            MPI_Request r;
            int one = 1, sum = 0;
            switch (kind) {
            case SYNC:
                bsp_sync();
                break;
            case IBARRIER:
                MPI_Ibarrier(comm, &r);
                MPI_Wait(&r, MPI_STATUS_IGNORE);
                break;
            case IALLREDUCE:
                MPI_Iallreduce(&one, &sum, 1, MPI_INT, MPI_SUM, comm, &r);
                MPI_Wait(&r, MPI_STATUS_IGNORE);
                if (sum != p)
                    bench_fail("MPI_Iallreduce summed %d ones to %d", p, sum);
                break;
            case BARRIER:
                MPI_Barrier(comm);
                break;
            }
        }
        us[kind] = 1e6 * (MPI_Wtime() - t0) / iters;
    }
    MPI_Allreduce(us, worst, NKIND, MPI_DOUBLE, MPI_MAX, comm);
    MPI_Comm_free(&comm);
    if (bsp_pid() == 0) {
        double best = -1;
        for (int kind = IBARRIER; kind <= IALLREDUCE; kind++)
            if (worst[kind] >= 0 && (best < 0 || worst[kind] < best))
                best = worst[kind];
        char a[32], b[32], c[32], d[32];
        printf("sync_sim: p=%d N=%d bsp_sync %s, MPI_Ibarrier %s, MPI_Iallreduce %s, "
               "MPI_Barrier %s", p, iters, show(a, sizeof a, worst[SYNC]),
               show(b, sizeof b, worst[IBARRIER]), show(c, sizeof c, worst[IALLREDUCE]),
               show(d, sizeof d, worst[BARRIER]));
        if (worst[SYNC] >= 0 && best > 0)
            printf("; bsp_sync / best = %.2f", worst[SYNC] / best);
        printf("\n");
    }
    bsp_end();
    return 0;
}
