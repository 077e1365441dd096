/*
 * stall_detect.c - deadlock detection for the relaxed modes of NS_SYNC.
 * With no global exchange, nothing tells a process that the puts its
 * bspx_read waits for will never come (a count too high, a put forgotten),
 * and the job would hang.  So process 0, once it has waited a while, runs
 * waves of probes.  Every process answers a probe only while it too waits
 * in a relaxed-mode wait with its own sends complete, saying how many
 * protocol messages it has sent and received, which wait it is in and how
 * many waits it has entered.  Two complete waves with the same answers and
 * as many messages received as sent (Mattern's four-counter method) mean
 * that every process was waiting with no message on its way: nothing can
 * change any more.  Process 0 then has the job stopped by the process whose
 * bspx_read cannot be met (or by itself), naming every process's wait.
 * A wait only changes when a message arrives, so a job that can still move
 * is never stopped, however slow it is; time only decides when to look.
 */
#include <stdio.h>
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

void
ns_stall_init(void)
{
    first_look_s = ns_env_int("NS_DEADLOCK_LOOK", FIRST_LOOK_MS, 0, 1000000) / 1000.0;
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
