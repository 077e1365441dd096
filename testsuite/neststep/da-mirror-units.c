// Single units mirrored one at a time with ns_da_mirror1 (what
// #pragma mirror(a[e:e]) becomes), which queues them and sends a cyclic
// array's to each owner as one list of unit indices: cyclic arrays with
// units of 4 bytes (int), 8 (two ints, as listrank.nst's) and 6 (three
// shorts), a block array beside them (its queue goes out as runs), mirrors
// interleaved over the arrays, units of mine, duplicates in a row and
// apart, a cyclic array whose lists to each owner exceed the node's
// mailbox size (they go by MPI), reads through ns_da_rd_el_c (nsc's typed
// path) and ns_da_rd_el, values after the step's writes, then mirrors in
// a subgroup (neststep(2)) and again in the root group; at every p the
// sums of what process 0 reads are the same.
// RUN: %nscc -I%inputs %s -o %t
// RUN: %nsrun 1 %t | FileCheck %s
// RUN: %nsrun 2 %t | FileCheck %s
// RUN: %nsrun 3 %t | FileCheck %s
// RUN: %nsrun 5 %t | FileCheck %s
// MATRIX: barrier-mode
// CHECK: values 1: ci 23800 cp 47640 cs 71520 bb 23800
// CHECK-NEXT: values 2: ci 39800 cp 79640 cs 119520 bb 39800 big 3599940000
// CHECK-NEXT: values 3: ci 55800 cp 111640 cs 167520 bb 55800
// CHECK-NEXT: values 4: ci 71800 cp 143640 cs 215520 bb 71800
// CHECK-NEXT: wrong 0
#include <neststep.h>
#include "ns_report.h"
#include <stdio.h>

#define N 40
#define M 60000                 // big's units: 8 bytes of index each in a request

static int bad;

// The value of element k of unit i after step s's writes.
static long val(int s, long i, long k) { return 400L * s + 10 * i + k; }

static long rd_int(ns_darray *a, long i, long k)
{
    return *(const int *)ns_da_rd_el_c(a, i, k, sizeof(int), NS_AT("rd"));
}
static long rd_short(ns_darray *a, long i, long k)
{
    return *(const short *)ns_da_rd_el(a, i, k, NS_AT("rd"));
}

// The owners write step s's values into every unit of ci, cp, cs, bb.
static void
write_all(int s, ns_darray *ci, ns_darray *cp, ns_darray *cs, ns_darray *bb)
{
    long i, k;
    for (ns_iter it = ns_forall(ci, 0, N - 1, 1); ns_next(&it, &i); )
        *(int *)ns_da_wlocal(ci, i) = (int)val(s, i, 0);
    for (ns_iter it = ns_forall(cp, 0, N - 1, 1); ns_next(&it, &i); )
        for (k = 0; k < 2; k++)
            ((int *)ns_da_wlocal(cp, i))[k] = (int)val(s, i, k);
    for (ns_iter it = ns_forall(cs, 0, N - 1, 1); ns_next(&it, &i); )
        for (k = 0; k < 3; k++)
            ((short *)ns_da_wlocal(cs, i))[k] = (short)val(s, i, k);
    for (ns_iter it = ns_forall(bb, 0, N - 1, 1); ns_next(&it, &i); )
        *(int *)ns_da_wlocal(bb, i) = (int)val(s, i, 0);
}

// Every unit of the four arrays, one at a time in an order of my own,
// interleaved; every fifth twice in a row, and all of ci again at the end.
static void
mirror_all(ns_darray *ci, ns_darray *cp, ns_darray *cs, ns_darray *bb)
{
    int me = NestStep_rank();
    for (long i = 0; i < N; i++) {
        long j = (i * 7 + me) % N;
        ns_da_mirror1(cp, j, NS_AT("mirror"));
        ns_da_mirror1(ci, N - 1 - j, NS_AT("mirror"));
        ns_da_mirror1(cs, j, NS_AT("mirror"));
        ns_da_mirror1(bb, j, NS_AT("mirror"));
        if (i % 5 == 0) {
            ns_da_mirror1(cp, j, NS_AT("mirror"));
            ns_da_mirror1(cs, j, NS_AT("mirror"));
        }
    }
    for (long i = 0; i < N; i++)
        ns_da_mirror1(ci, i, NS_AT("mirror"));
}

// Reads every unit of the four arrays (mine or mirrored), checks them
// against step s's values, and prints process 0's sums.
static void
check_all(const char *what, int s, ns_darray *ci, ns_darray *cp, ns_darray *cs, ns_darray *bb)
{
    long sci = 0, scp = 0, scs = 0, sbb = 0, i, k;
    for (i = 0; i < N; i++) {
        long x = rd_int(ci, i, 0), y = *(const int *)ns_da_rd(bb, i, NS_AT("rd"));
        bad += x != val(s, i, 0) || y != val(s, i, 0);
        sci += x;
        sbb += y;
        for (k = 0; k < 2; k++) {
            x = rd_int(cp, i, k);
            bad += x != val(s, i, k);
            scp += x;
        }
        for (k = 0; k < 3; k++) {
            x = rd_short(cs, i, k);
            bad += x != val(s, i, k);
            scs += x;
        }
    }
    if (NestStep_rank() == 0)
        printf("%s: ci %ld cp %ld cs %ld bb %ld%s", what, sci, scp, scs, sbb, s == 2 ? "" : "\n");
}

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    int me = NestStep_rank();
    ns_darray *ci = ns_da_new("ci", N, 1, Type_int, sizeof(int), NS_CYCLIC, NS_OP_FIRST, NULL);
    ns_darray *cp = ns_da_new("cp", N, 2, Type_int, sizeof(int), NS_CYCLIC, NS_OP_FIRST, NULL);
    ns_darray *cs = ns_da_new("cs", N, 3, Type_short, sizeof(short), NS_CYCLIC, NS_OP_FIRST,
                              NULL);
    ns_darray *bb = ns_da_new("bb", N, 1, Type_int, sizeof(int), NS_BLOCK, NS_OP_FIRST, NULL);
    ns_darray *big = ns_da_new("big", M, 1, Type_long, sizeof(long), NS_CYCLIC, NS_OP_FIRST,
                               NULL);
    long i, sum;

    // Step 1: values 1; the mirrors (the arrays have no copies yet: the
    // first mirror of each makes them).
    ns_step_begin(NS_AT("step"));
    write_all(1, ci, cp, cs, bb);
    for (ns_iter it = ns_forall(big, 0, M - 1, 1); ns_next(&it, &i); )
        *(long *)ns_da_wlocal(big, i) = 1000000000L + i;
    mirror_all(ci, cp, cs, bb);
    ns_da_mirror1(big, 0, NS_AT("mirror"));
    ns_step_end();

    // Step 2: step 1's values; the owners write values 2 and everybody
    // mirrors everything again (queued now), big every unit, the last
    // ones twice.
    ns_step_begin(NS_AT("step"));
    check_all("values 1", 1, ci, cp, cs, bb);
    write_all(2, ci, cp, cs, bb);
    for (ns_iter it = ns_forall(big, 0, M - 1, 1); ns_next(&it, &i); )
        *(long *)ns_da_wlocal(big, i) = 2 * i;
    mirror_all(ci, cp, cs, bb);
    for (i = 0; i < M; i++)
        ns_da_mirror1(big, (i * 7919 + me) % M, NS_AT("mirror"));
    for (i = M - 100; i < M; i++)
        ns_da_mirror1(big, i, NS_AT("mirror"));
    ns_step_end();

    // Step 3: step 2's values; big read through the index of my own order.
    ns_step_begin(NS_AT("step"));
    check_all("values 2", 2, ci, cp, cs, bb);
    write_all(3, ci, cp, cs, bb);
    mirror_all(ci, cp, cs, bb);
    sum = 0;
    for (i = 0; i < M; i++) {
        long x = *(const long *)ns_da_rd_el_c(big, i, 0, sizeof(long), NS_AT("big"));
        bad += x != 2 * i;
        sum += x;
    }
    if (me == 0)
        printf(" big %ld\n", sum);
    ns_step_end();

    // Step 4: step 3's values, then a subgroup: neststep(2), each half
    // mirrors ci's units of its members (its steps take the general path)
    // and reads them in its next step (two steps of the half).
    ns_step_begin(NS_AT("step"));
    check_all("values 3", 3, ci, cp, cs, bb);
    ns_step_end();
    if (ns_neststep_begin(2, NS_SPLIT_EVEN, NULL, NS_AT("neststep"))) {
        int lo = me - NestStep_rank(), s = NestStep_size();
        ns_step_begin(NS_AT("step"));
        for (i = 0; i < N; i++)
            if (ns_owner(ci, i) >= lo && ns_owner(ci, i) < lo + s)
                ns_da_mirror1(ci, i, NS_AT("mirror"));
        ns_step_end();
        ns_step_begin(NS_AT("step"));
        for (i = 0; i < N; i++)
            if (ns_owner(ci, i) >= lo && ns_owner(ci, i) < lo + s) {
                long x = rd_int(ci, i, 0);
                bad += x != val(3, i, 0);
            }
        ns_step_end();
    }
    ns_neststep_end();

    // The root group again: values 4 and queued mirrors, read in the next step.
    ns_step_begin(NS_AT("step"));
    write_all(4, ci, cp, cs, bb);
    mirror_all(ci, cp, cs, bb);
    ns_step_end();
    ns_step_begin(NS_AT("step"));
    check_all("values 4", 4, ci, cp, cs, bb);
    ns_step_end();
    report_wrong(bad);
    ns_da_free(big);
    ns_da_free(bb);
    ns_da_free(cs);
    ns_da_free(cp);
    ns_da_free(ci);
    NestStep_finalize();
    return 0;
}
