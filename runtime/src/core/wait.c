/*
 * wait.c - how the engine waits: nonblocking MPI tests in a loop that spins
 * a few polls, then yields the processor, and after waiting long naps in
 * growing sleeps (backoff.h).  MPICH busy-polls inside blocking calls, which
 * is ruinous when processes outnumber cores or other jobs load the machine.
 */
#include <stdio.h>
#include <unistd.h>
#include "internal.h"

static struct ns_wait_conf conf = NS_WAIT_CONF_DEFAULT;
static int oversubscribed;      /* more processes than cores on this node */
static int cores;               /* this node's cores: NS_CORES, else the online CPUs */

/* NS_WAIT_POLICY: backoff (the default; spin-yield in a simulation build,
 * mpi_compat.h) or spin-yield. */
static enum ns_wait_policy
env_policy(void)
{
    const char *s = getenv("NS_WAIT_POLICY");
    enum ns_wait_policy policy;
    if (!s || !*s)
        return NS_WAIT_POLICY_DEFAULT;
    if (ns_wait_policy_parse(s, &policy))
        return policy;
    if (ns_mpi_world_rank() == 0)
        fprintf(stderr, "warning: NS_WAIT_POLICY=%s is not backoff or spin-yield; "
                "using backoff\n", s);
    return NS_WAIT_BACKOFF;
}

/* NS_WAIT_NAP: foreign (the default), a wait naps only when tasks outside
 * the job want the processors (backoff.h), or always (once its patience
 * has run out, whoever has the processors). */
static int
env_nap_always(void)
{
    static const char *const names[] = { "foreign", "always" };
    int c = ns_env_choice("NS_WAIT_NAP", names, 2, 0);
    if (c >= 0)
        return c;
    if (ns_mpi_world_rank() == 0)
        fprintf(stderr, "warning: NS_WAIT_NAP=%s is not foreign or always; using foreign\n",
                getenv("NS_WAIT_NAP"));
    return 0;
}

/* Spin long when every process has a core of its own, else yield early,
 * unless the user chose (NS_SPIN_POLLS); the policy and its times from
 * NS_WAIT_POLICY, NS_WAIT_SLEEP_AFTER, NS_WAIT_NAP_MAX and NS_WAIT_NAP.
 * The node's cores: NS_CORES (a job limited to fewer than the machine has,
 * as by a batch system's CPU set), else the online CPUs. */
void
ns_wait_init(int local_procs)
{
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    cores = ns_env_int("NS_CORES", online > 0 && online < 1000000 ? (int)online : 0, 1,
                       1000000);
    oversubscribed = cores > 0 && local_procs > cores;
    int polls = ns_env_int("NS_SPIN_POLLS", oversubscribed ? 8 : 2000, 0, 1000000000);
    enum ns_wait_policy policy = env_policy();
    long after = ns_env_int("NS_WAIT_SLEEP_AFTER", NS_WAIT_SLEEP_AFTER_US, 0, 1000000000);
    long nap = ns_env_int("NS_WAIT_NAP_MAX", NS_WAIT_NAP_MAX_US, 1, 1000000);
    /* local_procs 0: the load unknown, so naps as if others were there */
    conf = ns_wait_conf_make(policy, polls, after, nap, env_nap_always() ? 0 : local_procs);
}

void ns_wait_count_naps(_Atomic int *nappers) { conf.nappers = nappers; }

int ns_oversubscribed(void) { return oversubscribed; }
int ns_node_cores(void) { return cores; }

static void watch_nothing(struct ns_backoff *b) { (void)b; }
void (*ns_wait_watch)(struct ns_backoff *b) = watch_nothing;

/* After each failed poll.  Every 16th round of polls that ended in a
 * yield or a nap, the stall watch (ns_wait_watch: sync/stall_detect.c
 * installs it at start) looks at the wait:
 * whether others ask where this process waits, and whether it has waited
 * longer than NS_STALL_TIMEOUT.  A wait that ends while it spins costs one
 * compare more. */
void
ns_backoff_idle(struct ns_backoff *b)
{
    ns_backoff_step(b, &conf);
    if (__builtin_expect(b->polls == 0, 0) && (++b->rounds & 15) == 0)
        ns_wait_watch(b);
}

void
ns_backoff_done(struct ns_backoff *b)
{
    ns_backoff_end(b, &conf);
}

void
ns_wait(MPI_Request *req)
{
    if (NS_BLOCKING_WAITS) {
        MPI_Wait(req, MPI_STATUS_IGNORE);
        return;
    }
    struct ns_backoff b = { 0 };
    int done = 0;
    for (;;) {
        MPI_Test(req, &done, MPI_STATUS_IGNORE);
        if (done)
            break;
        ns_backoff_idle(&b);
    }
    ns_backoff_done(&b);
}

MPI_Request *
ns_reqs_add(struct ns_reqs *q)
{
    if (q->n == q->cap) {
        q->cap = q->cap ? 2 * q->cap : 64;
        q->r = ns_xrealloc(q->r, sizeof *q->r * (size_t)q->cap);
    }
    return &q->r[q->n++];
}

void
ns_reqs_wait(struct ns_reqs *q)
{
    ns_wait_all(q->n, q->r);
    q->n = 0;
}

void
ns_reqs_free(struct ns_reqs *q)
{
    free(q->r);
    q->r = NULL;
    q->n = q->cap = 0;
}

int
ns_test_all(int n, MPI_Request *reqs)
{
    int done = 1;
    if (n == 0)
        return 1;
    /* MPICH's MPI_STATUSES_IGNORE is (MPI_Status *)1: not an overflow */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overflow"
    MPI_Testall(n, reqs, &done, MPI_STATUSES_IGNORE);
#pragma GCC diagnostic pop
    return done;
}

void
ns_wait_all(int n, MPI_Request *reqs)
{
    if (n == 0)
        return;
    if (NS_BLOCKING_WAITS) {            /* one by one: SMPI 3.32's MPI_Waitall can crash */
        for (int i = 0; i < n; i++)
            MPI_Wait(&reqs[i], MPI_STATUS_IGNORE);
        return;
    }
    struct ns_backoff b = { 0 };
    while (!ns_test_all(n, reqs))
        ns_backoff_idle(&b);
    ns_backoff_done(&b);
}
