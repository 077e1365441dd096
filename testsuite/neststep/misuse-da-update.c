// Misuse (spec section 5, #pragma update): an update that covers a remote
// element this process has no copy of (neither mirrored for this step nor
// written by it).
// RUN: %nscc %s -o %t
// RUN: not %nsrun 3 %t 2>&1 | FileCheck %s --implicit-check-not=error:
#include <neststep.h>

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    ns_darray *a = ns_da_new("a", 12, 1, Type_int, sizeof(int), NS_BLOCK, NS_OP_FIRST, NULL);
    ns_step_begin(NS_AT("step"));
    ns_da_mirror(a, 8, 8, 1, NS_AT("mirror"));
    ns_step_end();
    ns_step_begin(NS_AT("step"));
    if (NestStep_rank() == 1)
        // CHECK: misuse-da-update.c:[[@LINE+1]]: error: [process 1, superstep 1] update: #pragma update(a[...]) covers remote element a[9], which this process has no copy of in this step; mirror it first
        ns_da_update(a, 8, 9, 1, NS_AT("update"));      // #pragma update(a[8:9])
    ns_step_end();
    NestStep_finalize();
    return 0;
}
