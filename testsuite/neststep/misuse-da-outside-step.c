// Misuse (spec section 2): access to a remote element of a distributed
// array outside a step (here a write, after the first step).
// RUN: %nscc %s -o %t
// RUN: not %nsrun 3 %t 2>&1 | FileCheck %s --implicit-check-not=error:
#include <neststep.h>

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    ns_darray *a = ns_da_new("a", 12, 1, Type_int, sizeof(int), NS_BLOCK, NS_OP_FIRST, NULL);
    ns_step_begin(NS_AT("step"));
    ns_step_end();
    if (NestStep_rank() == 1)
        // CHECK: misuse-da-outside-step.c:[[@LINE+1]]: error: [process 1, superstep 1] a: a write of a remote element of distributed array 'a' outside a step; access to remote elements must be inside a step (or a function called from one)
        *(int *)ns_da_wr(a, 0, NS_AT("a")) = 1;
    ns_step_begin(NS_AT("step"));
    ns_step_end();
    NestStep_finalize();
    return 0;
}
