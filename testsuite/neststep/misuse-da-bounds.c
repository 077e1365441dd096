// Misuse (spec section 7): an element index out of the bounds of a
// distributed array (a remote write of a[12], 12 units).
// RUN: %nscc %s -o %t
// RUN: not %nsrun 3 %t 2>&1 | FileCheck %s --implicit-check-not=error:
#include <neststep.h>

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    ns_darray *a = ns_da_new("a", 12, 1, Type_int, sizeof(int), NS_BLOCK, NS_OP_FIRST, NULL);
    ns_step_begin(NS_AT("step"));
    if (NestStep_rank() == 1)
        // CHECK: misuse-da-bounds.c:[[@LINE+1]]: error: [process 1, superstep 0] a: index 12 is out of bounds of distributed array 'a' of 12 units
        *(int *)ns_da_wr(a, 12, NS_AT("a")) = 1;
    ns_step_end();
    NestStep_finalize();
    return 0;
}
