/*
 * bsc_sync.c - the request queue of bsc.h and the supersteps that run it:
 * bsc_put, bsc_get, bsc_exec_reduce, bsc_collective, bsc_current, bsc_sync,
 * the cost parameters bsc_g and bsc_L, and the call sites errors name.
 *
 * Requests wait in one bucket per superstep of the epoch.  Each superstep
 * bsc_sync runs: expands the collectives of the current superstep into
 * primitives (calling their algorithms, several calls of one collective on
 * one group at once), issues its puts and gets, ends it with one bsp_sync,
 * then runs its local reductions.  The bsp_sync is a fold (bsp_fold's
 * engine collective) of the next superstep each process needs: the job
 * jumps to the smallest, so supersteps nobody needs cost nothing, and all
 * asking for none ends a flush; it rides in the sync's combine, so it
 * costs no message.  With the puts goes one word: each member of a group
 * tells the next member (by process id) a hash of the collectives it
 * scheduled there, so members that disagree are found in that superstep.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bsci.h"

const bsc_step_t bsc_start = 0;
const bsc_step_t bsc_flush = UINT_MAX;

/* How far ahead of the current superstep a request may be scheduled. */
#define MAX_AHEAD (1u << 20)

enum req_kind { REQ_PUT, REQ_GET, REQ_EXEC, REQ_LOCAL, REQ_COLL };

struct req {
    enum req_kind kind;
    struct ns_site site;        /* the user's call it comes from */
    union {
        /* a put: local src to dst on pid; a get: src on pid to local dst */
        struct { int pid; const void *src; void *dst; int offset, size; } xfer;
        struct { bsc_reduce_t f; void *a; const void *a0; const void *xs; int size; } exec;
        struct { void (*fn)(void *); void *ctx; } local;
        struct {
            const bsc_collective_t *coll;
            int root;
            bsc_group_t handle;
            struct bsci_group *group;
            bsc_coll_params_t params;
            int arity;          /* of a tree the caller named, or 0 */
        } coll;
    } u;
};

struct bucket { struct req *v; size_t n, cap; };

static struct {
    bsc_step_t current;         /* superstep of the epoch this process is in */
    struct bucket *b;           /* b[k]: requests for superstep current + k */
    size_t nb;
    long queued;                /* requests in all buckets */
    int expanding;              /* running a collective's algorithm */
    int arity;                  /* of the call being expanded or scheduled */
    struct ns_site origin;      /* the collective call it serves */
    struct { const char *file; int line; } at;  /* from bsci_at */
    int registered;             /* own area pushed */
    uint64_t *sig_in;           /* [p] registered: collective hash from process q */
    uint64_t *sig_out;          /* [p] hash to send to process q */
    uint64_t *sig_want;         /* [p] hash expected from process q */
    struct ns_site *sig_site;   /* [p] a collective call expecting from q */
    double L, O;
} S;

/* ---- call sites ---- */

void
bsci_at(const char *file, int line)
{
    S.at.file = file;
    S.at.line = line;
}

struct ns_site
bsci_site(const char *call)
{
    struct ns_site s = { call, S.at.file, S.at.line };
    if (!S.at.file && S.expanding)
        s = S.origin;
    S.at.file = NULL;
    S.at.line = 0;
    return s;
}

void
bsci_require_barrier(const struct ns_site *site)
{
    bspi_require_running(site);
    if (ns_sync_relaxed_mode())
        ns_fatal(site, "bsc.h is not available with NS_SYNC=%s: its supersteps agree through "
                 "the puts of a barrier, which the relaxed modes do without; run in barrier "
                 "mode (NS_SYNC=barrier, bsprun --sync=barrier)", ns_sync_mode_name());
}

uint64_t
bsci_hash(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return h ? h : 1;
}

/* ---- the library's registered areas ---- */

static void *
zalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p)
        ns_fatal(NS_SITE("bsc_sync", NULL, 0), "out of memory for %zu bytes", n * size);
    return p;
}

int
bsci_register(void)
{
    if (S.registered)
        return 0;
    int p = ns_nprocs();
    S.sig_in = zalloc((size_t)p, sizeof *S.sig_in);
    S.sig_out = zalloc((size_t)p, sizeof *S.sig_out);
    S.sig_want = zalloc((size_t)p, sizeof *S.sig_want);
    S.sig_site = zalloc((size_t)p, sizeof *S.sig_site);
    ns_reg_push(S.sig_in, (size_t)p * sizeof *S.sig_in, NS_SITE("bsc_sync", NULL, 0));
    S.registered = 1;
    return 1;
}

/* ---- the queue ---- */

static struct bucket *
bucket(bsc_step_t step)
{
    size_t k = step - S.current;
    if (k >= S.nb) {
        size_t nb = S.nb ? S.nb : 4;
        while (nb <= k)
            nb *= 2;
        S.b = realloc(S.b, nb * sizeof *S.b);
        if (!S.b)
            ns_fatal(NS_SITE("bsc_sync", NULL, 0), "out of memory for the request queue");
        memset(S.b + S.nb, 0, (nb - S.nb) * sizeof *S.b);
        S.nb = nb;
    }
    return &S.b[k];
}

static struct req *
add(bsc_step_t step, enum req_kind kind, const struct ns_site *site)
{
    if (step < S.current)
        ns_fatal(site, "superstep %u is already past: this process is in superstep %u of the "
                 "epoch; schedule for bsc_current() or later (bsc_sync(bsc_flush) starts a "
                 "new epoch at superstep 0)", step, S.current);
    if (step - S.current >= MAX_AHEAD)
        ns_fatal(site, "superstep %u is %u supersteps ahead of the current one (%u); schedule "
                 "at most %u ahead", step, step - S.current, S.current, MAX_AHEAD - 1);
    struct bucket *b = bucket(step);
    if (b->n == b->cap) {
        b->cap = b->cap ? 2 * b->cap : 16;
        bspi_end_check = bsci_check_end;    /* bsp_end: nothing left queued */
        b->v = realloc(b->v, b->cap * sizeof *b->v);
        if (!b->v)
            ns_fatal(site, "out of memory for the request queue");
    }
    struct req *r = &b->v[b->n++];
    memset(r, 0, sizeof *r);
    r->kind = kind;
    r->site = *site;
    S.queued++;
    return r;
}

static void
check_transfer(int pid, int offset, int size, const struct ns_site *site)
{
    bspi_check_pid(pid, site);
    bspi_check_nonneg(offset, "offset", site);
    bspi_check_nonneg(size, "size", site);
}

/* A delayed put or get: checks the call and queues it. */
static bsc_step_t
transfer(const char *call, enum req_kind kind, bsc_step_t depends, int pid, const void *src,
         void *dst, int offset, int size)
{
    struct ns_site site = bsci_site(call);
    bsci_require_barrier(&site);
    check_transfer(pid, offset, size, &site);
    struct req *r = add(depends, kind, &site);
    r->u.xfer.pid = pid;
    r->u.xfer.src = src;
    r->u.xfer.dst = dst;
    r->u.xfer.offset = offset;
    r->u.xfer.size = size;
    return depends + 1;
}

bsc_step_t
bsc_put(bsc_step_t depends, bsc_pid_t dst_pid, const void *src, void *dst,
        bsc_size_t offset, bsc_size_t size)
{
    return transfer("bsc_put", REQ_PUT, depends, dst_pid, src, dst, offset, size);
}

bsc_step_t
bsc_get(bsc_step_t depends, bsc_pid_t src_pid, const void *src, bsc_size_t offset,
        void *dst, bsc_size_t size)
{
    return transfer("bsc_get", REQ_GET, depends, src_pid, src, dst, offset, size);
}

bsc_step_t
bsc_exec_reduce(bsc_step_t depends, bsc_reduce_t reducer, void *a, const void *a0,
                const void *xs, bsc_size_t size)
{
    struct ns_site site = bsci_site("bsc_exec_reduce");
    bsci_require_barrier(&site);
    if (!reducer)
        ns_fatal(&site, "the reducer is NULL; pass the function that folds the elements");
    bspi_check_nonneg(size, "size", &site);
    struct req *r = add(depends, REQ_EXEC, &site);
    r->u.exec.f = reducer;
    r->u.exec.a = a;
    r->u.exec.a0 = a0;
    r->u.exec.xs = xs;
    r->u.exec.size = size;
    return depends + 1;
}

void
bsci_local(bsc_step_t step, void (*fn)(void *ctx), void *ctx)
{
    struct ns_site site = bsci_site("bsc_sync");
    struct req *r = add(step, REQ_LOCAL, &site);
    r->u.local.fn = fn;
    r->u.local.ctx = ctx;
}

int
bsci_arity(void)
{
    return S.arity;
}

bsc_step_t
bsci_schedule(bsc_step_t depends, const bsc_collective_t *coll, bsc_pid_t root,
              bsc_group_t group, const bsc_coll_params_t *params, int arity,
              const struct ns_site *site)
{
    bsci_require_barrier(site);
    if (!coll || coll->n_algs < 1 || coll->n_algs > BSC_MAX_COLL_ALGS)
        ns_fatal(site, "the collective %s; give it 1 to %d algorithms, each with its cost "
                 "and steps functions", coll ? "has no algorithms" : "is NULL",
                 BSC_MAX_COLL_ALGS);
    for (int i = 0; i < coll->n_algs; i++)
        if (!coll->algorithms[i] || !coll->costfuncs[i] || !coll->maxsteps[i])
            ns_fatal(site, "algorithm %d of the collective lacks its %s function; fill "
                     "algorithms, costfuncs and maxsteps for each of the n_algs = %d", i,
                     !coll->algorithms[i] ? "algorithm" : !coll->costfuncs[i] ? "cost"
                     : "steps", coll->n_algs);
    struct bsci_group *g = bsci_group(group, site);
    bspi_check_pid(root, site);
    /* on a neighbourhood a rooted collective is the root's: the others
     * pass any root */
    if (bsci_builtin_rooted(coll) && !g->neighbourhood && g->lid[root] < 0) {
        char members[160];
        int len = 0;
        for (int i = 0; i < g->n && len < (int)sizeof members - 16; i++)
            len += snprintf(members + len, sizeof members - (size_t)len, "%s%d",
                            i ? ", " : "", g->sorted[i]);
        ns_fatal(site, "the root, process %d, is not a member of the group (processes %s%s); "
                 "pass the process id of a member, the same on every member", root, members,
                 len >= (int)sizeof members - 16 ? ", ..." : "");
    }
    bsc_step_t steps = 0;
    int saved = S.arity;
    S.arity = arity;
    for (int i = 0; i < coll->n_algs; i++) {
        bsc_step_t s = coll->maxsteps[i](group);
        if (s > steps)
            steps = s;
    }
    S.arity = saved;
    struct req *r = add(depends, REQ_COLL, site);
    r->u.coll.coll = coll;
    r->u.coll.root = root;
    r->u.coll.handle = group;
    r->u.coll.group = g;
    r->u.coll.params = *params;
    r->u.coll.arity = arity;
    g->queued++;
    return depends + steps;
}

bsc_step_t
bsc_collective(bsc_step_t depends, const bsc_collective_t *collective, bsc_pid_t root,
               bsc_group_t group, bsc_coll_params_t params)
{
    struct ns_site site = bsci_site("bsc_collective");
    return bsci_schedule(depends, collective, root, group, &params, 0, &site);
}

bsc_step_t
bsc_current(void)
{
    return S.current;
}

/* ---- cost parameters ---- */

/* A cost in bytes from the environment variable var (default def). */
static double
cost_knob(const char *var, long def, const char *what)
{
    const char *v = getenv(var);
    if (!v || !*v)
        return (double)def;
    char *end;
    long l = strtol(v, &end, 10);
    if (*end || l < 1 || l > 1000000000L)
        ns_fatal(NS_SITE(what, NULL, 0), "%s=%s is not a cost in bytes; give a whole number "
                 "from 1 to 1000000000", var, v);
    return (double)l;
}

static void
check_type(bsc_request_t type, const char *call)
{
    if ((unsigned)type >= BSC_N_REQUEST_TYPES)
        ns_fatal(NS_SITE(call, NULL, 0), "request type %d is none of BSC_PUT, BSC_HPPUT, "
                 "BSC_GET, BSC_HPGET, BSC_SEND", (int)type);
}

double
bsc_g(bsc_request_t type, int word_size)
{
    check_type(type, "bsc_g");
    if (S.O == 0)
        S.O = cost_knob("NS_BSC_O", 1024, "bsc_g");
    return 1.0 + S.O / (word_size > 1 ? word_size : 1);
}

double
bsc_L(bsc_request_t type)
{
    check_type(type, "bsc_L");
    if (S.L == 0)
        S.L = cost_knob("NS_BSC_L", 16384, "bsc_L");
    return S.L;
}

void
bsci_check_end(const struct ns_site *site)
{
    if (S.queued)
        ns_fatal(site, "%ld request(s) of bsc.h are still queued, for superstep %u of the "
                 "epoch or later; run them with bsc_sync(bsc_flush) before bsp_end",
                 S.queued, S.current);
}

/* ---- running a superstep ---- */

/* The hash of one collective call that all members must agree on (on a
 * neighbourhood not the root: each member names the root it likes). */
static uint64_t
call_hash(const struct req *r)
{
    int id = bsci_builtin_id(r->u.coll.coll);
    uint64_t h = bsci_hash(r->u.coll.group->hash, (uint64_t)id + 1);
    if (!r->u.coll.group->neighbourhood)
        h = bsci_hash(h, (uint64_t)(unsigned)r->u.coll.root);
    h = bsci_hash(h, (uint64_t)(unsigned)r->u.coll.arity);
    if (id)                     /* a user collective's sizes may be its own business */
        h = bsci_hash(h, (uint64_t)(unsigned)r->u.coll.params.size);
    else
        h = bsci_hash(h, (uint64_t)(unsigned)r->u.coll.coll->n_algs);
    return h;
}

/* Each member of a partition sends the next member (by process id) the sum
 * of the hashes of the collectives it scheduled on their groups in this
 * superstep; a member of a neighbourhood sends it to each neighbour (its
 * neighbours hold it too, but not the same set). */
static void
note_signature(const struct req *r)
{
    const struct bsci_group *g = r->u.coll.group;
    if (g->n < 2)
        return;
    uint64_t h = call_hash(r);
    for (int k = 1; k < g->n; k++) {
        int succ = g->sorted[(g->rank + k) % g->n];
        int pred = g->sorted[(g->rank + g->n - k) % g->n];
        S.sig_out[succ] += h;
        S.sig_want[pred] += h;
        if (!S.sig_site[pred].call)
            S.sig_site[pred] = r->site;
        if (!g->neighbourhood)
            break;
    }
}

static int
same_call(const struct req *a, const struct req *b)
{
    return a->u.coll.coll == b->u.coll.coll && a->u.coll.root == b->u.coll.root &&
           a->u.coll.group == b->u.coll.group && a->u.coll.arity == b->u.coll.arity;
}

/* Runs the algorithm of one collective for all its calls on one group and
 * root in this superstep. */
static void
expand(struct req *calls, size_t n, size_t first, char *done)
{
    const struct req *c = &calls[first];
    bsc_coll_params_t *set = malloc(n * sizeof *set);
    if (!set)
        ns_fatal(&c->site, "out of memory");
    size_t k = 0;
    for (size_t j = first; j < n; j++)
        if (!done[j] && same_call(&calls[j], c)) {
            set[k++] = calls[j].u.coll.params;
            done[j] = 1;
        }
    const bsc_collective_t *coll = c->u.coll.coll;
    int saved_arity = S.arity;
    S.arity = c->u.coll.arity;
    int best = 0;
    double best_cost = 0;
    for (int a = 0; a < coll->n_algs; a++) {
        double cost = coll->costfuncs[a](c->u.coll.handle, set, (bsc_size_t)k);
        if (a == 0 || cost < best_cost) {
            best = a;
            best_cost = cost;
        }
    }
    int saved = S.expanding;
    struct ns_site saved_origin = S.origin;
    S.expanding = 1;
    S.origin = c->site;
    coll->algorithms[best](S.current, c->u.coll.root, c->u.coll.handle, set, (bsc_size_t)k);
    S.expanding = saved;
    S.origin = saved_origin;
    S.arity = saved_arity;
    c->u.coll.group->queued -= (long)k;
    free(set);
}

/* Expands the collectives of the current superstep, and those their
 * algorithms schedule for it, until only primitives are left. */
static void
expand_current(void)
{
    for (;;) {
        struct bucket *b = bucket(S.current);
        size_t n = 0;
        for (size_t i = 0; i < b->n; i++)
            n += b->v[i].kind == REQ_COLL;
        if (!n)
            return;
        struct req *calls = malloc(n * sizeof *calls);
        char *done = calloc(n, 1);
        if (!calls || !done)
            ns_fatal(&b->v[0].site, "out of memory");
        size_t kept = 0, c = 0;
        for (size_t i = 0; i < b->n; i++) {
            if (b->v[i].kind == REQ_COLL)
                calls[c++] = b->v[i];
            else
                b->v[kept++] = b->v[i];
        }
        b->n = kept;
        S.queued -= (long)n;
        for (size_t i = 0; i < n; i++)
            note_signature(&calls[i]);
        for (size_t i = 0; i < n; i++)
            if (!done[i])
                expand(calls, n, i, done);
        free(calls);
        free(done);
    }
}

/* Why a transfer's registered area cannot be used, as a stop. */
static void __attribute__((noreturn))
bad_area(const struct req *r, const void *area, const char *role, int offset, int size)
{
    size_t max;
    const char *why = ns_reg_pending(area) ? "was registered in this superstep (a registration "
                      "takes effect at the next bsp_sync)"
                      : ns_reg_lookup_max(area, &max) < 0 ? "is not registered"
                      : "is registered with fewer bytes than offset + size";
    ns_fatal(&r->site, "in superstep %u of the epoch, a %s of %d bytes at offset %d needs the "
             "%s area %p, which %s; register it with bsp_push_reg on every process, large "
             "enough, and bsp_sync before that superstep (bsc(3) says which buffer of each "
             "collective is registered)", S.current, r->kind == REQ_PUT ? "put" : "get", size,
             offset, role, area, why);
}

static void
issue_current(void)
{
    struct bucket *b = bucket(S.current);
    for (size_t i = 0; i < b->n; i++) {
        const struct req *r = &b->v[i];
        if ((r->kind != REQ_PUT && r->kind != REQ_GET) || r->u.xfer.size == 0)
            continue;
        int put = r->kind == REQ_PUT, size = r->u.xfer.size, offset = r->u.xfer.offset;
        const void *local = put ? r->u.xfer.src : r->u.xfer.dst;
        const void *area = put ? r->u.xfer.dst : r->u.xfer.src;
        if (!local)
            ns_fatal(&r->site, "the %s of a %s of %d bytes is NULL", put ? "source" : "destination",
                     put ? "put" : "get", size);
        int ok = !area ? -1
                 : put ? ns_put(r->u.xfer.pid, local, area, (size_t)offset, (size_t)size, 0)
                 : ns_get(r->u.xfer.pid, area, (size_t)offset, r->u.xfer.dst, (size_t)size);
        if (ok == NS_NOMEM)
            ns_out_of_memory(&r->site);
        if (ok < 0)
            bad_area(r, area, put ? "destination" : "source", offset, size);
    }
}

/* After the bsp_sync: every member got from the member before it the
 * hashes of the collectives this process expected.  A hash nobody here
 * expected is left to the member that expected one from a member that
 * skipped the collective (going round the group, there is one), so that
 * one process reports. */
static void
check_signatures(void)
{
    int p = ns_nprocs();
    for (int q = 0; q < p; q++)
        if (S.sig_want[q] && S.sig_in[q] != S.sig_want[q])
            ns_fatal(&S.sig_site[q], "the members of its group disagree in superstep %u of "
                     "the epoch: process %d did not schedule the same collectives there "
                     "(another collective, root, size, arity or group, or none); every member "
                     "must call each collective with the same superstep, root, size and group",
                     S.current, q);
    memset(S.sig_in, 0, (size_t)p * sizeof *S.sig_in);
    memset(S.sig_want, 0, (size_t)p * sizeof *S.sig_want);
    memset(S.sig_site, 0, (size_t)p * sizeof *S.sig_site);
}

static void
run_local(void)
{
    struct bucket *b = bucket(S.current);
    for (size_t i = 0; i < b->n; i++) {
        struct req *r = &b->v[i];
        if (r->kind == REQ_EXEC)
            r->u.exec.f(r->u.exec.a, r->u.exec.a0, r->u.exec.xs, r->u.exec.size);
        else if (r->kind == REQ_LOCAL) {
            r->u.local.fn(r->u.local.ctx);
            free(r->u.local.ctx);
        }
    }
}

/* Moves to superstep `to` of the epoch; the buckets in between are empty. */
static void
advance(bsc_step_t to)
{
    size_t d = to - S.current;
    struct bucket *b = bucket(S.current);
    S.queued -= (long)b->n;
    b->n = 0;
    if (d >= S.nb) {
        S.current = to;
        return;
    }
    struct bucket *old = malloc(d * sizeof *old);
    if (!old)
        ns_fatal(NS_SITE("bsc_sync", NULL, 0), "out of memory");
    memcpy(old, S.b, d * sizeof *old);
    memmove(S.b, S.b + d, (S.nb - d) * sizeof *S.b);
    memcpy(S.b + S.nb - d, old, d * sizeof *old);
    free(old);
    S.current = to;
}

/* The next superstep this process needs after the current one, or none. */
static bsc_step_t
next_needed(bsc_step_t until)
{
    for (size_t k = 1; k < S.nb; k++)
        if (S.b[k].n)
            return S.current + (bsc_step_t)k < until ? S.current + (bsc_step_t)k : until;
    return until;
}

/* The fold's operator: the earliest superstep any process needs. */
static void
earliest(void *res, void *left, void *right, int *nbytes)
{
    (void)nbytes;
    bsc_step_t a = *(const bsc_step_t *)left, b = *(const bsc_step_t *)right;
    *(bsc_step_t *)res = a < b ? a : b;
}

bsc_step_t
bsc_sync(bsc_step_t until)
{
    struct ns_site site = bsci_site("bsc_sync");
    bsci_require_barrier(&site);
    /* the first one of a program is collective, whatever until is */
    if (bsci_register())
        ns_sync(NS_SYNC_STEP, &site);
    if (until != bsc_flush && until <= S.current)
        return S.current;
    int p = ns_nprocs(), me = ns_pid();
    for (;;) {
        expand_current();
        issue_current();
        bsc_step_t want = next_needed(until), common;
        for (int q = 0; q < p; q++)
            if (S.sig_out[q]) {
                if (ns_put(q, &S.sig_out[q], S.sig_in, (size_t)me * sizeof *S.sig_in,
                           sizeof *S.sig_in, 0) == NS_NOMEM)
                    ns_out_of_memory(&site);
                S.sig_out[q] = 0;
            }
        ns_collective(NS_COLL_FOLD, -1, earliest, &want, &common, sizeof want, &site);
        check_signatures();
        run_local();
        if (common == bsc_flush) {
            if (S.queued != (long)bucket(S.current)->n)
                ns_fatal(&site, "requests are queued beyond the end of the epoch");
            advance(S.current);
            S.current = 0;
            return 0;
        }
        advance(common);
        if (until != bsc_flush && S.current >= until)
            return S.current;
    }
}
