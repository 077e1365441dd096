// Misuse (spec section 3, <=>, applied to distributed arrays in section 5):
// processes 1 and 2 write different values to a[0] of a sh<=> array; its
// owner, process 0, finds out when it combines the writes.
// RUN: %nscc %s -o %t
// RUN: not %nsrun 3 %t 2>&1 | FileCheck %s --implicit-check-not=error:
#include <neststep.h>

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    ns_darray *a = ns_da_new("a", 12, 1, Type_int, sizeof(int), NS_CYCLIC, NS_OP_EQ, NULL);
    ns_step_begin(NS_AT("step"));
    *(int *)ns_da_wr(a, 3, NS_AT("a")) = 7;        // all agree
    ns_step_end();
    // CHECK: misuse-da-common.c:[[@LINE+1]]: error: [process 0, superstep 1] step: distributed array 'a' has combine policy <=> but processes 1 and 2 wrote different values to element 0; write equal values or choose another policy
    ns_step_begin(NS_AT("step"));
    if (NestStep_rank() > 0)
        *(int *)ns_da_wr(a, 0, NS_AT("a")) = NestStep_rank();
    ns_step_end();
    NestStep_finalize();
    return 0;
}
