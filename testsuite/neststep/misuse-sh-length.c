// Misuse (spec section 3): a replicated array (sh T *h = new_Array(n)) must
// have the same length on every member.  Process 1 allocates 5 elements,
// the others 4.  Found where two contributions meet (both write h[0]), or
// where the combined value is committed (only process 1 writes).
// RUN: %nscc %s -o %t
// RUN: not %nsrun 3 %t fold 2>&1 | FileCheck %s --check-prefix=FOLD --implicit-check-not=error:
// RUN: not %nsrun 3 %t commit 2>&1 | FileCheck %s --check-prefix=COMMIT
#include <neststep.h>
#include <string.h>

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    const char *what = argc > 1 ? argv[1] : "";
    int me = NestStep_rank(), *h;       // sh<+> int *h;
    ns_shvar sv_h;
    ns_sh_declare(&sv_h, "h", NULL, 0, Type_int, sizeof *h, NS_OP_ADD, NULL);
    ns_sh_handle(&sv_h, (void **)&h);
    h = new_Array(me == 1 ? 5 : 4, Type_int);
    // FOLD: misuse-sh-length.c:[[@LINE+2]]: error: [process 0, superstep 0] step: shared array 'h' has 4 elements on one process and 5 on another; replicated arrays must have the same length on every member
    // COMMIT: misuse-sh-length.c:[[@LINE+1]]: error: [process {{[02]}}, superstep 0] step: shared array 'h' has 4 elements here but 5 on another process; replicated arrays must have the same length on every member
    ns_step_begin(NS_AT("step"));
    if (!strcmp(what, "fold") || me == 1)
        ns_sh_w(&sv_h, 0, NS_AT("h")), h[0] = 1;
    ns_step_end();
    ns_sh_undeclare(&sv_h);
    free_Array(h);
    NestStep_finalize();
    return 0;
}
