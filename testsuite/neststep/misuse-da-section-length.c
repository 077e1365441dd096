// Misuse (spec section 5, Sections): a distributed = distributed section
// assignment whose sides have different lengths.
// RUN: %nscc %s -o %t
// RUN: not %nsrun 3 %t 2>&1 | FileCheck %s --implicit-check-not=error:
#include <neststep.h>

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    ns_darray *a = ns_da_new("a", 12, 1, Type_int, sizeof(int), NS_BLOCK, NS_OP_FIRST, NULL);
    ns_darray *b = ns_da_new("b", 12, 1, Type_int, sizeof(int), NS_CYCLIC, NS_OP_FIRST, NULL);
    ns_step_begin(NS_AT("step"));
    if (NestStep_rank() == 1)
        // CHECK: misuse-da-section-length.c:[[@LINE+1]]: error: [process 1, superstep 0] section: section lengths differ: b[0:6:2] has 4 units, a[4:8:1] has 5
        ns_da_copy_section(b, 0, 6, 2, a, 4, 8, 1, NS_AT("section"));     // b[0:6:2] = a[4:8]
    ns_step_end();
    NestStep_finalize();
    return 0;
}
