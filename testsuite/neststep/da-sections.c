// Distributed arrays, sections (spec section 5; seed 002, 3.2.3 and 4.3):
//  - private = distributed section: ns_da_read_section fills the private
//    target at step end with the values of the START of the step, also for
//    units their owners (or the reader itself) write in the same step; that
//    step starts with ns_da_snapshot(a), as nsc emits when it sees both
//    (without it: misuse-da-read-written.c);
//  - sections with strides, downward (negative stride), spanning several
//    owners, on cyclic arrays, and empty (u < l);
//  - distributed = private section: ns_da_write_section, combined at the
//    owners at step end, the writer's own units written at once; the
//    writer reads its section writes back in the same step, and a unit it
//    writes several times (sections, elements) counts once, with its last
//    value (a <+> array shows it);
//  - distributed = distributed section: ns_da_copy_section, the source units
//    mine (a process copies its block) or mirrored in the previous step.
// Values depend only on the global index, so the output is the same for
// every p; every process checks its own targets against a sequential
// reference.
// RUN: %nscc -I%inputs %s -o %t
// RUN: %nsrun 1 %t | FileCheck %s
// RUN: %nsrun 2 %t | FileCheck %s
// RUN: %nsrun 3 %t | FileCheck %s
// RUN: %nsrun 4 %t | FileCheck %s
// RUN: %nsrun 5 %t | FileCheck %s
// CHECK: start-of-step reads: a sum 4350, c sum 4350, a[29]=290 c[0]=0, empty 0
// CHECK-NEXT: after the step: a sum 4380
// CHECK-NEXT: repeated writes, per writer: g[0]=1 g[1]=2 g[2]=1002 g[29]=1029
// CHECK-NEXT: after section writes: a[0]=3 a[29]=206 c[0]=2 c[29]=147, a sum 3135, c sum 2235
// CHECK-NEXT: copies: c[0]=206 c[29]=3 d[7]=52 e[0]=10 e[14]=206
// CHECK-NEXT: wrong 0
#include <neststep.h>
#include "ns_report.h"
#include <stdio.h>
#include <stdlib.h>

#define N 30

static int bad;                         // private mismatch count, combined at the end

static void
check(const int *buf, long len, long l, long s, int mul, int add)
{
    for (long k = 0; k < len; k++)
        if (buf[k] != mul * (l + k * s) + add)
            bad++;
}

static long
sum(const int *buf, long len)
{
    long t = 0;
    for (long k = 0; k < len; k++)
        t += buf[k];
    return t;
}

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    int p = NestStep_size(), me = NestStep_rank();
    ns_darray *a = ns_da_new("a", N, 1, Type_int, sizeof(int), NS_BLOCK, NS_OP_FIRST, NULL);
    ns_darray *c = ns_da_new("c", N, 1, Type_int, sizeof(int), NS_CYCLIC, NS_OP_FIRST, NULL);
    ns_darray *d = ns_da_new("d", N, 1, Type_int, sizeof(int), NS_CYCLIC, NS_OP_FIRST, NULL);
    ns_darray *e = ns_da_new("e", N / 2, 1, Type_int, sizeof(int), NS_BLOCK, NS_OP_FIRST, NULL);
    ns_darray *g = ns_da_new("g", N, 1, Type_int, sizeof(int), NS_CYCLIC, NS_OP_ADD, NULL);
    long i;
    for (ns_iter it = ns_forall(a, 0, N - 1, 1); ns_next(&it, &i); )
        *(int *)ns_da_wlocal(a, i) = (int)(10 * i);
    for (ns_iter it = ns_forall(c, 0, N - 1, 1); ns_next(&it, &i); )
        *(int *)ns_da_wlocal(c, i) = (int)(10 * i);

    // Step 1: owners overwrite all of a and c; everybody reads sections of
    // the old values (own units included).
    int bufa[N], bufc[N], alla[N], allc[N];
    long la = (N - 1 - me) / (me + 1) + 1, lc = (N - 1 - me) / (me + 2) + 1, lempty = -1;
    ns_step_begin(NS_AT("step"));
    ns_da_snapshot(a);
    ns_da_snapshot(c);
    {
        for (ns_iter it = ns_forall(a, 0, N - 1, 1); ns_next(&it, &i); )
            *(int *)ns_da_wlocal(a, i) = (int)(10 * i + 1);
        for (ns_iter it = ns_forall(c, 0, N - 1, 1); ns_next(&it, &i); )
            *(int *)ns_da_wlocal(c, i) = (int)(10 * i + 1);
        // bufa = a[$ : N-1 : $+1];  bufc = c[N-1-$ : 0 : -($+2)];
        if (ns_da_read_section(a, me, N - 1, me + 1, bufa, NS_AT("section")) != la)
            bad++;
        if (ns_da_read_section(c, N - 1 - me, 0, -(me + 2), bufc, NS_AT("section")) != lc)
            bad++;
        if (me == 0) {
            ns_da_read_section(a, 0, N - 1, 1, alla, NS_AT("section"));
            ns_da_read_section(c, 0, N - 1, 1, allc, NS_AT("section"));
            lempty = ns_da_read_section(a, 5, 4, 1, bufa + N - 1, NS_AT("section"));
        }
    }
    ns_step_end();
    check(bufa, la, me, me + 1, 10, 0);
    check(bufc, lc, N - 1 - me, -(me + 2), 10, 0);
    for (ns_iter it = ns_forall(a, 0, N - 1, 1); ns_next(&it, &i); )
        if (*(int *)ns_da_local(a, i) != 10 * i + 1)
            bad++;
    if (me == 0) {
        check(alla, N, 0, 1, 10, 0);
        check(allc, N, 0, 1, 10, 0);
        printf("start-of-step reads: a sum %ld, c sum %ld, a[29]=%d c[0]=%d, empty %ld\n",
               sum(alla, N), sum(allc, N), alla[29], allc[0], lempty);
    }
    ns_step_begin(NS_AT("step"));
    if (me == 0)
        ns_da_read_section(a, 0, N - 1, 1, alla, NS_AT("section"));
    ns_step_end();
    if (me == 0) {
        check(alla, N, 0, 1, 10, 1);
        printf("after the step: a sum %ld\n", sum(alla, N));
    }

    // Step 2: section writes.  a[$ : N-1 : #] = 7i+3 (every process part of
    // every block), c[N-1-$ : 0 : -#] = 5i+2 (downward, cyclic); and every
    // process reads all of a, which it and others write in this step.
    int srca[N], srcc[N], olda[N];
    long lw = (N - 1 - me) / p + 1;
    for (long k = 0; k < lw; k++) {
        srca[k] = (int)(7 * (me + k * p) + 3);
        srcc[k] = (int)(5 * (N - 1 - me - k * p) + 2);
    }
    ns_step_begin(NS_AT("step"));
    ns_da_snapshot(a);
    {
        if (ns_da_write_section(a, me, N - 1, p, srca, NS_AT("section")) != lw)
            bad++;
        if (ns_da_write_section(c, N - 1 - me, 0, -p, srcc, NS_AT("section")) != lw)
            bad++;
        srca[0] = srcc[0] = -1;         // the values were taken at the call
        ns_da_read_section(a, 0, N - 1, 1, olda, NS_AT("section"));
    }
    ns_step_end();
    check(olda, N, 0, 1, 10, 1);

    // A process that writes a unit several times in a step (sections and
    // element writes, overlapping) contributes its last value once; it
    // reads its writes back at once.  g is a <+> array: every process
    // writes every unit, so g[i] = p * (the last value).
    int ones[N], twos[N], allg[N];
    for (long k = 0; k < N; k++)
        ones[k] = (int)(1000 + k), twos[k] = 2;
    ns_step_begin(NS_AT("step"));
    {
        ns_da_write_section(g, 0, N - 1, 1, ones, NS_AT("section"));    // g[0:N-1] = 1000+i
        for (i = 0; i < N; i += 3)
            *(int *)ns_da_wr(g, i, NS_AT("g")) = 1;                     // g[3k] = 1
        ns_da_write_section(g, 1, N - 1, 3, twos, NS_AT("section"));    // g[1:N-1:3] = 2
        for (i = 0; i < N; i++)
            if (*(const int *)ns_da_rd(g, i, NS_AT("g")) != (i % 3 == 0 ? 1 : i % 3 == 1 ? 2 : 1000 + i))
                bad++;
    }
    ns_step_end();
    ns_step_begin(NS_AT("step"));
    ns_da_read_section(g, 0, N - 1, 1, allg, NS_AT("section"));
    ns_step_end();
    for (i = 0; i < N; i++)
        if (allg[i] != p * (i % 3 == 0 ? 1 : i % 3 == 1 ? 2 : 1000 + i))
            bad++;
    if (me == 0)
        printf("repeated writes, per writer: g[0]=%d g[1]=%d g[2]=%d g[29]=%d\n", allg[0] / p,
               allg[1] / p, allg[2] / p, allg[29] / p);

    // Step 3: everybody sees the writes; mirrors for the copies of step 4.
    ns_step_begin(NS_AT("step"));
    {
        ns_da_read_section(a, 0, N - 1, 1, alla, NS_AT("section"));
        ns_da_read_section(c, 0, N - 1, 1, allc, NS_AT("section"));
        if (me == 0)
            ns_da_mirror(a, 0, N - 1, 1, NS_AT("mirror"));     // #pragma mirror(a[0:N-1])
        if (me == p - 1)
            ns_da_mirror(a, 1, N - 1, 2, NS_AT("mirror"));     // #pragma mirror(a[1:N-1:2])
    }
    ns_step_end();
    check(alla, N, 0, 1, 7, 3);
    check(allc, N, 0, 1, 5, 2);
    if (me == 0)
        printf("after section writes: a[0]=%d a[29]=%d c[0]=%d c[29]=%d, a sum %ld, c sum %ld\n",
               alla[0], alla[29], allc[0], allc[29], sum(alla, N), sum(allc, N));

    // Step 4: copies.  c[0:N-1] = a[N-1:0:-1] (rank 0, a mirrored);
    // d[f:l] = a[f:l] for my block f..l of a (mine); e[0:N/2-1] = a[1:N-1:2]
    // (rank p-1, mirrored).
    ns_step_begin(NS_AT("step"));
    {
        if (me == 0 && ns_da_copy_section(c, 0, N - 1, 1, a, N - 1, 0, -1, NS_AT("section")) != N)
            bad++;
        if (DArray_Length(a) > 0) {
            long f = DArray_index(a, 0), l = DArray_index(a, DArray_Length(a) - 1);
            ns_da_copy_section(d, f, l, 1, a, f, l, 1, NS_AT("section"));
        }
        if (me == p - 1)
            ns_da_copy_section(e, 0, N / 2 - 1, 1, a, 1, N - 1, 2, NS_AT("section"));
    }
    ns_step_end();

    int alld[N], alle[N / 2];
    ns_step_begin(NS_AT("step"));
    if (me == 0) {
        ns_da_read_section(c, 0, N - 1, 1, allc, NS_AT("section"));
        ns_da_read_section(d, 0, N - 1, 1, alld, NS_AT("section"));
        ns_da_read_section(e, 0, N / 2 - 1, 1, alle, NS_AT("section"));
    }
    ns_step_end();
    if (me == 0) {
        check(allc, N, N - 1, -1, 7, 3);
        check(alld, N, 0, 1, 7, 3);
        check(alle, N / 2, 1, 2, 7, 3);
        printf("copies: c[0]=%d c[29]=%d d[7]=%d e[0]=%d e[14]=%d\n", allc[0], allc[29], alld[7],
               alle[0], alle[14]);
    }

    report_wrong(bad);
    ns_da_free(g);
    ns_da_free(e);
    ns_da_free(d);
    ns_da_free(c);
    ns_da_free(a);
    NestStep_finalize();
    return 0;
}
