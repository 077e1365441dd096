/*
 * parprefix_ns.c - our side of table "parprefix": seed 002 Figure 2, the
 * parallel prefix sum of a block-distributed int array, as nsc emits it
 * (the function parprefix of testsuite/Inputs/parprefix.h, shared with
 * the test), on BENCH_PARPREFIX_N (10^7) ints.  Compare with the plain
 * sequential loop of parprefix_seq.c.  Timed: the call of parprefix() only
 * (its two supersteps, its new_Array and free_Array), from a common start
 * (an empty step before it); the array is set again before each
 * repetition, untimed, and the result of each is checked, untimed.
 * Alternating with it, for reference: parprefix_plain(), the same
 * algorithm with plain-C loops, one_pass(), the bound, and
 * read_then_one_pass(), the bound of a prefix that reads before it writes.
 */
#include <neststep.h>
#include <stdlib.h>
#include "common.h"
#include "nscommon.h"

#include "parprefix.h"             /* testsuite/Inputs: the function of the test */

/* Reference only: the same algorithm, steps and new_Array, with the two
 * loops over my block written as plain C on the local storage (one write
 * mark for sum, none per element).  The gap to parprefix() is the cost of
 * the forall shapes nsc emits (docs/runtime-abi.md); the gap to the
 * sequential loop is the algorithm's second pass and its temporary array. */
static int
parprefix_plain(ns_darray *a)
{
    int *pre, myoffset, *loc = (int *)a->local;
    long nl = a->nlocal;
    int sum = 0, s = 0;
    ns_shvar sv_sum;
    ns_sh_declare(&sv_sum, "sum", &sum, 1, Type_int, sizeof sum, NS_OP_FIRST, NULL);

    ns_step_begin(NS_AT("step"));
    pre = new_Array((size_t)nl, Type_int);
    for (long k = 0; k < nl; k++) {
        pre[k] = s;
        s += loc[k];
    }
    ns_sh_w(&sv_sum, 0, NS_AT("sum")), sum = s;
    ns_combine_prefix(&sv_sum, NS_OP_ADD, NULL, &myoffset);
    ns_step_end();

    ns_step_begin(NS_AT("step"));
    for (long k = 0; k < nl; k++)
        loc[k] = pre[k] + myoffset;
    ns_step_end();
    free_Array(pre);
    ns_sh_undeclare(&sv_sum);
    return sum;
}

/* Reference only, and not a prefix sum across processes: one in-place
 * exclusive scan of my block and nothing else, timed like parprefix()
 * (from a common start to the end of a step).  Every parallel prefix must
 * at least read and write each element once, so sequential time over this
 * time bounds the speedup any parprefix can reach on this machine. */
static double
one_pass(ns_darray *a)
{
    int *loc = (int *)a->local, s = 0;
    for (long k = 0; k < a->nlocal; k++)
        loc[k] = prefix_input(DArray_index(a, k));
    ns_step_begin(NS_AT("step"));
    ns_step_end();
    double t0 = bench_now();
    ns_step_begin(NS_AT("step"));
    for (long k = 0; k < a->nlocal; k++) {
        int v = loc[k];
        loc[k] = s;
        s += v;
    }
    ns_step_end();
    double t = bench_now() - t0;
    if (a->nlocal > 0 && s < 0)         /* keeps the loop; inputs are small and positive */
        bench_fail("one pass: sum %d overflowed", s);
    return t;
}

/* Reference only: the bound of every prefix whose writes must wait for a
 * read of the lower blocks (parprefix_fast.nst is one).  The last
 * processor can write no element before the sums of all lower blocks are
 * known, which takes their owners a read-only pass; then it must still
 * make its own in-place pass.  So: the fastest read-only pass over my
 * block that we know in plain C (four streams a quarter of the block
 * apart, summed side by side, which keeps more cache misses in flight
 * than one stream), the prefix combine of the sums, and the in-place pass
 * of one_pass(), timed like it.  Its ratio to one_pass() is how close to
 * the one-pass bound any such algorithm can come on this machine. */
static double
read_then_one_pass(ns_darray *a)
{
    int *loc = (int *)a->local, s0 = 0, s1 = 0, s2 = 0, s3 = 0, sum, offset;
    long nl = a->nlocal, q = nl / 4, k;
    ns_shvar sv_sum;
    ns_sh_declare(&sv_sum, "sum", &sum, 1, Type_int, sizeof sum, NS_OP_FIRST, NULL);
    for (k = 0; k < nl; k++)
        loc[k] = prefix_input(DArray_index(a, k));
    ns_step_begin(NS_AT("step"));
    ns_step_end();
    double t0 = bench_now();
    ns_step_begin(NS_AT("step"));
    for (k = 0; k < q; k++) {
        s0 += loc[k];
        s1 += loc[k + q];
        s2 += loc[k + 2 * q];
        s3 += loc[k + 3 * q];
    }
    for (k = 4 * q; k < nl; k++)
        s0 += loc[k];
    ns_sh_w(&sv_sum, 0, NS_AT("sum")), sum = s0 + s1 + s2 + s3;
    ns_combine_prefix(&sv_sum, NS_OP_ADD, NULL, &offset);
    ns_step_end();
    ns_step_begin(NS_AT("step"));
    int s = offset;
    for (k = 0; k < nl; k++) {
        int v = loc[k];
        loc[k] = s;
        s += v;
    }
    ns_step_end();
    double t = bench_now() - t0;
    if (sum != prefix_exclusive(ns_da_length(a)))
        bench_fail("read then one pass: sum %d, expected %ld", sum,
                   prefix_exclusive(ns_da_length(a)));
    ns_sh_undeclare(&sv_sum);
    return t;
}

/* Sets the input, runs f from a common start (an empty step), checks the
 * result; returns the time of f in seconds. */
static double
run_checked(ns_darray *a, int (*f)(ns_darray *), const char *what)
{
    long n = ns_da_length(a), i;
    for (ns_iter it = ns_forall(a, 0, n - 1, 1); ns_next(&it, &i); )
        *(int *)ns_da_wlocal(a, i) = prefix_input(i);
    ns_step_begin(NS_AT("step"));
    ns_step_end();
    double t0 = bench_now();
    int total = f(a);
    double t = bench_now() - t0;
    long first = n, last = -1;          /* check my elements and the total */
    for (ns_iter it = ns_forall(a, 0, n - 1, 1); ns_next(&it, &i); ) {
        first = first < i ? first : i;
        last = i;
    }
    long expect = prefix_exclusive(first);
    for (long k = first; k <= last; k++) {
        int got = *(int *)ns_da_local(a, k);
        if (got != expect)
            bench_fail("%s of %ld ints: process %d has %d at %ld, expected %ld",
                       what, n, NestStep_rank(), got, k, expect);
        expect += prefix_input(k);
    }
    if (total != prefix_exclusive(n))
        bench_fail("%s of %ld ints: process %d has sum %d, expected %ld",
                   what, n, NestStep_rank(), total, prefix_exclusive(n));
    return t;
}

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    int P = NestStep_size(), ME = NestStep_rank();
    long n = bench_env_int("BENCH_PARPREFIX_N", 10000000);
    int reps = bench_env_int("BENCH_PARPREFIX_REPS", 9);
    if (reps < 1)
        bench_fail("BENCH_PARPREFIX_REPS must be at least 1");
    double *t = malloc(sizeof *t * (size_t)reps), *tp = malloc(sizeof *tp * (size_t)reps);
    double *tb = malloc(sizeof *tb * (size_t)reps), *tr = malloc(sizeof *tr * (size_t)reps);
    ns_darray *a = ns_da_new("a", n, 1, Type_int, sizeof(int), NS_BLOCK, NS_OP_FIRST, NULL);
    if (!t || !tp || !tb || !tr)
        bench_fail("out of memory");
    for (int r = 0; r < reps; r++) {    /* alternating */
        t[r] = run_checked(a, parprefix, "parprefix");
        tp[r] = run_checked(a, parprefix_plain, "parprefix with plain-C loops");
        tb[r] = one_pass(a);
        tr[r] = read_then_one_pass(a);
    }
    double ms = bench_ns_mean(1e3 * bench_median(t, reps));
    double msp = bench_ns_mean(1e3 * bench_median(tp, reps));
    double msb = bench_ns_mean(1e3 * bench_median(tb, reps));
    double msr = bench_ns_mean(1e3 * bench_median(tr, reps));
    if (ME == 0) {
        bench_record("parprefix", P, "-", "ours", "parprefix", ms);
        bench_record("parprefix", P, "-", "ref", "plain-C_loops", msp);
        bench_record("parprefix", P, "-", "ref", "one_pass_bound", msb);
        bench_record("parprefix", P, "-", "ref", "read+one_pass_bound", msr);
    }
    ns_da_free(a);
    free(tr);
    free(tb);
    free(tp);
    free(t);
    NestStep_finalize();
    return 0;
}
