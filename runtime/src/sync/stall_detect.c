/*
 * stall_detect.c - finding a job that can no longer move, and saying where
 * its processes are.
 *
 * Deadlock detection for the relaxed modes of NS_SYNC.  With no global
 * exchange, nothing tells a process that the puts its bspx_read waits for
 * will never come (a count too high, a put forgotten), and the job would
 * hang.  So process 0, once it has waited a while, runs waves of probes.
 * Every process answers a probe only while it too waits in a relaxed-mode
 * wait with its own sends complete, saying how many protocol messages it
 * has sent and received, which wait it is in and how many waits it has
 * entered.  Two complete waves with the same answers and as many messages
 * received as sent (Mattern's four-counter method) mean that every process
 * was waiting with no message on its way: nothing can change any more.
 * Process 0 then has the job stopped by the process whose bspx_read cannot
 * be met (or by itself), naming every process's wait.  A wait only changes
 * when a message arrives, so a job that can still move is never stopped,
 * however slow it is; time only decides when to look.
 *
 * In every mode, a process that stops the job over a disagreement or a
 * stall asks the processes it names where they are (the "where" question):
 * each answers from any wait of the engine once it is 1 ms old, looked at
 * by the stall watch that ns_backoff_idle calls after every 16th round of
 * polls that yielded or napped, so that a superstep whose waits end while
 * they spin pays nothing for it.  The stall timeout (NS_STALL_TIMEOUT,
 * seconds, off by default): a process whose wait has lasted that long asks
 * every process and stops the job, naming those that did not answer, which
 * have not reached a synchronisation (they compute, loop or are stopped),
 * and where the others wait.  The lowest waiting process reports: process
 * r looks r x 100 ms (at most 1 s) later than process 0, and a process
 * asked by another does not look any more.
 */
#include <stdio.h>
#include <time.h>
#include "internal.h"

#define E ns_eng

enum { TAG_PROBE = 72, TAG_REPORT, TAG_DEADLOCK };   /* after sync_relaxed.c's */

#define FIRST_LOOK_MS 50        /* a wait this old starts the first wave (NS_DEADLOCK_LOOK) */
#define CONFIRM_S    0.01       /* the second wave follows soon after */
#define MAX_GAP_S    1.0        /* waves of a long wait: doubling up to this */
#define LISTED       8          /* processes named in the message */
#define END_MARK     (-1)       /* the wave of a sender's last probe or report (ns_stall_stop) */

struct ns_stall ns_stall;
static double first_look_s = FIRST_LOOK_MS / 1000.0;

struct report {
    int64_t wave, sent, recv, wait_seq, superstep, expected, arrived;
    uint64_t area;
    int32_t what, line;
    char file[256];             /* the site's file; a longer one keeps its tail */
};

static struct {
    long idle;                  /* idle polls, to look only now and then */
    /* process 0 */
    int64_t wave;               /* the wave being collected (0: none yet) */
    int armed, nrep, prev_ok;
    struct report *cur, *prev;  /* [nprocs] this and the last complete wave */
    long seen_seq;              /* the wait the timer belongs to */
    double next_at, gap;
    int64_t probe_val;
    MPI_Request *probe_req;     /* [nprocs] */
    /* the others */
    int64_t asked, answered;
    struct report mine;
    /* both: the END_MARKs taken (ns_stall_stop) */
    int marks;
    MPI_Request report_req;
} S = { .report_req = MPI_REQUEST_NULL };

static const char *const what_names[] = {
    [NS_STALL_SYNC] = "bsp_sync", [NS_STALL_READ] = "bspx_read", [NS_STALL_END] = "bsp_end",
    [NS_STALL_LEND] = "bsp_sync",
};

/* The report's file and line: those of site. */
static void
set_file(struct report *r, const struct ns_site *site)
{
    r->line = site ? site->line : 0;
    r->file[0] = 0;
    if (site && site->file) {
        const char *f = site->file;
        size_t n = strlen(f);
        if (n < sizeof r->file)
            memcpy(r->file, f, n + 1);
        else
            snprintf(r->file, sizeof r->file, "...%s", f + n - (sizeof r->file - 4));
    }
}

static void
fill(struct report *r, int64_t wave, const struct ns_stall_wait *w)
{
    memset(r, 0, sizeof *r);
    r->wave = wave;
    r->sent = ns_stall.sent;
    r->recv = ns_stall.recv;
    r->wait_seq = ns_stall.wait_seq;
    r->superstep = E.superstep;
    r->what = w->what;
    set_file(r, w->site);
    if (w->what == NS_STALL_READ) {
        r->area = (uint64_t)(uintptr_t)w->area;
        r->expected = w->expected;
        r->arrived = ns_read_count(w->slots, 0);
    } else if (w->what == NS_STALL_LEND) {        /* the lend, not the sync, is named */
        long ngets = 0, served = 0;
        const struct ns_site *lend = NULL;
        r->area = (uint64_t)(uintptr_t)ns_lend_unmet(&ngets, &served, &lend);
        r->expected = ngets;
        r->arrived = served;
        set_file(r, lend);
    }
}

/* Whether the receive matched a message of this tag; takes it into buf. */
static int
take(int tag, void *buf, int size, int *src)
{
    int flag = 0;
    MPI_Status st;
    MPI_Iprobe(MPI_ANY_SOURCE, tag, E.comm, &flag, &st);
    if (!flag)
        return 0;
    int count;
    MPI_Get_count(&st, MPI_BYTE, &count);
    char *tmp = ns_xmalloc((size_t)count + 1);
    MPI_Request req;
    MPI_Irecv(tmp, count, MPI_BYTE, st.MPI_SOURCE, tag, E.comm, &req);
    ns_wait(&req);
    memcpy(buf, tmp, (size_t)(count < size ? count : size));
    if (tag == TAG_DEADLOCK)
        ((char *)buf)[count < size ? count : size - 1] = 0;
    free(tmp);
    *src = st.MPI_SOURCE;
    return 1;
}

static void
describe(char *out, size_t size, const struct report *r, int pid)
{
    const char *what = what_names[r->what];
    if (r->what == NS_STALL_READ)
        snprintf(out, size, "process %d waits in bspx_read(%p, %ld) at %s:%d in superstep "
                 "%ld, %ld put%s arrived", pid, (void *)(uintptr_t)r->area,
                 (long)r->expected, r->file[0] ? r->file : "?", r->line,
                 (long)r->superstep, (long)r->arrived, r->arrived == 1 ? "" : "s");
    else if (r->what == NS_STALL_LEND)
        snprintf(out, size, "process %d waits in bsp_sync for the gets of bspx_lend(%p, %ld) "
                 "at %s:%d in superstep %ld, %ld served", pid, (void *)(uintptr_t)r->area,
                 (long)r->expected, r->file[0] ? r->file : "?", r->line,
                 (long)r->superstep, (long)r->arrived);
    else
        snprintf(out, size, "process %d waits in %s at %s:%d in superstep %ld%s", pid,
                 what, r->file[0] ? r->file : "?", r->line, (long)r->superstep,
                 r->what == NS_STALL_SYNC ? " for its puts to be accepted or its gets "
                 "answered" : " for the transfers other processes announced");
}

/* Where a stopped wait is reported: a lend's wait at the bspx_lend. */
static const struct ns_site *
stop_site(const struct ns_stall_wait *w)
{
    long ngets, served;
    const struct ns_site *lend = NULL;
    if (w->what == NS_STALL_LEND && ns_lend_unmet(&ngets, &served, &lend) && lend)
        return lend;
    return w->site;
}

/* Process 0 found the deadlock: the first process whose bspx_read cannot be
 * met stops the job (its own line and site), else process 0. */
static void
stop_deadlocked(const struct ns_stall_wait *mine)
{
    int p = ns_proc.nprocs, culprit = 0;
    for (int i = p - 1; i >= 0; i--)
        if ((S.cur[i].what == NS_STALL_READ || S.cur[i].what == NS_STALL_LEND)
            && S.cur[i].arrived < S.cur[i].expected)
            culprit = i;
    char text[4096], part[512];
    size_t len = 0;
    len += (size_t)snprintf(text, sizeof text, "NS_SYNC=%s: deadlock: every process waits "
                            "and no message is on its way (", ns_sync_mode_name());
    for (int i = 0, listed = 0; i < p && len < sizeof text; i++) {
        if (listed == LISTED) {
            len += (size_t)snprintf(text + len, sizeof text - len, "; and %d more", p - i);
            break;
        }
        describe(part, sizeof part, &S.cur[i], i);
        len += (size_t)snprintf(text + len, sizeof text - len, "%s%s", listed ? "; " : "", part);
        listed++;
    }
    if (len < sizeof text)
        snprintf(text + len, sizeof text - len, "); the count passed to bspx_read must be the "
                 "number of puts that reach the area since its last bspx_read, the count "
                 "passed to bspx_lend the number of gets that read the area in its superstep "
                 "(NS_SYNC=relaxed-check compares each count with barrier mode's)");
    if (culprit == 0)
        ns_fatal(stop_site(mine), "%s", text);
    MPI_Request req;
    MPI_Isend(text, (int)strlen(text) + 1, MPI_CHAR, culprit, TAG_DEADLOCK, E.comm, &req);
    MPI_Request_free(&req);     /* the culprit stops the job */
}

static int
same(const struct report *a, const struct report *b)
{
    return a->sent == b->sent && a->recv == b->recv && a->wait_seq == b->wait_seq;
}

/* A complete wave: a deadlock, or remember it and look again later. */
static void
judge(const struct ns_stall_wait *w, double now)
{
    int p = ns_proc.nprocs, steady = S.prev_ok;
    int64_t sent = 0, recv = 0;
    for (int i = 0; i < p; i++) {
        steady &= same(&S.cur[i], &S.prev[i]);
        sent += S.cur[i].sent;
        recv += S.cur[i].recv;
    }
    if (steady && sent == recv) {
        stop_deadlocked(w);
        S.next_at = now + MAX_GAP_S;    /* the culprit stops the job */
    } else {
        S.next_at = now + (S.prev_ok ? S.gap : CONFIRM_S);
        if (S.prev_ok && S.gap < MAX_GAP_S)
            S.gap *= 2;
    }
    struct report *t = S.prev; S.prev = S.cur; S.cur = t;
    S.prev_ok = 1;
    S.armed = 0;
}

static void
coordinate(const struct ns_stall_wait *w, int (*sends_done)(void))
{
    int p = ns_proc.nprocs, src;
    struct report r;
    double now = ns_time();
    if (!S.cur) {
        S.cur = ns_xmalloc(sizeof *S.cur * (size_t)p);
        S.prev = ns_xmalloc(sizeof *S.prev * (size_t)p);
        S.probe_req = ns_xmalloc(sizeof *S.probe_req * (size_t)p);
        for (int i = 0; i < p; i++)
            S.probe_req[i] = MPI_REQUEST_NULL;
    }
    while (take(TAG_REPORT, &r, sizeof r, &src))
        if (r.wave == END_MARK) {
            S.marks++;
        } else if (S.armed && r.wave == S.wave) {
            S.cur[src] = r;
            S.nrep++;
        }
    if (S.seen_seq != ns_stall.wait_seq) {      /* a new wait: its own timer */
        S.seen_seq = ns_stall.wait_seq;
        if (!S.armed)
            S.next_at = now + first_look_s;
        S.gap = first_look_s > CONFIRM_S ? first_look_s : CONFIRM_S;
    }
    if (!S.armed && now >= S.next_at && sends_done()) {
        if (!ns_test_all(p, S.probe_req))
            return;
        S.wave++;
        S.probe_val = S.wave;
        for (int i = 1; i < p; i++)
            MPI_Isend(&S.probe_val, 1, MPI_INT64_T, i, TAG_PROBE, E.comm, &S.probe_req[i]);
        fill(&S.cur[0], S.wave, w);
        S.nrep = 1;
        S.armed = 1;
    }
    if (S.armed && S.nrep == p)
        judge(w, now);
}

static void
answer(const struct ns_stall_wait *w, int (*sends_done)(void))
{
    int64_t wave;
    int src;
    char text[4096];
    if (take(TAG_DEADLOCK, text, sizeof text, &src))
        ns_fatal(stop_site(w), "%s", text);
    while (take(TAG_PROBE, &wave, sizeof wave, &src))
        if (wave == END_MARK)
            S.marks++;
        else if (wave > S.asked)
            S.asked = wave;
    if (S.asked <= S.answered || !sends_done())
        return;
    ns_wait(&S.report_req);
    fill(&S.mine, S.asked, w);
    MPI_Isend(&S.mine, sizeof S.mine, MPI_BYTE, 0, TAG_REPORT, E.comm, &S.report_req);
    S.answered = S.asked;
}

void
ns_stall_idle(const struct ns_stall_wait *w, int (*sends_done)(void))
{
    if (++S.idle % 16)
        return;
    if (ns_proc.pid == 0)
        coordinate(w, sends_done);
    else
        answer(w, sends_done);
}

/* ---- where a process is (every mode) ---- */

enum { TAG_WHERE = 32760, TAG_HERE };   /* above every group's tags (16 a depth) */
#define ANSWER_AFTER_NS 1000000LL       /* a wait this old answers the question */
#define ASK_PATIENCE_S  2.0             /* how long a report waits for its answers */
#define STAGGER_NS      100000000LL     /* process r reports a stall r x this later */
#define STAGGER_MAX     10
#define QUIET_NS        10000000000LL   /* asked by a reporter: the job stops; don't report */

static struct {
    int timeout_s;              /* NS_STALL_TIMEOUT; 0: off */
    long long timeout_ns;
    int busy;                   /* in the watch or a question: its waits don't look */
    long long quiet_until_ns;   /* asked by another reporter: no report of mine */
} W;

static void
copy_tail(char *dst, size_t size, const char *f)
{
    dst[0] = 0;
    if (!f)
        return;
    size_t n = strlen(f);
    if (n < size)
        memcpy(dst, f, n + 1);
    else
        snprintf(dst, size, "...%s", f + n - (size - 4));
}

/* The site this process waits at: a relaxed-mode wait's own (a bspx_read,
 * a lend), NestStep's current step, else the sync (or start, or end) in
 * progress. */
static const struct ns_site *
here_site(void)
{
    if (ns_proc.sync_mode && ns_stall.cur)
        return stop_site(ns_stall.cur);
    if (strcmp(ns_end_call, "bsp_end") && ns_cur)
        return &ns_cur->site;
    return &E.site;
}

static void
where_now(struct ns_where *w, int in_wait)
{
    memset(w, 0, sizeof *w);
    const struct ns_site *site = here_site();
    w->superstep = E.superstep;
    w->in_wait = in_wait;
    w->line = site->line;
    snprintf(w->call, sizeof w->call, "%s", site->call ? site->call : "bsplib");
    copy_tail(w->file, sizeof w->file, site->file);
    if (ns_proc.sync_mode && ns_stall.cur) {
        struct report r;
        fill(&r, 0, ns_stall.cur);
        describe(w->text, sizeof w->text, &r, ns_proc.pid);
    }
    w->npush = E.reg.npush;
    for (int i = 0; i < E.reg.npush && i < NS_WHERE_PUSHES; i++) {
        const char *file;
        w->push[i].line = ns_reg_push_site(i, &file);
        copy_tail(w->push[i].file, sizeof w->push[i].file, file);
    }
}

/* "process P waits in CALL at FILE:LINE in superstep S" */
static void
describe_where(char *out, size_t size, const struct ns_where *w, int pid)
{
    char at[300];
    ns_where_site(at, sizeof at, w->file, w->line);
    if (w->text[0])
        snprintf(out, size, "%s", w->text);
    else
        snprintf(out, size, "process %d %s %s at %s in superstep %lld", pid,
                 w->in_wait ? "waits in" : "stops the job from", w->call, at,
                 (long long)w->superstep);
}

/* A message that has arrived (m), received at once. */
static void
take_matched(void *buf, int size, MPI_Message *m)
{
    MPI_Request req;
    int done = 0;
    MPI_Imrecv(buf, size, MPI_BYTE, m, &req);
    while (!done)
        MPI_Test(&req, &done, MPI_STATUS_IGNORE);
}

/* Answers every question that has arrived. */
static void
where_serve(int in_wait)
{
    for (;;) {
        int flag = 0;
        MPI_Message m;
        MPI_Status st;
        int64_t ask;
        MPI_Improbe(MPI_ANY_SOURCE, TAG_WHERE, E.comm, &flag, &m, &st);
        if (!flag)
            return;
        take_matched(&ask, sizeof ask, &m);
        W.quiet_until_ns = ns_backoff_clock_ns() + QUIET_NS;
        /* the job stops: the answer's buffer and request are never freed */
        struct ns_where *a = ns_xmalloc(sizeof *a);
        MPI_Request req;
        where_now(a, in_wait);
        MPI_Isend(a, sizeof *a, MPI_BYTE, st.MPI_SOURCE, TAG_HERE, E.comm, &req);
        MPI_Request_free(&req);
    }
}

void
ns_stall_serve(void)
{
    if (ns_proc.running && ns_proc.nprocs > 1 && !W.busy) {
        W.busy++;
        where_serve(0);
        W.busy--;
    }
}

int
ns_where_ask(const int *ranks, int n, struct ns_where *out, int *got)
{
    static const int64_t ask = 1;
    int left = 0;
    W.busy++;
    for (int i = 0; i < n; i++) {
        got[i] = ranks[i] == ns_proc.pid;
        if (got[i]) {
            where_now(&out[i], 1);
        } else {
            MPI_Request req;
            MPI_Isend(&ask, 1, MPI_INT64_T, ranks[i], TAG_WHERE, E.comm, &req);
            MPI_Request_free(&req);
            left++;
        }
    }
    struct ns_where *tmp = ns_xmalloc(sizeof *tmp);
    double end = MPI_Wtime() + ASK_PATIENCE_S;
    while (left > 0 && MPI_Wtime() < end) {
        int flag = 0;
        MPI_Message m;
        MPI_Status st;
        MPI_Improbe(MPI_ANY_SOURCE, TAG_HERE, E.comm, &flag, &m, &st);
        if (flag) {
            take_matched(tmp, sizeof *tmp, &m);
            for (int i = 0; i < n; i++)
                if (ranks[i] == st.MPI_SOURCE && !got[i]) {
                    out[i] = *tmp;
                    got[i] = 1;
                    left--;
                    break;
                }
            continue;
        }
        where_serve(1);             /* another reporter may ask me meanwhile */
        struct timespec nap = { 0, 100 * 1000 };
        nanosleep(&nap, NULL);
    }
    free(tmp);
    W.busy--;
    return n - left;
}

/* A wait has lasted NS_STALL_TIMEOUT: ask everybody, name who did not
 * answer and where the others are, and stop the job. */
static void __attribute__((noreturn))
stall_stop(long long waited_ns)
{
    int p = ns_proc.nprocs;
    int *ranks = ns_xmalloc(sizeof *ranks * (size_t)p), *got = ns_xmalloc(sizeof *got * (size_t)p);
    struct ns_where *w = ns_xmalloc(sizeof *w * (size_t)p);
    for (int i = 0; i < p; i++)
        ranks[i] = i;
    int answered = ns_where_ask(ranks, p, w, got), missing = p - answered;
    char text[8192], part[600];
    size_t len = 0;
#define ADD(...) \
    (len += len < sizeof text ? (size_t)snprintf(text + len, sizeof text - len, __VA_ARGS__) : 0)
    ADD("stall: ");
    if (missing) {
        ADD("%s", missing == 1 ? "process" : "processes");
        for (int i = 0, k = 0; i < p; i++) {
            if (got[i])
                continue;
            if (k == LISTED) {
                ADD(" and %d more", missing - k);
                break;
            }
            ADD("%s%d", k == 0 ? " " : k + 1 == missing ? " and " : ", ", i);
            k++;
        }
        ADD(" %s not reached a synchronisation after %.1f s (NS_STALL_TIMEOUT=%d): %s, loops, "
            "waits outside the library or is stopped", missing == 1 ? "has" : "have",
            waited_ns / 1e9, W.timeout_s, missing == 1 ? "it computes" : "each computes");
    } else {
        ADD("no process has moved for %.1f s (NS_STALL_TIMEOUT=%d), and every one waits in "
            "the library", waited_ns / 1e9, W.timeout_s);
    }
    for (int i = 0, k = 0; i < p; i++) {
        if (!got[i])
            continue;
        if (k == LISTED) {
            ADD("; and %d more waiting", answered - k);
            break;
        }
        describe_where(part, sizeof part, &w[i], i);
        ADD("; %s", part);
        k++;
    }
    if (missing)
        ADD("; if %s only compute%s long, raise NS_STALL_TIMEOUT (0: no limit)",
            missing == 1 ? "it" : "they", missing == 1 ? "s" : "");
#undef ADD
    ns_fatal(here_site(), "%s", text);
}

void
ns_stall_watch(struct ns_backoff *b)
{
    if (W.busy || !ns_proc.running || ns_proc.nprocs < 2)
        return;
    long long now = ns_backoff_clock_ns();
    if (!b->watch_ns) {
        b->watch_ns = now;
        return;
    }
    long long waited = now - b->watch_ns;
    if (waited < ANSWER_AFTER_NS)
        return;
    W.busy++;
    where_serve(1);
    int r = ns_proc.pid < STAGGER_MAX ? ns_proc.pid : STAGGER_MAX;
    if (W.timeout_ns && now >= W.quiet_until_ns && waited >= W.timeout_ns + r * STAGGER_NS)
        stall_stop(waited);
    W.busy--;
}

void
ns_stall_init(void)
{
    first_look_s = ns_env_int("NS_DEADLOCK_LOOK", FIRST_LOOK_MS, 0, 1000000) / 1000.0;
    W.timeout_s = ns_env_int("NS_STALL_TIMEOUT", 0, 0, 1000000);
    W.timeout_ns = 1000000000LL * W.timeout_s;
    ns_wait_watch = ns_stall_watch;
    ns_fatal_serve = ns_stall_serve;
    ns_combine_where_ask = ns_where_ask;
}

/* Takes the messages of tag up to the END_MARK of every sender (n), some
 * of which a wait of bsp_end may have taken already. */
static void
take_until_marks(int tag, int n)
{
    int src;
    struct report r;
    struct ns_backoff b = { 0 };
    while (S.marks < n) {
        if (take(tag, &r, sizeof r, &src)) {
            S.marks += r.wave == END_MARK;
            ns_backoff_done(&b);
        } else {
            ns_backoff_idle(&b);
        }
    }
    ns_backoff_done(&b);
}

/* At bsp_end, after every transfer is complete.  A probe or report still
 * on its way (the wave of a wait that has ended since) must be received
 * before MPI_Finalize, or it stays in the receiver's queue (UCX warns of
 * it at the end).  So process 0 sends every other process a last probe,
 * marked, and each of them process 0 a last report, marked; MPI keeps the
 * order of one sender's messages of one tag, so whoever has taken the
 * marks has taken everything sent before them.  2(p - 1) messages, once. */
void
ns_stall_stop(void)
{
    int p = ns_proc.nprocs;
    static const int64_t mark = END_MARK;
    ns_wait(&S.report_req);
    if (S.probe_req)
        for (int i = 0; i < p; i++)
            ns_wait(&S.probe_req[i]);
    if (p > 1 && ns_proc.pid == 0) {
        MPI_Request *reqs = ns_xmalloc(sizeof *reqs * (size_t)p);
        for (int i = 1; i < p; i++)
            MPI_Isend(&mark, 1, MPI_INT64_T, i, TAG_PROBE, E.comm, &reqs[i]);
        take_until_marks(TAG_REPORT, p - 1);
        ns_wait_all(p - 1, reqs + 1);
        free(reqs);
    } else if (p > 1) {
        MPI_Request req;
        MPI_Isend(&mark, 1, MPI_INT64_T, 0, TAG_REPORT, E.comm, &req);
        take_until_marks(TAG_PROBE, 1);
        ns_wait(&req);
    }
    free(S.cur); free(S.prev); free(S.probe_req);
    memset(&S, 0, sizeof S);
    S.report_req = MPI_REQUEST_NULL;
    memset(&ns_stall, 0, sizeof ns_stall);
}
