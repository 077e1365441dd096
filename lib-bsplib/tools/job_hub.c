/*
 * job_hub.c - bsprun-launch's side of job_hub.h: it accepts the watches of
 * its job, keeps what each says about its process, and judges a start that
 * cannot complete.  MPI_Init and bsp_begin wait for every process of the
 * job; so a process that leaves before bsp_begin (a usage error, a file
 * that does not open, exit(0)) while another has gone on into MPI
 * (bsp_nprocs, bsp_init, bsp_begin) or into bsp_begin would leave that
 * one waiting for ever.  The hub sees both facts, in the order they
 * happen, and tells the watch of the process that left to stop the job;
 * when every process left before bsp_begin, it tells them all to go.  It
 * judges only when every process runs on this machine (every watch can
 * reach it); elsewhere the watches go their own way.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>
#include "job_hub.h"
#include "job_hub_server.h"
#include "report_once.h"

int
hub_open(struct hub *h, const char *key)
{
    struct sockaddr_un addr;
    memset(h, 0, sizeof *h);
    h->listen_fd = -1;
    h->size = -1;
    socklen_t len = key && *key ? ns_hub_address(&addr, key) : 0;
    if (!len)
        return -1;
    int fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0)
        return -1;
    if (bind(fd, (struct sockaddr *)&addr, len) != 0 || listen(fd, 4096) != 0) {
        close(fd);
        return -1;
    }
    h->listen_fd = fd;
    return 0;
}

/* The signal a program gets for signal sig to bsprun: MPICH's library
 * catches SIGHUP (the program would go on), so a hang-up ends it with
 * SIGTERM. */
static int
delivered(int sig)
{
    return sig == SIGHUP ? SIGTERM : sig;
}

static void
send_msg(int fd, int kind, int rank, int a, int b)
{
    struct ns_hub_msg m = { kind, rank, a, b };
    if (fd >= 0)
        send(fd, &m, sizeof m, MSG_NOSIGNAL | MSG_DONTWAIT);
}

/* The job's size is known from the first hello: one record per process. */
static int
learn_size(struct hub *h, int size)
{
    if (h->size >= 0)
        return size == h->size;
    if (size < 1 || size > (1 << 24))
        return 0;
    h->ranks = calloc((size_t)size, sizeof *h->ranks);
    if (!h->ranks)
        return 0;
    for (int r = 0; r < size; r++)
        h->ranks[r].conn = -1;
    h->size = size;
    return 1;
}

/* A process's furthest state, for the judgement. */
static int
went_into_mpi(const struct hub_rank *q)
{
    return q->mpi_started && !q->left && !q->ended && !q->gone;
}

static int
went_into_begin(const struct hub_rank *q)
{
    return q->begun && !q->left && !q->ended && !q->gone;
}

/* After every message: a process that left before bsp_begin while another
 * went on stops the job; every process left before bsp_begin: they go.
 * One pass over the processes, and one more to name those concerned. */
static void
judge(struct hub *h)
{
    if (h->verdict || h->signal || h->size < 0 || h->nonlocal || h->hellos < h->size)
        return;
    int waiting = 0, done = 0, in_mpi = -1, in_begin = -1;
    for (int r = 0; r < h->size; r++) {
        const struct hub_rank *x = &h->ranks[r];
        waiting += x->left && x->conn >= 0;
        done += x->left || x->ended || x->gone;
        if (in_begin < 0 && went_into_begin(x))
            in_begin = r;
        if (in_mpi < 0 && went_into_mpi(x))
            in_mpi = r;
    }
    if (!waiting)
        return;
    for (int r = 0; r < h->size; r++) {
        const struct hub_rank *x = &h->ranks[r];
        if (!x->left || x->conn < 0)
            continue;
        /* MPI_Init completed on x only once every process was in it */
        int q = in_begin >= 0 ? in_begin : !x->mpi_done ? in_mpi : -1;
        if (q < 0)
            continue;
        send_msg(h->conns[x->conn].fd, NS_HUB_STOP, r, q,
                 q == in_begin ? NS_WATCH_BEGIN : NS_WATCH_MPI_INIT);
        h->verdict = 1;
        return;
    }
    if (done == h->size) {
        for (int r = 0; r < h->size; r++)
            if (h->ranks[r].left && h->ranks[r].conn >= 0)
                send_msg(h->conns[h->ranks[r].conn].fd, NS_HUB_GO, r, 0, 0);
        h->verdict = 1;
    }
}

static void
take_state(struct hub_rank *x, int state)
{
    switch (state) {
    case NS_WATCH_MPI_INIT: x->mpi_started = 1; break;
    case NS_WATCH_MPI_READY: x->mpi_started = x->mpi_done = 1; break;
    case NS_WATCH_BEGIN: x->begun = 1; break;
    case NS_WATCH_RUNNING: x->begun = 1; break;
    case NS_WATCH_LEAVING: x->left = 1; x->status = -1; break;
    default: break;
    }
}

static void
take_message(struct hub *h, int c, const struct ns_hub_msg *m)
{
    struct hub_conn *conn = &h->conns[c];
    if (m->kind == NS_HUB_HELLO) {
        if (conn->rank >= 0 || !learn_size(h, m->a) || m->rank < 0 || m->rank >= h->size
            || h->ranks[m->rank].conn >= 0)
            return;
        conn->rank = m->rank;
        h->ranks[m->rank].conn = c;
        h->hellos++;
        h->nonlocal |= !m->b;
        if (h->signal)          /* stopping already: this one too */
            send_msg(conn->fd, NS_HUB_SIGNAL, m->rank, h->signal, delivered(h->signal));
        return;
    }
    if (conn->rank < 0)
        return;
    struct hub_rank *x = &h->ranks[conn->rank];
    switch (m->kind) {
    case NS_HUB_STATE: take_state(x, m->a); break;
    case NS_HUB_LEFT: x->left = 1; x->status = m->a; break;
    case NS_HUB_END: x->ended = 1; x->status = m->a; break;
    case NS_HUB_STOPPING:
        if (!h->stopped) {
            h->stopped = 1;
            h->stop_status = m->a;
        }
        h->verdict = 1;         /* the job stops: no start to judge */
        break;
    default: break;
    }
}

static void
drop(struct hub *h, int c)
{
    struct hub_conn *conn = &h->conns[c];
    if (conn->rank >= 0) {
        h->ranks[conn->rank].gone = 1;
        h->ranks[conn->rank].conn = -1;
    }
    close(conn->fd);
    conn->fd = -1;
    conn->rank = -1;
}

static void
accept_all(struct hub *h)
{
    for (;;) {
        int fd = accept4(h->listen_fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
        if (fd < 0)
            return;
        if (h->nconns == h->cap) {
            int cap = h->cap ? 2 * h->cap : 64;
            struct hub_conn *more = realloc(h->conns, (size_t)cap * sizeof *more);
            if (!more) {
                close(fd);
                return;
            }
            h->conns = more;
            h->cap = cap;
        }
        h->conns[h->nconns].fd = fd;
        h->conns[h->nconns].rank = -1;
        h->nconns++;
    }
}

int
hub_pollfds(const struct hub *h, struct pollfd *p, int max)
{
    int n = 0;
    if (h->listen_fd >= 0 && n < max)
        p[n++] = (struct pollfd){ h->listen_fd, POLLIN, 0 };
    for (int c = 0; c < h->nconns && n < max; c++)
        if (h->conns[c].fd >= 0)
            p[n++] = (struct pollfd){ h->conns[c].fd, POLLIN, 0 };
    return n;
}

int
hub_npollfds(const struct hub *h)
{
    return (h->listen_fd >= 0) + h->nconns;
}

void
hub_handle(struct hub *h, const struct pollfd *p, int n)
{
    for (int i = 0; i < n; i++) {
        if (!p[i].revents)
            continue;
        if (p[i].fd == h->listen_fd) {
            accept_all(h);
            continue;
        }
        int c = 0;
        while (c < h->nconns && h->conns[c].fd != p[i].fd)
            c++;
        if (c == h->nconns)
            continue;
        for (;;) {
            struct ns_hub_msg m;
            ssize_t got = recv(p[i].fd, &m, sizeof m, MSG_DONTWAIT);
            if (got == (ssize_t)sizeof m) {
                take_message(h, c, &m);
                continue;
            }
            if (got == 0 || (got < 0 && errno != EAGAIN && errno != EINTR))
                drop(h, c);
            break;
        }
    }
    judge(h);
}

void
hub_signal(struct hub *h, int sig)
{
    if (!h->signal)
        h->signal = sig;
    for (int c = 0; c < h->nconns; c++)
        if (h->conns[c].fd >= 0 && h->conns[c].rank >= 0)
            send_msg(h->conns[c].fd, NS_HUB_SIGNAL, h->conns[c].rank, sig, delivered(sig));
}

int
hub_covers_job(const struct hub *h)
{
    return h->hellos > 0 && !h->nonlocal;
}

int
hub_job_status(const struct hub *h, int *status)
{
    if (h->stopped) {
        *status = h->stop_status;
        return 1;
    }
    if (h->size < 0 || h->nonlocal || h->hellos < h->size)
        return 0;
    int first = 0;
    for (int r = 0; r < h->size; r++) {
        const struct hub_rank *x = &h->ranks[r];
        if (!(x->ended || (x->left && x->status >= 0)))
            return 0;           /* not every status known */
        if (!first && x->status)
            first = x->status;
    }
    *status = first;
    return 1;
}

void
hub_close(struct hub *h)
{
    for (int c = 0; c < h->nconns; c++)
        if (h->conns[c].fd >= 0)
            close(h->conns[c].fd);
    if (h->listen_fd >= 0)
        close(h->listen_fd);
    free(h->conns);
    free(h->ranks);
    memset(h, 0, sizeof *h);
    h->listen_fd = -1;
}
