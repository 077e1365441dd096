// Misuse: NestStep_finalize inside a neststep (by process 2, alone in
// subgroup 1; the others wait at the end of the neststep) or inside a step
// (process 1).  NestStep_finalize has no source line in the runtime ABI.
// RUN: %nscc %s -o %t
// RUN: not %nsrun 3 %t neststep 2>&1 | FileCheck %s --check-prefix=NEST --implicit-check-not=error:
// RUN: not %nsrun 3 %t step 2>&1 | FileCheck %s --check-prefix=STEP --implicit-check-not=error:
// NEST: {{^}}error: [process 2, superstep 1] NestStep_finalize: NestStep_finalize inside a neststep (subgroup @ = 1); call it in the root group, after the neststep
// STEP: {{^}}error: [process 1, superstep 1] NestStep_finalize: NestStep_finalize inside a step
#include <neststep.h>
#include <string.h>

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    const char *what = argc > 1 ? argv[1] : "";
    ns_step_begin(NS_AT("step"));
    ns_step_end();
    if (!strcmp(what, "neststep")) {
        if (ns_neststep_begin(2, NS_SPLIT_EVEN, NULL, NS_AT("neststep"))) {
            ns_step_begin(NS_AT("step"));
            ns_step_end();
            if (NestStep_group() == 1)
                NestStep_finalize();
        }
        ns_neststep_end();
    }
    if (!strcmp(what, "step")) {
        ns_step_begin(NS_AT("step"));
        if (NestStep_rank() == 1)
            NestStep_finalize();
        ns_step_end();
    }
    NestStep_finalize();
    return 0;
}
