/*
 * node.c - node topology: which started processes share this process's
 * node (the same host name, gathered with one nonblocking allgather; in a
 * simulation build, NS_NODE_BY_SPLIT, by splitting the world by shared
 * memory, which SMPI does by simulated host), the
 * node's index and the number of nodes, and the node-local shared-memory
 * segment (an MPI-3 shared
 * window, MPI_Win_allocate_shared) through which the root group's combine
 * runs when NS_NODE_LOCAL=shm (the default; combine_node.c), which also
 * holds the node's count of napping processes (backoff.h).
 * NS_NODE_LOCAL=mpi keeps every combine on MPI messages.
 * Making the segment takes blocking collective calls, which cost a
 * scheduler slice per round when processes outnumber cores (~0.5 s at 8
 * processes on 2 cores): so the segment is made once the root group has
 * combined NS_NODE_AFTER times, by default at bsp_begin when every process
 * has a core and after 256 combines when some node is oversubscribed
 * (docs/engine.md); a job that synchronizes less never pays for it.  No
 * wait of a superstep is a blocking MPI call.
 */
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <unistd.h>
#include "internal.h"
#include "node.h"

#ifndef HOST_NAME_MAX
#define HOST_NAME_MAX 255
#endif
#define NAPPERS_LINE 64         /* the count of napping processes (wait.c), a line of its own */

struct ns_node ns_node = { .active = MPI_COMM_NULL, .win = MPI_WIN_NULL };

static char host[HOST_NAME_MAX + 1] = "?";
static int first;               /* the lowest world rank of my host */
static MPI_Comm host_comm = MPI_COMM_NULL;  /* NS_NODE_BY_SPLIT: my host's processes */

/* NS_NODE_BY_SPLIT: my host's processes as a communicator, in world order. */
static void
init_by_split(void)
{
    int zero = 0;
    MPI_Group hg, wg;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &host_comm);
    MPI_Comm_size(host_comm, &ns_node.size);
    MPI_Comm_rank(host_comm, &ns_node.rank);
    MPI_Comm_group(host_comm, &hg);
    MPI_Comm_group(MPI_COMM_WORLD, &wg);
    MPI_Group_translate_ranks(hg, 1, &zero, wg, &first);
    MPI_Group_free(&hg);
    MPI_Group_free(&wg);
}

/* NS_NODE_BY_SPLIT: the node's index and the number of nodes from the
 * communicator of the nodes' leaders (their lowest ranks, in world order),
 * which each leader passes to its node; whether any node is oversubscribed. */
static void
attach_by_split(void)
{
    MPI_Comm leaders;
    int lead = ns_node.rank == 0, at[2] = { 0, 0 }, over = ns_oversubscribed();
    MPI_Comm_split(ns_eng.comm, lead ? 0 : MPI_UNDEFINED, 0, &leaders);
    if (lead) {
        MPI_Comm_rank(leaders, &at[0]);
        MPI_Comm_size(leaders, &at[1]);
        MPI_Comm_free(&leaders);
    }
    MPI_Bcast(at, 2, MPI_INT, 0, host_comm);
    MPI_Allreduce(&over, &ns_node.any_oversubscribed, 1, MPI_INT, MPI_MAX, ns_eng.comm);
    ns_node.index = at[0];
    ns_node.count = at[1];
    MPI_Comm_free(&host_comm);
}

/* Every started process, before anything else: whose host name is mine. */
void
ns_node_init(void)
{
    int n = ns_mpi_world_size(), wr = ns_mpi_world_rank();
    if (ns_host_name(host, sizeof host) != 0)
        strcpy(host, "?");
    host[sizeof host - 1] = '\0';
    if (NS_NODE_BY_SPLIT) {
        init_by_split();
        return;
    }
    char *all = ns_xmalloc(sizeof host * (size_t)n);
    MPI_Request req;
    MPI_Iallgather(host, sizeof host, MPI_CHAR, all, sizeof host, MPI_CHAR, MPI_COMM_WORLD,
                   &req);
    ns_wait(&req);
    ns_node.size = ns_node.rank = 0;
    for (int i = n - 1; i >= 0; i--)
        if (!strcmp(all + sizeof host * (size_t)i, host)) {
            ns_node.rank += i < wr;
            ns_node.size++;
            first = i;
        }
    free(all);
}

/* The size of the segment's first area (ns_node_attach's head_bytes). */
static size_t (*seg_head_bytes)(int nlocal, int nprocs);

void
ns_node_attach(int nprocs, const struct ns_site *site,
               size_t (*head_bytes)(int nlocal, int nprocs))
{
    seg_head_bytes = head_bytes;
    static const char *const path[] = { "shm", "mpi" };
    int choice = ns_env_choice("NS_NODE_LOCAL", path, 2, NS_SHARED_WINDOWS ? 0 : 1);
    if (choice == 0 && !NS_SHARED_WINDOWS)
        ns_fatal(site, "NS_NODE_LOCAL=shm needs memory shared between processes, which a "
                 "simulated machine does not have; use mpi (the default here)");
    if (choice < 0)
        ns_fatal(site, "NS_NODE_LOCAL=%s is not a node-local path; use shm (the default: "
                 "processes on one node combine through shared memory) or mpi (MPI messages "
                 "only)", getenv("NS_NODE_LOCAL"));

    /* the node's index: how many nodes have a lower leader (world rank);
     * and whether any node has more processes than cores */
    ns_node.nprocs = nprocs;
    if (NS_NODE_BY_SPLIT)
        attach_by_split();
    else {
        int n = ns_eng.world_size;
        int mine[2] = { first, ns_oversubscribed() };
        int *leads = ns_xmalloc(sizeof(int) * 2 * (size_t)n);
        MPI_Request req;
        MPI_Iallgather(mine, 2, MPI_INT, leads, 2, MPI_INT, ns_eng.comm, &req);
        ns_wait(&req);
        ns_node.count = ns_node.index = ns_node.any_oversubscribed = 0;
        for (int i = 0; i < n; i++) {
            if (leads[2 * i] == i) {
                ns_node.count++;
                ns_node.index += i < mine[0];
            }
            ns_node.any_oversubscribed |= leads[2 * i + 1];
        }
        free(leads);
    }
    /* the same on every process of the job */
    ns_node.shm = choice == 0 && nprocs > 1 && nprocs <= NS_NODE_MAX_PROCS;
    ns_node.after = ns_env_int("NS_NODE_AFTER", ns_node.any_oversubscribed
                               ? NS_NODE_AFTER_OVERSUBSCRIBED : 0, 0, INT_MAX);
    /* 0: here, so that no superstep carries the calls' cost (a profile of
     * a short job would show it in its first) */
    if (ns_node.shm && ns_node.after == 0 && ns_mpi_world_rank() < nprocs)
        ns_node_segment_make();
}

/* The segment's node as MPI sees it (MPI_COMM_TYPE_SHARED over the
 * parallel part; usually the processes of my host that take part): its
 * processes and every such node's leader.  Collective over par;
 * ns_node.active is the node's communicator. */
static void
segment_topology(MPI_Comm par)
{
    int p = ns_node.nprocs;
    MPI_Comm_split_type(par, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &ns_node.active);
    MPI_Comm_rank(ns_node.active, &ns_node.lrank);
    MPI_Comm_size(ns_node.active, &ns_node.nactive);
    MPI_Group pg, ng;                   /* par's ranks are the world's */
    MPI_Comm_group(par, &pg);
    MPI_Comm_group(ns_node.active, &ng);
    int *local = ns_xmalloc(sizeof(int) * (size_t)ns_node.nactive);
    for (int i = 0; i < ns_node.nactive; i++)
        local[i] = i;
    ns_node.active_rank = ns_xmalloc(sizeof(int) * (size_t)ns_node.nactive);
    ns_node.leaders = ns_xmalloc(sizeof(int) * (size_t)p);
    MPI_Group_translate_ranks(ng, ns_node.nactive, local, pg, ns_node.active_rank);
    MPI_Group_free(&pg);
    MPI_Group_free(&ng);
    free(local);
    int *lead = ns_xmalloc(sizeof(int) * (size_t)p);
    MPI_Request req;
    MPI_Iallgather(&ns_node.active_rank[0], 1, MPI_INT, lead, 1, MPI_INT, par, &req);
    ns_wait(&req);
    ns_node.nleader = 0;
    for (int i = 0; i < p; i++)
        if (lead[i] == i)
            ns_node.leaders[ns_node.nleader++] = i;
    free(lead);
}

/* The segments: made by every process of the parallel part together, in
 * bsp_begin or at the same combine; 1 if every node of the job has one,
 * else none keeps one and the combine stays on MPI for good. */
int
ns_node_segment_make(void)
{
    MPI_Group eg, pg;
    MPI_Comm par;                       /* the parallel part: idle ones take no part */
    int range[1][3] = { { 0, ns_node.nprocs - 1, 1 } }, all = 0;
    MPI_Comm_group(ns_eng.comm, &eg);
    MPI_Group_range_incl(eg, 1, range, &pg);
    MPI_Comm_create_group(ns_eng.comm, pg, NS_TAG_NODE0, &par);
    MPI_Group_free(&pg);
    MPI_Group_free(&eg);
    segment_topology(par);

    size_t comb = seg_head_bytes(ns_node.nactive, ns_node.nprocs);
    size_t zeroed = comb + ns_mailbox_table_bytes(ns_node.nactive);
    size_t pipes = zeroed + ns_mailbox_data_bytes(ns_node.nactive);
    size_t naps = pipes + ns_pipe_bytes(ns_node.nactive);
    size_t bytes = naps + NAPPERS_LINE;
    MPI_Comm_set_errhandler(ns_node.active, MPI_ERRORS_RETURN);
    MPI_Aint size = ns_node.lrank == 0 ? (MPI_Aint)bytes : 0;
    void *base = NULL;
    int disp;
    int ok = MPI_Win_allocate_shared(size, 64, MPI_INFO_NULL, ns_node.active, &base,
                                     &ns_node.win) == MPI_SUCCESS
             && MPI_Win_shared_query(ns_node.win, 0, &size, &disp, &ns_node.seg)
                == MPI_SUCCESS && ns_node.seg;
    if (ok && ns_node.lrank == 0) {     /* the mailboxes' and rings' pages stay untouched */
        memset(ns_node.seg, 0, zeroed);
        memset(ns_node.seg + pipes, 0, ns_pipe_ctl_bytes(ns_node.nactive));
        memset(ns_node.seg + naps, 0, NAPPERS_LINE);
    }
    atomic_thread_fence(memory_order_seq_cst);
    MPI_Request req;                    /* a job's decision */
    MPI_Iallreduce(&ok, &all, 1, MPI_INT, MPI_MIN, par, &req);
    ns_wait(&req);                      /* after it, the zeroed segment is seen */
    atomic_thread_fence(memory_order_seq_cst);
    MPI_Comm_free(&par);
    if (!all) {
        if (ns_node.win != MPI_WIN_NULL)
            MPI_Win_free(&ns_node.win);
        ns_node.seg = NULL;
        ns_node.shm = 0;
    } else {
        ns_mailbox_attach(ns_node.seg + comb);
        ns_pipe_attach(ns_node.seg + pipes);
        ns_wait_count_naps((_Atomic int *)(void *)(ns_node.seg + naps));
    }
    return all;
}

int
ns_node_local_pending(void)
{
    return ns_node.shm && !ns_node.seg;
}

void
ns_node_report(void)
{
    const char *s = getenv("NS_NODE_REPORT");
    if (!s || strcmp(s, "1"))
        return;
    fprintf(stderr, "ns-node: pid %d host %s node %d of %d local %d of %d shm-syncs %ld "
            "shm-msgs %ld\n", ns_mpi_world_rank(), host, ns_node.index, ns_node.count,
            ns_node.rank, ns_node.size, ns_node.syncs, ns_node.mailed);
    fflush(stderr);
}

void
ns_node_stop(void)
{
    ns_node_report();
    ns_mailbox_detach();
    ns_pipe_detach();
    ns_wait_count_naps(NULL);
    if (ns_node.win != MPI_WIN_NULL)
        MPI_Win_free(&ns_node.win);     /* collective: everyone is past the last combine */
    ns_node.seg = NULL;
    ns_node.shm = 0;
    if (ns_node.active != MPI_COMM_NULL)
        MPI_Comm_free(&ns_node.active);
    free(ns_node.active_rank);
    free(ns_node.leaders);
    ns_node.active_rank = ns_node.leaders = NULL;
}
