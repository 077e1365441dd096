// Distributed arrays, forall (spec section 5; seed 002, 3.2.1): forall(i, a)
// enumerates my units upward; forall(i, a, lb, ub, st) every st-th unit of
// lb..ub (inclusive) that I own, downward when lb > ub and st < 0; strides
// that share a factor with p on cyclic arrays (only some processes have
// terms), bounds beyond the array (terms outside it are skipped), empty
// ranges.  Every process checks its own order (it must follow the sequence)
// and marks what it visited in a sh<+> array: each term of the sequence
// must be visited exactly once, by its owner.  Then multidimensional units:
// sh int A[4][5]<%>[7] is ns_da_new("A", 20, 7, ...), unit (i,j) = i*5+j,
// and forall2 / forall3 iterate units; sections of whole units.
// RUN: %nscc -I%inputs %s -o %t
// RUN: %nsrun 1 %t | FileCheck %s --check-prefixes=CHECK,P1
// RUN: %nsrun 2 %t | FileCheck %s --check-prefixes=CHECK,P2
// RUN: %nsrun 3 %t | FileCheck %s --check-prefixes=CHECK,P3
// RUN: %nsrun 4 %t | FileCheck %s --check-prefixes=CHECK,P4
// RUN: %nsrun 5 %t | FileCheck %s --check-prefixes=CHECK,P5
// Which process visits each term (i:owner.position in the owner's loop):
// P1: block 20:2:-3 visits 20:0.0 17:0.1 14:0.2 11:0.3 8:0.4 5:0.5 2:0.6
// P1-NEXT: block 1:22:2 visits 1:0.0 3:0.1 5:0.2 7:0.3 9:0.4 11:0.5 13:0.6 15:0.7 17:0.8 19:0.9 21:0.10
// P1-NEXT: block 22:1:-4 visits 22:0.0 18:0.1 14:0.2 10:0.3 6:0.4 2:0.5
// P1-NEXT: block 3:22:6 visits 3:0.0 9:0.1 15:0.2 21:0.3
// P1-NEXT: cyclic 20:2:-3 visits 20:0.0 17:0.1 14:0.2 11:0.3 8:0.4 5:0.5 2:0.6
// P1-NEXT: cyclic 1:22:2 visits 1:0.0 3:0.1 5:0.2 7:0.3 9:0.4 11:0.5 13:0.6 15:0.7 17:0.8 19:0.9 21:0.10
// P1-NEXT: cyclic 22:1:-4 visits 22:0.0 18:0.1 14:0.2 10:0.3 6:0.4 2:0.5
// P1-NEXT: cyclic 3:22:6 visits 3:0.0 9:0.1 15:0.2 21:0.3
// P2: block 20:2:-3 visits 20:1.0 17:1.1 14:1.2 11:0.0 8:0.1 5:0.2 2:0.3
// P2-NEXT: block 1:22:2 visits 1:0.0 3:0.1 5:0.2 7:0.3 9:0.4 11:0.5 13:1.0 15:1.1 17:1.2 19:1.3 21:1.4
// P2-NEXT: block 22:1:-4 visits 22:1.0 18:1.1 14:1.2 10:0.0 6:0.1 2:0.2
// P2-NEXT: block 3:22:6 visits 3:0.0 9:0.1 15:1.0 21:1.1
// P2-NEXT: cyclic 20:2:-3 visits 20:0.0 17:1.0 14:0.1 11:1.1 8:0.2 5:1.2 2:0.3
// P2-NEXT: cyclic 1:22:2 visits 1:1.0 3:1.1 5:1.2 7:1.3 9:1.4 11:1.5 13:1.6 15:1.7 17:1.8 19:1.9 21:1.10
// P2-NEXT: cyclic 22:1:-4 visits 22:0.0 18:0.1 14:0.2 10:0.3 6:0.4 2:0.5
// P2-NEXT: cyclic 3:22:6 visits 3:1.0 9:1.1 15:1.2 21:1.3
// P3: block 20:2:-3 visits 20:2.0 17:2.1 14:1.0 11:1.1 8:1.2 5:0.0 2:0.1
// P3-NEXT: block 1:22:2 visits 1:0.0 3:0.1 5:0.2 7:0.3 9:1.0 11:1.1 13:1.2 15:1.3 17:2.0 19:2.1 21:2.2
// P3-NEXT: block 22:1:-4 visits 22:2.0 18:2.1 14:1.0 10:1.1 6:0.0 2:0.1
// P3-NEXT: block 3:22:6 visits 3:0.0 9:1.0 15:1.1 21:2.0
// P3-NEXT: cyclic 20:2:-3 visits 20:2.0 17:2.1 14:2.2 11:2.3 8:2.4 5:2.5 2:2.6
// P3-NEXT: cyclic 1:22:2 visits 1:1.0 3:0.0 5:2.0 7:1.1 9:0.1 11:2.1 13:1.2 15:0.2 17:2.2 19:1.3 21:0.3
// P3-NEXT: cyclic 22:1:-4 visits 22:1.0 18:0.0 14:2.0 10:1.1 6:0.1 2:2.1
// P3-NEXT: cyclic 3:22:6 visits 3:0.0 9:0.1 15:0.2 21:0.3
// P4: block 20:2:-3 visits 20:3.0 17:2.0 14:2.1 11:1.0 8:1.1 5:0.0 2:0.1
// P4-NEXT: block 1:22:2 visits 1:0.0 3:0.1 5:0.2 7:1.0 9:1.1 11:1.2 13:2.0 15:2.1 17:2.2 19:3.0 21:3.1
// P4-NEXT: block 22:1:-4 visits 22:3.0 18:3.1 14:2.0 10:1.0 6:1.1 2:0.0
// P4-NEXT: block 3:22:6 visits 3:0.0 9:1.0 15:2.0 21:3.0
// P4-NEXT: cyclic 20:2:-3 visits 20:0.0 17:1.0 14:2.0 11:3.0 8:0.1 5:1.1 2:2.1
// P4-NEXT: cyclic 1:22:2 visits 1:1.0 3:3.0 5:1.1 7:3.1 9:1.2 11:3.2 13:1.3 15:3.3 17:1.4 19:3.4 21:1.5
// P4-NEXT: cyclic 22:1:-4 visits 22:2.0 18:2.1 14:2.2 10:2.3 6:2.4 2:2.5
// P4-NEXT: cyclic 3:22:6 visits 3:3.0 9:1.0 15:3.1 21:1.1
// P5: block 20:2:-3 visits 20:4.0 17:3.0 14:2.0 11:2.1 8:1.0 5:1.1 2:0.0
// P5-NEXT: block 1:22:2 visits 1:0.0 3:0.1 5:1.0 7:1.1 9:1.2 11:2.0 13:2.1 15:3.0 17:3.1 19:3.2 21:4.0
// P5-NEXT: block 22:1:-4 visits 22:4.0 18:3.0 14:2.0 10:2.1 6:1.0 2:0.0
// P5-NEXT: block 3:22:6 visits 3:0.0 9:1.0 15:3.0 21:4.0
// P5-NEXT: cyclic 20:2:-3 visits 20:0.0 17:2.0 14:4.0 11:1.0 8:3.0 5:0.1 2:2.1
// P5-NEXT: cyclic 1:22:2 visits 1:1.0 3:3.0 5:0.0 7:2.0 9:4.0 11:1.1 13:3.1 15:0.1 17:2.1 19:4.1 21:1.2
// P5-NEXT: cyclic 22:1:-4 visits 22:2.0 18:3.0 14:4.0 10:0.0 6:1.0 2:2.1
// P5-NEXT: cyclic 3:22:6 visits 3:3.0 9:4.0 15:0.0 21:1.0
// Each term exactly once, whatever p:
// CHECK-NEXT: block 0:22:1 count 23 sum 253
// CHECK-NEXT: block 22:0:-1 count 23 sum 253
// CHECK-NEXT: block 2:20:3 count 7 sum 77
// CHECK-NEXT: block 20:2:-3 count 7 sum 77
// CHECK-NEXT: block 1:22:2 count 11 sum 121
// CHECK-NEXT: block 0:22:4 count 6 sum 60
// CHECK-NEXT: block 3:22:6 count 4 sum 48
// CHECK-NEXT: block 22:1:-4 count 6 sum 72
// CHECK-NEXT: block 5:22:10 count 2 sum 20
// CHECK-NEXT: block 2:21:5 count 4 sum 38
// CHECK-NEXT: block 7:7:1 count 1 sum 7
// CHECK-NEXT: block 7:7:-1 count 1 sum 7
// CHECK-NEXT: block 9:3:1 count 0 sum 0
// CHECK-NEXT: block 3:9:-1 count 0 sum 0
// CHECK-NEXT: block -4:100:3 count 7 sum 77
// CHECK-NEXT: block 30:-10:-7 count 3 sum 27
// CHECK-NEXT: block 0:22:23 count 1 sum 0
// CHECK-NEXT: block 22:0:-60 count 1 sum 22
// CHECK-NEXT: cyclic 0:22:1 count 23 sum 253
// CHECK-NEXT: cyclic 22:0:-1 count 23 sum 253
// CHECK-NEXT: cyclic 2:20:3 count 7 sum 77
// CHECK-NEXT: cyclic 20:2:-3 count 7 sum 77
// CHECK-NEXT: cyclic 1:22:2 count 11 sum 121
// CHECK-NEXT: cyclic 0:22:4 count 6 sum 60
// CHECK-NEXT: cyclic 3:22:6 count 4 sum 48
// CHECK-NEXT: cyclic 22:1:-4 count 6 sum 72
// CHECK-NEXT: cyclic 5:22:10 count 2 sum 20
// CHECK-NEXT: cyclic 2:21:5 count 4 sum 38
// CHECK-NEXT: cyclic 7:7:1 count 1 sum 7
// CHECK-NEXT: cyclic 7:7:-1 count 1 sum 7
// CHECK-NEXT: cyclic 9:3:1 count 0 sum 0
// CHECK-NEXT: cyclic 3:9:-1 count 0 sum 0
// CHECK-NEXT: cyclic -4:100:3 count 7 sum 77
// CHECK-NEXT: cyclic 30:-10:-7 count 3 sum 27
// CHECK-NEXT: cyclic 0:22:23 count 1 sum 0
// CHECK-NEXT: cyclic 22:0:-60 count 1 sum 22
// CHECK-NEXT: A[0][0][0]=0 A[2][3][4]=234 A[3][4][6]=346
// CHECK-NEXT: A[0:3][2] = 20 1020 326
// CHECK-NEXT: row 2: 5 units, column 3: 4 units
// CHECK-NEXT: B[0][0][0][0]=0 B[1][2][3][1]=1231
// CHECK-NEXT: wrong 0
#include <neststep.h>
#include "ns_report.h"
#include <stdio.h>
#include <string.h>

#define N 23

static int bad;                         // private mismatch count, combined at the end

static const long cases[][3] = {
    { 0, 22, 1 }, { 22, 0, -1 }, { 2, 20, 3 }, { 20, 2, -3 }, { 1, 22, 2 }, { 0, 22, 4 },
    { 3, 22, 6 }, { 22, 1, -4 }, { 5, 22, 10 }, { 2, 21, 5 }, { 7, 7, 1 }, { 7, 7, -1 },
    { 9, 3, 1 }, { 3, 9, -1 }, { -4, 100, 3 }, { 30, -10, -7 }, { 0, 22, 23 }, { 22, 0, -60 },
};
static const long listed[][3] = { { 20, 2, -3 }, { 1, 22, 2 }, { 22, 1, -4 }, { 3, 22, 6 } };

static int
in_seq(long i, long lb, long ub, long st)
{
    if (st > 0 ? (i < lb || i > ub) : (i > lb || i < ub))
        return 0;
    return (i - lb) % st == 0;
}

// One step: every process runs forall(i, a, lb, ub, st); rank 0 prints.
static void
run_case(ns_darray *a, const char *dist, long lb, long ub, long st, int list)
{
    int hits[N], by[N], pos[N];         // sh<+> int hits[N]; sh int by[N], pos[N];
    ns_shvar sv_hits, sv_by, sv_pos;
    memset(hits, 0, sizeof hits);
    memset(by, -1, sizeof by);
    memset(pos, -1, sizeof pos);
    ns_sh_declare(&sv_hits, "hits", hits, N, Type_int, sizeof(int), NS_OP_ADD, NULL);
    ns_sh_declare(&sv_by, "by", by, N, Type_int, sizeof(int), NS_OP_FIRST, NULL);
    ns_sh_declare(&sv_pos, "pos", pos, N, Type_int, sizeof(int), NS_OP_FIRST, NULL);
    ns_step_begin(NS_AT("step"));
    {
        long i, prev = 0;
        int k = 0;
        for (ns_iter it = ns_forall(a, lb, ub, st); ns_next(&it, &i); k++) {
            if (i < 0 || i >= N || !ns_owned(a, i) || !in_seq(i, lb, ub, st))
                bad++;
            else {
                if (k > 0 && (st > 0 ? i <= prev : i >= prev))
                    bad++;                  // not in the sequence's order
                if (hits[i])
                    bad++;                  // twice
                ns_sh_w(&sv_hits, (size_t)i, NS_AT("hits")), hits[i] = 1;
                ns_sh_w(&sv_by, (size_t)i, NS_AT("by")), by[i] = NestStep_rank();
                ns_sh_w(&sv_pos, (size_t)i, NS_AT("pos")), pos[i] = k;
            }
            prev = i;
        }
    }
    ns_step_end();
    long count = 0, sum = 0;
    for (long i = 0; i < N; i++) {
        if (hits[i] != in_seq(i, lb, ub, st) || (hits[i] && by[i] != ns_owner(a, i)))
            bad++;
        count += hits[i];
        sum += hits[i] * i;
    }
    if (NestStep_rank() == 0) {
        printf("%s %ld:%ld:%ld", dist, lb, ub, st);
        if (list) {
            printf(" visits");
            for (long i = lb; st > 0 ? i <= ub : i >= ub; i += st)
                if (i >= 0 && i < N)
                    printf(" %ld:%d.%d", i, by[i], pos[i]);
        } else {
            printf(" count %ld sum %ld", count, sum);
        }
        printf("\n");
    }
    ns_sh_undeclare(&sv_pos);
    ns_sh_undeclare(&sv_by);
    ns_sh_undeclare(&sv_hits);
}

// forall2(i, j, A) / forall3(i, j, k, B): the distributed dimensions are
// linearised row-major into units; the loop runs over my units.
static void
multidim(void)
{
    ns_darray *A = ns_da_new("A", 4 * 5, 7, Type_int, sizeof(int), NS_CYCLIC, NS_OP_FIRST, NULL);
    ns_darray *B = ns_da_new("B", 2 * 3 * 4, 2, Type_int, sizeof(int), NS_BLOCK, NS_OP_FIRST, NULL);
    int row = 0, col = 0;               // sh<+> int row, col;
    ns_shvar sv_row, sv_col;
    ns_sh_declare(&sv_row, "row", &row, 1, Type_int, sizeof row, NS_OP_ADD, NULL);
    ns_sh_declare(&sv_col, "col", &col, 1, Type_int, sizeof col, NS_OP_ADD, NULL);
    long u;
    ns_step_begin(NS_AT("step"));
    {
        for (ns_iter it = ns_forall(A, 0, ns_da_length(A) - 1, 1); ns_next(&it, &u); ) {
            long i = u / 5, j = u % 5;      // forall2(i, j, A)
            int *e = ns_da_wlocal(A, u);
            for (int k = 0; k < 7; k++)
                e[k] = (int)(100 * i + 10 * j + k);     // A[i][j][k]
        }
        for (ns_iter it = ns_forall(B, 0, ns_da_length(B) - 1, 1); ns_next(&it, &u); ) {
            long i = u / 12, j = u / 4 % 3, k = u % 4;  // forall3(i, j, k, B)
            int *e = ns_da_wlocal(B, u);
            for (int l = 0; l < 2; l++)
                e[l] = (int)(1000 * i + 100 * j + 10 * k + l);
        }
        int r = 0, c = 0;
        for (ns_iter it = ns_forall(A, 2 * 5, 2 * 5 + 4, 1); ns_next(&it, &u); r++)
            if (u / 5 != 2 || ((int *)ns_da_local(A, u))[0] != 200 + 10 * (u % 5))
                bad++;              // row A[2][:]
        for (ns_iter it = ns_forall(A, 3, 3 + 3 * 5, 5); ns_next(&it, &u); c++)
            if (u % 5 != 3 || ((int *)ns_da_local(A, u))[6] != 100 * (u / 5) + 36)
                bad++;              // column A[:][3]
        ns_sh_w(&sv_row, 0, NS_AT("row")), row = r;
        ns_sh_w(&sv_col, 0, NS_AT("col")), col = c;
    }
    ns_step_end();

    // the last process writes the row A[1][0:4] from private memory
    // (A[1][0:4] = R[0:4], whole units of 7), and reads it back at once
    int rowv[5][7];
    for (int j = 0; j < 5; j++)
        for (int k = 0; k < 7; k++)
            rowv[j][k] = 1000 + 10 * j + k;
    ns_step_begin(NS_AT("step"));
    if (NestStep_rank() == NestStep_size() - 1) {
        ns_da_write_section(A, 5, 9, 1, rowv, NS_AT("section"));
        for (int j = 0; j < 5; j++)
            if (((const int *)ns_da_rd(A, 5 + j, NS_AT("A")))[6] != 1000 + 10 * j + 6)
                bad++;
    }
    ns_step_end();

    int all[20][7], col2[4][7], ball[24][2];
    ns_step_begin(NS_AT("step"));
    if (NestStep_rank() == 0) {
        ns_da_read_section(A, 0, 19, 1, all, NS_AT("section"));
        ns_da_read_section(A, 2, 17, 5, col2, NS_AT("section"));    // A[0:3][2]
        ns_da_read_section(B, 0, 23, 1, ball, NS_AT("section"));
    }
    ns_step_end();
    if (NestStep_rank() == 0) {
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 5; j++)
                for (int k = 0; k < 7; k++)
                    if (all[i * 5 + j][k] != (i == 1 ? 1000 : 100 * i) + 10 * j + k ||
                        (j == 2 && col2[i][k] != all[i * 5 + j][k]))
                        bad++;
        for (int u2 = 0; u2 < 24; u2++)
            for (int l = 0; l < 2; l++)
                if (ball[u2][l] != 1000 * (u2 / 12) + 100 * (u2 / 4 % 3) + 10 * (u2 % 4) + l)
                    bad++;
        printf("A[0][0][0]=%d A[2][3][4]=%d A[3][4][6]=%d\n", all[0][0], all[13][4], all[19][6]);
        printf("A[0:3][2] = %d %d %d\n", col2[0][0], col2[1][0], col2[3][6]);
        printf("row 2: %d units, column 3: %d units\n", row, col);
        printf("B[0][0][0][0]=%d B[1][2][3][1]=%d\n", ball[0][0], ball[12 + 8 + 3][1]);
    }
    ns_sh_undeclare(&sv_col);
    ns_sh_undeclare(&sv_row);
    ns_da_free(B);
    ns_da_free(A);
}

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    ns_darray *b = ns_da_new("b", N, 1, Type_int, sizeof(int), NS_BLOCK, NS_OP_FIRST, NULL);
    ns_darray *c = ns_da_new("c", N, 1, Type_int, sizeof(int), NS_CYCLIC, NS_OP_FIRST, NULL);
    int nl = (int)(sizeof listed / sizeof listed[0]), nc = (int)(sizeof cases / sizeof cases[0]);
    for (int t = 0; t < nl; t++)
        run_case(b, "block", listed[t][0], listed[t][1], listed[t][2], 1);
    for (int t = 0; t < nl; t++)
        run_case(c, "cyclic", listed[t][0], listed[t][1], listed[t][2], 1);
    for (int t = 0; t < nc; t++)
        run_case(b, "block", cases[t][0], cases[t][1], cases[t][2], 0);
    for (int t = 0; t < nc; t++)
        run_case(c, "cyclic", cases[t][0], cases[t][1], cases[t][2], 0);
    multidim();

    report_wrong(bad);
    ns_da_free(c);
    ns_da_free(b);
    NestStep_finalize();
    return 0;
}
