// Misuse (spec section 3): a prefix in a combine clause needs one of
// + * max min & | ^ or a function as the policy; <?> (also the default
// policy, taken when the clause gives none) and <=> have no prefix.
// Every process makes the mistake; the first line is checked.
// RUN: %nscc %s -o %t
// RUN: not %nsrun 3 %t any 2>&1 | FileCheck %s --check-prefix=ANY
// RUN: not %nsrun 3 %t default 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: not %nsrun 3 %t eq 2>&1 | FileCheck %s --check-prefix=EQ
#include <neststep.h>
#include <string.h>

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    const char *what = argc > 1 ? argv[1] : "";
    int x = 0, a[3] = { 0 }, t, ta[3];  // sh<+> int x;  sh int a[3];
    ns_shvar sv_x, sv_a;
    ns_sh_declare(&sv_x, "x", &x, 1, Type_int, sizeof x, NS_OP_ADD, NULL);
    ns_sh_declare(&sv_a, "a", a, 3, Type_int, sizeof a[0], NS_OP_FIRST, NULL);
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv_x, 0, NS_AT("x")), x = 1;
    ns_combine_prefix(&sv_x, NS_OP_DECLARED, NULL, &t);        // fine: <+>
    ns_step_end();
    if (!strcmp(what, "any")) {
        // ANY: misuse-prefix-policy.c:[[@LINE+1]]: error: [process {{[0-2]}}, superstep 1] combine: a prefix of 'x' needs one of + * max min & | ^ or a function as its policy, not <?>
        ns_step_begin(NS_AT("step"));
        ns_sh_w(&sv_x, 0, NS_AT("x")), x = 1;
        ns_combine_prefix(&sv_x, NS_OP_ANY, NULL, &t);         // combine(x<?:t>)
        ns_step_end();
    }
    if (!strcmp(what, "default")) {
        // DEFAULT: misuse-prefix-policy.c:[[@LINE+1]]: error: [process {{[0-2]}}, superstep 1] combine: a prefix of 'a' needs one of + * max min & | ^ or a function as its policy, not <?>
        ns_step_begin(NS_AT("step"));
        ns_combine_prefix(&sv_a, NS_OP_DECLARED, NULL, ta);    // combine(a[:]<:ta[:]>)
        ns_step_end();
    }
    if (!strcmp(what, "eq")) {
        // EQ: misuse-prefix-policy.c:[[@LINE+1]]: error: [process {{[0-2]}}, superstep 1] combine: a prefix of 'a' needs one of + * max min & | ^ or a function as its policy, not <=>
        ns_step_begin(NS_AT("step"));
        ns_combine_prefix(&sv_a, NS_OP_EQ, NULL, ta);          // combine(a[:]<=:ta[:]>)
        ns_step_end();
    }
    ns_sh_undeclare(&sv_a);
    ns_sh_undeclare(&sv_x);
    NestStep_finalize();
    return 0;
}
