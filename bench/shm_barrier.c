/*
 * shm_barrier.c - the sense-reversing barrier in an MPI-3 shared-memory
 * window that the raw-MPI baselines use as the floor of a global
 * synchronization inside a node (see shm_barrier.h).
 */
#include <sched.h>
#include <stdatomic.h>
#include "common.h"
#include "shm_barrier.h"

static struct shm_bar { atomic_int count, sense; } *bar;
static int my_sense, nprocs;

void
bench_shm_barrier(void)
{
    my_sense = !my_sense;
    if (atomic_fetch_add(&bar->count, 1) == nprocs - 1) {
        atomic_store(&bar->count, 0);
        atomic_store(&bar->sense, my_sense);
        return;
    }
    for (int polls = 0; atomic_load(&bar->sense) != my_sense;)
        if (++polls >= bench_spin_polls()) {
            polls = 0;
            sched_yield();
        }
}

MPI_Win
bench_shm_barrier_setup(void)
{
    MPI_Comm node;
    MPI_Win win = MPI_WIN_NULL;
    int nlocal, me;
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    MPI_Comm_size(node, &nlocal);
    if (nlocal == nprocs) {
        MPI_Aint size = me == 0 ? (MPI_Aint)sizeof *bar : 0;
        int disp;
        MPI_Win_allocate_shared(size, 1, MPI_INFO_NULL, node, &bar, &win);
        MPI_Win_shared_query(win, 0, &size, &disp, &bar);
        if (me == 0) {
            atomic_init(&bar->count, 0);
            atomic_init(&bar->sense, 0);
        }
        my_sense = 0;
        MPI_Barrier(node);
    }
    MPI_Comm_free(&node);
    return win;
}

void
bench_shm_barrier_free(MPI_Win win)
{
    if (win != MPI_WIN_NULL)
        MPI_Win_free(&win);
    bar = NULL;
}
