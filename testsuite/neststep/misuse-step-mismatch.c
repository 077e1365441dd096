// Misuse (spec section 2): members of a group reach different steps.  The
// combine checks every superstep's site and stops the whole job (instead of
// hanging) with a message naming both sites and processes.  Process 2 (or
// 1) takes another branch: another step, a neststep, NestStep_finalize; in
// a subgroup; at a neststep(k, @ = e) (its split is a combine of its own).
// RUN: %nscc %s -o %t
// RUN: not %nsrun 3 %t step 2>&1 | FileCheck %s --check-prefix=STEP --implicit-check-not=error:
// RUN: not %nsrun 3 %t neststep 2>&1 | FileCheck %s --check-prefix=NEST --implicit-check-not=error:
// RUN: not %nsrun 3 %t finalize 2>&1 | FileCheck %s --check-prefix=FIN --implicit-check-not=error:
// RUN: not %nsrun 3 %t sub 2>&1 | FileCheck %s --check-prefix=SUB --implicit-check-not=error:
// RUN: not %nsrun 3 %t at 2>&1 | FileCheck %s --check-prefix=AT --implicit-check-not=error:
// The same from the direct protocol and from a chain, where process 1
// finds it (between itself and process 2):
// RUN: not env NS_DIRECT_MAX=16 %nsrun 3 %t step 2>&1 | FileCheck %s --check-prefix=STEP --implicit-check-not=error:
// RUN: not env NS_TREE_ARITY=1 NS_DIRECT_MAX=0 %nsrun 3 %t step 2>&1 | FileCheck %s --check-prefix=CHAIN --implicit-check-not=error:
#include <neststep.h>
#include <string.h>

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    const char *what = argc > 1 ? argv[1] : "";
    int me = NestStep_rank();
    ns_step_begin(NS_AT("step"));
    ns_step_end();
    if (!strcmp(what, "step")) {
        if (me == 2) {
            ns_step_begin(NS_AT("step"));
            ns_step_end();
        } else {
            // STEP: misuse-step-mismatch.c:[[#@LINE+2]]: error: [process 0, superstep 1] step: process 0 reached a step on line [[#@LINE+2]] but process 2 reached a step on line [[#@LINE-3]]; every member of a group must execute the same sequence of steps and neststeps
            // CHAIN: misuse-step-mismatch.c:[[#@LINE+1]]: error: [process 1, superstep 1] step: process 1 reached a step on line [[#@LINE+1]] but process 2 reached a step on line [[#@LINE-4]]; every member of a group must execute the same sequence of steps and neststeps
            ns_step_begin(NS_AT("step"));
            ns_step_end();
        }
    }
    if (!strcmp(what, "neststep")) {
        if (me == 2) {
            ns_step_begin(NS_AT("step"));
            ns_step_end();
        } else {
            // the split needs no combine: the end of the neststep meets process 2's step
            // NEST: misuse-step-mismatch.c:[[#@LINE+1]]: error: [process 0, superstep 1] neststep: process 0 reached a neststep on line [[#@LINE+1]] but process 2 reached a step on line [[#@LINE-4]]; every member of a group must execute the same sequence of steps and neststeps
            if (ns_neststep_begin(2, NS_SPLIT_EVEN, NULL, NS_AT("neststep"))) {
            }
            ns_neststep_end();
        }
    }
    if (!strcmp(what, "finalize")) {
        if (me != 2) {
            // FIN: misuse-step-mismatch.c:[[#@LINE+1]]: error: [process 0, superstep 1] step: process 0 reached a step on line [[#@LINE+1]] but process 2 reached NestStep_finalize; every member of a group must execute the same sequence of steps and neststeps
            ns_step_begin(NS_AT("step"));
            ns_step_end();
        }
    }
    if (!strcmp(what, "sub")) {
        if (ns_neststep_begin(1, NS_SPLIT_EVEN, NULL, NS_AT("neststep"))) {
            ns_step_begin(NS_AT("step"));
            ns_step_end();
            if (NestStep_rank() == 1) {
                ns_step_begin(NS_AT("step"));
                ns_step_end();
            } else {
                // SUB: misuse-step-mismatch.c:[[#@LINE+1]]: error: [process 0, superstep 1] step: process 0 reached a step on line [[#@LINE+1]] but process 1 reached a step on line [[#@LINE-3]]; every member of a group must execute the same sequence of steps and neststeps
                ns_step_begin(NS_AT("step"));
                ns_step_end();
            }
        }
        ns_neststep_end();
    }
    if (!strcmp(what, "at")) {
        if (me == 1) {
            if (ns_neststep_begin(2, me % 2, NULL, NS_AT("neststep"))) {
            }
            ns_neststep_end();
        } else {
            // AT: misuse-step-mismatch.c:[[#@LINE+1]]: error: [process 0, superstep 1] step: process 0 reached a step on line [[#@LINE+1]] but process 1 reached a neststep on line [[#@LINE-4]]; every member of a group must execute the same sequence of steps and neststeps
            ns_step_begin(NS_AT("step"));
            ns_step_end();
        }
    }
    NestStep_finalize();
    return 0;
}
