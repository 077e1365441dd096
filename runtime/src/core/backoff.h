/*
 * backoff.h - what a waiting process does after each failed poll: spin,
 * then yield the processor, and once the wait has outlasted the process's
 * patience (which shrinks on a machine that other jobs load), nap in
 * sleeps that grow to a bound, so that a loaded machine is shared fairly.
 * Header-only and free of MPI, so that the raw-MPI baselines of bench/ wait
 * exactly as the engine does (wait.c holds the engine's settings).
 */
#ifndef NS_BACKOFF_H
#define NS_BACKOFF_H

#include <fcntl.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum ns_wait_policy {
    NS_WAIT_BACKOFF,            /* spin, yield, then nap once out of patience */
    NS_WAIT_SPIN_YIELD          /* spin, yield, forever (the policy before backoff) */
};

/* Defaults of the backoff (knobs NS_WAIT_SLEEP_AFTER, NS_WAIT_NAP_MAX) and
 * its fixed times. */
#define NS_WAIT_SLEEP_AFTER_US  1000    /* the most patience: nap after this long */
#define NS_WAIT_PATIENCE_MIN_US 16      /* the least patience, on a loaded machine */
#define NS_WAIT_NAP_MIN_US      50      /* the first nap of a wait */
#define NS_WAIT_NAP_MAX_US      200     /* naps double up to this */
#define NS_WAIT_YIELD_SLOW_US   100     /* a yield this long: another job had the core */
#define NS_WAIT_PROBE_MS        20      /* impatient: try full patience this often */
#define NS_WAIT_LOAD_MS         10      /* how long a look at the machine's load holds */

/* The policy and what the process has learnt about the machine: its
 * patience, how long a wait spins and yields before it naps.  A wait that
 * outlasts the patience, or in which a yield took long (another job had the
 * core: on a machine so loaded each yield can cost that job's time slice),
 * halves it, down to patience_min_ns; a wait that ends within it doubles
 * it, up to sleep_after_ns.  While the patience is short, one wait every
 * NS_WAIT_PROBE_MS runs with full patience and restores it if it ends in
 * time with fast yields: processes that nap wait for each other's naps, so
 * without this probe they could go on napping on a machine gone quiet. */
struct ns_wait_conf {
    enum ns_wait_policy policy;
    int spin_polls;             /* failed polls before each yield or nap */
    long long sleep_after_ns, patience_min_ns;
    long nap_min_ns, nap_max_ns;
    long long patience_ns;      /* now, in [patience_min_ns, sleep_after_ns] */
    long long next_probe_ns;    /* the first wait from then on is a probe */
    /* The job's processes on this node (0: unknown), and what the last look
     * at the machine's run queue found: whether more tasks were runnable
     * than those, and until when that holds. */
    int local_procs;
    int foreign;
    long long foreign_until_ns;
    /* How many of those nap now: a counter in memory the node's processes
     * share, raised around each nap (NULL: none, counted as 0). */
    _Atomic int *nappers;
};

/* One wait's state; zero it ({ 0 }) at the start of a wait, and end it
 * (ns_backoff_end) when the wait is over or makes progress, which also
 * zeroes it: a process spins again as soon as messages flow. */
struct ns_backoff {
    int polls;                  /* failed polls since the last yield or nap */
    int slow;                   /* a yield took long, or the wait napped */
    int probe;                  /* this wait has full patience */
    long nap_ns;                /* length of the last nap; 0: not napping yet */
    long long since_ns;         /* when the wait began; 0: not yet read */
    /* the engine's stall watch (wait.c): yield rounds so far, and when the
     * watch first looked at this wait (0: not yet) */
    unsigned rounds;
    long long watch_ns;
};

static inline long long
ns_backoff_clock_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec + 1;     /* never 0 */
}

/* Whether tasks other than this job's want the processors: the running
 * count of /proc/loadavg ("R/T", R counting the reader and this job's
 * runnable processes) above the job's processes on this node that are not
 * napping, plus one.  Looked at most every NS_WAIT_LOAD_MS.  Unknown (no
 * /proc, or the job's size on the node unknown): yes, so that the wait
 * behaves as without it.  A wait naps only then: when the processes that
 * share the cores are this job's own (more processes than cores), a yield
 * that takes long only means that they ran, and napping would delay the one
 * a wait is for.  The nappers must be left out: a napping process is not
 * runnable, so with other jobs running, the count falls below the job's
 * size as soon as a few nap, and the rest would stop napping.  A wait that
 * has lasted sleep_after_ns naps whatever the load: it waits for a process
 * that computes, and yielding would still take that one's share. */
static inline int
ns_backoff_foreign_load(struct ns_wait_conf *c, long long now)
{
    if (now < c->foreign_until_ns)
        return c->foreign;
    c->foreign_until_ns = now + 1000000LL * NS_WAIT_LOAD_MS;
    c->foreign = 1;
    char buf[128];
    int fd = c->local_procs > 0 ? open("/proc/loadavg", O_RDONLY) : -1;
    if (fd < 0)
        return 1;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0)
        return 1;
    buf[n] = 0;
    const char *p = buf;
    for (int field = 0; field < 3 && p; field++)        /* "l1 l5 l15 R/T last" */
        if ((p = strchr(p, ' ')))
            p++;
    if (!p)
        return 1;
    long running = strtol(p, NULL, 10);
    int napping = c->nappers ? atomic_load_explicit(c->nappers, memory_order_relaxed) : 0;
    c->foreign = running > c->local_procs - napping + 1;
    return c->foreign;
}

/* Called after each failed poll. */
static inline void
ns_backoff_step(struct ns_backoff *b, struct ns_wait_conf *c)
{
    if (++b->polls < c->spin_polls)
        return;
    b->polls = 0;
    if (c->policy == NS_WAIT_SPIN_YIELD) {
        sched_yield();
        return;
    }
    long long now = ns_backoff_clock_ns();
    if (!b->since_ns) {                 /* the first yield: the wait's clock starts */
        b->since_ns = now;
        if (c->patience_ns < c->sleep_after_ns && now >= c->next_probe_ns) {
            b->probe = 1;
            c->next_probe_ns = now + 1000000LL * NS_WAIT_PROBE_MS;
        }
    }
    long long waited = now - b->since_ns;
    if ((!b->slow && waited < (b->probe ? c->sleep_after_ns : c->patience_ns))
        || (waited < c->sleep_after_ns && !ns_backoff_foreign_load(c, now))) {
        sched_yield();
        if (ns_backoff_clock_ns() - now >= 1000LL * NS_WAIT_YIELD_SLOW_US)
            b->slow = 1;                /* nap from now on, if others want the cores */
        return;
    }
    b->slow = 1;
    b->nap_ns = !b->nap_ns ? c->nap_min_ns
              : 2 * b->nap_ns < c->nap_max_ns ? 2 * b->nap_ns : c->nap_max_ns;
    struct timespec nap = { b->nap_ns / 1000000000L, b->nap_ns % 1000000000L };
    if (c->nappers)
        atomic_fetch_add_explicit(c->nappers, 1, memory_order_relaxed);
    nanosleep(&nap, NULL);
    if (c->nappers)
        atomic_fetch_sub_explicit(c->nappers, 1, memory_order_relaxed);
}

/* The wait is over, or has made progress: adapt the patience to how it
 * went (a wait that never got to yield says nothing: short waits read no
 * clock) and start afresh. */
static inline void
ns_backoff_end(struct ns_backoff *b, struct ns_wait_conf *c)
{
    if (b->since_ns) {
        long long took = ns_backoff_clock_ns() - b->since_ns;
        if (!b->slow && b->probe)
            c->patience_ns = c->sleep_after_ns;
        else if (!b->slow && took < c->patience_ns)
            c->patience_ns = 2 * c->patience_ns < c->sleep_after_ns ? 2 * c->patience_ns
                                                                     : c->sleep_after_ns;
        else
            c->patience_ns = c->patience_ns / 2 > c->patience_min_ns ? c->patience_ns / 2
                                                                      : c->patience_min_ns;
    }
    b->polls = b->slow = b->probe = 0;
    b->nap_ns = 0;
    b->since_ns = 0;
    b->rounds = 0;
    b->watch_ns = 0;
}

/* The policy named s (NULL or empty: backoff); 0 if s names none. */
static inline int
ns_wait_policy_parse(const char *s, enum ns_wait_policy *policy)
{
    if (!s || !*s || strcmp(s, "backoff") == 0)
        *policy = NS_WAIT_BACKOFF;
    else if (strcmp(s, "spin-yield") == 0)
        *policy = NS_WAIT_SPIN_YIELD;
    else
        return 0;
    return 1;
}

/* A configuration from its knobs (microseconds); spin_polls as given. */
static inline struct ns_wait_conf
ns_wait_conf_make(enum ns_wait_policy policy, int spin_polls, long sleep_after_us,
                  long nap_max_us, int local_procs)
{
    long nap_min_us = nap_max_us < NS_WAIT_NAP_MIN_US ? nap_max_us : NS_WAIT_NAP_MIN_US;
    long min_us = sleep_after_us < NS_WAIT_PATIENCE_MIN_US ? sleep_after_us
                                                           : NS_WAIT_PATIENCE_MIN_US;
    return (struct ns_wait_conf){ policy, spin_polls, 1000LL * sleep_after_us,
                                  1000LL * min_us, 1000L * nap_min_us, 1000L * nap_max_us,
                                  1000LL * sleep_after_us, 0, local_procs, 0, 0, NULL };
}

/* Until the knobs are read: the defaults, 16 polls. */
#define NS_WAIT_CONF_DEFAULT { NS_WAIT_BACKOFF, 16, 1000LL * NS_WAIT_SLEEP_AFTER_US, \
    1000LL * NS_WAIT_PATIENCE_MIN_US, 1000L * NS_WAIT_NAP_MIN_US, 1000L * NS_WAIT_NAP_MAX_US, \
    1000LL * NS_WAIT_SLEEP_AFTER_US, 0, 0, 0, 0, NULL }

#endif /* NS_BACKOFF_H */
