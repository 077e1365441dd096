// Misuse (spec section 5, Consistency): a read of a remote element that no
// mirror covers, in the step after the array was written.  The message
// names the element, its owner, the line, and suggests #pragma mirror.
// RUN: %nscc %s -o %t
// RUN: not %nsrun 3 %t 2>&1 | FileCheck %s --implicit-check-not=error:
#include <neststep.h>
#include <stdio.h>

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    ns_darray *a = ns_da_new("a", 12, 1, Type_int, sizeof(int), NS_BLOCK, NS_OP_FIRST, NULL);
    int x = 0;
    long i;
    ns_step_begin(NS_AT("step"));
    for (ns_iter it = ns_forall(a, 0, 11, 1); ns_next(&it, &i); )
        *(int *)ns_da_wlocal(a, i) = (int)i;
    ns_step_end();
    ns_step_begin(NS_AT("step"));
    if (NestStep_rank() == 1)
        // CHECK: misuse-da-unmirrored.c:[[@LINE+1]]: error: [process 1, superstep 1] a: read of remote element a[9] (owned by process 2) that is not mirrored in this step; add '#pragma mirror(a[9])' (or a section that covers it) in the previous step, or copy it with a section assignment ('t[0:n-1] = a[l:u];', whose values arrive at the end of this step)
        x = *(const int *)ns_da_rd(a, 9, NS_AT("a"));
    ns_step_end();
    printf("x %d\n", x);
    NestStep_finalize();
    return 0;
}
