// Distributed arrays, #pragma mirror and #pragma update (spec section 5;
// seed 002, 3.2.2-3.2.3): ns_da_mirror(a, l, u, s) in step s fetches the
// section in s's combine phase, after s's writes (the owner's own and
// remote ones, combined), so ns_da_rd finds it throughout step s+1, with
// those values even while the owners overwrite it in s+1.  A mirror lasts
// one step (reading it in s+2: misuse-da-mirror-expired.c).  A remote
// element I write and mirror in the same step shows the combined value
// next step.  ns_da_update(a, l, u, s): my copies of the section's remote
// units go to their owners at step end as my writes (misuse-da-update.c:
// a unit I have no copy of).
// RUN: %nscc -I%inputs %s -o %t
// RUN: %nsrun 1 %t | FileCheck %s --check-prefixes=CHECK,P1
// RUN: %nsrun 2 %t | FileCheck %s --check-prefixes=CHECK,P2
// RUN: %nsrun 3 %t | FileCheck %s --check-prefixes=CHECK,P3
// RUN: %nsrun 4 %t | FileCheck %s --check-prefixes=CHECK,P4
// RUN: %nsrun 5 %t | FileCheck %s --check-prefixes=CHECK,P5
// CHECK: mirrored after writes: a[0]=1 a[1]=12 a[19]=192 x=100
// CHECK-NEXT: mirrored strided: a[1]=13 a[19]=193
// P1-NEXT: update: 0 restored, 20 overwritten; update <+>: u[7]=71 u[0]=1
// P2-NEXT: update: 10 restored, 10 overwritten; update <+>: u[7]=71 u[0]=1
// P3-NEXT: update: 13 restored, 7 overwritten; update <+>: u[7]=142 u[0]=2
// P4-NEXT: update: 15 restored, 5 overwritten; update <+>: u[7]=213 u[0]=3
// P5-NEXT: update: 16 restored, 4 overwritten; update <+>: u[7]=284 u[0]=4
// CHECK-NEXT: wrong 0
#include <neststep.h>
#include "ns_report.h"
#include <stdio.h>

#define N 20

static int bad;                         // private mismatch count, combined at the end

static int
rd(ns_darray *a, long i)
{
    return *(const int *)ns_da_rd(a, i, NS_AT("a"));
}

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    int p = NestStep_size(), me = NestStep_rank();
    ns_darray *a = ns_da_new("a", N, 1, Type_int, sizeof(int), NS_CYCLIC, NS_OP_FIRST, NULL);
    ns_darray *x = ns_da_new("x", 1, 1, Type_int, sizeof(int), NS_BLOCK, NS_OP_FIRST, NULL);
    ns_darray *b = ns_da_new("b", N, 1, Type_int, sizeof(int), NS_BLOCK, NS_OP_FIRST, NULL);
    ns_darray *u = ns_da_new("u", N, 1, Type_int, sizeof(int), NS_BLOCK, NS_OP_ADD, NULL);
    long i;
    for (ns_iter it = ns_forall(b, 0, N - 1, 1); ns_next(&it, &i); )
        *(int *)ns_da_wlocal(b, i) = (int)(10 * i + 1);
    for (ns_iter it = ns_forall(u, 0, N - 1, 1); ns_next(&it, &i); )
        *(int *)ns_da_wlocal(u, i) = (int)(10 * i + 1);

    // Step 1: owners write the even units of a, the next rank the odd ones
    // (remotely); everybody writes x[0] = 100 + $; everybody mirrors.
    ns_step_begin(NS_AT("step"));
    {
        for (ns_iter it = ns_forall(a, 0, N - 1, 2); ns_next(&it, &i); )
            *(int *)ns_da_wlocal(a, i) = (int)(10 * i + 1);
        for (i = 1; i < N; i += 2)
            if ((ns_owner(a, i) + 1) % p == me)
                *(int *)ns_da_wr(a, i, NS_AT("a")) = (int)(10 * i + 2);
        *(int *)ns_da_wr(x, 0, NS_AT("x")) = 100 + me;
        if (*(const int *)ns_da_rd(x, 0, NS_AT("x")) != 100 + me)
            bad++;                          // my own write, read back
        ns_da_mirror(a, 0, N - 1, 1, NS_AT("mirror"));          // #pragma mirror(a[0:N-1])
        ns_da_mirror(x, 0, 0, 1, NS_AT("mirror"));              // #pragma mirror(x[0])
    }
    ns_step_end();

    // Step 2: the mirror holds step 1's results, while the owners overwrite
    // every unit; mirror every third unit from 1 for step 3.
    int a0 = 0, a1 = 0, a19 = 0, x0 = 0;
    ns_step_begin(NS_AT("step"));
    {
        for (i = 0; i < N; i++)
            if (rd(a, i) != 10 * i + 1 + (i % 2))
                bad++;
        a0 = rd(a, 0), a1 = rd(a, 1), a19 = rd(a, 19);
        x0 = *(const int *)ns_da_rd(x, 0, NS_AT("x"));
        if (x0 != 100)
            bad++;
        for (ns_iter it = ns_forall(a, 0, N - 1, 1); ns_next(&it, &i); )
            *(int *)ns_da_wlocal(a, i) = (int)(10 * i + 3);
        for (i = 0; i < N; i++)     // mirrored copies keep the start-of-step values
            if (!ns_owned(a, i) && rd(a, i) != 10 * i + 1 + (i % 2))
                bad++;
        ns_da_mirror(a, 1, N - 1, 3, NS_AT("mirror"));          // #pragma mirror(a[1:N-1:3])
    }
    ns_step_end();
    if (me == 0)
        printf("mirrored after writes: a[0]=%d a[1]=%d a[19]=%d x=%d\n", a0, a1, a19, x0);

    // Step 3: the strided mirror.  Rank 0 mirrors b, everybody mirrors u.
    ns_step_begin(NS_AT("step"));
    {
        for (i = 1; i < N; i += 3)
            if (rd(a, i) != 10 * i + 3)
                bad++;
        a1 = rd(a, 1), a19 = rd(a, 19);
        if (me == 0)
            ns_da_mirror(b, 0, N - 1, 1, NS_AT("mirror"));
        ns_da_mirror(u, 0, N - 1, 1, NS_AT("mirror"));
    }
    ns_step_end();
    if (me == 0)
        printf("mirrored strided: a[1]=%d a[19]=%d\n", a1, a19);

    // Step 4: owners set b to -1; rank 0 writes its copies of b back
    // (#pragma update(b[0:N-1])): as the lowest-ranked writer it wins.
    // Everybody writes back its copies of u, a <+> array: every unit gets
    // the sum of the non-owners' copies (new-value semantics).
    ns_step_begin(NS_AT("step"));
    {
        for (ns_iter it = ns_forall(b, 0, N - 1, 1); ns_next(&it, &i); )
            *(int *)ns_da_wlocal(b, i) = -1;
        if (me == 0)
            ns_da_update(b, 0, N - 1, 1, NS_AT("update"));
        ns_da_update(u, 0, N - 1, 1, NS_AT("update"));
    }
    ns_step_end();

    int allb[N], allu[N];
    ns_step_begin(NS_AT("step"));
    if (me == 0) {
        ns_da_read_section(b, 0, N - 1, 1, allb, NS_AT("section"));
        ns_da_read_section(u, 0, N - 1, 1, allu, NS_AT("section"));
    }
    ns_step_end();
    if (me == 0) {
        int restored = 0, over = 0;
        for (i = 0; i < N; i++) {
            if (allb[i] == 10 * i + 1 && ns_owner(b, i) != 0)
                restored++;
            else if (allb[i] == -1 && ns_owner(b, i) == 0)
                over++;
            else
                bad++;
            if (allu[i] != (p > 1 ? p - 1 : 1) * (10 * i + 1))
                bad++;
        }
        printf("update: %d restored, %d overwritten; update <+>: u[7]=%d u[0]=%d\n", restored,
               over, allu[7], allu[0]);
    }

    report_wrong(bad);
    ns_da_free(u);
    ns_da_free(b);
    ns_da_free(x);
    ns_da_free(a);
    NestStep_finalize();
    return 0;
}
