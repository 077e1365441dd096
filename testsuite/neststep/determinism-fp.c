// Determinism of floating-point combining (spec section 3, ours): results
// depend only on the contributions and the group size, never on message
// timing: the same program at the same p gives bitwise the same sums,
// products and prefix sums in every run, with the tree and the direct
// protocol alike.  The contributions (1e16, 1, -1e16, tenths) make the
// result depend on the order of the additions, and the processes reach the
// combine at different times (rank-dependent amounts of work).  Every copy
// must also be bitwise equal: each process writes its result to a <=>
// variable, which stops the job if two differ.
// RUN: %nscc %s -o %t
// RUN: %nsrun 5 %t > %t.1
// RUN: %nsrun 5 %t > %t.2
// RUN: %nsrun 5 %t > %t.3
// RUN: %nsrun 5 %t > %t.4
// RUN: %nsrun 5 %t > %t.5
// RUN: env NS_DIRECT_MAX=16 %nsrun 5 %t > %t.6
// RUN: diff %t.1 %t.2
// RUN: diff %t.1 %t.3
// RUN: diff %t.1 %t.4
// RUN: diff %t.1 %t.5
// RUN: diff %t.1 %t.6
// RUN: FileCheck %s < %t.1
// RUN: %nsrun 3 %t > %t.1
// RUN: %nsrun 3 %t > %t.2
// RUN: env NS_DIRECT_MAX=16 %nsrun 3 %t > %t.3
// RUN: env NS_DIRECT_MAX=0 %nsrun 3 %t > %t.4
// RUN: diff %t.1 %t.2
// RUN: diff %t.1 %t.3
// RUN: diff %t.1 %t.4
// RUN: FileCheck %s < %t.1
// RUN: env NS_TREE_ARITY=2 %nsrun 4 %t > %t.1
// RUN: env NS_TREE_ARITY=2 %nsrun 4 %t > %t.2
// RUN: env NS_TREE_ARITY=2 NS_DIRECT_MAX=16 %nsrun 4 %t > %t.3
// RUN: diff %t.1 %t.2
// RUN: diff %t.1 %t.3
// RUN: FileCheck %s < %t.1
// At p = 1 the sums are the single contribution: exact values.
// RUN: %nsrun 1 %t | FileCheck %s --check-prefix=P1
// CHECK: round 0 sum {{-?0x[0-9a-f.p+-]+}} tenths {{0x[0-9a-f.p+-]+}} big {{0x[0-9a-f.p+-]+}} prod {{0x[0-9a-f.p+-]+}}
// CHECK: prefix {{.*}}
// CHECK: round 2 sum
// CHECK: prefix
// CHECK: copies equal
// P1: round 0 sum 0x1.1c37937e08p+53 tenths 0x1.999999999999ap-4 big 0x1.1e1a3p+26 prod 0x1.19999ap+0
// P1-NEXT: prefix 0x0p+0
// P1: copies equal
#include <neststep.h>
#include <stdio.h>

static volatile double sink;

static double
contribution(int r, int round)
{
    int k = (r + round) % 3;
    return (k == 0 ? 1e16 : k == 1 ? 1.0 : -1e16) + 0.1 * r;
}

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    int p = NestStep_size(), me = NestStep_rank();
    double sum = 0, tenths = 0, big = 0, pre = 0, *pres;
    float prod = 1;
    ns_shvar sv_sum, sv_tenths, sv_big, sv_prod, sv_pres, sv_eq;
    ns_sh_declare(&sv_sum, "sum", &sum, 1, Type_double, sizeof sum, NS_OP_ADD, NULL);
    ns_sh_declare(&sv_tenths, "tenths", &tenths, 1, Type_double, sizeof tenths, NS_OP_ADD, NULL);
    ns_sh_declare(&sv_big, "big", &big, 1, Type_double, sizeof big, NS_OP_ADD, NULL);
    ns_sh_declare(&sv_prod, "prod", &prod, 1, Type_float, sizeof prod, NS_OP_MUL, NULL);
    ns_sh_declare(&sv_pres, "pres", NULL, 0, Type_double, sizeof *pres, NS_OP_FIRST, NULL);
    ns_sh_handle(&sv_pres, (void **)&pres);
    pres = new_Array((size_t)p, Type_double);
    double eq[5];                       // sh<=> double eq[5]: every copy the same bits
    ns_sh_declare(&sv_eq, "eq", eq, 5, Type_double, sizeof eq[0], NS_OP_EQ, NULL);

    for (int round = 0; round < 3; round++) {
        ns_step_begin(NS_AT("step"));
        {
            double x = 0;               // a different amount of work per process
            for (int i = 0; i < 20000 * ((me * 3 + round) % 5); i++)
                x += i * 1e-9;
            sink = x;
            ns_sh_w(&sv_sum, 0, NS_AT("sum")), sum = contribution(me, round);
            ns_sh_w(&sv_tenths, 0, NS_AT("tenths")), tenths = 0.1 * (me + 1 + round);
            ns_sh_w(&sv_big, 0, NS_AT("big")), big = 1e8 / (me + 1) - 1e8 / (me + 2) + 1e8 / 4;
            ns_sh_w(&sv_prod, 0, NS_AT("prod")), prod = 1.1f + 0.01f * (float)me;
        }
        ns_combine_prefix(&sv_sum, NS_OP_ADD, NULL, &pre);     // combine(sum<+:pre>)
        ns_step_end();

        ns_step_begin(NS_AT("step"));
        ns_sh_w(&sv_eq, 4, NS_AT("eq")), eq[4] = pres[p - 1];   // the last round's
        ns_sh_w(&sv_pres, (size_t)me, NS_AT("pres")), pres[me] = pre;
        ns_sh_w(&sv_eq, 0, NS_AT("eq")), eq[0] = sum;
        ns_sh_w(&sv_eq, 1, NS_AT("eq")), eq[1] = tenths;
        ns_sh_w(&sv_eq, 2, NS_AT("eq")), eq[2] = big;
        ns_sh_w(&sv_eq, 3, NS_AT("eq")), eq[3] = prod;
        ns_step_end();
        if (me == 0) {
            printf("round %d sum %a tenths %a big %a prod %a\nprefix", round, sum, tenths, big,
                   (double)prod);
            for (int r = 0; r < p; r++)
                printf(" %a", pres[r]);
            printf("\n");
        }
    }
    if (me == 0)
        printf("copies equal\n");
    ns_sh_undeclare(&sv_eq);
    ns_sh_undeclare(&sv_pres);
    ns_sh_undeclare(&sv_prod);
    ns_sh_undeclare(&sv_big);
    ns_sh_undeclare(&sv_tenths);
    ns_sh_undeclare(&sv_sum);
    free_Array(pres);
    NestStep_finalize();
    return 0;
}
