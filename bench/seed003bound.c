/*
 * seed003bound.c - the messages, clock, barrier, run order and records of
 * the raw bounds of the seed 003 kernels (see seed003bound.h).
 */
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "seed003bound.h"
#include "shm_barrier.h"

double s3b_comm;

static MPI_Win win = MPI_WIN_NULL;
static double t_start, t_total;

static const char *
variant_name(enum s3b_variant v)
{
    static const char *const names[] = { "mpi/neighbours", "mpi/neighbours+barrier",
                                         "shm/neighbours", "shm/neighbours+barrier" };
    return names[v];
}

/* Whether variant v copies its messages through the shared window. */
static int
through_shm(enum s3b_variant v)
{
    return v == S3B_SHM || v == S3B_SHM_BARRIER;
}

/* ---- S3B_SHM and S3B_SHM_BARRIER: a ring of RING slots per ordered pair,
 * in the receiver's part of a shared window: ctl[p] (by sender), then
 * slot[p][RING]. ---- */
#define RING 2
#define LINE 64

struct pair_ctl {
    _Atomic uint64_t sent;      /* messages the sender has copied in */
    char pad1[LINE - sizeof(uint64_t)];
    _Atomic uint64_t taken;     /* messages the receiver has copied out */
    char pad2[LINE - sizeof(uint64_t)];
};
struct slot_head { int32_t tag, n; };

static MPI_Win ring_win = MPI_WIN_NULL;
static char **part;             /* [p] each process's part */
static size_t slot_bytes;
static uint64_t *sent_to, *taken_from;     /* [p] my counts */
static int P, ME;
static struct pending { MPI_Request *req; double *buf; int n, src, tag; } *pend;
static int npend;

static struct pair_ctl *
ctl_of(int receiver, int sender)
{
    return (struct pair_ctl *)part[receiver] + sender;
}

static char *
slot_of(int receiver, int sender, uint64_t k)
{
    return part[receiver] + (size_t)P * sizeof(struct pair_ctl)
        + ((size_t)sender * RING + (size_t)(k % RING)) * slot_bytes;
}

void
s3b_messages_at_most(int n)
{
    int most;
    MPI_Comm node;
    MPI_Allreduce(&n, &most, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    slot_bytes = (sizeof(struct slot_head) + sizeof(double) * (size_t)most + LINE - 1)
                 / LINE * LINE;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    char *mine;
    MPI_Win_allocate_shared((MPI_Aint)((size_t)P * (sizeof(struct pair_ctl) + RING * slot_bytes)),
                            1, MPI_INFO_NULL, node, &mine, &ring_win);
    part = s3_alloc(sizeof *part * (size_t)P);
    for (int r = 0; r < P; r++) {
        MPI_Aint size;
        int disp;
        MPI_Win_shared_query(ring_win, r, &size, &disp, &part[r]);
    }
    for (int s = 0; s < P; s++) {
        atomic_init(&ctl_of(ME, s)->sent, 0);
        atomic_init(&ctl_of(ME, s)->taken, 0);
    }
    sent_to = calloc((size_t)P, sizeof *sent_to);
    taken_from = calloc((size_t)P, sizeof *taken_from);
    pend = s3_alloc(sizeof *pend * (size_t)(2 * P + 1));
    if (!sent_to || !taken_from)
        bench_fail("out of memory");
    MPI_Comm_free(&node);
    MPI_Barrier(MPI_COMM_WORLD);
}

struct until { _Atomic uint64_t *at; uint64_t least; };

static int
reached(const void *arg)
{
    const struct until *u = arg;
    return atomic_load_explicit(u->at, memory_order_acquire) >= u->least;
}

void
s3b_send(enum s3b_variant v, const double *buf, int n, int dest, int tag, MPI_Request *req)
{
    if (!through_shm(v)) {
        MPI_Isend(buf, n, MPI_DOUBLE, dest, tag, MPI_COMM_WORLD, req);
        return;
    }
    double t0 = bench_now();
    struct pair_ctl *c = ctl_of(dest, ME);
    uint64_t k = sent_to[dest]++;
    if (k >= RING)             /* its slot read: message k - RING taken */
        bench_wait_until(reached, &(struct until){ &c->taken, k - RING + 1 });
    char *slot = slot_of(dest, ME, k);
    memcpy(slot, &(struct slot_head){ tag, n }, sizeof(struct slot_head));
    memcpy(slot + sizeof(struct slot_head), buf, sizeof *buf * (size_t)n);
    atomic_store_explicit(&c->sent, k + 1, memory_order_release);
    *req = MPI_REQUEST_NULL;
    s3b_comm += bench_now() - t0;
}

void
s3b_recv(enum s3b_variant v, double *buf, int n, int src, int tag, MPI_Request *req)
{
    if (!through_shm(v)) {
        MPI_Irecv(buf, n, MPI_DOUBLE, src, tag, MPI_COMM_WORLD, req);
        return;
    }
    if (npend == 2 * P + 1)
        bench_fail("%s: more than %d receives outstanding", variant_name(v), npend);
    pend[npend++] = (struct pending){ req, buf, n, src, tag };
    *req = MPI_REQUEST_NULL;
}

/* Takes the receive of S3B_SHM whose request is q: the next message from
 * its source, which must be the one it expects. */
static void
take(const struct pending *q)
{
    struct pair_ctl *c = ctl_of(ME, q->src);
    uint64_t k = taken_from[q->src]++;
    bench_wait_until(reached, &(struct until){ &c->sent, k + 1 });
    const char *slot = slot_of(ME, q->src, k);
    struct slot_head h;
    memcpy(&h, slot, sizeof h);
    if (h.tag != q->tag || h.n != q->n)
        bench_fail("shm bound: process %d expected a message of tag %d and %d doubles "
                   "from %d, its next one has tag %d and %d doubles", ME, q->tag, q->n,
                   q->src, h.tag, h.n);
    memcpy(q->buf, slot + sizeof h, sizeof *q->buf * (size_t)q->n);
    atomic_store_explicit(&c->taken, k + 1, memory_order_release);
}

void
s3b_wait(int n, MPI_Request *reqs)
{
    double t0 = bench_now();
    for (int i = 0; i < npend;) {
        if (pend[i].req >= reqs && pend[i].req < reqs + n) {
            take(&pend[i]);
            memmove(&pend[i], &pend[i + 1], sizeof *pend * (size_t)(npend - i - 1));
            npend--;
        } else {
            i++;
        }
    }
    bench_wait_all(n, reqs, NULL);
    s3b_comm += bench_now() - t0;
}

void
s3b_superstep_end(enum s3b_variant v)
{
    if (v != S3B_BARRIER && v != S3B_SHM_BARRIER)
        return;
    double t0 = bench_now();
    bench_shm_barrier();
    s3b_comm += bench_now() - t0;
}

void
s3b_init(int *argc, char ***argv, int *p, int *me)
{
    bench_mpi_start(argc, argv, p, me);
    P = *p;
    ME = *me;
    win = bench_shm_barrier_setup();
    if (win == MPI_WIN_NULL)
        bench_fail("the seed 003 bounds need every process on one node (a shared-memory "
                   "window for the barrier)");
}

void
s3b_end(void)
{
    bench_shm_barrier_free(win);
    if (ring_win != MPI_WIN_NULL)
        MPI_Win_free(&ring_win);
    free(part);
    free(sent_to);
    free(taken_from);
    free(pend);
    MPI_Finalize();
}

void
s3b_runs(void (*run)(enum s3b_variant v))
{
    static const enum s3b_variant order[] = { S3B_NEIGHBOURS, S3B_BARRIER, S3B_SHM,
                                              S3B_SHM_BARRIER, S3B_SHM_BARRIER, S3B_SHM,
                                              S3B_BARRIER, S3B_NEIGHBOURS };
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
