/*
 * node.c - node topology: which started processes share this process's
 * node (MPI_Comm_split_type, MPI_COMM_TYPE_SHARED), the node's index and
 * the number of nodes, the leader (lowest world rank on the node), and the
 * node-local shared-memory segment (MPI_Win_allocate_shared) through
 * which the root group's combine runs when NS_NODE_LOCAL=shm (the
 * default; combine_node.c); NS_NODE_LOCAL=mpi keeps every combine on MPI
 * messages.  Start-up's splits and the window are collective calls
 * made once; no wait of a superstep is a blocking MPI call.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <unistd.h>
#include "internal.h"
#include "node.h"

struct ns_node ns_node = { .comm = MPI_COMM_NULL, .active = MPI_COMM_NULL, .win = MPI_WIN_NULL };

void
ns_node_init(void)
{
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, ns_mpi_world_rank(),
                        MPI_INFO_NULL, &ns_node.comm);
    MPI_Comm_rank(ns_node.comm, &ns_node.rank);
    MPI_Comm_size(ns_node.comm, &ns_node.size);
    ns_node.leader = ns_node.rank == 0;     /* ranked by world rank */
}

/* World ranks of the processes on my node, ascending. */
static int *
node_world_ranks(void)
{
    MPI_Group wg, ng;
    int n = ns_node.size, *local = ns_xmalloc(sizeof(int) * 2 * (size_t)n);
    MPI_Comm_group(MPI_COMM_WORLD, &wg);
    MPI_Comm_group(ns_node.comm, &ng);
    for (int i = 0; i < n; i++)
        local[i] = i;
    MPI_Group_translate_ranks(ng, n, local, wg, local + n);
    MPI_Group_free(&wg);
    MPI_Group_free(&ng);
    memmove(local, local + n, sizeof(int) * (size_t)n);
    return local;
}

/* The segment over the active processes of this node (every started
 * process of the node calls this); 1 if every node of the job has one. */
static int
segment_alloc(int want)
{
    int wr = ns_mpi_world_rank(), active = wr < ns_node.nprocs, ok = 1, all = 0;
    if (!want)                      /* the same on every process */
        return 0;
    MPI_Comm_split(ns_node.comm, active ? 0 : MPI_UNDEFINED, wr, &ns_node.active);
    if (active) {
        size_t bytes = ns_node_seg_bytes(ns_node.nactive, ns_node.nprocs);
        MPI_Comm_set_errhandler(ns_node.active, MPI_ERRORS_RETURN);
        MPI_Aint size = ns_node.lrank == 0 ? (MPI_Aint)bytes : 0;
        void *base = NULL;
        int disp;
        ok = MPI_Win_allocate_shared(size, 64, MPI_INFO_NULL, ns_node.active, &base,
                                     &ns_node.win) == MPI_SUCCESS
             && MPI_Win_shared_query(ns_node.win, 0, &size, &disp, &ns_node.seg)
                == MPI_SUCCESS && ns_node.seg;
        if (ok && ns_node.lrank == 0)
            memset(ns_node.seg, 0, bytes);
        atomic_thread_fence(memory_order_seq_cst);
    }
    /* a job's decision: every process, idle ones included, joins in */
    MPI_Request req;
    MPI_Iallreduce(&ok, &all, 1, MPI_INT, MPI_MIN, ns_eng.comm, &req);
    ns_wait(&req);                  /* after it, the zeroed segment is seen */
    atomic_thread_fence(memory_order_seq_cst);
    if (!all && ns_node.win != MPI_WIN_NULL) {
        MPI_Win_free(&ns_node.win);
        ns_node.seg = NULL;
    }
    return all;
}

void
ns_node_attach(int nprocs, const struct ns_site *site)
{
    static const char *const path[] = { "shm", "mpi" };
    int choice = ns_env_choice("NS_NODE_LOCAL", path, 2, 0);
    if (choice < 0)
        ns_fatal(site, "NS_NODE_LOCAL=%s is not a node-local path; use shm (the default: "
                 "processes on one node combine through shared memory) or mpi (MPI messages "
                 "only)", getenv("NS_NODE_LOCAL"));

    /* the node's index: how many nodes have a lower leader (world rank);
     * and whether any node has more processes than cores */
    int *local = node_world_ranks(), n = ns_eng.world_size;
    int mine[2] = { local[0], ns_oversubscribed() };
    int *leads = ns_xmalloc(sizeof(int) * 2 * (size_t)n);
    MPI_Request req;
    MPI_Iallgather(mine, 2, MPI_INT, leads, 2, MPI_INT, ns_eng.comm, &req);
    ns_wait(&req);
    ns_node.nprocs = nprocs;
    ns_node.count = ns_node.index = ns_node.any_oversubscribed = ns_node.nleader = 0;
    ns_node.leaders = ns_xmalloc(sizeof(int) * (size_t)n);
    for (int i = 0; i < n; i++) {
        if (leads[2 * i] == i) {
            ns_node.count++;
            ns_node.index += i < mine[0];
            if (i < nprocs)             /* a node of the parallel part */
                ns_node.leaders[ns_node.nleader++] = i;
        }
        ns_node.any_oversubscribed |= leads[2 * i + 1];
    }
    ns_node.nactive = ns_node.lrank = 0;
    for (int i = 0; i < ns_node.size; i++)
        if (local[i] < nprocs) {
            ns_node.lrank += local[i] < ns_mpi_world_rank();
            local[ns_node.nactive++] = local[i];
        }
    ns_node.active_rank = local;
    free(leads);

    /* the same on every process of the job, idle ones included */
    ns_node.shm = segment_alloc(choice == 0 && nprocs > 1 && nprocs <= NS_NODE_MAX_PROCS);
}

void
ns_node_report(void)
{
    const char *s = getenv("NS_NODE_REPORT");
    char host[256] = "?";
    if (!s || strcmp(s, "1"))
        return;
    if (gethostname(host, sizeof host) != 0)
        strcpy(host, "?");
    host[sizeof host - 1] = '\0';
    fprintf(stderr, "ns-node: pid %d host %s node %d of %d local %d of %d shm-syncs %ld\n",
            ns_mpi_world_rank(), host, ns_node.index, ns_node.count, ns_node.rank,
            ns_node.size, ns_node.syncs);
    fflush(stderr);
}

void
ns_node_stop(void)
{
    ns_node_report();
    ns_combine_node_free();
    if (ns_node.win != MPI_WIN_NULL)
        MPI_Win_free(&ns_node.win);     /* collective: everyone is past the last combine */
    ns_node.seg = NULL;
    ns_node.shm = 0;
    if (ns_node.active != MPI_COMM_NULL)
        MPI_Comm_free(&ns_node.active);
    if (ns_node.comm != MPI_COMM_NULL)
        MPI_Comm_free(&ns_node.comm);
    free(ns_node.active_rank);
    free(ns_node.leaders);
    ns_node.active_rank = ns_node.leaders = NULL;
}
