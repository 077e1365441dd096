// Misuse: a write to an element outside a replicated shared array, caught
// at the write mark: one past the end of a static `sh int a[4]`, of a
// new_Array(10) handle (also after the array was marked once in the step:
// the fast path checks the length too), and a negative index.
// RUN: %nscc %s -o %t
// RUN: not %nsrun 3 %t static 2>&1 | FileCheck %s --check-prefix=STATIC --implicit-check-not=error:
// RUN: not %nsrun 3 %t handle 2>&1 | FileCheck %s --check-prefix=HANDLE --implicit-check-not=error:
// RUN: not %nsrun 3 %t negative 2>&1 | FileCheck %s --check-prefix=NEG --implicit-check-not=error:
#include <neststep.h>
#include <string.h>

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    const char *what = argc > 1 ? argv[1] : "";
    int me = NestStep_rank();
    int a[4] = { 0 }, *h;               // sh int a[4];  sh<+> int *h;
    ns_shvar sv_a, sv_h;
    ns_sh_declare(&sv_a, "a", a, 4, Type_int, sizeof a[0], NS_OP_FIRST, NULL);
    ns_sh_declare(&sv_h, "h", NULL, 0, Type_int, sizeof *h, NS_OP_ADD, NULL);
    ns_sh_handle(&sv_h, (void **)&h);
    h = new_Array(10, Type_int);
    ns_step_begin(NS_AT("step"));
    for (int i = 0; i < 4; i++)
        ns_sh_w(&sv_a, (size_t)i, NS_AT("a")), a[i] = i;
    ns_step_end();

    ns_step_begin(NS_AT("step"));
    if (me == 1 && !strcmp(what, "static")) {
        int i = 4;
        // STATIC: misuse-sh-index.c:[[@LINE+1]]: error: [process 1, superstep 1] a: index 4 is out of bounds of shared array 'a' of 4 elements
        ns_sh_w(&sv_a, (size_t)i, NS_AT("a")), a[0] = 1;
    }
    if (me == 2 && !strcmp(what, "handle")) {
        ns_sh_w(&sv_h, 9, NS_AT("h")), h[9] = 1;
        // HANDLE: misuse-sh-index.c:[[@LINE+1]]: error: [process 2, superstep 1] h: index 10 is out of bounds of shared array 'h' of 10 elements
        ns_sh_w(&sv_h, 10, NS_AT("h")), h[0] = 1;
    }
    if (me == 0 && !strcmp(what, "negative")) {
        int i = -1;
        // NEG: misuse-sh-index.c:[[@LINE+1]]: error: [process 0, superstep 1] a: index -1 is out of bounds of shared array 'a' of 4 elements
        ns_sh_w(&sv_a, (size_t)i, NS_AT("a")), a[0] = 1;
    }
    ns_step_end();
    ns_sh_undeclare(&sv_h);
    ns_sh_undeclare(&sv_a);
    free_Array(h);
    NestStep_finalize();
    return 0;
}
