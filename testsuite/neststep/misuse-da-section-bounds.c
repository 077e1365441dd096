// Misuse (spec section 7): a section that reaches past the end of a
// distributed array: a[10:13] of 12 units.
// RUN: %nscc %s -o %t
// RUN: not %nsrun 3 %t 2>&1 | FileCheck %s --implicit-check-not=error:
#include <neststep.h>

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    ns_darray *a = ns_da_new("a", 12, 1, Type_int, sizeof(int), NS_CYCLIC, NS_OP_FIRST, NULL);
    int buf[4];
    ns_step_begin(NS_AT("step"));
    if (NestStep_rank() == 2)
        // CHECK: misuse-da-section-bounds.c:[[@LINE+1]]: error: [process 2, superstep 0] section: section a[10:13:1] is out of bounds of the 12 units
        ns_da_read_section(a, 10, 13, 1, buf, NS_AT("section"));
    ns_step_end();
    NestStep_finalize();
    return 0;
}
