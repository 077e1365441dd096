/*
 * seed003bound.c - the clock, barrier, run order and records of the
 * raw-MPI bounds of the seed 003 kernels (see seed003bound.h).
 */
#include "seed003bound.h"
#include "shm_barrier.h"

double s3b_comm;

static MPI_Win win = MPI_WIN_NULL;
static double t_start, t_total;

static const char *
variant_name(enum s3b_variant v)
{
    return v == S3B_BARRIER ? "mpi/neighbours+barrier" : "mpi/neighbours";
}

void
s3b_wait(int n, MPI_Request *reqs)
{
    double t0 = bench_now();
    bench_wait_all(n, reqs, NULL);
    s3b_comm += bench_now() - t0;
}

void
s3b_superstep_end(enum s3b_variant v)
{
    if (v != S3B_BARRIER)
        return;
    double t0 = bench_now();
    bench_shm_barrier();
    s3b_comm += bench_now() - t0;
}

void
s3b_init(int *argc, char ***argv, int *p, int *me)
{
    bench_mpi_start(argc, argv, p, me);
    win = bench_shm_barrier_setup();
    if (win == MPI_WIN_NULL)
        bench_fail("the seed 003 bounds need every process on one node (a shared-memory "
                   "window for the barrier)");
}

void
s3b_end(void)
{
    bench_shm_barrier_free(win);
    MPI_Finalize();
}

void
s3b_runs(void (*run)(enum s3b_variant v))
{
    static const enum s3b_variant order[] = { S3B_NEIGHBOURS, S3B_BARRIER, S3B_BARRIER,
                                              S3B_NEIGHBOURS };
    for (size_t i = 0; i < sizeof order / sizeof *order; i++)
        run(order[i]);
}

void
s3b_start(void)
{
    MPI_Barrier(MPI_COMM_WORLD);
    s3b_comm = 0;
    t_start = bench_now();
}

void
s3b_stop(void)
{
    t_total = bench_now() - t_start;
}

void
s3b_finish(const char *kernel, enum s3b_variant v, long bad)
{
    double tmax, nbad, lbad = (double)bad;
    int p, me;
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Allreduce(&lbad, &nbad, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    if (nbad > 0)
        bench_fail("%s (%s): %.0f wrong elements at p = %d; the first of each process is above",
                   kernel, variant_name(v), nbad, p);
    double comm = bench_mpi_mean(1e3 * s3b_comm, MPI_COMM_WORLD);
    MPI_Allreduce(&t_total, &tmax, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (me == 0) {
        bench_record("seed003", p, kernel, "bound", variant_name(v), comm);
        bench_record("seed003_total", p, kernel, "bound", variant_name(v), 1e3 * tmax);
    }
}
