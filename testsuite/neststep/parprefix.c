// Seed 002 Figure 2 (parprefix), translated by hand to the runtime ABI as
// nsc emits it: a prefix combine inside the step's combine phase.
// RUN: %nscc -I%inputs %s -o %t
// RUN: %nsrun 1 %t 1000 | FileCheck %s
// RUN: %nsrun 2 %t 1000 | FileCheck %s
// RUN: %nsrun 3 %t 1000 | FileCheck %s
// RUN: %nsrun 4 %t 1000 | FileCheck %s
// RUN: %nsrun 5 %t 1000 | FileCheck %s
// RUN: %nsrun 16 %t 1000 | FileCheck %s
// RUN: %nsrun 32 %t 1000 | FileCheck %s
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

#include "parprefix.h"

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    long n = argc > 1 ? atol(argv[1]) : 1000;
    ns_darray *a = ns_da_new("a", n, 1, Type_int, sizeof(int), NS_BLOCK, NS_OP_FIRST, NULL);
    long i;
    for (ns_iter it = ns_forall(a, 0, n - 1, 1); ns_next(&it, &i); )
        *(int *)ns_da_wlocal(a, i) = (int)(i % 7) + 1;
    int total = parprefix(a);
    if (NestStep_rank() == 0)
        printf("total %d\n", total);

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
    ns_sh_undeclare(&sv_wrong);         // the end of its block, as nsc emits it
    NestStep_finalize();
    return 0;
}
