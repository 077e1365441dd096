// Distributed arrays, concurrent writes (spec section 5, Consistency; seed
// 002, 3.2.2): writes to remote elements (ns_da_wr) from several processes
// to the same element are combined at the owner at step end with the
// array's policy, in rank order, the owner's own write of the element taking
// its place at the owner's rank.  Policies: default (lowest-ranked writer
// wins), <+> (on 2-element units), <max>, and a user function that is
// associative but not commutative (it appends the writers' ranks as hex
// digits, so the printed value is the writers' order).  New-value
// semantics: an element nobody writes keeps its value (1000+i, in hex
// for the function: 0x3e9 ...); otherwise the old value takes no
// part.  A writer reads back its own write in the same step; everybody
// sees the result from the next step (mirror, and a section read).  <=>
// (common): all writers write the same value, the owner included.  Two
// rounds with different writer sets; a writer that writes an element twice
// contributes its last value.
// Elements: 0, 6, 11 all write; 1 nobody; 2 the highest rank; 3, 8 all but
// the owner; 4 the owner only; 5 odd ranks; 7, 9 one rank; 10 owner and 0.
// RUN: %nscc -I%inputs %s -o %t
// RUN: %nsrun 1 %t | FileCheck %s --check-prefixes=CHECK,P1
// RUN: %nsrun 2 %t | FileCheck %s --check-prefixes=CHECK,P2
// RUN: %nsrun 3 %t | FileCheck %s --check-prefixes=CHECK,P3
// RUN: %nsrun 4 %t | FileCheck %s --check-prefixes=CHECK,P4
// RUN: %nsrun 5 %t | FileCheck %s --check-prefixes=CHECK,P5
// P1: first block: 100 1001 102 1003 104 1005 106 107 1008 109 110 111
// P1-NEXT: first cyclic: 100 1001 102 1003 104 1005 106 107 1008 109 110 111
// P1-NEXT: add block: 100 1001 102 1003 104 1005 106 107 1008 109 110 111
// P1-NEXT: add cyclic: 100 1001 102 1003 104 1005 106 107 1008 109 110 111
// P1-NEXT: max block: 100 1001 102 1003 104 1005 106 107 1008 109 110 111
// P1-NEXT: max cyclic: 100 1001 102 1003 104 1005 106 107 1008 109 110 111
// P1-NEXT: fn block: 0x10 0x3e9 0x10 0x3eb 0x10 0x3ed 0x10 0x10 0x3f0 0x10 0x10 0x10
// P1-NEXT: fn cyclic: 0x10 0x3e9 0x10 0x3eb 0x10 0x3ed 0x10 0x10 0x3f0 0x10 0x10 0x10
// P1-NEXT: common block: 100 1001 102 1003 104 1005 106 107 1008 109 110 111
// P1-NEXT: common cyclic: 100 1001 102 1003 104 1005 106 107 1008 109 110 111
// P2: first block: 100 1001 112 113 104 115 106 117 108 119 110 111
// P2-NEXT: first cyclic: 100 1001 112 103 104 115 106 117 118 119 110 111
// P2-NEXT: add block: 210 1001 112 113 104 115 222 117 108 119 230 232
// P2-NEXT: add cyclic: 210 1001 112 103 104 115 222 117 118 119 110 232
// P2-NEXT: max block: 110 1001 112 113 104 115 116 117 108 119 120 121
// P2-NEXT: max cyclic: 110 1001 112 103 104 115 116 117 118 119 110 121
// P2-NEXT: fn block: 0x101 0x3e9 0x11 0x11 0x10 0x11 0x101 0x11 0x10 0x11 0x101 0x101
// P2-NEXT: fn cyclic: 0x101 0x3e9 0x11 0x10 0x10 0x11 0x101 0x11 0x11 0x11 0x10 0x101
// P2-NEXT: common block: 100 1001 102 103 104 105 106 107 108 109 110 111
// P2-NEXT: common cyclic: 100 1001 102 103 104 105 106 107 108 109 110 111
// P3: first block: 100 1001 122 113 114 115 106 117 108 109 110 111
// P3-NEXT: first cyclic: 100 1001 122 113 114 115 106 117 108 109 110 111
// P3-NEXT: add block: 330 1001 122 236 114 115 348 117 226 109 240 363
// P3-NEXT: add cyclic: 330 1001 122 236 114 115 348 117 226 109 230 363
// P3-NEXT: max block: 120 1001 122 123 114 115 126 117 118 109 130 131
// P3-NEXT: max cyclic: 120 1001 122 123 114 115 126 117 118 109 120 131
// P3-NEXT: fn block: 0x1012 0x3e9 0x12 0x112 0x11 0x11 0x1012 0x11 0x101 0x10 0x102 0x1012
// P3-NEXT: fn cyclic: 0x1012 0x3e9 0x12 0x112 0x11 0x11 0x1012 0x11 0x101 0x10 0x101 0x1012
// P3-NEXT: common block: 100 1001 102 103 104 105 106 107 108 109 110 111
// P3-NEXT: common cyclic: 100 1001 102 103 104 105 106 107 108 109 110 111
// P4: first block: 100 1001 132 103 114 115 106 137 108 119 110 111
// P4-NEXT: first cyclic: 100 1001 132 103 104 115 106 137 118 119 110 111
// P4-NEXT: add block: 460 1001 132 359 114 250 484 137 364 119 250 504
// P4-NEXT: add cyclic: 460 1001 132 339 104 250 484 137 384 119 240 504
// P4-NEXT: max block: 130 1001 132 133 114 135 136 137 138 119 140 141
// P4-NEXT: max cyclic: 130 1001 132 123 104 135 136 137 138 119 130 141
// P4-NEXT: fn block: 0x10123 0x3e9 0x13 0x1023 0x11 0x113 0x10123 0x13 0x1013 0x11 0x103 0x10123
// P4-NEXT: fn cyclic: 0x10123 0x3e9 0x13 0x1012 0x10 0x113 0x10123 0x13 0x1123 0x11 0x102 0x10123
// P4-NEXT: common block: 100 1001 102 103 104 105 106 107 108 109 110 111
// P4-NEXT: common cyclic: 100 1001 102 103 104 105 106 107 108 109 110 111
// P5: first block: 100 1001 142 103 114 115 106 127 108 149 110 111
// P5-NEXT: first cyclic: 100 1001 142 103 144 115 106 127 108 149 110 111
// P5-NEXT: add block: 600 1001 142 502 114 250 630 127 512 149 250 655
// P5-NEXT: add cyclic: 600 1001 142 482 144 250 630 127 502 149 110 655
// P5-NEXT: max block: 140 1001 142 143 114 135 146 127 148 149 140 151
// P5-NEXT: max cyclic: 140 1001 142 143 144 135 146 127 148 149 110 151
// P5-NEXT: fn block: 0x101234 0x3e9 0x14 0x10234 0x11 0x113 0x101234 0x12 0x10134 0x14 0x103 0x101234
// P5-NEXT: fn cyclic: 0x101234 0x3e9 0x14 0x10124 0x14 0x113 0x101234 0x12 0x10124 0x14 0x10 0x101234
// P5-NEXT: common block: 100 1001 102 103 104 105 106 107 108 109 110 111
// P5-NEXT: common cyclic: 100 1001 102 103 104 105 106 107 108 109 110 111
// CHECK-NEXT: wrong 0
#include <neststep.h>
#include "ns_report.h"
#include <stdio.h>

#define N 12
enum { FIRST, ADD, MAX, FN, EQ, NPOL };
static const char *const polname[NPOL] = { "first", "add", "max", "fn", "common" };
static const int polop[NPOL] = { NS_OP_FIRST, NS_OP_ADD, NS_OP_MAX, NS_OP_FN, NS_OP_EQ };

static int bad;                         // private mismatch count, combined at the end

// <fn>: values are 1 followed by hex digits; f appends in's digits to inout's.
static void
concat(void *inout, const void *in)
{
    int *x = inout, y = *(const int *)in, d = 0;
    for (int n = y; n >= 16; n >>= 4)
        d++;
    *x = (*x << (4 * d)) | (y & ((1 << (4 * d)) - 1));
}

static int
writes(int r, long i, int p, int t, int o)
{
    switch ((i + 5 * t) % 12) {
    case 0: case 6: case 11: return 1;
    case 1: return 0;
    case 2: return r == p - 1;
    case 3: case 8: return r != o;
    case 4: return r == o;
    case 5: return r % 2 == 1;
    case 7: case 9: return r == (i + t) % p;
    default: return r == o || r == 0;
    }
}

static int
value(int pol, int r, long i, int t)
{
    if (pol == EQ)                      // <=>: all writers agree
        return (int)(100 * (t + 1) + i);
    return pol == FN ? 16 + r : (int)(100 * (t + 1) + 10 * r + i);
}

// Sequential reference: the combination of the writers' values, rank order.
static int
expect(ns_darray *a, int pol, long i, int t, int old)
{
    int p = NestStep_size(), acc = old, any = 0;
    for (int r = 0; r < p; r++) {
        if (!writes(r, i, p, t, ns_owner(a, i)))
            continue;
        int v = value(pol, r, i, t);
        if (!any)
            acc = v;
        else if (pol == ADD)
            acc += v;
        else if (pol == MAX)
            acc = v > acc ? v : acc;
        else if (pol == FN)
            concat(&acc, &v);
        any = 1;
    }
    return acc;
}

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    int p = NestStep_size(), me = NestStep_rank();
    ns_darray *h[NPOL][2];                  // sh<op> int h[N]</>, h[N]<%>;  (<+>: [N]<>[2])
    int cur[NPOL][2][N];                    // expected values, sequentially
    for (int pol = 0; pol < NPOL; pol++)
        for (int d = 0; d < 2; d++) {
            ns_darray *a = ns_da_new(polname[pol], N, pol == ADD ? 2 : 1, Type_int, sizeof(int),
                                     d ? NS_CYCLIC : NS_BLOCK, polop[pol], pol == FN ? concat : NULL);
            h[pol][d] = a;
            long i;
            for (ns_iter it = ns_forall(a, 0, N - 1, 1); ns_next(&it, &i); ) {
                int *e = ns_da_wlocal(a, i);    // a constant initializer: outside a step
                e[0] = (int)(1000 + i);
                if (pol == ADD)
                    e[1] = 2 * e[0];
            }
            for (i = 0; i < N; i++)
                cur[pol][d][i] = (int)(1000 + i);
        }

    for (int t = 0; t < 2; t++) {
        ns_step_begin(NS_AT("step"));
        for (int pol = 0; pol < NPOL; pol++)
            for (int d = 0; d < 2; d++) {
                ns_darray *a = h[pol][d];
                for (long i = 0; i < N; i++) {
                    if (!writes(me, i, p, t, ns_owner(a, i)))
                        continue;
                    int v = value(pol, me, i, t);
                    int *e = ns_da_wr(a, i, NS_AT("h"));
                    e[0] = -7;              // overwritten: my contribution is my last value
                    e[0] = v;
                    if (pol == ADD)
                        e[1] = 2 * v;
                }
                for (long i = 0; i < N; i++) {      // I read back what I wrote
                    if (!writes(me, i, p, t, ns_owner(a, i)))
                        continue;
                    const int *e = ns_da_rd(a, i, NS_AT("h"));
                    if (e[0] != value(pol, me, i, t) || (pol == ADD && e[1] != 2 * e[0]))
                        bad++;
                }
                ns_da_mirror(a, 0, N - 1, 1, NS_AT("mirror"));      // #pragma mirror(h[0:N-1])
            }
        ns_step_end();

        int all[NPOL][2][N][2], one[NPOL][2][N];    // section targets: defined after the step
        ns_step_begin(NS_AT("step"));
        for (int pol = 0; pol < NPOL; pol++)
            for (int d = 0; d < 2; d++) {
                ns_darray *a = h[pol][d];
                for (long i = 0; i < N; i++) {
                    int x = expect(a, pol, i, t, cur[pol][d][i]);
                    const int *e = ns_da_rd(a, i, NS_AT("h"));     // mirrored, or mine
                    if (e[0] != x || (pol == ADD && e[1] != 2 * x))
                        bad++;
                    cur[pol][d][i] = x;
                }
                if (me == 0)
                    ns_da_read_section(a, 0, N - 1, 1, pol == ADD ? (void *)all[pol][d] : one[pol][d],
                                       NS_AT("section"));
            }
        ns_step_end();
        for (int pol = 0; pol < NPOL; pol++)
            for (int d = 0; d < 2; d++)
                for (long i = 0; pol != ADD && i < N; i++)
                    all[pol][d][i][0] = one[pol][d][i];
        if (me == 0 && t == 0)
            for (int pol = 0; pol < NPOL; pol++)
                for (int d = 0; d < 2; d++) {
                    printf("%s %s:", polname[pol], d ? "cyclic" : "block");
                    for (long i = 0; i < N; i++)
                        printf(pol == FN ? " %#x" : " %d", all[pol][d][i][0]);
                    printf("\n");
                }
        if (me == 0)
            for (int pol = 0; pol < NPOL; pol++)
                for (int d = 0; d < 2; d++)
                    for (long i = 0; i < N; i++)
                        if (all[pol][d][i][0] != cur[pol][d][i] ||
                            (pol == ADD && all[pol][d][i][1] != 2 * cur[pol][d][i]))
                            bad++;
    }

    report_wrong(bad);
    for (int pol = 0; pol < NPOL; pol++)
        for (int d = 0; d < 2; d++)
            ns_da_free(h[pol][d]);
    NestStep_finalize();
    return 0;
}
