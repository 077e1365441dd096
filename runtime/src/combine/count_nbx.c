/*
 * count_nbx.c - the NBX count exchange (NS_EXCHANGE=nbx): the dynamic
 * sparse data exchange of Hoefler, Siebert and Lumsdaine (PPoPP 2010),
 * which needs no counts at all.  Each request message goes out as a
 * synchronous send (MPI_Issend), which completes only once its destination
 * has taken it.  A process takes the messages addressed to it by probing
 * (MPI_Improbe, any source) and, as soon as its own sends have completed,
 * enters a nonblocking consensus; when the consensus completes, every
 * process has entered it, so every message has been taken: nothing more
 * can arrive in this superstep.
 *
 * The consensus is the NBX paper's nonblocking barrier, hand-written so it
 * can carry the agreement checks: a dissemination all-reduce (maximum) over
 * the active processes (ceil(log2 p) rounds, in round k a 152-byte message
 * to rank + 2^k and one from rank - 2^k; a maximum may count a value twice,
 * so dissemination is exact).  It reduces, for each value every process
 * must agree on (sync or end, superstep, registrations, tag size, site), v
 * and ~v, and whether any registration was pushed; max(v) == ~max(~v)
 * holds exactly when every process has the same v.  When one differs, or sizes
 * of new registrations must be combined, every process then runs the
 * combine (with no counts: the messages are in), which finds the
 * disagreement and names two processes with the same message as under tree,
 * or delivers the largest sizes.  So every check of the tree is kept, at the
 * price of a combine in supersteps that push registrations.
 *
 * Only BSPlib supersteps (ns_sync) use NBX; NestStep steps combine their
 * items in any case and count their requests there (count_exchange.c).
 */
#include "internal.h"

#define E ns_eng
#define NDIGEST (2 * NS_NAGREE + 1)
#define MAX_ROUNDS 32

static int64_t sent_val[MAX_ROUNDS][NDIGEST], got_val[NDIGEST];

struct consensus {
    int round, rounds;
    int64_t cur[NDIGEST];
    MPI_Request recv, send[MAX_ROUNDS];
};

static int nbx_tag(void) { return (E.superstep & 1) ? NS_TAG_NBX1 : NS_TAG_NBX0; }

/* Round c->round: my maximum so far to rank + 2^k, theirs from rank - 2^k. */
static void
round_start(struct consensus *c)
{
    int p = ns_proc.nprocs, me = ns_proc.pid, d = 1 << c->round;
    memcpy(sent_val[c->round], c->cur, sizeof c->cur);
    MPI_Isend(sent_val[c->round], NDIGEST, MPI_INT64_T, (me + d) % p, nbx_tag(), E.comm,
              &c->send[c->round]);
    MPI_Irecv(got_val, NDIGEST, MPI_INT64_T, ((me - d) % p + p) % p, nbx_tag(), E.comm,
              &c->recv);
}

/* Progress: returns whether the consensus is complete. */
static int
round_test(struct consensus *c)
{
    int done = 0;
    MPI_Test(&c->recv, &done, MPI_STATUS_IGNORE);
    if (!done)
        return 0;
    for (int i = 0; i < NDIGEST; i++)
        if (got_val[i] > c->cur[i])
            c->cur[i] = got_val[i];
    if (++c->round == c->rounds)
        return 1;
    round_start(c);
    return 0;
}

/* Whether every synchronous send of this sync has completed. */
static int
sends_done(void)
{
    int done = 1;
    if (E.ssends.n) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overflow"
        MPI_Testall(E.ssends.n, E.ssends.r, &done, MPI_STATUSES_IGNORE);
#pragma GCC diagnostic pop
    }
    return done;
}

void
ns_nbx_receive(struct ns_combine_in *in, struct ns_combine_out *out)
{
    struct consensus c = { 0 };
    int entered = 0, same = 1;

    while ((1 << c.rounds) < ns_proc.nprocs)
        c.rounds++;
    for (int k = 0; k < NS_NAGREE; k++) {
        c.cur[2 * k] = in->agree[k];
        c.cur[2 * k + 1] = ~in->agree[k];
    }
    c.cur[2 * NS_NAGREE] = in->npush > 0;

    ns_exchange_receive_begin();
    struct ns_backoff b = { 0 };
    for (;;) {
        if (ns_exchange_poll()) {
            ns_backoff_done(&b);            /* messages flow: spin again */
            continue;
        }
        if (!entered && sends_done()) {
            E.ssends.n = 0;
            entered = 1;
            if (c.rounds == 0)
                break;
            round_start(&c);
            continue;
        }
        if (entered && round_test(&c))
            break;
        ns_backoff_idle(&b);
    }
    ns_backoff_done(&b);
    ns_exchange_receive_end();
    ns_wait_all(c.rounds, c.send);

    for (int k = 0; k < NS_NAGREE; k++)
        same = same && c.cur[2 * k] == ~c.cur[2 * k + 1];
    if (!same || c.cur[2 * NS_NAGREE] || in->agree[NS_AGREE_COLL]) {
        /* a disagreement to name, registered sizes to combine, or a
         * collective's items (collective.c) */
        in->ndest = 0;
        in->dest = NULL;
        ns_combine_run(&ns_root, in, out);
        return;
    }
    memset(out, 0, sizeof *out);
    out->max_size = in->push_sizes;         /* none pushed */
}
