/*
 * wait.c - how the engine waits: nonblocking MPI tests in a loop that spins
 * a few polls and then yields the processor.  MPICH busy-polls inside
 * blocking calls, which is ruinous when processes outnumber cores.
 */
#include <sched.h>
#include <unistd.h>
#include "internal.h"

static int spin_polls = 16;     /* polls before each sched_yield */
static int oversubscribed;      /* more processes than cores on this node */

/* Spin long when every process has a core of its own, else yield early,
 * unless the user chose (NS_SPIN_POLLS). */
void
ns_wait_init(int local_procs, int polls)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    oversubscribed = cores > 0 && local_procs > cores;
    spin_polls = polls >= 0 ? polls : oversubscribed ? 8 : 2000;
}

int ns_oversubscribed(void) { return oversubscribed; }

void
ns_backoff_idle(struct ns_backoff *b)
{
    if (++b->polls >= spin_polls) {
        b->polls = 0;
        sched_yield();
    }
}

void
ns_wait(MPI_Request *req)
{
    struct ns_backoff b = { 0 };
    int done = 0;
    for (;;) {
        MPI_Test(req, &done, MPI_STATUS_IGNORE);
        if (done)
            return;
        ns_backoff_idle(&b);
    }
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

void
ns_wait_all(int n, MPI_Request *reqs)
{
    struct ns_backoff b = { 0 };
    int done = 0;
    if (n == 0)
        return;
    for (;;) {
        /* MPICH's MPI_STATUSES_IGNORE is (MPI_Status *)1: not an overflow */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overflow"
        MPI_Testall(n, reqs, &done, MPI_STATUSES_IGNORE);
#pragma GCC diagnostic pop
        if (done)
            return;
        ns_backoff_idle(&b);
    }
}
