// My copies of remote units, each stored beside its stamp: arrays with
// units of 1 byte (char, cyclic), 12 (three ints, block), 16 (a struct of
// a long double, block and cyclic: the copy must be 16-byte aligned, as
// the array's own storage is) and 32 (four doubles, cyclic).  Step 1:
// the owners write; every process mirrors every unit, the block arrays as
// one run each (stored unit by unit), the cyclic ones as single units and
// as a run.  Step 2: every unit read back (mine or my copy, each copy
// aligned as its unit), then each process writes the units of the next
// process's part of every array (remote writes: whole units, one element,
// and a section write of consecutive units from private memory), reads
// its own writes back from its copies in the same step, and they arrive
// at the owners at step end.  Step 3: the owners check what arrived, and
// every process mirrors every unit again; step 4 reads them all.  At
// every p the sums process 0 prints are the same.
// RUN: %nscc -I%inputs %s -o %t
// RUN: %nsrun 1 %t | FileCheck %s
// RUN: %nsrun 2 %t | FileCheck %s
// RUN: %nsrun 3 %t | FileCheck %s
// RUN: %nsrun 5 %t | FileCheck %s
// CHECK: read: c 385 t 13005 q 4305 d 17400 aligned
// CHECK-NEXT: arrived: c 985 t 31005 q 10305 d 41400
// CHECK-NEXT: wrong 0
#include <neststep.h>
#include "ns_report.h"
#include <stdint.h>
#include <stdio.h>

#define N 30

struct quad { long double x; };         // 16 bytes, 16-byte aligned

static int bad;

static long val(int s, long i, long k) { return 100L * s + 3 * i + k; }
static char cval(int s, long i) { return (char)(10 * s + i % 7); }     // s <= 6

// Owner of unit i of a, in ranks of the root group.
static int owner(ns_darray *a, long i) { return (int)ns_owner(a, i); }

// Reads every unit of the arrays (mine or my copy) and checks it against
// step s's values; returns their sums in the four slots of sum.
static void
read_all(int s, ns_darray *c, ns_darray *t, ns_darray *q, ns_darray *qc, ns_darray *d,
         long sum[4], int *misaligned)
{
    for (long i = 0; i < N; i++) {
        const char *pc = ns_da_rd(c, i, NS_AT("c"));
        const int *pt = ns_da_rd(t, i, NS_AT("t"));
        const struct quad *pq = ns_da_rd(q, i, NS_AT("q"));
        const struct quad *pqc = ns_da_rd(qc, i, NS_AT("qc"));
        const double *pd = ns_da_rd(d, i, NS_AT("d"));
        *misaligned += (uintptr_t)pt % _Alignof(int) != 0 ||
                       (uintptr_t)pq % _Alignof(struct quad) != 0 ||
                       (uintptr_t)pqc % _Alignof(struct quad) != 0 ||
                       (uintptr_t)pd % _Alignof(double) != 0;
        bad += *pc != cval(s, i);
        sum[0] += *pc;
        for (int k = 0; k < 3; k++) {
            bad += pt[k] != val(s, i, k);
            sum[1] += pt[k];
        }
        bad += pq->x != (long double)val(s, i, 0) || pqc->x != pq->x;
        sum[2] += (long)pq->x;
        for (int k = 0; k < 4; k++) {
            bad += pd[k] != (double)val(s, i, k);
            sum[3] += (long)pd[k];
        }
    }
}

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    int me = NestStep_rank(), p = NestStep_size(), next = (me + 1) % p;
    ns_darray *c = ns_da_new("c", N, 1, Type_char, 1, NS_CYCLIC, NS_OP_FIRST, NULL);
    ns_darray *t = ns_da_new("t", N, 3, Type_int, sizeof(int), NS_BLOCK, NS_OP_FIRST, NULL);
    ns_darray *q = ns_da_new("q", N, 1, Type_bytes, sizeof(struct quad), NS_BLOCK,
                             NS_OP_FIRST, NULL);
    ns_darray *qc = ns_da_new("qc", N, 1, Type_bytes, sizeof(struct quad), NS_CYCLIC,
                              NS_OP_FIRST, NULL);
    ns_darray *d = ns_da_new("d", N, 4, Type_double, sizeof(double), NS_CYCLIC, NS_OP_FIRST,
                             NULL);
    long i, sum[4] = { 0 };
    int misaligned = 0;

    // Step 1: values 1, and every unit mirrored.
    ns_step_begin(NS_AT("step"));
    for (i = 0; i < N; i++) {
        if (owner(c, i) == me)
            *(char *)ns_da_wr(c, i, NS_AT("c")) = cval(1, i);
        if (owner(t, i) == me)
            for (int k = 0; k < 3; k++)
                ((int *)ns_da_wr(t, i, NS_AT("t")))[k] = (int)val(1, i, k);
        if (owner(q, i) == me)
            ((struct quad *)ns_da_wr(q, i, NS_AT("q")))->x = (long double)val(1, i, 0);
        if (owner(qc, i) == me)
            ((struct quad *)ns_da_wr(qc, i, NS_AT("qc")))->x = (long double)val(1, i, 0);
        if (owner(d, i) == me)
            for (int k = 0; k < 4; k++)
                ((double *)ns_da_wr(d, i, NS_AT("d")))[k] = (double)val(1, i, k);
    }
    ns_da_mirror(t, 0, N - 1, 1, NS_AT("mirror"));
    ns_da_mirror(q, 0, N - 1, 1, NS_AT("mirror"));
    ns_da_mirror(qc, 0, N / 2, 1, NS_AT("mirror"));
    for (i = 0; i < N; i++) {
        ns_da_mirror1(c, (i * 7 + me) % N, NS_AT("mirror"));
        ns_da_mirror1(d, N - 1 - i, NS_AT("mirror"));
        if (i > N / 2)
            ns_da_mirror1(qc, i, NS_AT("mirror"));
    }
    ns_step_end();

    // Step 2: values 1 read back; then I write the next process's units
    // with values 2 + me (whole units, one element, a section of t) and
    // read my writes back from my copies.
    ns_step_begin(NS_AT("step"));
    read_all(1, c, t, q, qc, d, sum, &misaligned);
    if (me == 0)
        printf("read: c %ld t %ld q %ld d %ld %s\n", sum[0], sum[1], sum[2], sum[3],
               misaligned ? "misaligned" : "aligned");
    bad += misaligned;
    int tv[N * 3];
    long tl = -1, tu = -2;
    for (i = 0; i < N; i++) {
        if (owner(c, i) == next && next != me)
            *(char *)ns_da_wr(c, i, NS_AT("c")) = cval(2 + next, i);
        if (owner(t, i) == next && next != me) {
            if (tl < 0)
                tl = i;
            tu = i;
            for (int k = 0; k < 3; k++)
                tv[3 * (i - tl) + k] = (int)val(2 + next, i, k);
        }
        if (owner(q, i) == next && next != me)
            ((struct quad *)ns_da_wr(q, i, NS_AT("q")))->x = (long double)val(2 + next, i, 0);
        if (owner(qc, i) == next && next != me)
            ((struct quad *)ns_da_wr(qc, i, NS_AT("qc")))->x = (long double)val(2 + next, i, 0);
        if (owner(d, i) == next && next != me) {
            for (int k = 0; k < 4; k++)
                ((double *)ns_da_wr(d, i, NS_AT("d")))[k] = (double)val(2 + next, i, k);
            *(double *)ns_da_wr_el(d, i, 2, NS_AT("d")) = (double)val(2 + next, i, 2);
        }
    }
    if (tl >= 0)
        ns_da_write_section(t, tl, tu, 1, tv, NS_AT("t[tl:tu] = tv"));
    for (i = 0; i < N; i++)
        if (owner(d, i) == next && next != me) {
            const double *pd = ns_da_rd(d, i, NS_AT("d"));
            const int *pt = tl >= 0 && i >= tl && i <= tu ? ns_da_rd(t, i, NS_AT("t")) : NULL;
            for (int k = 0; k < 4; k++)
                bad += pd[k] != (double)val(2 + next, i, k);
            if (pt)
                for (int k = 0; k < 3; k++)
                    bad += pt[k] != val(2 + next, i, k);
        }
    ns_step_end();

    // Step 3: my units hold what the previous process wrote (values
    // 2 + me), or values 1 at p = 1; every unit mirrored again, read in
    // step 4.
    ns_step_begin(NS_AT("step"));
    int v = p == 1 ? 1 : 2 + me;
    for (i = 0; i < N; i++) {
        if (owner(c, i) == me)
            bad += *(const char *)ns_da_rd(c, i, NS_AT("c")) != cval(v, i);
        if (owner(t, i) == me)
            for (int k = 0; k < 3; k++)
                bad += ((const int *)ns_da_rd(t, i, NS_AT("t")))[k] != val(v, i, k);
        if (owner(q, i) == me)
            bad += ((const struct quad *)ns_da_rd(q, i, NS_AT("q")))->x != (long double)val(v, i, 0);
        if (owner(qc, i) == me)
            bad += ((const struct quad *)ns_da_rd(qc, i, NS_AT("qc")))->x != (long double)val(v, i, 0);
        if (owner(d, i) == me)
            for (int k = 0; k < 4; k++)
                bad += ((const double *)ns_da_rd(d, i, NS_AT("d")))[k] != (double)val(v, i, k);
    }
    ns_da_mirror(c, 0, N - 1, 1, NS_AT("mirror"));
    ns_da_mirror(t, 0, N - 1, 1, NS_AT("mirror"));
    ns_da_mirror(q, 0, N - 1, 1, NS_AT("mirror"));
    ns_da_mirror(qc, 0, N - 1, 1, NS_AT("mirror"));
    ns_da_mirror(d, 0, N - 1, 1, NS_AT("mirror"));
    ns_step_end();

    // Step 4: every unit as it arrived, each less what its writer added
    // to it (values 2 + its owner, or 1 at p = 1), so that the sums are
    // those of values 3 at every p.
    ns_step_begin(NS_AT("step"));
    long got[4] = { 0 };
    for (i = 0; i < N; i++) {
        int w = p == 1 ? 1 : 2 + owner(c, i);
        got[0] += *(const char *)ns_da_rd(c, i, NS_AT("c")) - cval(w, i) + cval(3, i);
        w = p == 1 ? 1 : 2 + owner(t, i);
        for (int k = 0; k < 3; k++)
            got[1] += ((const int *)ns_da_rd(t, i, NS_AT("t")))[k] - val(w, i, k) + val(3, i, k);
        w = p == 1 ? 1 : 2 + owner(q, i);
        got[2] += (long)((const struct quad *)ns_da_rd(q, i, NS_AT("q")))->x - val(w, i, 0)
                  + val(3, i, 0);
        w = p == 1 ? 1 : 2 + owner(qc, i);
        bad += ((const struct quad *)ns_da_rd(qc, i, NS_AT("qc")))->x != (long double)val(w, i, 0);
        w = p == 1 ? 1 : 2 + owner(d, i);
        for (int k = 0; k < 4; k++)
            got[3] += (long)((const double *)ns_da_rd(d, i, NS_AT("d")))[k] - val(w, i, k)
                      + val(3, i, k);
    }
    if (me == 0)
        printf("arrived: c %ld t %ld q %ld d %ld\n", got[0], got[1], got[2], got[3]);
    ns_step_end();
    report_wrong(bad);
    ns_da_free(d);
    ns_da_free(qc);
    ns_da_free(q);
    ns_da_free(t);
    ns_da_free(c);
    NestStep_finalize();
    return 0;
}
