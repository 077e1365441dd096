// The combine clause (spec section 3, seed 002 Figures 2 and 3) overrides a
// variable's declared policy for its step only: the next step combines with
// the declared policy again.  Scalars and a replicated array; overrides to
// <max> <+> <?> <min> <=> <*> and a user function (the last writer wins:
// associative, not commutative); a clause on a variable nobody writes.
// Rank 0 prints each result with its expected value (from closed forms).
// RUN: %nscc %s -o %t
// RUN: %nsrun 1 %t | FileCheck %s --check-prefixes=CHECK,P1
// RUN: %nsrun 2 %t | FileCheck %s
// RUN: %nsrun 3 %t | FileCheck %s
// RUN: %nsrun 4 %t | FileCheck %s
// RUN: %nsrun 5 %t | FileCheck %s --check-prefixes=CHECK,P5
// RUN: env NS_TREE_ARITY=2 NS_DIRECT_MAX=0 %nsrun 5 %t | FileCheck %s --check-prefixes=CHECK,P5
// RUN: env NS_DIRECT_MAX=16 %nsrun 5 %t | FileCheck %s --check-prefixes=CHECK,P5
// P1: 1 s<max> 1 d<+> 0.5
// P5: 1 s<max> 5 d<+> 12.5
// CHECK: 1 ok
// P1: 2 s 1 d 0.5
// P5: 2 s 15 d 0.5
// CHECK: 2 ok
// P1: 3 s<?> 1 d<min> 5
// P5: 3 s<?> 11 d<min> 1
// CHECK: 3 ok
// P1: 4 s 1 d 5
// P5: 4 s 104 d 4
// CHECK: 4 ok
// P5: 5 a<min> 1 2 3
// CHECK: 5 ok
// P5: 6 a 15 30 45
// CHECK: 6 ok
// CHECK: 7 s<=> 7
// CHECK-NEXT: 7 ok
// P1: 8 s 7
// P5: 8 s 35
// CHECK: 8 ok
// P1: 9 s<last> 0 a<*> 1 2 3
// P5: 9 s<last> 12 a<*> 120 3840 29160
// CHECK: 9 ok
// P1: 10 s 0
// P5: 10 s 30
// CHECK: 10 ok
// CHECK: 11 s<max> unwritten: unchanged
// CHECK-NEXT: 11 ok
// P1: 12 s 1
// P5: 12 s 5
// CHECK: 12 ok
// CHECK: wrong 0
#include <neststep.h>
#include <stdio.h>

static void
last(void *inout, const void *in)       // <last>: the higher-ranked value wins
{
    *(int *)inout = *(const int *)in;
}

static int wrong;

static void
expect(int step, int ok)
{
    if (NestStep_rank() == 0)
        printf("%d %s\n", step, ok ? "ok" : "WRONG");
    wrong += !ok;
}

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    int p = NestStep_size(), me = NestStep_rank();
    int s = 0;                          // sh<+> int s = 0;
    double d = 0;                       // sh double d = 0;
    int a[3] = { 0, 0, 0 };             // sh<+> int a[3];
    ns_shvar sv_s, sv_d, sv_a;
    ns_sh_declare(&sv_s, "s", &s, 1, Type_int, sizeof s, NS_OP_ADD, NULL);
    ns_sh_declare(&sv_d, "d", &d, 1, Type_double, sizeof d, NS_OP_FIRST, NULL);
    ns_sh_declare(&sv_a, "a", a, 3, Type_int, sizeof a[0], NS_OP_ADD, NULL);

    // step ... combine(s<max>, d<+>);
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv_s, 0, NS_AT("s")), s = me + 1;
    ns_sh_w(&sv_d, 0, NS_AT("d")), d = me + 0.5;
    ns_combine_policy(&sv_s, NS_OP_MAX, NULL);
    ns_combine_policy(&sv_d, NS_OP_ADD, NULL);
    ns_step_end();
    if (me == 0)
        printf("1 s<max> %d d<+> %g\n", s, d);
    expect(1, s == p && d == p * p / 2.0);

    // the same writes, declared policies
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv_s, 0, NS_AT("s")), s = me + 1;
    ns_sh_w(&sv_d, 0, NS_AT("d")), d = me + 0.5;
    ns_step_end();
    if (me == 0)
        printf("2 s %d d %g\n", s, d);
    expect(2, s == p * (p + 1) / 2 && d == 0.5);

    // ranks >= 1 write s (rank 0 too when alone); combine(s<?>, d<min>)
    ns_step_begin(NS_AT("step"));
    if (me >= 1 || p == 1)
        ns_sh_w(&sv_s, 0, NS_AT("s")), s = 10 * me + 1;
    ns_sh_w(&sv_d, 0, NS_AT("d")), d = 5 - me;
    ns_combine_policy(&sv_s, NS_OP_ANY, NULL);
    ns_combine_policy(&sv_d, NS_OP_MIN, NULL);
    ns_step_end();
    if (me == 0)
        printf("3 s<?> %d d<min> %g\n", s, d);
    expect(3, s == (p == 1 ? 1 : 11) && d == 6 - p);

    // again without the clause: <+> and the first writer
    ns_step_begin(NS_AT("step"));
    if (me >= 1 || p == 1)
        ns_sh_w(&sv_s, 0, NS_AT("s")), s = 10 * me + 1;
    if (me >= 1 || p == 1)
        ns_sh_w(&sv_d, 0, NS_AT("d")), d = 5 - me;
    ns_step_end();
    if (me == 0)
        printf("4 s %d d %g\n", s, d);
    expect(4, s == (p == 1 ? 1 : 5 * p * (p - 1) + p - 1) && d == (p == 1 ? 5 : 4));

    // arrays: combine(a[:]<min>) then the declared <+>
    ns_step_begin(NS_AT("step"));
    for (int i = 0; i < 3; i++)
        ns_sh_w(&sv_a, (size_t)i, NS_AT("a")), a[i] = (i + 1) * (me + 1);
    ns_combine_policy(&sv_a, NS_OP_MIN, NULL);
    ns_step_end();
    if (me == 0)
        printf("5 a<min> %d %d %d\n", a[0], a[1], a[2]);
    expect(5, a[0] == 1 && a[1] == 2 && a[2] == 3);
    ns_step_begin(NS_AT("step"));
    for (int i = 0; i < 3; i++)
        ns_sh_w(&sv_a, (size_t)i, NS_AT("a")), a[i] = (i + 1) * (me + 1);
    ns_step_end();
    if (me == 0)
        printf("6 a %d %d %d\n", a[0], a[1], a[2]);
    expect(6, a[0] == p * (p + 1) / 2 && a[1] == p * (p + 1) && a[2] == 3 * p * (p + 1) / 2);

    // combine(s<=>): all write 7; then <+> again
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv_s, 0, NS_AT("s")), s = 7;
    ns_combine_policy(&sv_s, NS_OP_EQ, NULL);
    ns_step_end();
    if (me == 0)
        printf("7 s<=> %d\n", s);
    expect(7, s == 7);
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv_s, 0, NS_AT("s")), s = 7;
    ns_step_end();
    if (me == 0)
        printf("8 s %d\n", s);
    expect(8, s == 7 * p);

    // combine(s<last>, a[:]<*>)
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv_s, 0, NS_AT("s")), s = 3 * me;
    for (int i = 0; i < 3; i++)
        ns_sh_w(&sv_a, (size_t)i, NS_AT("a")), a[i] = (i + 1) * (me + 1);
    ns_combine_policy(&sv_s, NS_OP_FN, last);
    ns_combine_policy(&sv_a, NS_OP_MUL, NULL);
    ns_step_end();
    int fact = 1, pw[3] = { 1, 1, 1 };
    for (int r = 1; r <= p; r++) {
        fact *= r;
        for (int i = 0; i < 3; i++)
            pw[i] *= i + 1;
    }
    if (me == 0)
        printf("9 s<last> %d a<*> %d %d %d\n", s, a[0], a[1], a[2]);
    expect(9, s == 3 * (p - 1) && a[0] == fact && a[1] == pw[1] * fact && a[2] == pw[2] * fact);
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv_s, 0, NS_AT("s")), s = 3 * me;
    ns_step_end();
    if (me == 0)
        printf("10 s %d\n", s);
    expect(10, s == 3 * p * (p - 1) / 2);

    // combine(s<max>) and nobody writes s: unchanged; then <+> again
    int before = s;
    ns_step_begin(NS_AT("step"));
    ns_combine_policy(&sv_s, NS_OP_MAX, NULL);
    ns_step_end();
    if (me == 0)
        printf("11 s<max> unwritten: %s\n", s == before ? "unchanged" : "changed");
    expect(11, s == before);
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv_s, 0, NS_AT("s")), s = 1;
    ns_step_end();
    if (me == 0)
        printf("12 s %d\n", s);
    expect(12, s == p);

    ns_sh_undeclare(&sv_a);
    ns_sh_undeclare(&sv_d);
    ns_sh_undeclare(&sv_s);
    if (me == 0)
        printf("wrong %d\n", wrong);
    NestStep_finalize();
    return wrong != 0;
}
