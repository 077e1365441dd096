/*
 * load_mpi.c - raw-MPI baselines of the waiting-under-load tables, waiting
 * the engine's way with the policy of BENCH_WAIT_POLICY: an empty superstep
 * as MPI_Ibarrier (table "load_sync"), and one int to every other process
 * by MPI_Isend/MPI_Irecv (table "load_a2a"), checked on arrival.
 */
#include <stdlib.h>
#include "common.h"

static int P, ME, nsteps;
static int *inbox, *word;           /* inbox[s]: from process s; word[d]: to d */
static MPI_Request *reqs;

static void
ibarrier(void)
{
    MPI_Ibarrier(MPI_COMM_WORLD, &reqs[0]);
    bench_wait(&reqs[0]);
}

static void
all_to_all(void)
{
    int n = 0, v = load_word(ME, ++nsteps);
    for (int k = 1; k < P; k++) {
        int s = (ME - k + P) % P;
        MPI_Irecv(&inbox[s], 1, MPI_INT, s, 1, MPI_COMM_WORLD, &reqs[n++]);
    }
    for (int k = 1; k < P; k++) {
        int d = (ME + k) % P;
        word[d] = v;
        MPI_Isend(&word[d], 1, MPI_INT, d, 1, MPI_COMM_WORLD, &reqs[n++]);
    }
    bench_wait_all(n, reqs, NULL);
    load_check(inbox, ME, P, nsteps, "Isend/Irecv all-to-all");
}

int
main(int argc, char **argv)
{
    bench_mpi_start(&argc, &argv, &P, &ME);
    inbox = calloc((size_t)P, sizeof *inbox);
    word = calloc((size_t)P, sizeof *word);
    reqs = calloc(2 * (size_t)P, sizeof *reqs);
    if (!inbox || !word || !reqs)
        bench_fail("out of memory");
    int iters = bench_env_int("BENCH_LOAD_ITERS", 200), rounds = 10;
    const char *impl = load_impl("mpi", "BENCH_WAIT_POLICY");
    struct bench_variant v[] = {
        { "load_sync", "base", impl, ibarrier },
        { "load_a2a", "base", impl, all_to_all },
    };
    bench_time_variants_keyed(v, 2, rounds, iters / rounds + 1, load_machine());
    free(reqs);
    free(word);
    free(inbox);
    MPI_Finalize();
    return 0;
}
