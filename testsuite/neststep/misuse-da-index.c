// Misuse (spec section 5): DArray_index(a, k) with k outside
// 0..DArray_Length(a)-1 (process 1 owns 4 units of 12 at p = 3).
// RUN: %nscc %s -o %t
// RUN: not %nsrun 3 %t 2>&1 | FileCheck %s --implicit-check-not=error:
#include <neststep.h>
#include <stdio.h>

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    ns_darray *a = ns_da_new("a", 12, 1, Type_int, sizeof(int), NS_BLOCK, NS_OP_FIRST, NULL);
    long x = 0;
    ns_step_begin(NS_AT("step"));
    if (NestStep_rank() == 1)
        // CHECK: misuse-da-index.c:[[@LINE+1]]: error: [process 1, superstep 0] DArray_index: local index 4 of distributed array 'a' is out of range: this process owns 4 units (0 <= k < DArray_Length(a))
        x = DArray_index(a, 4);
    ns_step_end();
    printf("x %ld\n", x);
    NestStep_finalize();
    return 0;
}
