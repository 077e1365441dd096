// Misuse (spec section 5, Consistency): a section read of a unit in the
// step in which its owner writes it, without ns_da_snapshot at the start of
// the step (nsc emits it when it sees both; hand-written code forgot it):
// the owner no longer has the start-of-step value.  The owner finds out
// while serving the request, in the combine phase of the step: the message
// names the step's line.
// RUN: %nscc %s -o %t
// RUN: not %nsrun 3 %t 2>&1 | FileCheck %s --implicit-check-not=error:
#include <neststep.h>

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    ns_darray *a = ns_da_new("a", 12, 1, Type_int, sizeof(int), NS_BLOCK, NS_OP_FIRST, NULL);
    int buf[2];
    // CHECK: misuse-da-read-written.c:[[@LINE+1]]: error: [process 2, superstep 0] step: process 1 reads a[9] in the step in which its owner, process 2, writes it, and its value at the start of the step was not kept; call ns_da_snapshot(a) at the start of the step (nsc does so when it sees both)
    ns_step_begin(NS_AT("step"));
    if (NestStep_rank() == 2)
        *(int *)ns_da_wlocal(a, 9) = 1;
    if (NestStep_rank() == 1)
        ns_da_read_section(a, 8, 9, 1, buf, NS_AT("section"));
    ns_step_end();
    NestStep_finalize();
    return 0;
}
