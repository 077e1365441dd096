/*
 * common.c - result records, the benchmarks' patterns and checks, and the
 * baselines' wait (the engine's policy, backoff.h) shared by all benchmark
 * programs (see common.h).
 * Both the BSPlib programs (bspcc) and the raw-MPI ones (mpicc) link it.
 */
#include <errno.h>
#include <sched.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "common.h"
#include "../runtime/src/core/backoff.h"
void
bench_record(const char *table, int p, const char *key, const char *role,
             const char *impl, double value)
{
    printf("@ %s %d %s %s %s %.6g\n", table, p, key, role, impl, value);
    fflush(stdout);
}

void
bench_record_detail(const char *table, int p, long x, const char *impl, double value)
{
    printf("@ %s %d %ld detail %s %.6g\n", table, p, x, impl, value);
    fflush(stdout);
}

int
bench_env_int(const char *name, int dflt)
{
    const char *s = getenv(name);
    if (!s || !*s)
        return dflt;
    char *end;
    long v = strtol(s, &end, 10);
    if (*end != '\0' || v < 0 || v > 1000000000L)
        bench_fail("%s=%s is not a count", name, s);
    return (int)v;
}

/* ---- the bulk transfers ---- */

int
bulk_sizes(long *sizes, int max)
{
    long top = bench_env_int("BENCH_BULK_MAX", 16 << 20);
    int n = 0;
    for (long s = 1024; s <= top && n < max; s *= 4)
        sizes[n++] = s;
    return n;
}

int
bulk_reps(long n)
{
    long r = (256L << 10) / n;
    return r < 1 ? 1 : r > 64 ? 64 : (int)r;
}

static inline unsigned char
bulk_byte(long i, int sender)
{
    return (unsigned char)((i * 7 + (i >> 12) + sender * 31) & 0xff);
}

void
bulk_fill(unsigned char *buf, long n, int sender)
{
    for (long i = 0; i < n; i++)
        buf[i] = bulk_byte(i, sender);
}

void
bulk_check(const unsigned char *buf, long n, int sender, const char *what)
{
    for (long i = 0; i < n; i++)
        if (buf[i] != bulk_byte(i, sender))
            bench_fail("%s of %ld bytes from process %d: byte %ld is %u, expected %u",
                       what, n, sender, i, buf[i], bulk_byte(i, sender));
}

/* ---- the irregular reads ---- */

long
irreg_block(void)
{
    static long bs;
    if (!bs)
        bs = bench_env_int("BENCH_IRREG_BLOCK", 1 << 20);
    if (bs < 1)
        bench_fail("BENCH_IRREG_BLOCK must be at least 1");
    return bs;
}

int
irreg_counts(int *ks, int max)
{
    int top = bench_env_int("BENCH_IRREG_KMAX", 256), n = 0;
    for (int k = 1; k <= top && n < max; k *= 16)
        ks[n++] = k;
    return n;
}

void
irreg_check(const double *got, int k, int me, int t, int p, const char *what)
{
    for (int j = 0; j < k; j++) {
        long i = irreg_index(me, t, j, p);
        if (got[j] != irreg_value(i))
            bench_fail("%s: process %d read %g as element %ld (read %d of %d, pattern %d), "
                       "expected %g", what, me, got[j], i, j, k, t, irreg_value(i));
    }
}

/* ---- waiting under load ---- */

void
load_check(const int *inbox, int me, int p, int n, const char *what)
{
    for (int s = 0; s < p; s++)
        if (s != me && inbox[s] != load_word(s, n))
            bench_fail("%s: process %d has %d from process %d in step %d, expected %d",
                       what, me, inbox[s], s, n, load_word(s, n));
}

const char *
load_machine(void)
{
    const char *m = getenv("BENCH_LOAD_MACHINE");
    return m && *m ? m : "as-is";
}

const char *
load_impl(const char *side, const char *env)
{
    static char name[64];
    const char *pol = getenv(env);
    snprintf(name, sizeof name, "%s/%s", side, pol && *pol ? pol : "backoff");
    return name;
}

/* ---- waiting: the engine's own policy step (runtime/src/core/backoff.h) ---- */

static struct ns_wait_conf wait_conf = NS_WAIT_CONF_DEFAULT;

static enum ns_wait_policy
wait_policy(void)
{
    const char *s = getenv("BENCH_WAIT_POLICY");
    enum ns_wait_policy policy;
    if (!ns_wait_policy_parse(s, &policy))
        bench_fail("BENCH_WAIT_POLICY=%s is not backoff or spin-yield", s);
    return policy;
}

/* The node's count of napping processes (backoff.h), in a shared window
 * as the engine keeps it in its segment; freed at the start of
 * MPI_Finalize (MPI_COMM_SELF's attributes are deleted first). */
static MPI_Win naps_win = MPI_WIN_NULL;

static int
naps_free(MPI_Comm comm, int key, void *value, void *extra)
{
    (void)comm, (void)key, (void)value, (void)extra;
    wait_conf.nappers = NULL;
    if (naps_win != MPI_WIN_NULL)
        MPI_Win_free(&naps_win);
    return MPI_SUCCESS;
}

static void
naps_share(MPI_Comm node, int local_rank)
{
    _Atomic int *count = NULL;
    MPI_Aint size = local_rank == 0 ? 64 : 0;
    int disp, key;
    if (MPI_Win_allocate_shared(size, 1, MPI_INFO_NULL, node, &count, &naps_win) != MPI_SUCCESS)
        return;
    MPI_Win_shared_query(naps_win, 0, &size, &disp, &count);
    if (local_rank == 0)
        atomic_init(count, 0);
    MPI_Barrier(node);
    wait_conf.nappers = count;
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, naps_free, &key, NULL);
    MPI_Comm_set_attr(MPI_COMM_SELF, key, NULL);
}

void
bench_wait_init(MPI_Comm comm)
{
    MPI_Comm node;
    int local, local_rank;
    MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    MPI_Comm_size(node, &local);
    MPI_Comm_rank(node, &local_rank);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int polls = bench_env_int("BENCH_SPIN_POLLS", (cores > 0 && local <= cores) ? 2000 : 8);
    wait_conf = ns_wait_conf_make(wait_policy(), polls,
                                  bench_env_int("BENCH_WAIT_SLEEP_AFTER", NS_WAIT_SLEEP_AFTER_US),
                                  bench_env_int("BENCH_WAIT_NAP_MAX", NS_WAIT_NAP_MAX_US),
                                  local);
    naps_share(node, local_rank);
    MPI_Comm_free(&node);
}

int bench_spin_polls(void) { return wait_conf.spin_polls; }

void
bench_wait(MPI_Request *req)
{
    struct ns_backoff b = { 0 };
    int done = 0;
    for (;;) {
        MPI_Test(req, &done, MPI_STATUS_IGNORE);
        if (done)
            break;
        ns_backoff_step(&b, &wait_conf);
    }
    ns_backoff_end(&b, &wait_conf);
}

void
bench_wait_all(int n, MPI_Request *reqs, MPI_Status *statuses)
{
    struct ns_backoff b = { 0 };
    int done = 0;
    if (n <= 0)
        return;
    for (;;) {
        /* MPICH's MPI_STATUSES_IGNORE is (MPI_Status *)1: not an overflow */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overflow"
        MPI_Testall(n, reqs, &done, statuses ? statuses : MPI_STATUSES_IGNORE);
#pragma GCC diagnostic pop
        if (done)
            break;
        ns_backoff_step(&b, &wait_conf);
    }
    ns_backoff_end(&b, &wait_conf);
}

void
bench_wait_until(int (*ready)(const void *arg), const void *arg)
{
    struct ns_backoff b = { 0 };
    while (!ready(arg))
        ns_backoff_step(&b, &wait_conf);
    ns_backoff_end(&b, &wait_conf);
}

double
bench_mpi_mean(double v, MPI_Comm comm)
{
    double sum = 0;
    int p;
    MPI_Comm_size(comm, &p);
    MPI_Allreduce(&v, &sum, 1, MPI_DOUBLE, MPI_SUM, comm);
    return sum / p;
}

static void
variant_step(int k, void *ctx)
{
    ((const struct bench_variant *)ctx)[k].one_step();
}

void
bench_time_variants_keyed(const struct bench_variant *v, int n, int rounds, int per,
                          const char *key)
{
    double med[n];
    int p, me;
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    bench_sweep(n, rounds, per, variant_step, (void *)v, med);
    for (int k = 0; k < n; k++) {
        double us = bench_mpi_mean(med[k], MPI_COMM_WORLD);
        if (me == 0)
            bench_record(v[k].table, p, key, v[k].role, v[k].name, us);
    }
}

void
bench_time_variants(const struct bench_variant *v, int n, int rounds, int per)
{
    bench_time_variants_keyed(v, n, rounds, per, "-");
}

void
bench_mpi_start(int *argc, char ***argv, int *p, int *me)
{
    MPI_Init(argc, argv);
    MPI_Comm_size(MPI_COMM_WORLD, p);
    MPI_Comm_rank(MPI_COMM_WORLD, me);
    bench_wait_init(MPI_COMM_WORLD);
}

int
bench_mpi_start_with_peer(int *argc, char ***argv, int *p, int *me)
{
    bench_mpi_start(argc, argv, p, me);
    if (*p < 2) {
        MPI_Finalize();
        return 0;
    }
    return 1;
}

void
coll_check(double got, double want, const char *what, int me, long n)
{
    if (got != want)
        bench_fail("%s: process %d has %g in step %ld, expected %g", what, me, got, n, want);
}
