// Replicated shared arrays (spec section 3, seed 002 section 3.1 and
// Figure 3): static `sh int a[4] = {1,3,5,7}` and `sh T *h` with
// h = new_Array(n, type); combining is element-wise, each element with its
// own writer set, and elements nobody writes keep their values.
//   a     sh int a[4] = {1,3,5,7}: rank r writes a[r % 4] = 10r + a[r % 4]
//         (the lowest writer of each element wins)
//   pivs  sh float *pivs = new_Array(#): each process writes pivs[$]
//   h     sh<+> int *h = new_Array(10): rank r writes h[i] = r + 1 for i
//         divisible by r + 1; then reallocated (collectively) to 13
//   big   sh<max> double *big = new_Array(3000): rank r writes the elements
//         i % # == r (combine messages of more than one chunk, bitmaps of
//         many words), then one step where only rank # - 1 writes one element
// Rank 0 prints; every process checks its copy against closed forms.
// RUN: %nscc %s -o %t
// RUN: %nsrun 1 %t | FileCheck %s --check-prefixes=CHECK,P1
// RUN: %nsrun 2 %t | FileCheck %s
// RUN: %nsrun 3 %t | FileCheck %s --check-prefixes=CHECK,P3
// RUN: %nsrun 4 %t | FileCheck %s
// RUN: %nsrun 5 %t | FileCheck %s --check-prefixes=CHECK,P5
// RUN: env NS_TREE_ARITY=2 NS_DIRECT_MAX=0 %nsrun 5 %t | FileCheck %s --check-prefixes=CHECK,P5
// RUN: env NS_DIRECT_MAX=16 %nsrun 5 %t | FileCheck %s --check-prefixes=CHECK,P5
// P1: a = 1 3 5 7
// P1-NEXT: pivs = 0.5
// P1-NEXT: h = 1 1 1 1 1 1 1 1 1 1
// P1-NEXT: h13 = 0 0 0 0 0 0 0 0 0 0 0 0 0
// P3: a = 1 13 25 7
// P3-NEXT: pivs = 0.5 2.5 4.5
// P3-NEXT: h = 6 1 3 4 3 1 6 1 3 4
// P3-NEXT: h13 = 0 1 2 0 1 2 0 1 2 0 1 2 0
// P5: a = 1 13 25 37
// P5-NEXT: pivs = 0.5 2.5 4.5 6.5 8.5
// P5-NEXT: h = 15 1 3 4 7 6 6 1 7 4
// P5-NEXT: h13 = 0 1 2 3 0 0 1 2 3 0 0 1 2
// CHECK: big ok
// CHECK-NEXT: wrong 0
#include <neststep.h>
#include <stdio.h>

#define NBIG 3000

static int wrong;

static void
check(int ok, const char *what)
{
    if (!ok) {
        printf("process %d: %s wrong\n", NestStep_rank(), what);
        wrong++;
    }
}

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    int p = NestStep_size(), me = NestStep_rank();
    int a[4] = { 1, 3, 5, 7 };          // sh int a[4] = {1, 3, 5, 7};
    ns_shvar sv_a, sv_pivs, sv_h, sv_big;
    ns_sh_declare(&sv_a, "a", a, 4, Type_int, sizeof a[0], NS_OP_FIRST, NULL);
    float *pivs;                        // sh float *pivs;
    ns_sh_declare(&sv_pivs, "pivs", NULL, 0, Type_float, sizeof *pivs, NS_OP_FIRST, NULL);
    ns_sh_handle(&sv_pivs, (void **)&pivs);
    int *h;                             // sh<+> int *h;
    ns_sh_declare(&sv_h, "h", NULL, 0, Type_int, sizeof *h, NS_OP_ADD, NULL);
    ns_sh_handle(&sv_h, (void **)&h);
    double *big;                        // sh<max> double *big;
    ns_sh_declare(&sv_big, "big", NULL, 0, Type_double, sizeof *big, NS_OP_MAX, NULL);
    ns_sh_handle(&sv_big, (void **)&big);
    pivs = new_Array((size_t)p, Type_float);
    h = new_Array(10, Type_int);
    big = new_Array(NBIG, Type_double);

    ns_step_begin(NS_AT("step"));
    {
        int i = me % 4;
        ns_sh_w(&sv_a, (size_t)i, NS_AT("a")), a[i] = 10 * me + a[i];
        ns_sh_w(&sv_pivs, (size_t)me, NS_AT("pivs")), pivs[me] = 2.0f * me + 0.5f;
        for (int j = 0; j < 10; j += me + 1)
            ns_sh_w(&sv_h, (size_t)j, NS_AT("h")), h[j] = me + 1;
        for (int j = me; j < NBIG; j += p)
            ns_sh_w(&sv_big, (size_t)j, NS_AT("big")), big[j] = j * 0.5 + 1;
    }
    ns_step_end();

    for (int i = 0; i < 4; i++)         // lowest writer of a[i] is rank i, if any
        check(a[i] == (i < p ? 10 * i : 0) + 2 * i + 1, "a");
    for (int r = 0; r < p; r++)
        check(pivs[r] == 2.0f * r + 0.5f, "pivs");
    for (int j = 0; j < 10; j++) {
        int sum = 0;
        for (int r = 0; r < p; r++)
            if (j % (r + 1) == 0)
                sum += r + 1;
        check(h[j] == sum, "h");
    }
    for (int j = 0; j < NBIG; j++)
        check(big[j] == j * 0.5 + 1, "big");
    if (me == 0) {
        printf("a = %d %d %d %d\npivs =", a[0], a[1], a[2], a[3]);
        for (int r = 0; r < p; r++)
            printf(" %g", pivs[r]);
        printf("\nh =");
        for (int j = 0; j < 10; j++)
            printf(" %d", h[j]);
        printf("\n");
    }

    // reallocate h (collectively, outside a step) with another length
    free_Array(h);
    h = new_Array(13, Type_int);
    ns_step_begin(NS_AT("step"));
    for (int j = me; j < 13; j += p)    // h[j] written by rank j % #
        if (me < 4)
            ns_sh_w(&sv_h, (size_t)j, NS_AT("h")), h[j] = me;
    // one element of big only, by the last rank; <max> of one contribution
    if (me == p - 1)
        ns_sh_w(&sv_big, NBIG - 7, NS_AT("big")), big[NBIG - 7] = -1;
    ns_step_end();
    for (int j = 0; j < 13; j++)
        check(h[j] == (j % p < 4 ? j % p : 0), "h13");
    for (int j = 0; j < NBIG; j++)
        check(big[j] == (j == NBIG - 7 ? -1 : j * 0.5 + 1), "big after");
    if (me == 0) {
        printf("h13 =");
        for (int j = 0; j < 13; j++)
            printf(" %d", h[j]);
        printf("\n");
    }

    // every process's verdict, combined
    int total = 0;
    ns_shvar sv_total;
    ns_sh_declare(&sv_total, "total", &total, 1, Type_int, sizeof total, NS_OP_ADD, NULL);
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv_total, 0, NS_AT("total")), total = wrong;
    ns_step_end();
    if (me == 0)
        printf("big %s\nwrong %d\n", big[0] == 1 && big[NBIG - 1] == NBIG * 0.5 + 0.5 ? "ok"
                                                                              : "WRONG", total);
    ns_sh_undeclare(&sv_total);
    ns_sh_undeclare(&sv_big);
    ns_sh_undeclare(&sv_h);
    ns_sh_undeclare(&sv_pivs);
    ns_sh_undeclare(&sv_a);
    free_Array(big);
    free_Array(h);
    free_Array(pivs);
    NestStep_finalize();
    return total != 0;
}
