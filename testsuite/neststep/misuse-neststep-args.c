// Misuse: neststep arguments the runtime rejects: fewer than one subgroup,
// a negative weight, weights that add up to zero.  Every process makes the
// mistake; the first line is checked.
// RUN: %nscc %s -o %t
// RUN: not %nsrun 3 %t k0 2>&1 | FileCheck %s --check-prefix=K0
// RUN: not %nsrun 3 %t negative 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not %nsrun 3 %t zero 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not %nsrun 3 %t subk0 2>&1 | FileCheck %s --check-prefix=SUBK0
#include <neststep.h>
#include <string.h>

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    const char *what = argc > 1 ? argv[1] : "";
    int k = !strcmp(what, "k0") ? 0 : 2;
    double neg[2] = { 1, -0.5 }, zero[3] = { 0, 0, 0 };
    ns_step_begin(NS_AT("step"));
    ns_step_end();
    // K0: misuse-neststep-args.c:[[@LINE+1]]: error: [process {{[0-2]}}, superstep 1] neststep: neststep(0): the number of subgroups must be at least 1
    if (ns_neststep_begin(k, NS_SPLIT_EVEN, NULL, NS_AT("neststep"))) {
        ns_step_begin(NS_AT("step"));
        ns_step_end();
        // SUBK0: misuse-neststep-args.c:[[@LINE+2]]: error: [process {{[0-2]}}, superstep 1] neststep: neststep(0): the number of subgroups must be at least 1
        if (ns_neststep_begin(!strcmp(what, "subk0") ? 0 : 1, NS_SPLIT_EVEN, NULL,
                              NS_AT("neststep"))) {
        }
        ns_neststep_end();
    }
    ns_neststep_end();
    if (!strcmp(what, "negative")) {
        // NEG: misuse-neststep-args.c:[[@LINE+1]]: error: [process {{[0-2]}}, superstep 2] neststep: neststep weight w[1] = -0.5; weights must not be negative
        if (ns_neststep_begin(2, NS_SPLIT_EVEN, neg, NS_AT("neststep"))) {
        }
        ns_neststep_end();
    }
    if (!strcmp(what, "zero")) {
        // ZERO: misuse-neststep-args.c:[[@LINE+1]]: error: [process {{[0-2]}}, superstep 2] neststep: neststep weights add up to 0; give at least one positive weight
        if (ns_neststep_begin(3, NS_SPLIT_EVEN, zero, NS_AT("neststep"))) {
        }
        ns_neststep_end();
    }
    NestStep_finalize();
    return 0;
}
