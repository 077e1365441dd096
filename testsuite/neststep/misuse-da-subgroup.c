// Misuse (spec section 5, ours): inside a neststep, access to an element
// owned by a process outside the current subgroup.  neststep(3) at p = 3
// puts every process in its own subgroup; process 1 reads a[0], owned by
// process 0.
// RUN: %nscc %s -o %t
// RUN: not %nsrun 3 %t 2>&1 | FileCheck %s --implicit-check-not=error:
#include <neststep.h>

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    ns_darray *a = ns_da_new("a", 12, 1, Type_int, sizeof(int), NS_BLOCK, NS_OP_FIRST, NULL);
    int buf[2];
    if (ns_neststep_begin(3, NS_SPLIT_EVEN, NULL, NS_AT("neststep"))) {
        ns_step_begin(NS_AT("step"));
        if (NestStep_group() == 1)
            // CHECK: misuse-da-subgroup.c:[[@LINE+1]]: error: [process 1, superstep 0] section: element a[0] is owned by process 0, which is outside the current subgroup (@ = 1, # = 1); inside a neststep, access only elements owned by members of the subgroup
            ns_da_read_section(a, 0, 1, 1, buf, NS_AT("section"));
        ns_step_end();
    }
    ns_neststep_end();
    NestStep_finalize();
    return 0;
}
