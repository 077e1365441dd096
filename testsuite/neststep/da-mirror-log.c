// The mirror log: the single units of a cyclic array that ns_da_mirror1
// mirrored in a step are read in the next step from the owners' replies,
// in the order asked, and go into my copies only when a read leaves that
// order or a write needs the copies (runtime/src/neststep/darray.c).  Each
// process mirrors the same sequence of remote units of three cyclic arrays
// (units of 8 bytes, as listrank.nst's, 16 and 6) from every other
// process: a permutation, units asked twice in a row, units asked again
// after one of another owner (a, b, a), and a long list that goes by MPI.
//   step 2: read in the order asked, each unit twice (two elements, as
//           listrank.nst does), through ns_da_rd_el_c, ns_da_rd_c and
//           ns_da_rd_cv: all from the log;
//   step 3: half in order, then the rest backwards: the log goes into my
//           copies at the first read out of order;
//   step 4: every other unit asked (the others skipped), then a remote
//           write into a mirrored unit and reads of it and of the rest;
//   step 5: with the argument "stale", a read of a unit mirrored for step
//           4 but not for step 5 stops the job with the unmirrored-read
//           message;
//   step 6: with "stale2", so does a read of the first unit mirrored for
//           step 5 (the log of step 5 starts with it; step 6 has none).
// Every value read is checked against what its owner wrote.
// RUN: %nscc -I%inputs %s -o %t
// RUN: %nsrun 1 %t | FileCheck %s
// RUN: %nsrun 2 %t | FileCheck %s
// RUN: %nsrun 3 %t | FileCheck %s
// RUN: %nsrun 5 %t | FileCheck %s
// RUN: not %nsrun 3 %t stale 2>&1 | FileCheck %s --check-prefix=STALE
// RUN: not %nsrun 2 %t stale2 2>&1 | FileCheck %s --check-prefix=STALE2
// MATRIX: barrier-mode
// CHECK: in order 1, out of order 1, skipped and written 1
// CHECK-NEXT: wrong 0
// STALE: da-mirror-log.c:{{[0-9]+}}: error: [process {{[0-9]}}, superstep 4] stale: read of remote element c[{{[0-9]+}}] (owned by process {{[0-9]}}) that is not mirrored in this step
// STALE2: da-mirror-log.c:{{[0-9]+}}: error: [process {{[0-9]}}, superstep 5] stale2: read of remote element c[{{[0-9]+}}] (owned by process {{[0-9]}}) that is not mirrored in this step
#include <neststep.h>
#include "ns_report.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 90
#define M 30000                 // big's units: a list to each owner larger than 64 KiB

static int bad;
static long seq[4 * N], nseq;   // the units mirrored, in order

// Element k of unit i of array number a after step s's writes.
static long val(int a, int s, long i, long k) { return 1000L * s + 100 * a + 3 * i + k; }

static void
write_all(int s, ns_darray *c, ns_darray *d, ns_darray *h, ns_darray *big)
{
    long i;
    for (ns_iter it = ns_forall(c, 0, N - 1, 1); ns_next(&it, &i); )
        for (int k = 0; k < 2; k++)
            ((int *)ns_da_wlocal(c, i))[k] = (int)val(0, s, i, k);
    for (ns_iter it = ns_forall(d, 0, N - 1, 1); ns_next(&it, &i); )
        for (int k = 0; k < 2; k++)
            ((double *)ns_da_wlocal(d, i))[k] = (double)val(1, s, i, k);
    for (ns_iter it = ns_forall(h, 0, N - 1, 1); ns_next(&it, &i); )
        for (int k = 0; k < 3; k++)
            ((short *)ns_da_wlocal(h, i))[k] = (short)val(2, s, i, k);
    for (ns_iter it = ns_forall(big, 0, M - 1, 1); ns_next(&it, &i); )
        *(long *)ns_da_wlocal(big, i) = val(3, s, i, 0);
}

// The sequence: remote units in an order of my own; every fourth twice in
// a row; after every fifth, the one before it again (a, b, a).
static void
make_seq(ns_darray *c)
{
    int me = NestStep_rank();
    long prev = -1;
    nseq = 0;
    for (long j = 0; j < N; j++) {
        long u = (j * 7 + me * 3) % N;
        if (ns_owned(c, u))
            continue;
        seq[nseq++] = u;
        if (j % 4 == 0)
            seq[nseq++] = u;
        if (j % 5 == 0 && prev >= 0)
            seq[nseq++] = prev;
        prev = u;
    }
}

static void
mirror_all(ns_darray *c, ns_darray *d, ns_darray *h, ns_darray *big)
{
    for (long k = 0; k < nseq; k++) {
        ns_da_mirror1(c, seq[k], NS_AT("mirror"));
        ns_da_mirror1(d, seq[k], NS_AT("mirror"));
        ns_da_mirror1(h, seq[k], NS_AT("mirror"));
    }
    for (long i = 0; i < M; i++)
        if (!ns_owned(big, i))
            ns_da_mirror1(big, i, NS_AT("mirror"));
}

// Unit u of each array, read as nsc's typed paths read it, checked
// against step s's values.
static void
check_unit(int s, long u, ns_darray *c, ns_darray *d, ns_darray *h)
{
    int c1 = *(const int *)ns_da_rd_el_c(c, u, 1, sizeof(int), NS_AT("c"));
    int c0 = *(const int *)ns_da_rd_el_c(c, u, 0, sizeof(int), NS_AT("c"));
    const double *dv = ns_da_rd_c(d, u, 2 * sizeof(double), NS_AT("d"));
    const short *hv = ns_da_rd_cv(h, u, h->p, h->me, h->n, h->local, 3 * sizeof(short),
                                  NS_AT("h"));
    bad += c0 != val(0, s, u, 0) || c1 != val(0, s, u, 1);
    bad += dv[0] != (double)val(1, s, u, 0) || dv[1] != (double)val(1, s, u, 1);
    for (int k = 0; k < 3; k++)
        bad += hv[k] != (short)val(2, s, u, k);
}

static int
check_big(int s, ns_darray *big)
{
    int wrong = 0;
    for (long i = 0; i < M; i++)
        wrong += *(const long *)ns_da_rd_el_c(big, i, 0, sizeof(long), NS_AT("big"))
                 != val(3, s, i, 0);
    return wrong;
}

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    const char *arg = argc > 1 ? argv[1] : "";
    int stale = !strcmp(arg, "stale"), stale2 = !strcmp(arg, "stale2");
    ns_darray *c = ns_da_new("c", N, 2, Type_int, sizeof(int), NS_CYCLIC, NS_OP_FIRST, NULL);
    ns_darray *d = ns_da_new("d", N, 2, Type_double, sizeof(double), NS_CYCLIC, NS_OP_FIRST,
                             NULL);
    ns_darray *h = ns_da_new("h", N, 3, Type_short, sizeof(short), NS_CYCLIC, NS_OP_FIRST, NULL);
    ns_darray *big = ns_da_new("big", M, 1, Type_long, sizeof(long), NS_CYCLIC, NS_OP_FIRST,
                               NULL);
    make_seq(c);
    int before = 0, in_order, out_of_order, skipped;

    ns_step_begin(NS_AT("step"));               // 1: values 1, the mirrors
    write_all(1, c, d, h, big);
    mirror_all(c, d, h, big);
    ns_step_end();

    ns_step_begin(NS_AT("step"));               // 2: in order
    for (long k = 0; k < nseq; k++)
        check_unit(1, seq[k], c, d, h);
    bad += check_big(1, big);
    in_order = bad == before;
    before = bad;
    write_all(2, c, d, h, big);
    mirror_all(c, d, h, big);
    ns_step_end();

    ns_step_begin(NS_AT("step"));               // 3: half in order, then backwards
    for (long k = 0; k < nseq / 2; k++)
        check_unit(2, seq[k], c, d, h);
    for (long k = nseq - 1; k >= nseq / 2; k--)
        check_unit(2, seq[k], c, d, h);
    for (long i = M - 1; i >= 0; i--)
        bad += *(const long *)ns_da_rd_el_c(big, i, 0, sizeof(long), NS_AT("big"))
               != val(3, 2, i, 0);
    out_of_order = bad == before;
    before = bad;
    write_all(3, c, d, h, big);
    mirror_all(c, d, h, big);
    ns_step_end();

    ns_step_begin(NS_AT("step"));               // 4: every other, then a write
    for (long k = 0; k < nseq; k += 2)
        check_unit(3, seq[k], c, d, h);
    if (nseq > 0) {
        long u = seq[nseq - 1];
        ((int *)ns_da_wr_el(c, u, 1, NS_AT("write")))[0] = -7;
        bad += *(const int *)ns_da_rd_el_c(c, u, 1, sizeof(int), NS_AT("c")) != -7;
        bad += *(const int *)ns_da_rd_el_c(c, u, 0, sizeof(int), NS_AT("c")) != val(0, 3, u, 0);
    }
    for (long k = 1; k < nseq; k += 2)
        bad += *(const double *)ns_da_rd_c(d, seq[k], 2 * sizeof(double), NS_AT("d"))
               != (double)val(1, 3, seq[k], 0);
    skipped = bad == before;
    if (nseq > 0)                               // for step 5: all but seq[0]
        for (long k = 0; k < nseq; k++)
            if (seq[k] != seq[0])
                ns_da_mirror1(c, seq[k], NS_AT("mirror"));
    ns_step_end();

    ns_step_begin(NS_AT("step"));               // 5: a unit not mirrored for it
    if (stale && nseq > 0)
        bad += *(const int *)ns_da_rd_el_c(c, seq[0], 0, sizeof(int), NS_AT("stale")) == 0;
    ns_step_end();

    ns_step_begin(NS_AT("step"));               // 6: the first unit mirrored for step 5
    for (long k = 0; stale2 && k < nseq; k++)
        if (seq[k] != seq[0]) {
            bad += *(const int *)ns_da_rd_el_c(c, seq[k], 0, sizeof(int), NS_AT("stale2")) == 0;
            break;
        }
    ns_step_end();

    if (NestStep_rank() == 0)
        printf("in order %d, out of order %d, skipped and written %d\n", in_order,
               out_of_order, skipped);
    report_wrong(bad);
    ns_da_free(big);
    ns_da_free(h);
    ns_da_free(d);
    ns_da_free(c);
    NestStep_finalize();
    return 0;
}
