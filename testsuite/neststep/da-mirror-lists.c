// Mirrors of single units and runs (ns_da_mirror(a, l, u, 1), what
// #pragma mirror(a[l:u]) becomes) go to each owner as one mirror list per
// array: interleaved mirrors of three arrays (block ints, cyclic longs,
// block units of 3 ints), runs that continue each other, duplicates,
// units in descending order, and a run across owners, all read back in
// the next step with the values after that step's writes, at every p.
// RUN: %nscc -I%inputs %s -o %t
// RUN: %nsrun 1 %t | FileCheck %s
// RUN: %nsrun 2 %t | FileCheck %s
// RUN: %nsrun 3 %t | FileCheck %s
// RUN: %nsrun 5 %t | FileCheck %s
// CHECK: mirror lists: b[7]=1007 c[38]=2038 d[21][2]=3212 then b[0]=5000 c[39]=6039
// CHECK-NEXT: wrong 0
#include <neststep.h>
#include "ns_report.h"
#include <stdio.h>

#define N 40

static int bad;

static long bv(const ns_darray *b, long i) { return *(const int *)ns_da_rd((ns_darray *)b, i, NS_AT("b")); }
static long cv(const ns_darray *c, long i) { return *(const long *)ns_da_rd((ns_darray *)c, i, NS_AT("c")); }

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    int me = NestStep_rank();
    ns_darray *b = ns_da_new("b", N, 1, Type_int, sizeof(int), NS_BLOCK, NS_OP_FIRST, NULL);
    ns_darray *c = ns_da_new("c", N, 1, Type_long, sizeof(long), NS_CYCLIC, NS_OP_FIRST, NULL);
    ns_darray *d = ns_da_new("d", N, 3, Type_int, sizeof(int), NS_BLOCK, NS_OP_FIRST, NULL);
    long i, k;

    // Step 1: the owners write every unit; everybody mirrors every unit,
    // one at a time and interleaved, b and c twice over, b also as runs
    // (5..12, then 13..20 continuing it, then 3..30 across owners).
    ns_step_begin(NS_AT("step"));
    for (ns_iter it = ns_forall(b, 0, N - 1, 1); ns_next(&it, &i); )
        *(int *)ns_da_wlocal(b, i) = (int)(1000 + i);
    for (ns_iter it = ns_forall(c, 0, N - 1, 1); ns_next(&it, &i); )
        *(long *)ns_da_wlocal(c, i) = 2000 + i;
    for (ns_iter it = ns_forall(d, 0, N - 1, 1); ns_next(&it, &i); )
        for (k = 0; k < 3; k++)
            ((int *)ns_da_wlocal(d, i))[k] = (int)(3000 + 10 * i + k);
    for (i = 0; i < N; i++) {
        long j = (i * 7 + me) % N;
        ns_da_mirror(b, j, j, 1, NS_AT("mirror"));
        ns_da_mirror(c, i, i, 1, NS_AT("mirror"));
        ns_da_mirror(d, j, j, 1, NS_AT("mirror"));
        ns_da_mirror(c, N - 1 - i, N - 1 - i, 1, NS_AT("mirror"));
        ns_da_mirror(b, i, i, 1, NS_AT("mirror"));
    }
    ns_da_mirror(b, 5, 12, 1, NS_AT("mirror"));
    ns_da_mirror(b, 13, 20, 1, NS_AT("mirror"));
    ns_da_mirror(b, 3, 30, 1, NS_AT("mirror"));
    ns_step_end();

    // Step 2: the mirrored values; the owners overwrite b and c, and
    // everybody mirrors them again, in descending order.
    long b7, c38, d21;
    ns_step_begin(NS_AT("step"));
    for (i = 0; i < N; i++) {
        if (bv(b, i) != 1000 + i || cv(c, i) != 2000 + i)
            bad++;
        for (k = 0; k < 3; k++)
            if (*(const int *)ns_da_rd_el(d, i, k, NS_AT("d")) != 3000 + 10 * i + k)
                bad++;
    }
    b7 = bv(b, 7), c38 = cv(c, 38), d21 = *(const int *)ns_da_rd_el(d, 21, 2, NS_AT("d"));
    for (ns_iter it = ns_forall(b, 0, N - 1, 1); ns_next(&it, &i); )
        *(int *)ns_da_wlocal(b, i) = (int)(5000 + i);
    for (ns_iter it = ns_forall(c, 0, N - 1, 1); ns_next(&it, &i); )
        *(long *)ns_da_wlocal(c, i) = 6000 + i;
    for (i = N - 1; i >= 0; i--) {
        ns_da_mirror(c, i, i, 1, NS_AT("mirror"));
        ns_da_mirror(b, i, i, 1, NS_AT("mirror"));
    }
    ns_step_end();

    // Step 3: the values after step 2's writes.
    long b0, c39;
    ns_step_begin(NS_AT("step"));
    for (i = 0; i < N; i++)
        if (bv(b, i) != 5000 + i || cv(c, i) != 6000 + i)
            bad++;
    b0 = bv(b, 0), c39 = cv(c, 39);
    ns_step_end();
    if (me == 0)
        printf("mirror lists: b[7]=%ld c[38]=%ld d[21][2]=%ld then b[0]=%ld c[39]=%ld\n",
               b7, c38, d21, b0, c39);
    report_wrong(bad);
    ns_da_free(d);
    ns_da_free(c);
    ns_da_free(b);
    NestStep_finalize();
    return 0;
}
