/*
 * sync_relaxed.c - the relaxed modes of NS_SYNC (seed 003, relaxed barrier
 * synchronization): no global exchange, a process synchronizes only with
 * the processes it puts to and, through bspx_read, with those that put to
 * it.  Puts are aggregated per destination as in barrier mode (exchange.c);
 * at the sync each destination gets one request stamped with the sender's
 * superstep s.  A destination accepts a request only when its own superstep
 * S allows: s < S, or s == S while it is inside its sync.
 *   relaxed        Fig. 1: request (stamp, sizes) -> ack when accepted ->
 *                  data (the records), written on arrival;
 *   relaxed-eager  the records travel with the request; the destination
 *                  holds them until it accepts, then writes them;
 *   relaxed-check  relaxed, plus per-superstep notices to every process of
 *                  the puts it was sent, so that each bspx_read is compared
 *                  with the count barrier mode would give.
 * A sync waits only for its own requests (acked and sent) and the replies
 * to its gets, serving requests meanwhile, and, when the process lent an
 * area with bspx_lend (lend.c), for the gets of that area: until then it
 * holds the writes of its superstep.  Overlapping writes land as barrier
 * mode's would (write_order.c).  bsp_end completes every
 * transfer: each process tells every other how many requests it sent it,
 * and serves until it has had them all.  Every message is counted when
 * sent and when received, and every wait says what it waits for, so that
 * stall_detect.c can stop a job in which every process waits forever.
 */
#include <limits.h>
#include <stdio.h>
#include "internal.h"
#include "node.h"
#include "profile.h"

#define E ns_eng

enum {                          /* tags, apart from barrier mode's */
    TAG_REQ = 64,               /* request (relaxed: head only; eager: records) */
    TAG_ACK,                    /* destination -> sender: send the data */
    TAG_DATA,                   /* the records, after the ack */
    TAG_REPLY,                  /* replies to gets */
    TAG_NOTE,                   /* check mode: the puts sent to you in superstep s */
    TAG_COUNT                   /* bsp_end: messages I sent you */
};                              /* 72..74: stall_detect.c */

struct req_head { uint32_t stamp, ngets; uint64_t len; };

/* A request from another process: held until accepted (M_I of Fig. 1),
 * or accepted and its data arriving. */
struct pending {
    long stamp;
    size_t len;
    struct ns_buf data;         /* eager: already here; relaxed: arriving */
    MPI_Request req;            /* relaxed: the data's receive once acked */
    int acked;
};

/* One source's pending requests, in the order they came, which is the
 * order of their supersteps: only the first can be accepted. */
struct queue {
    struct pending *e;
    int head, n, cap;
};

/* A request accepted while a lend holds the superstep's writes: its gets
 * are served, its puts wait. */
struct held {
    int src;
    long stamp;
    struct ns_buf data;
};

static struct {
    int in_sync;
    int hold;                   /* lends of this sync not yet met: puts wait */
    struct held *held; int nheld, capheld;
    struct queue *queue;        /* [nprocs] pending requests by source */
    int *active, nactive;       /* the sources with some pending */
    int npend;                  /* pending requests, of all sources */
    int wait_acks;              /* my requests of this sync not yet acked */
    int mpi_requests;           /* requests can come by MPI (-1: not looked yet) */
    unsigned polls;             /* rounds of handle_messages */
    struct req_head *head;      /* [nprocs] my request heads (relaxed) */
    MPI_Request *reply_recv;    /* [nprocs] replies to my gets */
    MPI_Request *reply_send;    /* [nprocs] my replies, until sent */
    struct ns_reqs misc;        /* acks and notices, waited for at the sync */
    long *sent;                 /* [nprocs] messages I sent each process */
    long received;              /* messages received */
    long *end_in;               /* [2 nprocs] bsp_end: each one's count, superstep */
    int nend;                   /* how many of them are in */
    int64_t *max_size;          /* registration sizes: unknown, so no bound */
    int cap_max;
    /* relaxed-check */
    struct ns_buf *note;        /* [nprocs] notice being sent */
    long *note_upto;            /* [nprocs] notices received for stamps < this */
    struct chk { int slot; long stamp; long n; } *chk; int nchk, capchk;
    struct chk *gchk; int ngchk, capgchk;       /* the same for gets */
    struct ns_buf tmp;          /* the message being taken */
} RS;

/* Sends a protocol message (counted for stall_detect.c). */
static void
post(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Request *req)
{
    ns_stall.sent++;
    MPI_Isend(buf, count, type, dest, tag, E.comm, req);
}

static const char *const mode_names[] = { "barrier", "relaxed", "relaxed-eager",
                                          "relaxed-check" };

const char *ns_sync_mode_name(void) { return mode_names[ns_proc.sync_mode]; }

void
ns_sync_mode_init(const struct ns_site *site)
{
    const char *s = getenv("NS_SYNC");
    int m = ns_env_choice("NS_SYNC", mode_names, 4, NS_MODE_BARRIER);
    ns_proc.sync_mode = NS_MODE_BARRIER;
    if (m < 0)
        ns_fatal(site, "NS_SYNC=%s is not a synchronization mode; use barrier, relaxed, "
                 "relaxed-eager or relaxed-check", s);
    ns_proc.sync_mode = m;
    if (m == NS_MODE_BARRIER)
        return;
    if (strcmp(ns_end_call, "bsp_end"))
        ns_fatal(site, "NS_SYNC=%s: the relaxed modes are for BSPlib programs; NestStep "
                 "programs run in barrier mode only (unset NS_SYNC or set NS_SYNC=barrier)", s);
    int p = ns_proc.nprocs;
    RS.head = ns_xmalloc(sizeof *RS.head * (size_t)p);
    RS.reply_recv = ns_xmalloc(sizeof(MPI_Request) * (size_t)p);
    RS.reply_send = ns_xmalloc(sizeof(MPI_Request) * (size_t)p);
    RS.mpi_requests = -1;
    RS.sent = calloc((size_t)p, sizeof *RS.sent);
    RS.queue = calloc((size_t)p, sizeof *RS.queue);
    RS.active = ns_xmalloc(sizeof *RS.active * (size_t)p);
    RS.end_in = ns_xmalloc(sizeof *RS.end_in * 2 * (size_t)p);
    RS.note = calloc((size_t)p, sizeof *RS.note);
    RS.note_upto = calloc((size_t)p, sizeof *RS.note_upto);
    if (!RS.sent || !RS.note || !RS.note_upto || !RS.queue)
        ns_fatal(site, "out of memory for %d processes", p);
    for (int i = 0; i < p; i++)
        RS.reply_send[i] = RS.reply_recv[i] = MPI_REQUEST_NULL;
}

void
ns_relaxed_stop(void)
{
    if (ns_proc.sync_mode == NS_MODE_BARRIER)
        return;
    for (int i = 0; i < ns_proc.nprocs; i++)
        ns_buf_free(&RS.note[i]);
    ns_buf_free(&RS.tmp);
    free(RS.head); free(RS.reply_recv); free(RS.reply_send); free(RS.sent); free(RS.end_in);
    for (int i = 0; i < ns_proc.nprocs; i++)
        free(RS.queue[i].e);
    free(RS.note); free(RS.note_upto); free(RS.chk); free(RS.queue); free(RS.active);
    free(RS.max_size);
    free(RS.gchk); free(RS.held);
    ns_reqs_free(&RS.misc);
    memset(&RS, 0, sizeof RS);
    ns_stall_stop();
    ns_order_stop();
}

/* Whether my superstep allows a request of superstep stamp in now. */
static inline int
acceptable(long stamp)
{
    return stamp < E.superstep || (RS.in_sync && stamp == E.superstep);
}

/* Takes an accepted request's records: serves its gets, then writes its
 * puts, or holds them (taking data's buffer) while a lend is open. */
static void
deliver(int src, struct ns_buf *data, long stamp)
{
    struct ns_peer *pe = &E.peer[src];
    if (src != ns_proc.pid)
        ns_wait(&RS.reply_send[src]);       /* its last reply still goes out */
    NS_PROF(ns_prof_relaxed_in(src, data));
    int gets = ns_exchange_serve_message(src, data, &pe->reply_out, stamp);
    if (!RS.hold) {
        ns_exchange_write_message(src, data, stamp);
    } else {
        if (RS.nheld == RS.capheld) {
            RS.capheld = RS.capheld ? 2 * RS.capheld : 16;
            RS.held = ns_xrealloc(RS.held, sizeof *RS.held * (size_t)RS.capheld);
        }
        RS.held[RS.nheld++] = (struct held){ src, stamp, *data };
        memset(data, 0, sizeof *data);
    }
    if (!gets)
        return;
    if (src == ns_proc.pid) {
        struct ns_buf t = pe->reply_in; pe->reply_in = pe->reply_out; pe->reply_out = t;
    } else {
        post(pe->reply_out.data, (int)pe->reply_out.len, MPI_BYTE, src, TAG_REPLY,
             &RS.reply_send[src]);
    }
}

/* The lends are met: the held puts are written, in the order they came. */
static void
write_held(void)
{
    RS.hold = 0;
    for (int i = 0; i < RS.nheld; i++) {
        ns_exchange_write_message(RS.held[i].src, &RS.held[i].data, RS.held[i].stamp);
        ns_buf_free(&RS.held[i].data);
    }
    RS.nheld = 0;
}

static void
add_chk(struct chk **list, int *n, int *cap, int slot, long stamp)
{
    for (int i = 0; i < *n; i++)
        if ((*list)[i].slot == slot && (*list)[i].stamp == stamp) {
            (*list)[i].n++;
            return;
        }
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 16;
        *list = ns_xrealloc(*list, sizeof **list * (size_t)*cap);
    }
    (*list)[(*n)++] = (struct chk){ slot, stamp, 1 };
}

/* A notice: stamp, then the slot of each put sent to me in that superstep
 * (-1 - slot for each get). */
static void
take_note(int src, const char *p, int count)
{
    int64_t stamp;
    memcpy(&stamp, p, sizeof stamp);
    for (const char *q = p + sizeof stamp; q < p + count; q += sizeof(int)) {
        int slot;
        memcpy(&slot, q, sizeof slot);
        if (slot >= 0)
            add_chk(&RS.chk, &RS.nchk, &RS.capchk, slot, stamp);
        else
            add_chk(&RS.gchk, &RS.ngchk, &RS.capgchk, -1 - slot, stamp);
    }
    RS.note_upto[src] = stamp + 1;
}

/* Check mode: the gets of this superstep that the notices announced for
 * a slot (ns_lends_check). */
static long
gets_announced(int slot)
{
    long n = 0;
    for (int i = 0; i < RS.ngchk; i++)
        if (RS.gchk[i].slot == slot && RS.gchk[i].stamp == E.superstep)
            n += RS.gchk[i].n;
    return n;
}

/* Receives one message of this tag, if any, into buf; returns its source
 * or -1. */
static int
take(int tag, struct ns_buf *buf, int *count)
{
    int flag = 0;
    MPI_Message msg;
    MPI_Status st;
    MPI_Request req;
    MPI_Improbe(MPI_ANY_SOURCE, tag, E.comm, &flag, &msg, &st);
    if (!flag)
        return -1;
    MPI_Get_count(&st, MPI_BYTE, count);
    buf->len = 0;
    MPI_Imrecv(ns_buf_append(buf, (size_t)*count), *count, MPI_BYTE, &msg, &req);
    ns_wait(&req);
    ns_stall.recv++;
    return st.MPI_SOURCE;
}

static struct pending *
new_pending(int src, long stamp, size_t len)
{
    struct queue *qu = &RS.queue[src];
    if (qu->n == 0) {
        qu->head = 0;
        RS.active[RS.nactive++] = src;
    }
    if (qu->head + qu->n == qu->cap) {
        if (qu->head > 0) {                     /* room at the front: move down */
            memmove(qu->e, qu->e + qu->head, sizeof *qu->e * (size_t)qu->n);
            qu->head = 0;
        } else {
            qu->cap = qu->cap ? 2 * qu->cap : 4;
            qu->e = ns_xrealloc(qu->e, sizeof *qu->e * (size_t)qu->cap);
        }
    }
    struct pending *q = &qu->e[qu->head + qu->n++];
    RS.npend++;
    memset(q, 0, sizeof *q);
    q->stamp = stamp;
    q->len = len;
    q->req = MPI_REQUEST_NULL;
    return q;
}

/* A request that has arrived (in msg, by MPI or through a pipe): pending
 * until accepted.  An eager request that my superstep allows, with none of
 * its source's before it, is written at once from msg (the common case: a
 * bspx_read waiting for it), without a copy of its own. */
static void
take_request(int src, struct ns_buf *msg)
{
    RS.received++;
    if (ns_proc.sync_mode == NS_MODE_EAGER) {
        long stamp = ns_exchange_stamp(msg);
        if (RS.queue[src].n == 0 && acceptable(stamp)) {
            deliver(src, msg, stamp);
            return;
        }
        struct pending *q = new_pending(src, stamp, msg->len);
        q->data = *msg;                             /* keep the buffer */
        memset(msg, 0, sizeof *msg);
        q->acked = 1;
    } else {
        struct req_head h;
        memcpy(&h, msg->data, sizeof h);
        new_pending(src, h.stamp, h.len);
    }
}

/* Whether some other process sends me its requests by MPI, not through a
 * pipe (pipe.c; the pipes are made at bsp_begin or never). */
static int
requests_by_mpi(void)
{
    if (RS.mpi_requests < 0) {
        RS.mpi_requests = 0;
        for (int d = 0; d < ns_proc.nprocs; d++)
            if (d != ns_proc.pid && !ns_pipe_reaches(d))
                RS.mpi_requests = 1;
    }
    return RS.mpi_requests;
}

/* One round of HANDLE_MESSAGE of Fig. 1: take what has arrived, accept
 * what my superstep allows, write what is complete.  Returns whether
 * anything happened.  A round asks MPI only for the messages that can come
 * by MPI: no requests when every process sends through a pipe, no acks in
 * relaxed-eager; bsp_end's counts, once a job, in every 16th round.  Each
 * MPI probe costs as much as a look at all the pipes, and a wait's latency
 * is a round. */
static int
handle_messages(void)
{
    struct ns_buf *tmp = &RS.tmp;
    int progress = 0, count, src;

    RS.polls++;
    while (requests_by_mpi() && (src = take(TAG_REQ, tmp, &count)) >= 0) {
        progress = 1;
        take_request(src, tmp);
    }
    while ((src = ns_pipe_take(tmp)) >= 0) {   /* from my node (pipe.c) */
        progress = 1;
        ns_stall.recv++;
        take_request(src, tmp);
    }
    while (ns_proc.sync_mode != NS_MODE_EAGER && (src = take(TAG_ACK, tmp, &count)) >= 0) {
        struct ns_peer *pe = &E.peer[src];
        progress = 1;
        RS.wait_acks--;
        post(pe->out.data, (int)pe->out.len, MPI_BYTE, src, TAG_DATA, ns_reqs_add(&E.sends));
    }
    while (ns_proc.sync_mode == NS_MODE_CHECK && (src = take(TAG_NOTE, tmp, &count)) >= 0) {
        progress = 1;
        RS.received++;
        take_note(src, tmp->data, count);
    }
    while (RS.polls % 16 == 0 && (src = take(TAG_COUNT, tmp, &count)) >= 0) {   /* see stall_detect.c */
        progress = 1;
        memcpy(&RS.end_in[2 * src], tmp->data, 2 * sizeof(long));
        RS.nend++;
    }
    for (int a = 0; a < RS.nactive; ) {         /* each source's first, in order */
        int from = RS.active[a];
        struct queue *qu = &RS.queue[from];
        while (qu->n > 0) {
            struct pending *q = &qu->e[qu->head];
            if (!q->acked) {
                if (!acceptable(q->stamp))
                    break;
                static const int ack = 1;
                q->data.len = 0;
                MPI_Irecv(ns_buf_append(&q->data, q->len), (int)q->len, MPI_BYTE, from,
                          TAG_DATA, E.comm, &q->req);
                post(&ack, 1, MPI_INT, from, TAG_ACK, ns_reqs_add(&RS.misc));
                q->acked = 1;
                progress = 1;
            }
            int done = 1;
            if (q->req != MPI_REQUEST_NULL) {
                MPI_Test(&q->req, &done, MPI_STATUS_IGNORE);
                ns_stall.recv += done;
            }
            if (!done || !acceptable(q->stamp))
                break;
            struct pending d = *q;
            qu->head++;
            qu->n--;
            RS.npend--;
            deliver(from, &d.data, d.stamp);
            ns_buf_free(&d.data);
            progress = 1;
        }
        if (qu->n == 0)
            RS.active[a] = RS.active[--RS.nactive];
        else
            a++;
    }
    return progress;
}

/* Whether every message this process sent has gone. */
static int
sends_done(void)
{
    return ns_test_all(E.sends.n, E.sends.r) && ns_test_all(RS.misc.n, RS.misc.r)
        && ns_test_all(ns_proc.nprocs, RS.reply_send);
}

/* Waits for the condition, serving meanwhile; wait (a struct
 * ns_stall_wait *) says what for, should every process wait forever. */
#define SERVE_UNTIL(cond, wait)                                         \
    do {                                                                \
        struct ns_backoff b_ = { 0 };                                   \
        ns_stall.wait_seq++;                                            \
        ns_stall.cur = (wait);                                          \
        while (!(cond)) {                                               \
            if (handle_messages()) {                                    \
                ns_backoff_done(&b_);                                   \
            } else {                                                    \
                ns_backoff_idle(&b_);                                   \
                ns_stall_idle(wait, sends_done);                        \
            }                                                           \
        }                                                               \
        ns_backoff_done(&b_);                                           \
        ns_stall.cur = NULL;                                            \
    } while (0)

static int
all_done(struct ns_reqs *q)
{
    if (!ns_test_all(q->n, q->r))
        return 0;
    q->n = 0;
    return 1;
}

/* Whether the replies to my gets are in (each counted as it arrives). */
static int
replies_done(void)
{
    int all = 1;
    for (int i = 0; i < ns_proc.nprocs; i++) {
        if (RS.reply_recv[i] == MPI_REQUEST_NULL)
            continue;
        int done;
        MPI_Test(&RS.reply_recv[i], &done, MPI_STATUS_IGNORE);
        ns_stall.recv += done;
        all &= done;
    }
    return all;
}

/* Check mode: tell every other process which puts I sent it. */
static void
send_notes(void)
{
    int64_t stamp = E.superstep;
    for (int d = 0; d < ns_proc.nprocs; d++) {
        struct ns_peer *pe = &E.peer[d];
        struct ns_buf *n = &RS.note[d];
        n->len = 0;
        memcpy(ns_buf_append(n, sizeof stamp), &stamp, sizeof stamp);
        if (pe->dirty)
            ns_exchange_note_slots(&pe->out, n);
        if (d == ns_proc.pid) {
            take_note(d, n->data, (int)n->len);
            continue;
        }
        RS.sent[d]++;
        post(n->data, (int)n->len, MPI_BYTE, d, TAG_NOTE, ns_reqs_add(&RS.misc));
    }
}

/* bsp_end: every process tells every other how many messages it sent it
 * (p - 1 counts each, once per job; the engine's communicator also holds
 * the processes beyond bsp_begin's count, so no collective), and each
 * serves until it has received that many. */
static void
complete_all(const struct ns_site *site)
{
    int p = ns_proc.nprocs, me = ns_proc.pid;
    long *out = ns_xmalloc(sizeof *out * 2 * (size_t)p);
    long expect = 0;
    for (int d = 0; d < p; d++) {
        if (d == me)
            continue;
        out[2 * d] = RS.sent[d];
        out[2 * d + 1] = E.superstep;
        post(&out[2 * d], 2, MPI_LONG, d, TAG_COUNT, ns_reqs_add(&RS.misc));
    }
    const struct ns_stall_wait at_end = { .what = NS_STALL_END, .site = site };
    SERVE_UNTIL(RS.nend == p - 1, &at_end);
    for (int d = 0; d < p; d++) {
        if (d == me)
            continue;
        const long *in = RS.end_in;
        expect += in[2 * d];
        if (in[2 * d + 1] != E.superstep)
            ns_fatal(&E.site, "process %d called bsp_end in superstep %ld, this process in "
                     "superstep %ld; every process must call bsp_end after the same number of "
                     "bsp_sync calls (NS_SYNC=%s finds this only at the end; barrier mode with "
                     "NS_CHECK_SITES=1 stops at the first superstep in which processes pass "
                     "different bsp_sync calls, with the file and line of each)", d,
                     in[2 * d + 1], E.superstep, ns_sync_mode_name());
    }
    SERVE_UNTIL(RS.received == expect && RS.npend == 0, &at_end);
    for (int i = 0; i < ns_proc.nprocs; i++)
        ns_wait(&RS.reply_send[i]);
    ns_reqs_wait(&RS.misc);
    free(out);                  /* the counts went out from here */
}

/* Check mode at bsp_end: puts of earlier supersteps that no bspx_read
 * counted were read (if at all) without waiting for them. */
static void
check_unread(const struct ns_site *site)
{
    for (int i = 0; i < RS.nchk; i++) {
        const struct chk *c = &RS.chk[i];
        if (c->stamp >= E.superstep)
            continue;           /* puts of the last superstep: delivered by bsp_end */
        ns_fatal(site, "NS_SYNC=relaxed-check: %ld put%s of superstep %ld reached the area "
                 "%p (registration slot %d) and no bspx_read counted them; call "
                 "bspx_read(area, n) before reading the area in a later superstep",
                 c->n, c->n == 1 ? "" : "s", c->stamp,
                 c->slot < E.reg.nslot ? (void *)E.reg.slot[c->slot].addr : NULL, c->slot);
    }
}

/* A request to d: through the pipe when d shares my segment (all of it
 * written before this returns, serving while the pipe is full), else by
 * MPI with its request added to q.  A pair's requests take one way for
 * the whole job (the pipes exist from bsp_begin or never), so they arrive
 * in the order of their supersteps. */
static void
send_request(int d, const void *msg, size_t len, struct ns_reqs *q)
{
    if (!ns_pipe_reaches(d)) {
        post(msg, (int)len, MPI_BYTE, d, TAG_REQ, ns_reqs_add(q));
        return;
    }
    ns_stall.sent++;
    size_t all = sizeof(uint64_t) + len, done = ns_pipe_write(d, msg, len, 0);
    if (done < all) {
        const struct ns_stall_wait in_sync = { .what = NS_STALL_SYNC, .site = &E.site };
        SERVE_UNTIL((done = ns_pipe_write(d, msg, len, done)) == all, &in_sync);
    }
}

void
ns_sync_relaxed(enum ns_sync_kind kind, const struct ns_site *site)
{
    int me = ns_proc.pid;
    NS_PROF(ns_prof_sync(kind, site));
    E.site = *site;
    RS.in_sync = 1;
    E.in_sync = 1;
    RS.hold = E.nlend > 0;
    ns_exchange_fix_hpputs();
    if (ns_proc.sync_mode == NS_MODE_CHECK)
        send_notes();
    for (int i = 0; i < E.ndirty; i++) {
        int d = E.dirty[i];
        struct ns_peer *pe = &E.peer[d];
        ns_exchange_seal(d);
        if (d == me)
            continue;
        if (pe->get_bytes) {
            pe->reply_in.len = 0;
            MPI_Irecv(ns_buf_append(&pe->reply_in, pe->get_bytes), (int)pe->get_bytes,
                      MPI_BYTE, d, TAG_REPLY, E.comm, &RS.reply_recv[d]);
        }
        RS.sent[d]++;
        if (ns_proc.sync_mode == NS_MODE_EAGER) {
            send_request(d, pe->out.data, pe->out.len, &E.sends);
        } else {
            RS.head[d] = (struct req_head){ (uint32_t)E.superstep, (uint32_t)pe->ngets,
                                            pe->out.len };
            RS.wait_acks++;             /* before: the ack may come while the pipe waits */
            send_request(d, &RS.head[d], sizeof RS.head[d], &RS.misc);
        }
    }
    NS_PROF(ns_prof_bsp_sent());
    if (E.peer[me].dirty)
        deliver(me, &E.peer[me].out, E.superstep);
    const struct ns_stall_wait in_sync = { .what = NS_STALL_SYNC, .site = site };
    SERVE_UNTIL(RS.wait_acks == 0 && replies_done() && all_done(&E.sends), &in_sync);
    if (E.nlend) {
        if (ns_proc.sync_mode == NS_MODE_CHECK) {   /* every process's notice of s */
            for (int q = 0; q < ns_proc.nprocs; q++)
                SERVE_UNTIL(RS.note_upto[q] > E.superstep, &in_sync);
            ns_lends_check(gets_announced);
        }
        const struct ns_stall_wait in_lend = { .what = NS_STALL_LEND, .site = site };
        SERVE_UNTIL(ns_lends_met(), &in_lend);
        write_held();
        ns_lends_close();
    }
    if (RS.ngchk) {                     /* check mode: the gets noticed are done with */
        int k = 0;
        for (int i = 0; i < RS.ngchk; i++)
            if (RS.gchk[i].stamp > E.superstep)
                RS.gchk[k++] = RS.gchk[i];
        RS.ngchk = k;
    }
    NS_PROF(ns_prof_mark(NSP_T_COMBINED));
    NS_PROF(ns_prof_mark(NSP_T_RECEIVED));
    for (int i = 0; i < E.ndirty; i++)
        if (E.peer[E.dirty[i]].get_bytes)
            ns_order_replies(&E.peer[E.dirty[i]], E.superstep);
    ns_reqs_wait(&RS.misc);
    ns_exchange_reset_peers();

    /* registrations: local, in the same order everywhere (Fig. 1); the
     * owner checks each access against its own size */
    const struct ns_regstate *R = &E.reg;
    if (R->npush > RS.cap_max) {
        RS.cap_max = R->npush;
        RS.max_size = ns_xrealloc(RS.max_size, sizeof *RS.max_size * (size_t)RS.cap_max);
    }
    for (int i = 0; i < R->npush; i++)
        RS.max_size[i] = R->push_size[i] < 0 ? -1 : INT64_MAX;
    ns_reg_apply(RS.max_size);
    E.tagsize = E.tagsize_next;
    if (kind == NS_SYNC_END) {
        complete_all(site);
        if (ns_proc.sync_mode == NS_MODE_CHECK)
            check_unread(site);
    }
    E.superstep++;
    RS.in_sync = 0;
    E.in_sync = 0;
    NS_PROF(ns_prof_end());
}

/* READ of Fig. 1: wait until the area has nputs puts, serving requests of
 * earlier supersteps meanwhile; check mode first learns from the notices
 * of every process how many barrier mode would have delivered. */
void
ns_read_relaxed(const struct ns_buf *slots, const void *area, long nputs,
                const struct ns_site *site)
{
    const struct ns_stall_wait in_read = { .what = NS_STALL_READ, .site = site, .area = area,
                                           .expected = nputs, .slots = slots };
    if (ns_proc.sync_mode == NS_MODE_CHECK) {
        const int *sl = (const int *)slots->data;
        size_t ns = slots->len / sizeof(int);
        for (int q = 0; q < ns_proc.nprocs; q++)
            SERVE_UNTIL(RS.note_upto[q] >= E.superstep, &in_read);
        long expected = 0;
        for (int i = 0; i < RS.nchk; ) {
            int mine = 0;
            for (size_t k = 0; k < ns; k++)
                mine |= RS.chk[i].slot == sl[k];
            if (mine && RS.chk[i].stamp < E.superstep) {
                expected += RS.chk[i].n;
                RS.chk[i] = RS.chk[--RS.nchk];
            } else {
                i++;
            }
        }
        if (expected != nputs)
            ns_fatal(site, "NS_SYNC=relaxed-check: area %p: bspx_read expects %ld puts, "
                     "barrier mode delivers %ld since its last bspx_read; %s", area, nputs,
                     expected, expected > nputs ? "it would read before the later puts arrive "
                     "(a value of an earlier superstep)" : "it would wait for puts that never "
                     "come (or take those of a later superstep)");
    }
    SERVE_UNTIL(ns_read_count(slots, 0) >= nputs, &in_read);
    long n = ns_read_count(slots, 1);
    if (n > nputs)
        ns_read_mismatch(area, nputs, n, site);
    const int *sl = (const int *)slots->data;  /* its puts are in: settled */
    for (size_t k = 0; k < slots->len / sizeof(int); k++)
        ns_order_forget(E.reg.slot[sl[k]].addr, E.reg.slot[sl[k]].size);
}
