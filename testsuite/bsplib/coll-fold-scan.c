// bsp_fold, bsp_scan (inclusive) and bsp_exscan (exclusive) of bsp_coll.h
// with user operators (Oxford level-1 convention op(result, left, right,
// &nbytes)): an int sum, a non-commutative 2x2 matrix product mod 10007
// (so the order, lower pids on the left, shows), a 7-byte "first nonzero
// byte" operator, and a 5003-byte bytewise sum (longer than one combine
// message).  Each collective is one superstep.  The expected values were
// computed independently (a Python model of the definitions); the program
// also checks the big one itself against a sequential fold.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 3 %valgrind %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 4 %t | sort | FileCheck %s --check-prefix=P4
// RUN: %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
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
    if (*n != 4 * (int)sizeof(int))
        bsp_abort("matmul: nbytes %d\n", *n);
    z[0] = (x[0] * y[0] + x[1] * y[2]) % MOD;
    z[1] = (x[0] * y[1] + x[1] * y[3]) % MOD;
    z[2] = (x[2] * y[0] + x[3] * y[2]) % MOD;
    z[3] = (x[2] * y[1] + x[3] * y[3]) % MOD;
}

static void first_nonzero(void *r, void *a, void *b, int *n)
{
    const unsigned char *x = a, *y = b;
    unsigned char *z = r;
    for (int i = 0; i < *n; i++)
        z[i] = x[i] ? x[i] : y[i];
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

static void bytes_of(int s, unsigned char b[7])
{
    for (int i = 0; i < 7; i++)
        b[i] = (unsigned char)((s + i) % 3 == 0 ? 0 : 10 * s + i + 1);
}

static void big_of(int s, unsigned char *b)
{
    for (int i = 0; i < BIG; i++)
        b[i] = (unsigned char)(i * 31 + s * 17 + i / 7);
}

static unsigned long checksum(const unsigned char *b, int n)
{
    unsigned long h = 0;
    for (int i = 0; i < n; i++)
        h = (h * 131 + b[i]) % 1000000007ul;
    return h;
}

static void show(const char *what, int s, int x, const int m[4], const unsigned char b[7])
{
    printf("%d %s sum=%d mat=%d,%d,%d,%d bytes=%d,%d,%d,%d,%d,%d,%d\n", s, what, x,
           m[0], m[1], m[2], m[3], b[0], b[1], b[2], b[3], b[4], b[5], b[6]);
}

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), s = bsp_pid();
    int x = s + 1, sum = -1, m[4], mr[4];
    unsigned char b[7], br[7];
    static unsigned char big[BIG], bigr[BIG], want[BIG], other[BIG];
    mat_of(s, m);
    bytes_of(s, b);
    big_of(s, big);

    bsp_fold(add, &x, &sum, sizeof x);
    bsp_fold(matmul, m, mr, sizeof m);
    bsp_fold(first_nonzero, b, br, sizeof b);
    show("fold", s, sum, mr, br);
    bsp_fold(bytesum, big, bigr, BIG);
    memset(want, 0, BIG);
    for (int q = 0; q < p; q++) {
        big_of(q, other);
        for (int i = 0; i < BIG; i++)
            want[i] = (unsigned char)(want[i] + other[i]);
    }
    printf("%d big fold %lu %s\n", s, checksum(bigr, BIG), memcmp(want, bigr, BIG) ? "MISMATCH" : "OK");

    bsp_scan(add, &x, &sum, sizeof x);
    bsp_scan(matmul, m, mr, sizeof m);
    bsp_scan(first_nonzero, b, br, sizeof b);
    show("scan", s, sum, mr, br);

    sum = -1;
    memset(mr, 0xff, sizeof mr);
    memset(br, 0xff, sizeof br);
    bsp_exscan(add, &x, &sum, sizeof x);
    bsp_exscan(matmul, m, mr, sizeof m);
    bsp_exscan(first_nonzero, b, br, sizeof b);
    show("exscan", s, sum, mr, br);

    x = 10 * s;                 /* in place: src and dst the same */
    bsp_scan(add, &x, &x, sizeof x);
    printf("%d inplace %d\n", s, x);
    bsp_end();
    return 0;
}
// P1: 0 big fold 616885084 OK
// P1-NEXT: 0 exscan sum=-1 mat=-1,-1,-1,-1 bytes=255,255,255,255,255,255,255
// P1-NEXT: 0 fold sum=1 mat=1,1,2,3 bytes=0,2,3,0,5,6,0
// P1-NEXT: 0 inplace 0
// P1-NEXT: 0 scan sum=1 mat=1,1,2,3 bytes=0,2,3,0,5,6,0
// P1-NOT: {{.}}
// P2: 0 big fold 838333251 OK
// P2-NEXT: 0 exscan sum=-1 mat=-1,-1,-1,-1 bytes=255,255,255,255,255,255,255
// P2-NEXT: 0 fold sum=3 mat=4,5,11,13 bytes=11,2,3,14,5,6,17
// P2-NEXT: 0 inplace 0
// P2-NEXT: 0 scan sum=1 mat=1,1,2,3 bytes=0,2,3,0,5,6,0
// P2-NEXT: 1 big fold 838333251 OK
// P2-NEXT: 1 exscan sum=1 mat=1,1,2,3 bytes=0,2,3,0,5,6,0
// P2-NEXT: 1 fold sum=3 mat=4,5,11,13 bytes=11,2,3,14,5,6,17
// P2-NEXT: 1 inplace 10
// P2-NEXT: 1 scan sum=3 mat=4,5,11,13 bytes=11,2,3,14,5,6,17
// P2-NOT: {{.}}
// P3: 0 big fold 960672943 OK
// P3-NEXT: 0 exscan sum=-1 mat=-1,-1,-1,-1 bytes=255,255,255,255,255,255,255
// P3-NEXT: 0 fold sum=6 mat=24,27,63,72 bytes=11,2,3,14,5,6,17
// P3-NEXT: 0 inplace 0
// P3-NEXT: 0 scan sum=1 mat=1,1,2,3 bytes=0,2,3,0,5,6,0
// P3-NEXT: 1 big fold 960672943 OK
// P3-NEXT: 1 exscan sum=1 mat=1,1,2,3 bytes=0,2,3,0,5,6,0
// P3-NEXT: 1 fold sum=6 mat=24,27,63,72 bytes=11,2,3,14,5,6,17
// P3-NEXT: 1 inplace 10
// P3-NEXT: 1 scan sum=3 mat=4,5,11,13 bytes=11,2,3,14,5,6,17
// P3-NEXT: 2 big fold 960672943 OK
// P3-NEXT: 2 exscan sum=3 mat=4,5,11,13 bytes=11,2,3,14,5,6,17
// P3-NEXT: 2 fold sum=6 mat=24,27,63,72 bytes=11,2,3,14,5,6,17
// P3-NEXT: 2 inplace 30
// P3-NEXT: 2 scan sum=6 mat=24,27,63,72 bytes=11,2,3,14,5,6,17
// P3-NOT: {{.}}
// P4: 0 big fold 83851041 OK
// P4-NEXT: 0 exscan sum=-1 mat=-1,-1,-1,-1 bytes=255,255,255,255,255,255,255
// P4-NEXT: 0 fold sum=10 mat=159,177,423,468 bytes=11,2,3,14,5,6,17
// P4-NEXT: 0 inplace 0
// P4-NEXT: 0 scan sum=1 mat=1,1,2,3 bytes=0,2,3,0,5,6,0
// P4-NEXT: 1 big fold 83851041 OK
// P4-NEXT: 1 exscan sum=1 mat=1,1,2,3 bytes=0,2,3,0,5,6,0
// P4-NEXT: 1 fold sum=10 mat=159,177,423,468 bytes=11,2,3,14,5,6,17
// P4-NEXT: 1 inplace 10
// P4-NEXT: 1 scan sum=3 mat=4,5,11,13 bytes=11,2,3,14,5,6,17
// P4-NEXT: 2 big fold 83851041 OK
// P4-NEXT: 2 exscan sum=3 mat=4,5,11,13 bytes=11,2,3,14,5,6,17
// P4-NEXT: 2 fold sum=10 mat=159,177,423,468 bytes=11,2,3,14,5,6,17
// P4-NEXT: 2 inplace 30
// P4-NEXT: 2 scan sum=6 mat=24,27,63,72 bytes=11,2,3,14,5,6,17
// P4-NEXT: 3 big fold 83851041 OK
// P4-NEXT: 3 exscan sum=6 mat=24,27,63,72 bytes=11,2,3,14,5,6,17
// P4-NEXT: 3 fold sum=10 mat=159,177,423,468 bytes=11,2,3,14,5,6,17
// P4-NEXT: 3 inplace 60
// P4-NEXT: 3 scan sum=10 mat=159,177,423,468 bytes=11,2,3,14,5,6,17
// P4-NOT: {{.}}
// P5: 0 big fold 856869302 OK
// P5-NEXT: 0 exscan sum=-1 mat=-1,-1,-1,-1 bytes=255,255,255,255,255,255,255
// P5-NEXT: 0 fold sum=15 mat=1221,1326,3231,3519 bytes=11,2,3,14,5,6,17
// P5-NEXT: 0 inplace 0
// P5-NEXT: 0 scan sum=1 mat=1,1,2,3 bytes=0,2,3,0,5,6,0
// P5-NEXT: 1 big fold 856869302 OK
// P5-NEXT: 1 exscan sum=1 mat=1,1,2,3 bytes=0,2,3,0,5,6,0
// P5-NEXT: 1 fold sum=15 mat=1221,1326,3231,3519 bytes=11,2,3,14,5,6,17
// P5-NEXT: 1 inplace 10
// P5-NEXT: 1 scan sum=3 mat=4,5,11,13 bytes=11,2,3,14,5,6,17
// P5-NEXT: 2 big fold 856869302 OK
// P5-NEXT: 2 exscan sum=3 mat=4,5,11,13 bytes=11,2,3,14,5,6,17
// P5-NEXT: 2 fold sum=15 mat=1221,1326,3231,3519 bytes=11,2,3,14,5,6,17
// P5-NEXT: 2 inplace 30
// P5-NEXT: 2 scan sum=6 mat=24,27,63,72 bytes=11,2,3,14,5,6,17
// P5-NEXT: 3 big fold 856869302 OK
// P5-NEXT: 3 exscan sum=6 mat=24,27,63,72 bytes=11,2,3,14,5,6,17
// P5-NEXT: 3 fold sum=15 mat=1221,1326,3231,3519 bytes=11,2,3,14,5,6,17
// P5-NEXT: 3 inplace 60
// P5-NEXT: 3 scan sum=10 mat=159,177,423,468 bytes=11,2,3,14,5,6,17
// P5-NEXT: 4 big fold 856869302 OK
// P5-NEXT: 4 exscan sum=10 mat=159,177,423,468 bytes=11,2,3,14,5,6,17
// P5-NEXT: 4 fold sum=15 mat=1221,1326,3231,3519 bytes=11,2,3,14,5,6,17
// P5-NEXT: 4 inplace 100
// P5-NEXT: 4 scan sum=15 mat=1221,1326,3231,3519 bytes=11,2,3,14,5,6,17
// P5-NOT: {{.}}
