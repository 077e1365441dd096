// Writers through an escaped address (spec section 3: "if the object's
// address escaped in the step ... and the element's value at the end
// differs from its value at the start"), as nsc emits it: ns_sh_escape
// where the address is passed to a function.  Seed 002 Figure 3 sorts the
// replicated pivs with qsort.
//   pivs  sh float *pivs: each writes pivs[$]; next step every process
//         runs qsort(pivs): changed elements are written (equal values,
//         the first writer wins), elements already in place are not
//   c     sh<+> int c[6] = {1..6}, passed to bump(): c[$ % 3] += 100;
//         c[3] set to 99 and back (unchanged: not written, so not summed);
//         c[4] = c[4] by a plain write on every process (written, though
//         unchanged: summed p times); c[5] untouched
//   s     sh<+> int s = 5, &s passed to incr() on odd ranks only
// RUN: %nscc %s -o %t
// RUN: %nsrun 1 %t | FileCheck %s --check-prefixes=CHECK,P1
// RUN: %nsrun 2 %t | FileCheck %s
// RUN: %nsrun 3 %t | FileCheck %s --check-prefixes=CHECK,P3
// RUN: %nsrun 4 %t | FileCheck %s
// RUN: %nsrun 5 %t | FileCheck %s --check-prefixes=CHECK,P5
// pivs[r] = (5r + 3) % 7 + 0.5 before sorting
// P1: pivs 3.5
// P1-NEXT: c 101 2 3 4 5 6
// P1-NEXT: s 5
// P3: pivs 1.5 3.5 6.5
// P3-NEXT: c 101 102 103 4 15 6
// P3-NEXT: s 6
// P5: pivs 1.5 2.5 3.5 4.5 6.5
// P5-NEXT: c 202 204 103 4 25 6
// P5-NEXT: s 12
// CHECK: after an empty step: unchanged
// CHECK-NEXT: wrong 0
#include <neststep.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int
flcmp(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

static void
bump(int *c, int me)
{
    c[me % 3] += 100;
    c[3] = 99;
    c[3] = 4;
}

static void
incr(int *s)
{
    ++*s;
}

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    int p = NestStep_size(), me = NestStep_rank(), wrong = 0;
    float *pivs;                        // sh float *pivs = new_Array(#, Type_float);
    ns_shvar sv_pivs, sv_c, sv_s;
    ns_sh_declare(&sv_pivs, "pivs", NULL, 0, Type_float, sizeof *pivs, NS_OP_FIRST, NULL);
    ns_sh_handle(&sv_pivs, (void **)&pivs);
    pivs = new_Array((size_t)p, Type_float);
    int c[6] = { 1, 2, 3, 4, 5, 6 };    // sh<+> int c[6] = {1, 2, 3, 4, 5, 6};
    ns_sh_declare(&sv_c, "c", c, 6, Type_int, sizeof c[0], NS_OP_ADD, NULL);
    int s = 5;                          // sh<+> int s = 5;
    ns_sh_declare(&sv_s, "s", &s, 1, Type_int, sizeof s, NS_OP_ADD, NULL);

    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv_pivs, (size_t)me, NS_AT("pivs")), pivs[me] = (float)((5 * me + 3) % 7) + 0.5f;
    ns_step_end();

    ns_step_begin(NS_AT("step"));
    {
        ns_sh_escape(&sv_pivs, NS_AT("pivs"));
        qsort(pivs, (size_t)p, sizeof(float), flcmp);
        ns_sh_escape(&sv_c, NS_AT("c"));
        bump(c, me);
        ns_sh_w(&sv_c, 4, NS_AT("c")), c[4] = c[4];
        if (me % 2 == 1) {
            ns_sh_escape(&sv_s, NS_AT("s"));
            incr(&s);
        }
    }
    ns_step_end();

    // the expected values
    float sorted[8];
    for (int r = 0; r < p; r++)
        sorted[r] = (float)((5 * r + 3) % 7) + 0.5f;
    qsort(sorted, (size_t)p, sizeof(float), flcmp);
    int ec[6] = { 1, 2, 3, 4, 5 * p, 6 }, es = 5, odd = p / 2;
    for (int i = 0; i < 3; i++) {
        int n = 0;
        for (int r = 0; r < p; r++)
            n += r % 3 == i;
        if (n)
            ec[i] = n * (i + 101);
    }
    if (odd)
        es = 6 * odd;
    for (int r = 0; r < p; r++)
        wrong += pivs[r] != sorted[r];
    wrong += memcmp(c, ec, sizeof c) != 0;
    wrong += s != es;
    if (me == 0) {
        printf("pivs");
        for (int r = 0; r < p; r++)
            printf(" %g", pivs[r]);
        printf("\nc %d %d %d %d %d %d\ns %d\n", c[0], c[1], c[2], c[3], c[4], c[5], s);
    }

    // a step in which the addresses escape again but nothing changes
    ns_step_begin(NS_AT("step"));
    ns_sh_escape(&sv_c, NS_AT("c"));
    ns_sh_escape(&sv_s, NS_AT("s"));
    ns_sh_escape(&sv_pivs, NS_AT("pivs"));
    qsort(pivs, (size_t)p, sizeof(float), flcmp);
    ns_step_end();
    int same = memcmp(c, ec, sizeof c) == 0 && s == es;
    for (int r = 0; r < p; r++)
        same = same && pivs[r] == sorted[r];
    wrong += !same;
    if (me == 0)
        printf("after an empty step: %s\n", same ? "unchanged" : "CHANGED");

    int total = 0;
    ns_shvar sv_total;
    ns_sh_declare(&sv_total, "total", &total, 1, Type_int, sizeof total, NS_OP_ADD, NULL);
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv_total, 0, NS_AT("total")), total = wrong;
    ns_step_end();
    if (me == 0)
        printf("wrong %d\n", total);
    ns_sh_undeclare(&sv_total);
    ns_sh_undeclare(&sv_s);
    ns_sh_undeclare(&sv_c);
    ns_sh_undeclare(&sv_pivs);
    free_Array(pivs);
    NestStep_finalize();
    return total != 0;
}
