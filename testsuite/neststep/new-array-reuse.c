// new_Array memory is zeroed also when free_Array's kept block is reused
// (runtime/src/neststep/program.c keeps the last freed block of 1 MiB or more for
// the next new_Array that fits it without wasting half of it).
// Each round: an array of n ints is filled with a marker, freed, and a new
// one asked for; every element of the new one must be 0 and its length n'.
// Sizes: the same, a little smaller, half (reuse), a third (too small: new
// block), larger (new block), small (below 1 MiB).  The arrays are
// replicated shared arrays; one step checks that combining still works on
// a reused block.
// RUN: %nscc %s -o %t
// RUN: %nsrun 1 %t | FileCheck %s
// RUN: %nsrun 3 %t | FileCheck %s
// RUN: %nsrun 5 %t | FileCheck %s
// CHECK: 1048576 ints: zero, length ok
// CHECK-NEXT: 1000000 ints: zero, length ok
// CHECK-NEXT: 524288 ints: zero, length ok
// CHECK-NEXT: 349525 ints: zero, length ok
// CHECK-NEXT: 2097152 ints: zero, length ok
// CHECK-NEXT: 1000 ints: zero, length ok
// CHECK-NEXT: combined sum ok
// CHECK-NEXT: wrong 0
#include <neststep.h>
#include <stdio.h>
#include "../Inputs/ns_report.h"

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    static const size_t sizes[] = { 1048576, 1048576, 1000000, 524288, 349525, 2097152, 1000 };
    int wrong = 0, me = NestStep_rank(), p = NestStep_size();
    int *a = new_Array(sizes[0], Type_int);
    for (size_t r = 1; r < sizeof sizes / sizeof sizes[0]; r++) {
        for (size_t i = 0; i < Array_length(a); i++)
            a[i] = 0x5a5a5a5a;
        free_Array(a);
        a = new_Array(sizes[r], Type_int);
        size_t nonzero = 0;
        for (size_t i = 0; i < sizes[r]; i++)
            nonzero += a[i] != 0;
        if (nonzero || Array_length(a) != sizes[r])
            wrong++, fprintf(stderr, "%zu ints: %zu not zero, length %zu\n", sizes[r],
                             nonzero, Array_length(a));
        else if (me == 0)
            printf("%zu ints: zero, length ok\n", sizes[r]);
    }
    free_Array(a);

    int *h = NULL;                      // sh<+> int *h = new_Array(1048576, Type_int);
    ns_shvar sv_h;
    ns_sh_declare(&sv_h, "h", NULL, 0, Type_int, sizeof *h, NS_OP_ADD, NULL);
    ns_sh_handle(&sv_h, (void **)&h);
    h = new_Array(1048576, Type_int);
    ns_step_begin(NS_AT("step"));
    for (size_t i = (size_t)me; i < 1048576; i += 4096)
        ns_sh_w(&sv_h, i, NS_AT("h")), h[i] = me + 1;
    ns_step_end();
    long total = 0;
    for (size_t i = 0; i < 1048576; i++)
        total += h[i];
    long expect = 0;                    // rank r wrote r + 1 at 256 places
    for (int r = 0; r < p; r++)
        expect += 256L * (r + 1);
    if (total != expect)
        wrong++, fprintf(stderr, "combined sum %ld, expected %ld\n", total, expect);
    else if (me == 0)
        printf("combined sum ok\n");
    free_Array(h);
    ns_sh_undeclare(&sv_h);
    report_wrong(wrong);
    NestStep_finalize();
    return wrong != 0;
}
