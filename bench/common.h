/*
 * common.h - what every benchmark program shares: the measuring that
 * bspprobe shares too (measure.h, in lib-bsplib/tools/probe/: the clock,
 * statistics, the timing sweep, failure exit, the h-relation pattern), the
 * result records that report.py reads, the bulk patterns with their checks,
 * and the one way the raw-MPI baselines wait: the engine's (test, spin,
 * yield, nap).
 */
#ifndef BENCH_COMMON_H
#define BENCH_COMMON_H

#include <mpi.h>
#include <stdint.h>

#include "measure.h"

/* ---- results and knobs ---- */
/* One result record on stdout, read by report.py:
 *   @ <table> <p> <key> <role> <impl> <value>
 * role is "ours", "base" (a baseline that competes for best) or "ref"
 * (shown for reference only); key is "-" when a table has one row per p. */
void bench_record(const char *table, int p, const char *key, const char *role,
                  const char *impl, double value);
/* A detail record (per-point times behind a fitted line), kept in the raw
 * output for inspection but not tabulated: "@ <table> <p> <x> detail <impl> <value>". */
void bench_record_detail(const char *table, int p, long x, const char *impl, double value);
/* Iteration counts etc. from the environment, with a default. */
int bench_env_int(const char *name, int dflt);

/* ---- the bulk transfers of bulk_bsp.c and bulk_mpi.c ----
 * Each process sends n bytes to the next one, (me + 1) % p, for n = 1 KiB,
 * 4 KiB, ..., BENCH_BULK_MAX (16 MiB).  A timed step repeats the transfer
 * bulk_reps(n) times so that small sizes are not lost in clock noise. */
int  bulk_sizes(long *sizes, int max);          /* returns how many */
int  bulk_reps(long n);
void bulk_fill(unsigned char *buf, long n, int sender);
/* Checks n bytes that process sender filled; bench_fail names `what`. */
void bulk_check(const unsigned char *buf, long n, int sender, const char *what);

/* ---- the combines of combine_ns.c and combine_mpi.c ----
 * In its step number n (1, 2, ...) process s contributes
 * combine_value(s, n); the values are small integers, so their sums are
 * exact in any order.  combine_sum(lo, hi, n): the sum over s in [lo, hi). */
static inline double
combine_value(int s, long n)
{
    return (double)(s + 1) + (double)(n & 1023);
}
static inline double
combine_sum(int lo, int hi, long n)
{
    double sum = 0;
    for (int s = lo; s < hi; s++)
        sum += combine_value(s, n);
    return sum;
}

/* ---- the irregular reads of irreg_ns.c and irreg_mpi.c ----
 * A block-distributed array of irreg_block() doubles per process (default
 * 2^20, BENCH_IRREG_BLOCK) holding irreg_value(i) at global index i.  In
 * pattern t, process me reads k elements; its j-th is irreg_index(me, t, j,
 * p): uniformly random (seeded, so the same on both sides) among the
 * elements that other processes own (any element when p = 1). */
long irreg_block(void);
static inline uint64_t
irreg_mix(uint64_t z)                           /* splitmix64's finalizer */
{
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static inline long
irreg_index(int me, int t, long j, int p)
{
    long bs = irreg_block();
    uint64_t r = irreg_mix(0x4e53u ^ ((uint64_t)me << 48) ^ ((uint64_t)t << 32) ^ (uint64_t)j);
    if (p == 1)
        return (long)(r % (uint64_t)bs);
    int own = (int)((me + 1 + (long)((r >> 40) % (uint64_t)(p - 1))) % p);
    return (long)own * bs + (long)((r & 0xffffffffffull) % (uint64_t)bs);
}
static inline double
irreg_value(long i)
{
    return 0.25 * (double)i + 3.0;
}
/* The read counts k of the table (1, 16, 256; BENCH_IRREG_KMAX caps them). */
int irreg_counts(int *ks, int max);
/* Checks the k values process me read in pattern t; bench_fail names `what`. */
void irreg_check(const double *got, int k, int me, int t, int p, const char *what);

/* ---- the prefix sums of parprefix_ns.c and parprefix_seq.c ----
 * Input element i is i % 7 + 1 (as in testsuite/neststep/parprefix.c); the
 * exclusive prefix at i, the sum of the inputs before it, is
 * prefix_exclusive(i). */
static inline int
prefix_input(long i)
{
    return (int)(i % 7) + 1;
}
static inline long
prefix_exclusive(long i)
{
    long r = i % 7;
    return 28 * (i / 7) + r * (r + 1) / 2;
}

/* ---- the sort of sort_nsc.nst and sort_seq.c ----
 * Key i is a float holding a hash of i in 0..999999 (at N = 10^7, about
 * ten copies of each value, like the keys of samples/neststep/quicksort.nst
 * with its default range). */
static inline float
sort_key(long i)
{
    return (float)(irreg_mix(0x50525453ull ^ (uint64_t)i) % 1000000u);
}

/* ---- the collectives of coll_bsp.c and coll_mpi.c ----
 * Sizes: one word (a double) and 1 MiB (coll_sizes).  In its step number n
 * process s holds coll_value(s, i, n) at double i of its source; fold and
 * scan add them elementwise (small integers: exact in any order); bcast
 * sends from root n % p; the total exchange gives each process a block of
 * max(1, words / p) doubles of each (one word, or 1 MiB in all). */
static inline double
coll_value(int s, long i, long n)
{
    return (double)(s + 1) + (double)((i + n) & 1023);
}
static inline long
coll_block(long words, int p)
{
    return words / p > 1 ? words / p : 1;
}
/* Process me's source of step n: n doubles of coll_value. */
static inline void
coll_fill(double *src, long words, int me, long n)
{
    for (long i = 0; i < words; i++)
        src[i] = coll_value(me, i, n);
}
/* The sum of double i over processes lo..hi-1 in step n. */
static inline double
coll_sum(int lo, int hi, long i, long n)
{
    double s = 0;
    for (int q = lo; q < hi; q++)
        s += coll_value(q, i, n);
    return s;
}
/* Fails unless got == want, naming the collective, the process and step. */
void coll_check(double got, double want, const char *what, int me, long n);

/* ---- waiting, for the raw-MPI baselines ---- */
/* The engine's waiting step (runtime/src/core/backoff.h) with the engine's
 * defaults: spin a number of failed polls before each sched_yield, few when
 * the processes on this node outnumber its cores, many when they do not
 * (BENCH_SPIN_POLLS overrides); after waiting long, nap instead
 * (BENCH_WAIT_POLICY: backoff or spin-yield; BENCH_WAIT_SLEEP_AFTER,
 * BENCH_WAIT_NAP_MAX in us).  Call after MPI_Init. */
void bench_wait_init(MPI_Comm comm);
/* MPI_Init, size and rank of MPI_COMM_WORLD, and bench_wait_init. */
void bench_mpi_start(int *argc, char ***argv, int *p, int *me);
/* The same for a baseline that needs a peer: returns 0 (after
 * MPI_Finalize) when there is only one process. */
int bench_mpi_start_with_peer(int *argc, char ***argv, int *p, int *me);
int  bench_spin_polls(void);
void bench_wait(MPI_Request *req);
/* Statuses may be NULL (MPI_STATUSES_IGNORE). */
void bench_wait_all(int n, MPI_Request *reqs, MPI_Status *statuses);
/* Waits the same way until ready(arg) returns nonzero. */
void bench_wait_until(int (*ready)(const void *arg), const void *arg);
/* Mean over the processes of comm of one value per process (collective;
 * blocking, so call it outside timed regions). */
double bench_mpi_mean(double v, MPI_Comm comm);
/* MPI baselines of one step each, timed interleaved (bench_sweep: rounds of
 * per steps) on MPI_COMM_WORLD; process 0 records, in table `table`, the
 * mean over processes of each one's median time per step. */
struct bench_variant {
    const char *table, *role, *name;
    void (*one_step)(void);
};
void bench_time_variants(const struct bench_variant *v, int n, int rounds, int per);
/* The same with the records' key (bench_time_variants: "-"). */
void bench_time_variants_keyed(const struct bench_variant *v, int n, int rounds, int per,
                               const char *key);

/* ---- the waiting-under-load steps of load_bsp.c and load_mpi.c ----
 * In its step number n process s sends load_word(s, n) to every other
 * process; load_check fails unless inbox[s] holds it for every s != me. */
static inline int
load_word(int s, int n)
{
    return s * 1000003 + n;
}
void load_check(const int *inbox, int me, int p, int n, const char *what);
/* The record key: the machine's state as load.sh says (BENCH_LOAD_MACHINE:
 * quiet or loaded; "as-is" when unset). */
const char *load_machine(void);
/* The record's impl: "<side>/<policy>", the policy from environment
 * variable env (backoff when unset, as in the engine). */
const char *load_impl(const char *side, const char *env);

#endif /* BENCH_COMMON_H */
