// Misuse: members of a group split it differently (a private k, or private
// weights).  The neststep's opening combine finds it: the job stops with one
// line instead of leaving mismatched subgroups waiting for each other.
// RUN: %nscc %s -o %t
// RUN: not %nsrun 4 %t k 2>&1 | FileCheck %s --check-prefix=K
// RUN: not %nsrun 3 %t weights 2>&1 | FileCheck %s --check-prefix=W
// RUN: not %nsrun 5 %t k 2>&1 | FileCheck %s --check-prefix=K
// K: misuse-neststep-split.c:[[@LINE+13]]: error: [process {{[0-9]}}, superstep 1] neststep: processes 0 and 1 split the group differently at this neststep (a different number of subgroups or different weights); k and the weights must be the same on every member
// W: misuse-neststep-split.c:[[@LINE+16]]: error: [process {{[0-9]}}, superstep 1] neststep: processes {{[0-9]}} and 2 split the group differently
#include <neststep.h>
#include <string.h>

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    int me = NestStep_rank();
    ns_step_begin(NS_AT("step"));
    ns_step_end();
    if (argc > 1 && !strcmp(argv[1], "k")) {
        if (ns_neststep_begin(me == 1 ? 3 : 2, NS_SPLIT_EVEN, NULL, NS_AT("neststep"))) {
        }
    } else {
        double w[2] = { 1, me == 2 ? 2 : 1 };
        if (ns_neststep_begin(2, NS_SPLIT_EVEN, w, NS_AT("neststep"))) {
        }
    }
    ns_neststep_end();
    NestStep_finalize();
    return 0;
}
