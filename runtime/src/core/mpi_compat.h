/*
 * mpi_compat.h - what the engine asks of MPI that a simulated MPI lacks,
 * chosen when the engine is built: with -DNS_SIMULATE (make simulate,
 * docs/simulate.md) the engine runs on SimGrid's SMPI, which (3.32) has no
 * MPI_Comm_idup, no matched probes (MPI_Improbe, MPI_Imrecv) and no shared
 * memory between its processes, and whose processes all run in one OS
 * process on simulated hosts.  Everything else, and every protocol, is the
 * same code in both builds.  Without NS_SIMULATE this header only names
 * the real calls.
 *
 *   ns_host_name       the host a process runs on: gethostname; simulated,
 *                      MPI_Get_processor_name (the simulated host)
 *   NS_SHARED_WINDOWS  1 where MPI_Win_allocate_shared gives memory the
 *                      node's processes share (NS_NODE_LOCAL=shm); 0
 *                      simulated, where the node-local path is MPI messages
 *   NS_WAIT_POLICY_DEFAULT  backoff; simulated, spin-yield: a failed
 *                      MPI_Test there costs simulated time and lets the
 *                      other simulated processes run, while a nap would add
 *                      a sleep that depends on the real machine's load
 *   NS_FINALIZE_AT_STOP  0: MPI is finalized at the process's exit (atexit,
 *                      engine.c); 1 simulated: when the engine stops, since a
 *                      simulated process's exit handlers run after the
 *                      simulation, outside any simulated process
 *   NS_BLOCKING_WAITS  0: ns_wait and ns_wait_all test in a loop that backs
 *                      off (wait.c); 1 simulated: they block in MPI_Wait (on
 *                      each request in turn: SMPI 3.32's MPI_Waitall crashed
 *                      in nested groups' combines), where a simulated process sleeps until
 *                      the request completes, in simulated time and with no
 *                      polls (each failed MPI_Test there costs simulated
 *                      time, smpi/test, and a switch between processes)
 *   NS_STOP_BY_EXIT    0: a fatal error stops the job by MPI_Abort
 *                      (fatal.c); 1 simulated: by _exit(1) of the one OS
 *                      process that is the whole simulated job (SMPI's
 *                      MPI_Abort ends the simulation with status 0, and
 *                      the processes share stderr, which the real path
 *                      closes before MPI_Abort)
 *   MPI_Comm_idup      simulated: MPI_Comm_dup, the request already complete
 *   NS_NODE_BY_SPLIT   0: a process finds its node's processes by gathering
 *                      every host name (node.c: two nonblocking allgathers
 *                      over the job); 1 simulated: by MPI_Comm_split_type
 *                      (SMPI splits by simulated host) and the communicator
 *                      of the nodes' leaders.  SMPI 3.32's allgathers, blocking
 *                      or not, send p - 1 messages from every process, and its
 *                      wait on a nonblocking one tests every outstanding
 *                      request after each completion: bsp_begin alone ran for
 *                      minutes of wall time at p = 256, where the splits take
 *                      seconds at p = 4096
 *   MPI_Ibcast         simulated: MPI_Bcast, the request already complete
 *                      (bsp_begin's count: SMPI's nonblocking broadcast is
 *                      p - 1 messages from the root, whose wait tests every
 *                      outstanding one after each completion)
 *   MPI_Test           simulated: a null request is complete (flag set), as
 *                      MPI says; SMPI 3.32 leaves the flag as it was
 *   MPI_Improbe, MPI_Imrecv, MPI_Message
 *                      simulated: MPI_Iprobe, then MPI_Irecv from the probed
 *                      source and tag.  Exact with one thread per process
 *                      (the engine's case): nothing can take the probed
 *                      message between the two calls, and MPI's order
 *                      between a pair of processes makes the receive match
 *                      the message the probe saw.
 */
#ifndef NESTSTEP_MPI_COMPAT_H
#define NESTSTEP_MPI_COMPAT_H

#include <mpi.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>

#ifndef NS_SIMULATE

#define NS_SHARED_WINDOWS 1
#define NS_FINALIZE_AT_STOP 0
#define NS_BLOCKING_WAITS 0
#define NS_NODE_BY_SPLIT 0
#define NS_STOP_BY_EXIT 0
#define NS_WAIT_POLICY_DEFAULT NS_WAIT_BACKOFF

static inline int
ns_host_name(char *buf, size_t len)
{
    return gethostname(buf, len);
}

#else /* NS_SIMULATE */

#define NS_SHARED_WINDOWS 0
#define NS_FINALIZE_AT_STOP 1
#define NS_BLOCKING_WAITS 1
#define NS_NODE_BY_SPLIT 1
#define NS_STOP_BY_EXIT 1
#define NS_WAIT_POLICY_DEFAULT NS_WAIT_SPIN_YIELD

static inline int
ns_host_name(char *buf, size_t len)
{
    char name[MPI_MAX_PROCESSOR_NAME];
    int n = 0;
    if (MPI_Get_processor_name(name, &n) != MPI_SUCCESS || n < 0 || (size_t)n >= len)
        return -1;
    memcpy(buf, name, (size_t)n);
    buf[n] = '\0';
    return 0;
}

static inline int
ns_sim_comm_idup(MPI_Comm comm, MPI_Comm *newcomm, MPI_Request *req)
{
    *req = MPI_REQUEST_NULL;
    return MPI_Comm_dup(comm, newcomm);
}

static inline int
ns_sim_test(MPI_Request *req, int *flag, MPI_Status *status)
{
    if (*req == MPI_REQUEST_NULL) {
        *flag = 1;
        if (status != MPI_STATUS_IGNORE) {
            status->MPI_SOURCE = MPI_ANY_SOURCE;
            status->MPI_TAG = MPI_ANY_TAG;
            status->MPI_ERROR = MPI_SUCCESS;
        }
        return MPI_SUCCESS;
    }
    return MPI_Test(req, flag, status);
}

static inline int
ns_sim_ibcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm, MPI_Request *req)
{
    *req = MPI_REQUEST_NULL;
    return MPI_Bcast(buf, count, type, root, comm);
}

/* A probed message: where to receive it from. */
struct ns_sim_message {
    int source, tag;
    MPI_Comm comm;
};

static inline int
ns_sim_improbe(int source, int tag, MPI_Comm comm, int *flag, struct ns_sim_message *m,
               MPI_Status *status)
{
    MPI_Status own;
    if (status == MPI_STATUS_IGNORE)
        status = &own;
    *m = (struct ns_sim_message){ MPI_PROC_NULL, tag, comm };   /* no message: receives none */
    int rc = MPI_Iprobe(source, tag, comm, flag, status);
    if (rc == MPI_SUCCESS && *flag) {
        m->source = status->MPI_SOURCE;
        m->tag = status->MPI_TAG;
    }
    return rc;
}

static inline int
ns_sim_imrecv(void *buf, int count, MPI_Datatype type, struct ns_sim_message *m,
              MPI_Request *req)
{
    return MPI_Irecv(buf, count, type, m->source, m->tag, m->comm, req);
}

#undef MPI_Comm_idup
#undef MPI_Ibcast
#undef MPI_Test
#undef MPI_Improbe
#undef MPI_Imrecv
#undef MPI_Message
#define MPI_Comm_idup ns_sim_comm_idup
#define MPI_Ibcast ns_sim_ibcast
#define MPI_Test ns_sim_test
#define MPI_Improbe ns_sim_improbe
#define MPI_Imrecv ns_sim_imrecv
#define MPI_Message struct ns_sim_message

#endif /* NS_SIMULATE */

#endif
