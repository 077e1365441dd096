// Misuse (spec section 2): a step or a neststep directly inside a step of
// the same group.  One process does it; the job stops with its message,
// which names the enclosing step's line.
// RUN: %nscc %s -o %t
// RUN: not %nsrun 3 %t step 2>&1 | FileCheck %s --check-prefix=STEP --implicit-check-not=error:
// RUN: not %nsrun 3 %t neststep 2>&1 | FileCheck %s --check-prefix=NEST --implicit-check-not=error:
// RUN: not %nsrun 3 %t sub 2>&1 | FileCheck %s --check-prefix=SUB --implicit-check-not=error:
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
        ns_step_begin(NS_AT("step"));
        if (me == 1)
            // STEP: misuse-step-in-step.c:[[#@LINE+1]]: error: [process 1, superstep 1] step: step inside a step of the same group (the step on line [[#@LINE-2]]); a step's body may not contain another step or neststep of its group
            ns_step_begin(NS_AT("step"));
        ns_step_end();
    }
    if (!strcmp(what, "neststep")) {
        ns_step_begin(NS_AT("step"));
        if (me == 2)
            // NEST: misuse-step-in-step.c:[[#@LINE+1]]: error: [process 2, superstep 1] neststep: neststep inside a step of the same group (the step on line [[#@LINE-2]]); a step's body may not contain another step or neststep of its group
            ns_neststep_begin(2, NS_SPLIT_EVEN, NULL, NS_AT("neststep"));
        ns_step_end();
    }
    if (!strcmp(what, "sub")) {         // inside a subgroup's step
        if (ns_neststep_begin(1, NS_SPLIT_EVEN, NULL, NS_AT("neststep"))) {
            ns_step_begin(NS_AT("step"));
            ns_step_end();
            ns_step_begin(NS_AT("step"));
            if (NestStep_rank() == 2)
                // SUB: misuse-step-in-step.c:[[#@LINE+1]]: error: [process 2, superstep 1] step: step inside a step of the same group (the step on line [[#@LINE-2]]); a step's body may not contain another step or neststep of its group
                ns_step_begin(NS_AT("step"));
            ns_step_end();
        }
        ns_neststep_end();
    }
    NestStep_finalize();
    return 0;
}
