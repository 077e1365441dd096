// Read lists: section reads of whole units of a block array with stride 1
// (ns_da_read_section) become runs of one DA_READ_LIST record per owner
// while their private destinations follow one another; a run that
// continues the last one lengthens it (runtime/src/neststep/darequest.c).
// Each process owns B units of block arrays a (doubles, a[i] = i) and c
// (units of three ints, c[i] = {i, -i, 7}) and, in each step, reads:
//   step 1, gathered: from every owner in turn (itself too) the elements
//           of a pseudo-random increasing set, one section each, some of
//           them the next unit of the one before, into one stretch; then
//           the same from the owners taken in turns (q, q+1, q, ...), each
//           destination following the last one, not that owner's;
//   step 2, across owners and beside other records: a section of 2B + 3
//           units that spans three or four owners; a run of an owner, a
//           strided read and a mirror of the same owner's units, then a
//           run into the destination after the first one's; the same
//           sections of c;
//   step 3, while owners write: each owner writes a unit of its block that
//           is read (with ns_da_snapshot: the start-of-step value) and a
//           unit of c that is not (no snapshot: the units read are taken
//           one by one), and reads of long stretches (replies by MPI).
// Every value read is checked against what its owner held at the start of
// the step; the results depend only on p.
// RUN: %nscc -I%inputs %s -o %t
// RUN: %nsrun 1 %t | FileCheck %s
// RUN: %nsrun 2 %t | FileCheck %s
// RUN: env NS_NODE_AFTER=0 %nsrun 3 %t | FileCheck %s
// RUN: env NS_NODE_AFTER=0 NS_NODE_LOCAL=mpi %nsrun 3 %t | FileCheck %s
// RUN: env NS_NODE_AFTER=0 %nsrun 5 %t | FileCheck %s
// MATRIX: barrier-mode
// CHECK: gathered 1, across 1, written 1
// CHECK-NEXT: wrong 0
#include <neststep.h>
#include "ns_report.h"
#include <stdio.h>
#include <stdlib.h>

#define B 12000L                        // units a block: 96000 bytes of a
#define M 3000L                         // units gathered from each owner

struct three { int v[3]; };

// Unit k of the set gathered from an owner (increasing, some consecutive).
static long
pick(long k)
{
    return k * 4 - (k % 3 == 1) + (k % 5 == 0 ? 2 : 0);
}

static int
is_a(const double *t, long n, long first)
{
    for (long k = 0; k < n; k++)
        if (t[k] != (double)(first + k))
            return 0;
    return 1;
}

static int
is_c(const struct three *t, long n, long first)
{
    for (long k = 0; k < n; k++)
        if (t[k].v[0] != (int)(first + k) || t[k].v[1] != -(int)(first + k) || t[k].v[2] != 7)
            return 0;
    return 1;
}

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    long p = NestStep_size(), me = NestStep_rank(), n = B * p, i, k, q;
    ns_darray *a = ns_da_new("a", n, 1, Type_double, sizeof(double), NS_BLOCK, NS_OP_FIRST, NULL);
    ns_darray *c = ns_da_new("c", n, 3, Type_int, sizeof(int), NS_BLOCK, NS_OP_FIRST, NULL);
    double *t = calloc((size_t)(n + 4 * B), sizeof *t);
    struct three *tc = calloc((size_t)(4 * B), sizeof *tc);
    if (!t || !tc)
        return 1;
    for (ns_iter it = ns_forall(a, 0, n - 1, 1); ns_next(&it, &i); ) {
        *(double *)ns_da_wlocal(a, i) = (double)i;
        int *u = ns_da_wlocal(c, i);
        u[0] = (int)i, u[1] = -(int)i, u[2] = 7;
    }

    ns_step_begin(NS_AT("step"));               // 1: gathered
    for (q = 0, i = 0; q < p; q++)
        for (k = 0; k < M; k++, i++)
            ns_da_read_section(a, q * B + pick(k), q * B + pick(k), 1, t + i, NS_AT("gather"));
    for (k = 0; k < M; k++)
        for (q = 0; q < p; q++, i++)
            ns_da_read_section(a, q * B + pick(k), q * B + pick(k), 1, t + i, NS_AT("turns"));
    ns_step_end();
    int gathered = 1;
    for (q = 0, i = 0; q < p; q++)
        for (k = 0; k < M; k++, i++)
            gathered &= t[i] == (double)(q * B + pick(k));
    for (k = 0; k < M; k++)
        for (q = 0; q < p; q++, i++)
            gathered &= t[i] == (double)(q * B + pick(k));

    long f = B / 2 + me, r = (me + 1) % p, rb = r * B, len = (2 * B + 3 < n - f) ? 2 * B + 3 : n - f;
    double one = -1;
    ns_step_begin(NS_AT("step"));               // 2: across owners, beside other records
    ns_da_read_section(a, f, f + len - 1, 1, t, NS_AT("across"));
    ns_da_read_section(a, rb, rb + 9, 1, t + len, NS_AT("run"));
    ns_da_read_section_strided(a, rb + 20, rb + 29, 3, t + len + 20, 1, NS_AT("strided"));
    ns_da_mirror(a, rb + 40, rb + 40, 1, NS_AT("mirror"));
    ns_da_read_section(a, rb + 10, rb + 19, 1, t + len + 10, NS_AT("after"));
    ns_da_read_section(c, f, f + len - 1, 1, tc, NS_AT("across c"));
    ns_da_read_section(c, rb, rb + 9, 1, tc + len, NS_AT("run c"));
    ns_step_end();
    ns_step_begin(NS_AT("step"));
    one = *(const double *)ns_da_rd(a, rb + 40, NS_AT("mirrored"));
    ns_step_end();
    int across = is_a(t, len, f) && is_a(t + len, 20, rb) && is_c(tc, len, f)
                 && is_c(tc + len, 10, rb) && one == (double)(rb + 40);
    for (k = 0; k < 4; k++)
        across &= t[len + 20 + k] == (double)(rb + 20 + 3 * k);

    long w = me * B + 3;                        // the unit each owner writes
    ns_step_begin(NS_AT("step"));               // 3: while owners write
    ns_da_snapshot(a);
    *(double *)ns_da_wlocal(a, w) = -1.0;
    ((int *)ns_da_wlocal(c, me * B + B - 1))[2] = 8;
    ns_da_read_section(a, rb, rb + 5, 1, t, NS_AT("read written"));
    ns_da_read_section(a, 0, n - 1, 1, t + 6, NS_AT("all of a"));
    ns_da_read_section(c, rb, rb + B - 2, 1, tc, NS_AT("c but the written"));
    ns_step_end();
    int written = is_a(t, 6, rb) && is_a(t + 6, n, 0) && is_c(tc, B - 1, rb)
                  && *(const double *)ns_da_local(a, w) == -1.0;

    if (me == 0)
        printf("gathered %d, across %d, written %d\n", gathered, across, written);
    report_wrong(!gathered + !across + !written);
    free(tc);
    free(t);
    ns_da_free(c);
    ns_da_free(a);
    NestStep_finalize();
    return 0;
}
