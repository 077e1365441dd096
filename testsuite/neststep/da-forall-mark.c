// forall's fast path as nsc emits it: the local index from the iterator
// (it.cur) on a hoisted base pointer, and one ns_da_mark_forall before a
// loop that writes a[i] on every iteration.  The marks must be exactly the
// units written: checked through the owner-write rule, where a concurrent
// remote write to a <+> array adds to the owner's value only if the owner
// wrote the unit.
// RUN: %nscc %s -o %t
// RUN: %nsrun 1 %t | FileCheck %s
// RUN: %nsrun 2 %t | FileCheck %s
// RUN: %nsrun 3 %t | FileCheck %s
// RUN: %nsrun 4 %t | FileCheck %s
// RUN: %nsrun 5 %t | FileCheck %s
// CHECK: cases 24 wrong 0
#include <neststep.h>
#include <stdio.h>

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    int p = NestStep_size(), me = NestStep_rank(), wrong = 0, cases = 0;
    ns_shvar sv_wrong;
    ns_sh_declare(&sv_wrong, "wrong", &wrong, 1, Type_int, sizeof wrong, NS_OP_ADD, NULL);
    static const long range[][3] = {
        { 0, 199, 1 }, { 3, 170, 1 }, { 150, 7, -1 }, { 1, 190, 2 }, { 199, 0, -3 }, { 64, 127, 1 },
    };
    for (int dist = NS_BLOCK; dist <= NS_CYCLIC; dist++)
        for (int n = 130; n <= 200; n += 70)
            for (size_t r = 0; r < sizeof range / sizeof *range; r++) {
                long lb = range[r][0] < n ? range[r][0] : n - 1;
                long ub = range[r][1] < n ? range[r][1] : n - 1, st = range[r][2];
                ns_darray *a = ns_da_new("a", n, 1, Type_int, sizeof(int), dist, NS_OP_ADD, NULL);
                long i;
                cases++;
                ns_step_begin(NS_AT("step"));
                {
                    ns_iter it = ns_forall(a, lb, ub, st);
                    int *la = (int *)a->local;
                    ns_da_mark_forall(a, it);
                    while (ns_next(&it, &i))
                        la[it.cur] = (int)i;
                    for (long u = 0; u < n; u++)        // everyone writes the next rank's units
                        if ((int)ns_da_owner(a, u) == (me + 1) % p && p > 1)
                            *(int *)ns_da_wr(a, u, NS_AT("a")) = 1000;
                }
                ns_step_end();
                ns_step_begin(NS_AT("step"));
                for (ns_iter it = ns_forall(a, 0, n - 1, 1); ns_next(&it, &i); ) {
                    int inrange = st > 0 ? i >= lb && i <= ub && (i - lb) % st == 0
                                         : i <= lb && i >= ub && (lb - i) % -st == 0;
                    int expect = (inrange ? (int)i : 0) + (p > 1 ? 1000 : 0);
                    if (!inrange && p == 1)
                        expect = 0;
                    if (((int *)a->local)[it.cur] != expect)
                        ns_sh_w(&sv_wrong, 0, NS_AT("wrong")), wrong++;
                }
                ns_step_end();
                ns_da_free(a);
            }
    if (me == 0)
        printf("cases %d wrong %d\n", cases, wrong);
    NestStep_finalize();
    return 0;
}
