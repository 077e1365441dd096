// Note 4 of bsp_get: a communication of zero bytes does nothing.  Zero-byte
// gets at offset 0 and at offset == registered size leave the destination
// unchanged, while a one-int get in the same superstep still arrives.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// MATRIX: every-mode
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), a[3] = { 10 * me, 10 * me + 1, 10 * me + 2 };
    int d[3] = { -1, -2, -3 };
    bsp_push_reg(a, sizeof a);
    bsp_sync();
    bsp_get((me + 1) % p, a, 0, d, 0);
    bsp_get((me + 1) % p, a, sizeof a, d, 0);
    bsp_get(me, a, 0, &d[1], 0);
    bsp_hpget((me + 1) % p, a, 0, d, 0);
    bsp_get((me + 1) % p, a, 2 * sizeof(int), &d[2], sizeof(int));
    bsp_sync();
    printf("process %d: %d %d %d\n", me, d[0], d[1], d[2]);
    bsp_end();
    return 0;
}
// P1: process 0: -1 -2 2
// P1-NOT: process
// P3: process 0: -1 -2 12
// P3-NEXT: process 1: -1 -2 22
// P3-NEXT: process 2: -1 -2 2
// P3-NOT: process
