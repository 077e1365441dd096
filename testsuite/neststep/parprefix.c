// Seed 002 Figure 2 (parprefix), translated by hand to the runtime ABI as
// nsc emits it: a prefix combine inside the step's combine phase.
// RUN: %nscc %s -o %t
// RUN: %nsrun 1 %t 1000 | FileCheck %s
// RUN: %nsrun 2 %t 1000 | FileCheck %s
// RUN: %nsrun 3 %t 1000 | FileCheck %s
// RUN: %nsrun 4 %t 1000 | FileCheck %s
// RUN: %nsrun 5 %t 1000 | FileCheck %s
// RUN: %nsrun 3 %t 7 | FileCheck %s --check-prefix=SMALL
// CHECK: total 3997
// CHECK-NEXT: a[0]=0 a[1]=1 a[999]=3991
// CHECK-NEXT: wrong 0
// SMALL: total 28
// SMALL-NEXT: a[0]=0 a[1]=1 a[6]=21
// SMALL-NEXT: wrong 0
#include <neststep.h>
#include <stdio.h>
#include <stdlib.h>

/* nsc emits one static site record per construct (NS_AT would build it on
 * the stack at every use, inside loops too). */
static const struct ns_site site_sum = { "sum", __FILE__, __LINE__ };

static void
parprefix(ns_darray *a)
{
    int *pre, myoffset, j = 0;
    long i;
    int sum = 0;                        // sh int sum = 0;  (constant initializer)
    ns_shvar sv_sum;
    ns_sh_declare(&sv_sum, "sum", &sum, 1, Type_int, sizeof sum, NS_OP_FIRST, NULL);

    ns_step_begin(NS_AT("step"));
    {
        pre = new_Array(DArray_Length(a), Type_int);
        ns_sh_w(&sv_sum, 0, &site_sum), sum = 0;
        const int *ns_la = (const int *)a->local;      // forall: local index it.cur
        for (ns_iter it = ns_forall(a, 0, ns_da_length(a) - 1, 1); ns_next(&it, &i); ) {
            pre[j++] = sum;
            ns_sh_w(&sv_sum, 0, &site_sum), sum += ns_la[it.cur];
        }
    }
    ns_combine_prefix(&sv_sum, NS_OP_ADD, NULL, &myoffset);     // combine(sum<+:myoffset>)
    ns_step_end();

    j = 0;
    ns_step_begin(NS_AT("step"));
    {
        int *ns_la = (int *)a->local;
        ns_iter it = ns_forall(a, 0, ns_da_length(a) - 1, 1);
        ns_da_mark_forall(a, it);               // the body writes a[i] every time
        while (ns_next(&it, &i))
            ns_la[it.cur] = pre[j++] + myoffset;
    }
    ns_step_end();
    if (NestStep_rank() == 0)
        printf("total %d\n", sum);
    free_Array(pre);
    ns_sh_undeclare(&sv_sum);
}

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    long n = argc > 1 ? atol(argv[1]) : 1000;
    ns_darray *a = ns_da_new("a", n, 1, Type_int, sizeof(int), NS_BLOCK, NS_OP_FIRST, NULL);
    long i;
    for (ns_iter it = ns_forall(a, 0, n - 1, 1); ns_next(&it, &i); )
        *(int *)ns_da_wlocal(a, i) = (int)(i % 7) + 1;
    parprefix(a);

    // check: every process its own elements; process 0 reads the whole array
    int wrong = 0;
    ns_shvar sv_wrong;
    ns_sh_declare(&sv_wrong, "wrong", &wrong, 1, Type_int, sizeof wrong, NS_OP_ADD, NULL);
    int *all = malloc(sizeof(int) * (size_t)n);
    ns_step_begin(NS_AT("step"));
    {
        long expect = 0;
        int bad = 0;
        for (long k = 0; k < n; k++) {      // exclusive prefix sums
            if (ns_da_owned(a, k) && *(int *)ns_da_local(a, k) != expect)
                bad++;
            expect += k % 7 + 1;
        }
        ns_sh_w(&sv_wrong, 0, NS_AT("wrong")), wrong = bad;
        if (NestStep_rank() == 0)
            ns_da_read_section(a, 0, n - 1, 1, all, NS_AT("section"));
    }
    ns_step_end();
    if (NestStep_rank() == 0) {
        printf("a[0]=%d a[1]=%d a[%ld]=%d\n", all[0], all[1], n - 1, all[n - 1]);
        printf("wrong %d\n", wrong);
    }
    free(all);
    NestStep_finalize();
    return 0;
}
