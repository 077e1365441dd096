// Misuse: a distributed array freed inside a step that still has a request
// for it (here process 1's #pragma mirror, to be served at step end).
// RUN: %nscc %s -o %t
// RUN: not %nsrun 3 %t 2>&1 | FileCheck %s --implicit-check-not=error:
#include <neststep.h>

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    ns_darray *a = ns_da_new("a", 12, 1, Type_int, sizeof(int), NS_BLOCK, NS_OP_FIRST, NULL);
    // CHECK: misuse-da-free-in-step.c:[[@LINE+1]]: error: [process 1, superstep 0] step: distributed array 'a' freed inside the step that writes it or accesses it remotely; free it after the step
    ns_step_begin(NS_AT("step"));
    if (NestStep_rank() == 1)
        ns_da_mirror(a, 8, 9, 1, NS_AT("mirror"));
    ns_da_free(a);
    ns_step_end();
    NestStep_finalize();
    return 0;
}
