/*
 * start.c - process start and stop: choosing the active processes, the
 * engine's own communicator, and bringing every layer up (node segments,
 * waiting, registrations, the exchange, the root group and its combine, the
 * sync mode, the trace) and down again in order.  The process's state, MPI
 * initialisation and the exit checks are core/engine.c's.
 */
#include <stdio.h>
#include <time.h>
#include "internal.h"
#include "node.h"
#include "profile.h"
#include "report_once.h"

/* Processes beyond the requested count idle here, politely, until process 0
 * says the parallel part is over, and then leave quietly. */
static void
idle_until_end(void)
{
    int dummy;
    MPI_Request req;
    int done = 0;
    struct timespec nap = { 0, 1000000 };
    MPI_Irecv(&dummy, 1, MPI_INT, 0, NS_TAG_START, ns_eng.comm, &req);
    for (;;) {
        MPI_Test(&req, &done, MPI_STATUS_IGNORE);
        if (done)
            break;
        nanosleep(&nap, NULL);
    }
    ns_node_report();
    ns_engine_set_state(NS_STOPPED);
    ns_report_state(NS_WATCH_STOPPED);
    ns_engine_leave();
    exit(0);
}

void
ns_engine_start(int maxprocs, const struct ns_site *site)
{
    MPI_Request req;
    int world_rank;

    ns_eng.site = *site;
    if (ns_engine_state() != NS_NOT_STARTED)
        ns_fatal(site, "bsp_begin may be called only once in a program");
    ns_report_state(NS_WATCH_BEGIN);        /* waits for every process */
    ns_install_exit_checks();
    ns_eng.world_size = ns_mpi_world_size();
    world_rank = ns_mpi_world_rank();
    ns_node_init();
    ns_wait_init(ns_node.size);     /* oversubscribed: more processes than cores on my node */
    ns_stall_init();                /* the stall watch in every wait from here */

    MPI_Comm_idup(MPI_COMM_WORLD, &ns_eng.comm, &req);
    ns_wait(&req);
    if (world_rank == 0 && maxprocs < 1)
        ns_fatal(site, "asked for %d processes; ask for at least 1 (bsp_begin(bsp_nprocs()) "
                 "takes all that are available)", maxprocs);
    MPI_Ibcast(&maxprocs, 1, MPI_INT, 0, ns_eng.comm, &req);
    ns_wait(&req);

    ns_proc.nprocs = maxprocs < ns_eng.world_size ? maxprocs : ns_eng.world_size;
    ns_proc.pid = world_rank;
    ns_engine_set_state(NS_RUNNING);
    if (world_rank < ns_proc.nprocs)
        ns_sync_mode_init(site);    /* before the segments: the relaxed modes' pipes */
    ns_node_attach(ns_proc.nprocs, site, ns_node_seg_bytes);
    if (world_rank >= ns_proc.nprocs)
        idle_until_end();
    ns_report_state(NS_WATCH_RUNNING);

    ns_eng.superstep = 0;
    ns_eng.check_sites = ns_env_int("NS_CHECK_SITES", 0, 0, 1);
    ns_reg_init();
    ns_exchange_init();
    /* One round of p - 1 messages beats the tree's two waves while every
     * process has a core and p is small; measured: docs/engine.md.  The
     * same choice on every node: a protocol is the job's. */
    int direct_max = ns_exchange_choose(site, ns_node.any_oversubscribed ? 0 : 16);
    ns_combine_coll_disagree = ns_coll_disagree;
    ns_group_init_root(ns_env_int("NS_TREE_ARITY", 8, 1, 1 << 20), direct_max);
    ns_proc.running = 1;
    ns_eng.t0 = MPI_Wtime();
    ns_prof_start(ns_combine_direct(&ns_root));
}

void
ns_engine_stop(const struct ns_site *site)
{
    ns_eng.site = *site;
    NS_PROF(ns_prof_stop());
    ns_group_stop_root();
    ns_relaxed_stop();
    ns_exchange_stop();
    ns_reg_stop();
    ns_lend_stop();
    if (ns_proc.pid == 0 && ns_eng.world_size > ns_proc.nprocs) {
        int n = ns_eng.world_size - ns_proc.nprocs, one = 1;
        MPI_Request *reqs = ns_xmalloc(sizeof *reqs * n);
        for (int i = 0; i < n; i++)
            MPI_Isend(&one, 1, MPI_INT, ns_proc.nprocs + i, NS_TAG_START, ns_eng.comm, &reqs[i]);
        ns_wait_all(n, reqs);
        free(reqs);
    }
    ns_combine_node_free();
    ns_node_stop();
    MPI_Comm_free(&ns_eng.comm);
    ns_proc.running = 0;
    ns_engine_set_state(NS_STOPPED);
    ns_report_state(NS_WATCH_STOPPED);
    ns_engine_leave();
}
