// bsp_exscan with src and dst the same area, as bsp_coll(3) and bsp_coll.h
// allow it: on process s > 0 the area holds src(0) op ... op src(s-1)
// afterwards, on process 0 it keeps its own value (dst untouched there).
// An int sum, a non-commutative 2x2 matrix product mod 10007 (order shows)
// and a 5003-byte bytewise sum (longer than one combine message), in place
// and, for comparison, into a separate area.  The installed header says the
// same as the manual page (the last RUN line).
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
// RUN: FileCheck %s --check-prefix=HEADER < %S/../../lib-bsplib/include/bsp_coll.h
// MATRIX: barrier-mode
#include <stdio.h>
#include <string.h>
#include "bsp_coll.h"

#define BIG 5003
#define MOD 10007

static void add(void *r, void *a, void *b, int *n)
{
    (void)n;
    *(int *)r = *(int *)a + *(int *)b;
}

static void matmul(void *r, void *a, void *b, int *n)
{
    const int *x = a, *y = b;
    int *z = r;
    (void)n;
    z[0] = (x[0] * y[0] + x[1] * y[2]) % MOD;
    z[1] = (x[0] * y[1] + x[1] * y[3]) % MOD;
    z[2] = (x[2] * y[0] + x[3] * y[2]) % MOD;
    z[3] = (x[2] * y[1] + x[3] * y[3]) % MOD;
}

static void bytesum(void *r, void *a, void *b, int *n)
{
    const unsigned char *x = a, *y = b;
    unsigned char *z = r;
    for (int i = 0; i < *n; i++)
        z[i] = (unsigned char)(x[i] + y[i]);
}

static void mat_of(int s, int m[4])
{
    m[0] = 1; m[1] = s + 1; m[2] = s + 2; m[3] = 3;
}

static void big_of(int s, unsigned char *b)
{
    for (int i = 0; i < BIG; i++)
        b[i] = (unsigned char)(i * 31 + s * 17 + i / 7);
}

int main(void)
{
    bsp_begin(bsp_nprocs());
    int s = bsp_pid();
    int x = s + 1, sep = -1, m[4], msep[4] = { -1, -1, -1, -1 };
    static unsigned char big[BIG], bigsep[BIG], want[BIG], other[BIG];
    mat_of(s, m);
    big_of(s, big);
    memset(bigsep, 0xff, BIG);

    bsp_exscan(add, &x, &sep, sizeof x);
    bsp_exscan(add, &x, &x, sizeof x);
    printf("%d sum in-place=%d separate=%d\n", s, x, sep);

    bsp_exscan(matmul, m, msep, sizeof m);
    bsp_exscan(matmul, m, m, sizeof m);
    printf("%d mat in-place=%d,%d,%d,%d %s\n", s, m[0], m[1], m[2], m[3],
           memcmp(m, msep, sizeof m) && s > 0 ? "DIFFERS" : "same");

    bsp_exscan(bytesum, big, bigsep, BIG);
    bsp_exscan(bytesum, big, big, BIG);
    /* what process s > 0 must hold: the bytewise sum of processes 0..s-1 */
    memset(want, 0, BIG);
    for (int q = 0; q < s; q++) {
        big_of(q, other);
        for (int i = 0; i < BIG; i++)
            want[i] = (unsigned char)(want[i] + other[i]);
    }
    if (s == 0)
        big_of(0, want);        /* untouched: its own src */
    printf("%d big in-place %s, separate %s\n", s, memcmp(big, want, BIG) ? "WRONG" : "OK",
           s == 0 ? "untouched" : memcmp(bigsep, want, BIG) ? "WRONG" : "OK");
    bsp_end();
    return 0;
}
// P1: 0 big in-place OK, separate untouched
// P1-NEXT: 0 mat in-place=1,1,2,3 same
// P1-NEXT: 0 sum in-place=1 separate=-1
// P1-NOT: {{.}}
// P2: 0 big in-place OK, separate untouched
// P2-NEXT: 0 mat in-place=1,1,2,3 same
// P2-NEXT: 0 sum in-place=1 separate=-1
// P2-NEXT: 1 big in-place OK, separate OK
// P2-NEXT: 1 mat in-place=1,1,2,3 same
// P2-NEXT: 1 sum in-place=1 separate=1
// P2-NOT: {{.}}
// P3: 0 big in-place OK, separate untouched
// P3-NEXT: 0 mat in-place=1,1,2,3 same
// P3-NEXT: 0 sum in-place=1 separate=-1
// P3-NEXT: 1 big in-place OK, separate OK
// P3-NEXT: 1 mat in-place=1,1,2,3 same
// P3-NEXT: 1 sum in-place=1 separate=1
// P3-NEXT: 2 big in-place OK, separate OK
// P3-NEXT: 2 mat in-place=4,5,11,13 same
// P3-NEXT: 2 sum in-place=3 separate=3
// P3-NOT: {{.}}
// P5: 0 big in-place OK, separate untouched
// P5-NEXT: 0 mat in-place=1,1,2,3 same
// P5-NEXT: 0 sum in-place=1 separate=-1
// P5-NEXT: 1 big in-place OK, separate OK
// P5-NEXT: 1 mat in-place=1,1,2,3 same
// P5-NEXT: 1 sum in-place=1 separate=1
// P5-NEXT: 2 big in-place OK, separate OK
// P5-NEXT: 2 mat in-place=4,5,11,13 same
// P5-NEXT: 2 sum in-place=3 separate=3
// P5-NEXT: 3 big in-place OK, separate OK
// P5-NEXT: 3 mat in-place=24,27,63,72 same
// P5-NEXT: 3 sum in-place=6 separate=6
// P5-NEXT: 4 big in-place OK, separate OK
// P5-NEXT: 4 mat in-place=159,177,423,468 same
// P5-NEXT: 4 sum in-place=10 separate=10
// P5-NOT: {{.}}
// HEADER: src and dst may be the same area for fold, scan, exscan and bcast
