// Distributed arrays inside neststep subgroups (spec sections 4 and 5):
// a subgroup may access the units its members own, whatever group
// declared the array.  Phase 1: neststep(2) (contiguous subgroups) on a
// block array of the root group: every member writes every unit owned in
// its subgroup (remote writes, default policy: the lowest member wins),
// mirrors them and reads them the next subgroup step (mirror and section);
// an array declared inside the subgroup (its # is the subgroup's size) gets
// <+> writes from all members; a nested neststep(2) reads the units owned
// by its members.  Phase 2: neststep(2, @ = $ % 2) (even and odd ranks, not
// contiguous) on a cyclic array, with strided mirrors per owner.  Then the
// root group sees every subgroup's writes.
// RUN: %nscc %s -o %t
// RUN: %nsrun 1 %t | FileCheck %s --check-prefix=P1
// RUN: %nsrun 2 %t | FileCheck %s --check-prefix=P2
// RUN: %nsrun 3 %t | FileCheck %s --check-prefix=P3
// RUN: %nsrun 4 %t | FileCheck %s --check-prefix=P4
// RUN: %nsrun 5 %t | FileCheck %s --check-prefix=P5
// P1: a: 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119
// P1-NEXT: c: 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119
// P1-NEXT: wrong 0
// P2: a: 100 101 102 103 104 105 106 107 108 109 210 211 212 213 214 215 216 217 218 219
// P2-NEXT: c: 100 201 102 203 104 205 106 207 108 209 110 211 112 213 114 215 116 217 118 219
// P2-NEXT: wrong 0
// P3: a: 100 101 102 103 104 105 106 107 108 109 110 111 112 113 314 315 316 317 318 319
// P3-NEXT: c: 100 201 102 103 204 105 106 207 108 109 210 111 112 213 114 115 216 117 118 219
// P3-NEXT: wrong 0
// P4: a: 100 101 102 103 104 105 106 107 108 109 310 311 312 313 314 315 316 317 318 319
// P4-NEXT: c: 100 201 102 203 104 205 106 207 108 209 110 211 112 213 114 215 116 217 118 219
// P4-NEXT: wrong 0
// P5: a: 100 101 102 103 104 105 106 107 108 109 110 111 412 413 414 415 416 417 418 419
// P5-NEXT: c: 100 201 102 203 104 105 206 107 208 109 110 211 112 213 114 115 216 117 218 119
// P5-NEXT: wrong 0
#include <neststep.h>
#include <stdio.h>

#define N 20

static int bad;                         // private mismatch count, combined at the end
static int R, P;                        // my rank and the size of the root group

static int
rd(ns_darray *a, long i)
{
    return *(const int *)ns_da_rd(a, i, NS_AT("a"));
}

// neststep(2) S on the block array a; my subgroup: root ranks lo..lo+#-1.
static void
contiguous(ns_darray *a)
{
    int s = NestStep_size(), lo = R - NestStep_rank();
    long f = N, l = -1, i;
    for (i = 0; i < N; i++)             // the units my subgroup owns: a[f:l]
        if (ns_owner(a, i) >= lo && ns_owner(a, i) < lo + s) {
            f = f < i ? f : i;
            l = i;
        }
    ns_darray *d = ns_da_new("d", 10, 1, Type_int, sizeof(int), NS_CYCLIC, NS_OP_ADD, NULL);
    ns_step_begin(NS_AT("step"));
    {
        for (i = f; i <= l; i++)
            *(int *)ns_da_wr(a, i, NS_AT("a")) = (int)(i + 100 * (R + 1));
        if (l >= f)
            ns_da_mirror(a, f, l, 1, NS_AT("mirror"));          // #pragma mirror(a[f:l])
        for (i = 0; i < 10; i++)
            *(int *)ns_da_wr(d, i, NS_AT("d")) = 1;
    }
    ns_step_end();
    int buf[N], dbuf[10];
    ns_step_begin(NS_AT("step"));
    {
        for (i = f; i <= l; i++)
            if (rd(a, i) != i + 100 * (lo + 1))
                bad++;
        if (l >= f)
            ns_da_read_section(a, f, l, 1, buf, NS_AT("section"));
        ns_da_read_section(d, 0, 9, 1, dbuf, NS_AT("section"));
    }
    ns_step_end();
    for (i = f; i <= l; i++)
        if (buf[i - f] != i + 100 * (lo + 1))
            bad++;
    for (i = 0; i < 10; i++)
        if (dbuf[i] != s)
            bad++;
    ns_da_free(d);

    // neststep(2) inside: root ranks lo2..lo2+#-1 read what they own
    if (ns_neststep_begin(2, NS_SPLIT_EVEN, NULL, NS_AT("neststep"))) {
        int s2 = NestStep_size(), lo2 = R - NestStep_rank();
        long f2 = N, l2 = -1;
        for (i = 0; i < N; i++)
            if (ns_owner(a, i) >= lo2 && ns_owner(a, i) < lo2 + s2) {
                f2 = f2 < i ? f2 : i;
                l2 = i;
            }
        ns_step_begin(NS_AT("step"));
        if (l2 >= f2)
            ns_da_read_section(a, f2, l2, 1, buf, NS_AT("section"));
        ns_step_end();
        for (i = f2; i <= l2; i++)
            if (buf[i - f2] != i + 100 * (lo + 1))
                bad++;
    }
    ns_neststep_end();
}

// neststep(2, @ = $ % 2) S on the cyclic array c: ranks of my parity.
static void
by_parity(ns_darray *c)
{
    long i;
    int lowest = R % 2;
    ns_step_begin(NS_AT("step"));
    {
        for (i = 0; i < N; i++)
            if (ns_owner(c, i) % 2 == R % 2)
                *(int *)ns_da_wr(c, i, NS_AT("c")) = (int)(i + 100 * (R + 1));
        for (int q = lowest; q < P && q < N; q += 2)
            ns_da_mirror(c, q, N - 1, P, NS_AT("mirror"));      // #pragma mirror(c[q:N-1:P])
    }
    ns_step_end();
    int buf[N], q = (P - 1) % 2 == lowest ? P - 1 : P - 2;     // the highest rank of my parity
    long len = 0;
    ns_step_begin(NS_AT("step"));
    {
        for (i = 0; i < N; i++)
            if (ns_owner(c, i) % 2 == R % 2 && rd(c, i) != i + 100 * (lowest + 1))
                bad++;
        len = ns_da_read_section(c, q, N - 1, P, buf, NS_AT("section"));   // buf = c[q:N-1:P]
    }
    ns_step_end();
    for (long k = 0; k < len; k++)
        if (buf[k] != q + k * P + 100 * (lowest + 1))
            bad++;
}

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    R = NestStep_rank();
    P = NestStep_size();
    ns_darray *a = ns_da_new("a", N, 1, Type_int, sizeof(int), NS_BLOCK, NS_OP_FIRST, NULL);
    ns_darray *c = ns_da_new("c", N, 1, Type_int, sizeof(int), NS_CYCLIC, NS_OP_FIRST, NULL);
    if (ns_neststep_begin(2, NS_SPLIT_EVEN, NULL, NS_AT("neststep")))
        contiguous(a);
    ns_neststep_end();
    if (ns_neststep_begin(2, R % 2, NULL, NS_AT("neststep")))
        by_parity(c);
    ns_neststep_end();

    int alla[N], allc[N];
    ns_step_begin(NS_AT("step"));
    if (R == 0) {
        ns_da_read_section(a, 0, N - 1, 1, alla, NS_AT("section"));
        ns_da_read_section(c, 0, N - 1, 1, allc, NS_AT("section"));
    }
    ns_step_end();
    int wrong = 0;                          // sh<+> int wrong;
    ns_shvar sv_wrong;
    ns_sh_declare(&sv_wrong, "wrong", &wrong, 1, Type_int, sizeof wrong, NS_OP_ADD, NULL);
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv_wrong, 0, NS_AT("wrong")), wrong = bad;
    ns_step_end();
    if (R == 0) {
        printf("a:");
        for (int i = 0; i < N; i++)
            printf(" %d", alla[i]);
        printf("\nc:");
        for (int i = 0; i < N; i++)
            printf(" %d", allc[i]);
        printf("\nwrong %d\n", wrong);
    }
    ns_sh_undeclare(&sv_wrong);
    ns_da_free(c);
    ns_da_free(a);
    NestStep_finalize();
    return 0;
}
