// Misuse (spec section 2): a write to a replicated shared variable outside
// a step, by one process (the others wait at the next step; the job stops).
// A scalar in the root group, an array element, and a write in a neststep
// body but outside the subgroup's steps (process 2 is alone in subgroup 1:
// its superstep is the subgroup's first).
// RUN: %nscc %s -o %t
// RUN: not %nsrun 3 %t scalar 2>&1 | FileCheck %s --check-prefix=SCALAR --implicit-check-not=error:
// RUN: not %nsrun 3 %t array 2>&1 | FileCheck %s --check-prefix=ARRAY --implicit-check-not=error:
// RUN: not %nsrun 3 %t body 2>&1 | FileCheck %s --check-prefix=BODY --implicit-check-not=error:
// RUN: not %nsrun 1 %t scalar 2>&1 | FileCheck %s --check-prefix=ONE --implicit-check-not=error:
#include <neststep.h>
#include <string.h>

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    const char *what = argc > 1 ? argv[1] : "";
    int me = NestStep_rank();
    int x = 0, a[4] = { 0 };
    ns_shvar sv_x, sv_a;
    ns_sh_declare(&sv_x, "x", &x, 1, Type_int, sizeof x, NS_OP_ADD, NULL);
    ns_sh_declare(&sv_a, "a", a, 4, Type_int, sizeof a[0], NS_OP_FIRST, NULL);
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv_x, 0, NS_AT("x")), x = 1;
    ns_step_end();
    if (!strcmp(what, "scalar") && me == NestStep_size() - 1)
        // SCALAR: misuse-sh-outside-step.c:[[@LINE+2]]: error: [process 2, superstep 1] x: write to shared variable 'x' outside a step; writes to shared variables must be inside a step (or a function called from one)
        // ONE: misuse-sh-outside-step.c:[[@LINE+1]]: error: [process 0, superstep 1] x: write to shared variable 'x' outside a step; writes to shared variables must be inside a step (or a function called from one)
        ns_sh_w(&sv_x, 0, NS_AT("x")), x = 2;
    if (!strcmp(what, "array") && me == 1)
        // ARRAY: misuse-sh-outside-step.c:[[@LINE+1]]: error: [process 1, superstep 1] a: write to shared array 'a' outside a step; writes to shared variables must be inside a step (or a function called from one)
        ns_sh_w(&sv_a, 2, NS_AT("a")), a[2] = 2;
    if (!strcmp(what, "body")) {
        if (ns_neststep_begin(2, NS_SPLIT_EVEN, NULL, NS_AT("neststep"))) {
            ns_step_begin(NS_AT("step"));
            ns_sh_w(&sv_x, 0, NS_AT("x")), x = 3;
            ns_step_end();
            if (NestStep_group() == 1)
                // BODY: misuse-sh-outside-step.c:[[@LINE+1]]: error: [process 2, superstep 1] x: write to shared variable 'x' outside a step; writes to shared variables must be inside a step (or a function called from one)
                ns_sh_w(&sv_x, 0, NS_AT("x")), x = 4;
        }
        ns_neststep_end();
    }
    ns_step_begin(NS_AT("step"));
    ns_step_end();
    ns_sh_undeclare(&sv_a);
    ns_sh_undeclare(&sv_x);
    NestStep_finalize();
    return 0;
}
