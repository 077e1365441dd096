/*
 * combine_mpi.c - raw-MPI baselines of tables "combine" and "prefix": the
 * sum of one double per process delivered to all (MPI_Iallreduce, waited
 * for by test-spin-yield, and blocking MPI_Allreduce), and the exclusive
 * prefix of the same values (MPI_Iexscan and blocking MPI_Exscan).  All
 * four compete for best baseline.  Blocking calls busy-poll inside MPICH,
 * which is slow when processes outnumber cores, so they get fewer steps
 * then.  Every step's result is checked, as on our side.
 */
#include <unistd.h>
#include "common.h"

static int P, ME;
static long nsteps;                     /* steps so far: the same on all */
static MPI_Request req;

static void
check_sum(double got, const char *what)
{
    if (got != combine_sum(0, P, nsteps))
        bench_fail("%s: process %d has %g in step %ld, expected %g", what, ME, got, nsteps,
                   combine_sum(0, P, nsteps));
}

static void
check_prefix(double got, const char *what)
{
    if (ME > 0 && got != combine_sum(0, ME, nsteps))    /* undefined at rank 0 */
        bench_fail("%s: process %d has %g in step %ld, expected %g", what, ME, got, nsteps,
                   combine_sum(0, ME, nsteps));
}

static void
step_iallreduce(void)
{
    double v = combine_value(ME, ++nsteps), sum;
    MPI_Iallreduce(&v, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &req);
    bench_wait(&req);
    check_sum(sum, "Iallreduce");
}

static void
step_allreduce(void)
{
    double v = combine_value(ME, ++nsteps), sum;
    MPI_Allreduce(&v, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    check_sum(sum, "Allreduce");
}

static void
step_iexscan(void)
{
    double v = combine_value(ME, ++nsteps), pre = 0;
    MPI_Iexscan(&v, &pre, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &req);
    bench_wait(&req);
    check_prefix(pre, "Iexscan");
}

static void
step_exscan(void)
{
    double v = combine_value(ME, ++nsteps), pre = 0;
    MPI_Exscan(&v, &pre, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    check_prefix(pre, "Exscan");
}

int
main(int argc, char **argv)
{
    bench_mpi_start(&argc, &argv, &P, &ME);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int iters = bench_env_int("BENCH_COMBINE_ITERS", 1000), rounds = 10;
    /* blocking calls busy-poll, milliseconds a call when oversubscribed:
     * a few steps then */
    int over = P > cores, biters = over ? 8 : iters, brounds = over ? 1 : rounds;

    struct bench_variant nb[] = {
        { "combine", "base", "Iallreduce", step_iallreduce },
        { "prefix", "base", "Iexscan", step_iexscan },
    }, bl[] = {
        { "combine", "base", "Allreduce(blocking)", step_allreduce },
        { "prefix", "base", "Exscan(blocking)", step_exscan },
    };
    bench_time_variants(nb, 2, rounds, iters / rounds + 1);
    bench_time_variants(bl, 2, brounds, biters / brounds + 1);
    MPI_Finalize();
    return 0;
}
