// Push and pop need not nest like a stack (seed 000: "the scheme adopted does
// not impose the strict nesting of push-pop pairs").  Register A, B, C; pop
// A (the oldest) while B and C stay usable; register D (which may reuse A's
// slot); pop C (in the middle); then use B and D; pop B and D.  Every step
// puts into the right neighbour and checks what arrived.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// MATRIX: every-mode
#include <stdio.h>
#include "bsp.h"

int A[2], B[2], C[2], D[2];

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), right = (me + 1) % p, left = (me + p - 1) % p;
    int v[8], k, errors = 0;
    for (k = 0; k < 8; k++)
        v[k] = 100 * me + k;
    bsp_push_reg(A, sizeof A);
    bsp_push_reg(B, sizeof B);
    bsp_push_reg(C, sizeof C);
    bsp_sync();
    bsp_put(right, &v[0], A, 0, sizeof(int));
    bsp_pop_reg(A);
    bsp_sync();
    errors += A[0] != 100 * left;
    bsp_put(right, &v[1], B, 0, sizeof(int));
    bsp_put(right, &v[2], C, 0, sizeof(int));
    bsp_push_reg(D, sizeof D);
    bsp_sync();
    errors += B[0] != 100 * left + 1 || C[0] != 100 * left + 2;
    bsp_put(right, &v[3], B, sizeof(int), sizeof(int));
    bsp_put(right, &v[4], C, sizeof(int), sizeof(int));
    bsp_put(right, &v[5], D, 0, sizeof(int));
    bsp_pop_reg(C);
    bsp_sync();
    errors += B[1] != 100 * left + 3 || C[1] != 100 * left + 4 || D[0] != 100 * left + 5;
    bsp_put(right, &v[6], B, 0, sizeof(int));
    bsp_put(right, &v[7], D, sizeof(int), sizeof(int));
    bsp_pop_reg(B);
    bsp_pop_reg(D);
    bsp_sync();
    errors += B[0] != 100 * left + 6 || D[1] != 100 * left + 7;
    printf("process %d: A=%d B=%d,%d C=%d,%d D=%d,%d errors=%d\n", me, A[0], B[0], B[1],
           C[0], C[1], D[0], D[1], errors);
    bsp_end();
    return 0;
}
// P1: process 0: A=0 B=6,3 C=2,4 D=5,7 errors=0
// P1-NOT: process
// P3: process 0: A=200 B=206,203 C=202,204 D=205,207 errors=0
// P3-NEXT: process 1: A=0 B=6,3 C=2,4 D=5,7 errors=0
// P3-NEXT: process 2: A=100 B=106,103 C=102,104 D=105,107 errors=0
// P3-NOT: process
