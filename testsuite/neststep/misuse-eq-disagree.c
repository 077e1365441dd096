// Misuse (spec section 3): writers of a <=> variable disagree.  The message
// names the variable (and the element of an array) and two disagreeing
// processes; the job stops.  A declared sh<=> scalar (process 2 differs),
// a combine clause a[:]<=> (element 3 differs between processes 0 and 1;
// elements 0..2 agree), and the inter-subgroup combine at the end of a
// neststep (subgroups 0 = {0, 1} and 1 = {2} write different values: the
// processes named are the subgroups' rank 0 members, who speak for them).
// RUN: %nscc %s -o %t
// RUN: not %nsrun 3 %t scalar 2>&1 | FileCheck %s --check-prefix=SCALAR --implicit-check-not=error:
// RUN: not %nsrun 3 %t array 2>&1 | FileCheck %s --check-prefix=ARRAY --implicit-check-not=error:
// RUN: not %nsrun 3 %t join 2>&1 | FileCheck %s --check-prefix=JOIN --implicit-check-not=error:
// With neststep(3, @ = e) out of rank order (@0 = {2}, @1 = {1}, @2 = {0}),
// every process folds the subgroups' changes itself, in @ order, and may
// report; the two named are the first to disagree in that order.
// RUN: not %nsrun 3 %t joinorder 2>&1 | FileCheck %s --check-prefix=ORDER
// RUN: not env NS_DIRECT_MAX=16 %nsrun 3 %t scalar 2>&1 | FileCheck %s --check-prefix=SCALAR --implicit-check-not=error:
// RUN: %nsrun 3 %t agree | FileCheck %s --check-prefix=AGREE
// AGREE: x=4 a=7,7,7,7
#include <neststep.h>
#include <stdio.h>
#include <string.h>

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    const char *what = argc > 1 ? argv[1] : "";
    int me = NestStep_rank();
    int x = 0, a[4] = { 0 };            // sh<=> int x;  sh int a[4];
    ns_shvar sv_x, sv_a;
    ns_sh_declare(&sv_x, "x", &x, 1, Type_int, sizeof x, NS_OP_EQ, NULL);
    ns_sh_declare(&sv_a, "a", a, 4, Type_int, sizeof a[0], NS_OP_FIRST, NULL);
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv_x, 0, NS_AT("x")), x = 4;
    for (int i = 0; i < 4; i++)
        ns_sh_w(&sv_a, (size_t)i, NS_AT("a")), a[i] = 7;
    ns_combine_policy(&sv_a, NS_OP_EQ, NULL);
    ns_step_end();
    if (!strcmp(what, "agree") && me == 0)
        printf("x=%d a=%d,%d,%d,%d\n", x, a[0], a[1], a[2], a[3]);
    if (!strcmp(what, "scalar")) {
        // SCALAR: misuse-eq-disagree.c:[[@LINE+1]]: error: [process 0, superstep 1] step: shared variable 'x' has combine policy <=> but processes 0 and 2 wrote different values; write equal values or choose another policy
        ns_step_begin(NS_AT("step"));
        ns_sh_w(&sv_x, 0, NS_AT("x")), x = me == 2 ? 5 : 4;
        ns_step_end();
    }
    if (!strcmp(what, "array")) {
        // ARRAY: misuse-eq-disagree.c:[[@LINE+1]]: error: [process 0, superstep 1] step: shared array 'a' has combine policy <=> but processes 0 and 1 wrote different values to element 3; write equal values or choose another policy
        ns_step_begin(NS_AT("step"));
        for (int i = 0; i < 4; i++)
            ns_sh_w(&sv_a, (size_t)i, NS_AT("a")), a[i] = i < 3 ? i : me;
        ns_combine_policy(&sv_a, NS_OP_EQ, NULL);
        ns_step_end();
    }
    if (!strcmp(what, "join")) {
        // JOIN: misuse-eq-disagree.c:[[@LINE+1]]: error: [process 0, superstep 1] neststep: shared variable 'x' has combine policy <=> but processes 0 and 2 wrote different values; write equal values or choose another policy
        if (ns_neststep_begin(2, NS_SPLIT_EVEN, NULL, NS_AT("neststep"))) {
            ns_step_begin(NS_AT("step"));
            ns_sh_w(&sv_x, 0, NS_AT("x")), x = 10 + NestStep_group();
            ns_step_end();
        }
        ns_neststep_end();
    }
    if (!strcmp(what, "joinorder")) {
        // ORDER: misuse-eq-disagree.c:[[@LINE+1]]: error: [process {{[0-2]}}, superstep 1] neststep: shared variable 'x' has combine policy <=> but processes 1 and 2 wrote different values; write equal values or choose another policy
        if (ns_neststep_begin(3, (me * 7 + 2) % 4, NULL, NS_AT("neststep"))) {
            ns_step_begin(NS_AT("step"));
            ns_sh_w(&sv_x, 0, NS_AT("x")), x = NestStep_group() == 1 ? 5 : 4;
            ns_step_end();
        }
        ns_neststep_end();
    }
    ns_sh_undeclare(&sv_a);
    ns_sh_undeclare(&sv_x);
    NestStep_finalize();
    return 0;
}
