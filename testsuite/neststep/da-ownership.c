// Distributed arrays, ownership (spec section 5; seed 002 Figure 1): block
// distribution with block size ceil(N/p), cyclic with owner i mod p.  For
// N = 7 at p = 4 (Figure 1): block owners 0 0 1 1 2 2 3, cyclic 0 1 2 3 0 1 2.
// Every process reports what it owns (owned(), DArray_Length, DArray_index)
// into replicated arrays in one step; rank 0 prints them next to owner().
// N = 9 at p = 4 leaves process 3 without a block, N = 3 < p leaves
// processes without units, N = 0 owns nothing anywhere.  new_DArray(n, type)
// is block-distributed.
// RUN: %nscc -I%inputs %s -o %t
// RUN: %nsrun 1 %t | FileCheck %s --check-prefix=P1
// RUN: %nsrun 2 %t | FileCheck %s --check-prefix=P2
// RUN: %nsrun 3 %t | FileCheck %s --check-prefix=P3
// RUN: %nsrun 4 %t | FileCheck %s --check-prefix=P4
// RUN: %nsrun 5 %t | FileCheck %s --check-prefix=P5
// P1: block n=7 p=1: owner 0 0 0 0 0 0 0 | k 0 1 2 3 4 5 6 | len 7
// P1-NEXT: cyclic n=7 p=1: owner 0 0 0 0 0 0 0 | k 0 1 2 3 4 5 6 | len 7
// P1-NEXT: block n=9 p=1: owner 0 0 0 0 0 0 0 0 0 | k 0 1 2 3 4 5 6 7 8 | len 9
// P1-NEXT: cyclic n=9 p=1: owner 0 0 0 0 0 0 0 0 0 | k 0 1 2 3 4 5 6 7 8 | len 9
// P1-NEXT: block n=3 p=1: owner 0 0 0 | k 0 1 2 | len 3
// P1-NEXT: cyclic n=3 p=1: owner 0 0 0 | k 0 1 2 | len 3
// P1-NEXT: block n=0 p=1: owner | k | len 0
// P1-NEXT: cyclic n=0 p=1: owner | k | len 0
// P1-NEXT: wrong 0
// P2: block n=7 p=2: owner 0 0 0 0 1 1 1 | k 0 1 2 3 0 1 2 | len 4 3
// P2-NEXT: cyclic n=7 p=2: owner 0 1 0 1 0 1 0 | k 0 0 1 1 2 2 3 | len 4 3
// P2-NEXT: block n=9 p=2: owner 0 0 0 0 0 1 1 1 1 | k 0 1 2 3 4 0 1 2 3 | len 5 4
// P2-NEXT: cyclic n=9 p=2: owner 0 1 0 1 0 1 0 1 0 | k 0 0 1 1 2 2 3 3 4 | len 5 4
// P2-NEXT: block n=3 p=2: owner 0 0 1 | k 0 1 0 | len 2 1
// P2-NEXT: cyclic n=3 p=2: owner 0 1 0 | k 0 0 1 | len 2 1
// P2-NEXT: block n=0 p=2: owner | k | len 0 0
// P2-NEXT: cyclic n=0 p=2: owner | k | len 0 0
// P2-NEXT: wrong 0
// P3: block n=7 p=3: owner 0 0 0 1 1 1 2 | k 0 1 2 0 1 2 0 | len 3 3 1
// P3-NEXT: cyclic n=7 p=3: owner 0 1 2 0 1 2 0 | k 0 0 0 1 1 1 2 | len 3 2 2
// P3-NEXT: block n=9 p=3: owner 0 0 0 1 1 1 2 2 2 | k 0 1 2 0 1 2 0 1 2 | len 3 3 3
// P3-NEXT: cyclic n=9 p=3: owner 0 1 2 0 1 2 0 1 2 | k 0 0 0 1 1 1 2 2 2 | len 3 3 3
// P3-NEXT: block n=3 p=3: owner 0 1 2 | k 0 0 0 | len 1 1 1
// P3-NEXT: cyclic n=3 p=3: owner 0 1 2 | k 0 0 0 | len 1 1 1
// P3-NEXT: block n=0 p=3: owner | k | len 0 0 0
// P3-NEXT: cyclic n=0 p=3: owner | k | len 0 0 0
// P3-NEXT: wrong 0
// P4: block n=7 p=4: owner 0 0 1 1 2 2 3 | k 0 1 0 1 0 1 0 | len 2 2 2 1
// P4-NEXT: cyclic n=7 p=4: owner 0 1 2 3 0 1 2 | k 0 0 0 0 1 1 1 | len 2 2 2 1
// P4-NEXT: block n=9 p=4: owner 0 0 0 1 1 1 2 2 2 | k 0 1 2 0 1 2 0 1 2 | len 3 3 3 0
// P4-NEXT: cyclic n=9 p=4: owner 0 1 2 3 0 1 2 3 0 | k 0 0 0 0 1 1 1 1 2 | len 3 2 2 2
// P4-NEXT: block n=3 p=4: owner 0 1 2 | k 0 0 0 | len 1 1 1 0
// P4-NEXT: cyclic n=3 p=4: owner 0 1 2 | k 0 0 0 | len 1 1 1 0
// P4-NEXT: block n=0 p=4: owner | k | len 0 0 0 0
// P4-NEXT: cyclic n=0 p=4: owner | k | len 0 0 0 0
// P4-NEXT: wrong 0
// P5: block n=7 p=5: owner 0 0 1 1 2 2 3 | k 0 1 0 1 0 1 0 | len 2 2 2 1 0
// P5-NEXT: cyclic n=7 p=5: owner 0 1 2 3 4 0 1 | k 0 0 0 0 0 1 1 | len 2 2 1 1 1
// P5-NEXT: block n=9 p=5: owner 0 0 1 1 2 2 3 3 4 | k 0 1 0 1 0 1 0 1 0 | len 2 2 2 2 1
// P5-NEXT: cyclic n=9 p=5: owner 0 1 2 3 4 0 1 2 3 | k 0 0 0 0 0 1 1 1 1 | len 2 2 2 2 1
// P5-NEXT: block n=3 p=5: owner 0 1 2 | k 0 0 0 | len 1 1 1 0 0
// P5-NEXT: cyclic n=3 p=5: owner 0 1 2 | k 0 0 0 | len 1 1 1 0 0
// P5-NEXT: block n=0 p=5: owner | k | len 0 0 0 0 0
// P5-NEXT: cyclic n=0 p=5: owner | k | len 0 0 0 0 0
// P5-NEXT: wrong 0
#include <neststep.h>
#include "ns_report.h"
#include <stdio.h>
#include <string.h>

#define MAXN 16
#define MAXP 8

static int bad;                         // private mismatch count, combined at the end

static void
report(const char *name, long n, int dist)
{
    int p = NestStep_size();
    ns_darray *a = ns_da_new(name, n, 1, Type_int, sizeof(int), dist, NS_OP_FIRST, NULL);
    int who[MAXN], cnt[MAXN], kk[MAXN];     // sh int who[MAXN]; sh<+> int cnt[MAXN]; sh int kk[MAXN];
    long len[MAXP];                         // sh long len[MAXP];
    ns_shvar sv_who, sv_cnt, sv_kk, sv_len;
    memset(who, -1, sizeof who);
    memset(cnt, 0, sizeof cnt);
    memset(kk, -1, sizeof kk);
    memset(len, 0, sizeof len);
    ns_sh_declare(&sv_who, "who", who, MAXN, Type_int, sizeof(int), NS_OP_FIRST, NULL);
    ns_sh_declare(&sv_cnt, "cnt", cnt, MAXN, Type_int, sizeof(int), NS_OP_ADD, NULL);
    ns_sh_declare(&sv_kk, "kk", kk, MAXN, Type_int, sizeof(int), NS_OP_FIRST, NULL);
    ns_sh_declare(&sv_len, "len", len, MAXP, Type_long, sizeof(long), NS_OP_FIRST, NULL);

    ns_step_begin(NS_AT("step"));
    {
        for (long i = 0; i < n; i++)
            if (ns_owned(a, i)) {
                ns_sh_w(&sv_who, (size_t)i, NS_AT("who")), who[i] = NestStep_rank();
                ns_sh_w(&sv_cnt, (size_t)i, NS_AT("cnt")), cnt[i] = 1;
            }
        for (long k = 0; k < DArray_Length(a); k++) {
            long i = DArray_index(a, k);
            if (!ns_owned(a, i) || ns_da_lidx(a, i) != k)
                bad++;
            ns_sh_w(&sv_kk, (size_t)i, NS_AT("kk")), kk[i] = (int)k;
        }
        long i, k = 0;                      // forall(i, a): my units, upward
        for (ns_iter it = ns_forall(a, 0, ns_da_length(a) - 1, 1); ns_next(&it, &i); k++)
            if (k >= DArray_Length(a) || i != DArray_index(a, k))
                bad++;
        if (k != DArray_Length(a))
            bad++;
        ns_sh_w(&sv_len, (size_t)NestStep_rank(), NS_AT("len")), len[NestStep_rank()] = DArray_Length(a);
    }
    ns_step_end();

    long total = 0;
    for (int q = 0; q < p; q++)
        total += len[q];
    if (total != n || ns_da_length(a) != n)
        bad++;
    for (long i = 0; i < n; i++)
        if (who[i] != ns_owner(a, i) || cnt[i] != 1 || kk[i] < 0)
            bad++;
    if (NestStep_rank() == 0) {
        printf("%s n=%ld p=%d: owner", name, n, p);
        for (long i = 0; i < n; i++)
            printf(" %d", ns_owner(a, i));
        printf(" | k");
        for (long i = 0; i < n; i++)
            printf(" %d", kk[i]);
        printf(" | len");
        for (int q = 0; q < p; q++)
            printf(" %ld", len[q]);
        printf("\n");
    }
    ns_sh_undeclare(&sv_len);
    ns_sh_undeclare(&sv_kk);
    ns_sh_undeclare(&sv_cnt);
    ns_sh_undeclare(&sv_who);
    ns_da_free(a);
}

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    // an array written (by its owners) outside a step may be freed before
    // any step
    ns_darray *t = ns_da_new("t", 5, 1, Type_int, sizeof(int), NS_CYCLIC, NS_OP_FIRST, NULL);
    long i;
    for (ns_iter it = ns_forall(t, 0, 4, 1); ns_next(&it, &i); )
        *(int *)ns_da_wlocal(t, i) = 1;
    ns_da_free(t);
    // sh float *F</>;  F = new_DArray(7, Type_float);  (the user function:
    // block, default policy)
    ns_darray *F = new_DArray(7, Type_float);
    ns_darray *ref = ns_da_new("ref", 7, 1, Type_float, sizeof(float), NS_BLOCK, NS_OP_FIRST, NULL);
    if (ns_da_length(F) != 7 || DArray_Length(F) != DArray_Length(ref) || F->elsize != sizeof(float))
        bad++;
    for (i = 0; i < 7; i++)
        if (ns_owner(F, i) != ns_owner(ref, i) || ns_owned(F, i) != ns_owned(ref, i))
            bad++;
    ns_da_free(ref);
    ns_da_free(F);
    static const long sizes[] = { 7, 9, 3, 0 };
    for (int t = 0; t < 4; t++) {
        report("block", sizes[t], NS_BLOCK);
        report("cyclic", sizes[t], NS_CYCLIC);
    }
    report_wrong(bad);
    NestStep_finalize();
    return 0;
}
