// Nested supersteps by recursion (spec section 4: "Nesting is static and
// dynamic (recursion)"): a parallel mergesort of a replicated shared array
// and a divide-and-conquer sum, both by recursive halving with neststep(2)
// to depth 4.  A group of one process continues the recursion in a
// neststep(1) that sorts both halves one after the other, so every process
// reaches depth 4 whatever p is.  The leaves write the root group's array
// A from subgroups 4 levels down: their changes reach the root through
// every inter-subgroup combine.  The sum declares a fresh sh<+> variable in
// each group it runs in, written by the rank 0 of each subgroup.
// RUN: %nscc %s -o %t
// RUN: %nsrun 1 %t | FileCheck %s
// RUN: %nsrun 2 %t | FileCheck %s
// RUN: %nsrun 3 %t | FileCheck %s
// RUN: %nsrun 4 %t | FileCheck %s
// RUN: %nsrun 5 %t | FileCheck %s
// RUN: env NS_TREE_ARITY=1 NS_DIRECT_MAX=0 %nsrun 5 %t | FileCheck %s
// RUN: env NS_DIRECT_MAX=16 %nsrun 4 %t | FileCheck %s
// A[i] = (37 i + 11) % 101 - 50 for i < 37; 16 leaves of 2 or 3 elements.
// CHECK: sorted -50 -46 -43 -40 -39 -36 -33 -30 -29 -26 -23 -20 -19 -16 -13 -9 -6 -3 -2 1 4 7 8 11 14 18 21 24 28 31 34 35 38 41 44 45 48
// CHECK-NEXT: leaves 16 depth 4
// CHECK-NEXT: sum -31 sumdepth 4
// CHECK-NEXT: wrong 0
#include <neststep.h>
#include <stdio.h>
#include <stdlib.h>

#define N 37
#define MAXD 4

static int *A;                          // sh int *A = new_Array(N, Type_int);
static ns_shvar sv_A;
static int leafdepth[N];                // sh int leafdepth[N]: depth of the leaf at lo
static ns_shvar sv_leafdepth;
static int maxdepth;                    // sh<max> int maxdepth;
static ns_shvar sv_maxdepth;

static int
value(int i)
{
    return (37 * i + 11) % 101 - 50;
}

static int
cmp(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static void psort(int lo, int hi, int depth);

// step { if ($ == 0) merge A[lo:mid-1] and A[mid:hi-1] }
static void
merge(int lo, int mid, int hi)
{
    ns_step_begin(NS_AT("step"));
    if (NestStep_rank() == 0) {
        int tmp[N], i = lo, j = mid, k = 0;
        while (i < mid || j < hi)
            tmp[k++] = j >= hi || (i < mid && A[i] <= A[j]) ? A[i++] : A[j++];
        for (k = 0; k < hi - lo; k++)
            ns_sh_w(&sv_A, (size_t)(lo + k), NS_AT("A")), A[lo + k] = tmp[k];
    }
    ns_step_end();
}

static void
psort(int lo, int hi, int depth)
{
    if (depth == MAXD || hi - lo < 2) {
        ns_step_begin(NS_AT("step"));
        if (NestStep_rank() == 0) {     // insertion sort of my range
            for (int i = lo + 1; i < hi; i++)
                for (int j = i; j > lo && A[j - 1] > A[j]; j--) {
                    int t = A[j];
                    ns_sh_w(&sv_A, (size_t)j, NS_AT("A")), A[j] = A[j - 1];
                    ns_sh_w(&sv_A, (size_t)(j - 1), NS_AT("A")), A[j - 1] = t;
                }
            ns_sh_w(&sv_leafdepth, (size_t)lo, NS_AT("leafdepth")), leafdepth[lo] = depth;
        }
        ns_sh_w(&sv_maxdepth, 0, NS_AT("maxdepth")), maxdepth = depth;
        ns_step_end();
        return;
    }
    int mid = (lo + hi) / 2;
    if (NestStep_size() >= 2) {
        // neststep(2) { if (@ == 0) psort(lo, mid); else psort(mid, hi); }
        if (ns_neststep_begin(2, NS_SPLIT_EVEN, NULL, NS_AT("neststep"))) {
            if (NestStep_group() == 0)
                psort(lo, mid, depth + 1);
            else
                psort(mid, hi, depth + 1);
        }
        ns_neststep_end();
    } else {
        // neststep(1) { psort(lo, mid); psort(mid, hi); }
        if (ns_neststep_begin(1, NS_SPLIT_EVEN, NULL, NS_AT("neststep"))) {
            psort(lo, mid, depth + 1);
            psort(mid, hi, depth + 1);
        }
        ns_neststep_end();
    }
    merge(lo, mid, hi);
}

// the sum of v(lo..hi-1) and the depth it reached, by recursive halving
static long
psum(int lo, int hi, int depth, int *reached)
{
    long s = 0;                         // sh<+> long s = 0;  (in the current group)
    int d = 0;                          // sh<max> int d;
    ns_shvar sv_s, sv_d;
    ns_sh_declare(&sv_s, "s", &s, 1, Type_long, sizeof s, NS_OP_ADD, NULL);
    ns_sh_declare(&sv_d, "d", &d, 1, Type_int, sizeof d, NS_OP_MAX, NULL);
    if (depth == MAXD || hi - lo < 2) {
        // step: every member adds every #-th element
        ns_step_begin(NS_AT("step"));
        ns_sh_w(&sv_s, 0, NS_AT("s")), s = 0;
        for (int i = lo + NestStep_rank(); i < hi; i += NestStep_size())
            ns_sh_w(&sv_s, 0, NS_AT("s")), s += value(i);
        ns_sh_w(&sv_d, 0, NS_AT("d")), d = depth;
        ns_step_end();
    } else {
        int mid = (lo + hi) / 2, k = NestStep_size() >= 2 ? 2 : 1;
        if (ns_neststep_begin(k, NS_SPLIT_EVEN, NULL, NS_AT("neststep"))) {
            long r;
            int rd, rd2;
            if (k == 2) {
                r = NestStep_group() == 0 ? psum(lo, mid, depth + 1, &rd)
                                          : psum(mid, hi, depth + 1, &rd);
            } else {                    // alone: both halves
                r = psum(lo, mid, depth + 1, &rd);
                r += psum(mid, hi, depth + 1, &rd2);
                rd = rd > rd2 ? rd : rd2;
            }
            // step { if ($ == 0) s = r, d = rd; }  (s, d: the parent's)
            ns_step_begin(NS_AT("step"));
            if (NestStep_rank() == 0) {
                ns_sh_w(&sv_s, 0, NS_AT("s")), s = r;
                ns_sh_w(&sv_d, 0, NS_AT("d")), d = rd;
            }
            ns_step_end();
        }
        ns_neststep_end();
    }
    ns_sh_undeclare(&sv_d);
    ns_sh_undeclare(&sv_s);
    *reached = d;
    return s;
}

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    int me = NestStep_rank(), wrong = 0;
    ns_sh_declare(&sv_A, "A", NULL, 0, Type_int, sizeof(int), NS_OP_FIRST, NULL);
    ns_sh_handle(&sv_A, (void **)&A);
    A = new_Array(N, Type_int);
    ns_sh_declare(&sv_leafdepth, "leafdepth", leafdepth, N, Type_int, sizeof(int), NS_OP_FIRST,
                  NULL);
    ns_sh_declare(&sv_maxdepth, "maxdepth", &maxdepth, 1, Type_int, sizeof maxdepth, NS_OP_MAX,
                  NULL);
    int ref[N];
    for (int i = 0; i < N; i++)
        A[i] = ref[i] = value(i);       // the same on every process: no step needed
    qsort(ref, N, sizeof(int), cmp);

    psort(0, N, 0);
    int leaves = 0, badleaf = 0;
    for (int i = 0; i < N; i++) {
        wrong += A[i] != ref[i];
        if (leafdepth[i])
            leaves++, badleaf += leafdepth[i] != MAXD;
    }
    wrong += badleaf + (leaves != 16) + (maxdepth != MAXD);

    int reached;
    long sum = psum(0, N, 0, &reached), esum = 0;
    for (int i = 0; i < N; i++)
        esum += value(i);
    wrong += sum != esum || reached != MAXD;

    int total = 0;                      // sh<+> int total;
    ns_shvar sv_total;
    ns_sh_declare(&sv_total, "total", &total, 1, Type_int, sizeof total, NS_OP_ADD, NULL);
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv_total, 0, NS_AT("total")), total = wrong;
    ns_step_end();
    if (me == 0) {
        printf("sorted");
        for (int i = 0; i < N; i++)
            printf(" %d", A[i]);
        printf("\nleaves %d depth %d\nsum %ld sumdepth %d\nwrong %d\n", leaves, maxdepth, sum,
               reached, total);
    }
    ns_sh_undeclare(&sv_total);
    ns_sh_undeclare(&sv_maxdepth);
    ns_sh_undeclare(&sv_leafdepth);
    ns_sh_undeclare(&sv_A);
    free_Array(A);
    NestStep_finalize();
    return total != 0;
}
