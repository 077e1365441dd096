// Note 4 of bsp_put: a communication of zero bytes does nothing.  Zero-byte
// puts at offset 0 and at offset == registered size (the end), to another
// process and to oneself, change nothing, while a one-int put in the same
// superstep still arrives.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// MATRIX: every-mode
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), a[3] = { 1, 2, 3 }, src[3] = { 7, 8, 9 };
    bsp_push_reg(a, sizeof a);
    bsp_sync();
    bsp_put((me + 1) % p, src, a, 0, 0);
    bsp_put((me + 1) % p, src, a, sizeof a, 0);
    bsp_put(me, src, a, 0, 0);
    bsp_put(me, src, a, sizeof(int), 0);
    bsp_hpput((me + 1) % p, src, a, 0, 0);
    bsp_put((me + 1) % p, &src[2], a, 2 * sizeof(int), sizeof(int));
    bsp_sync();
    printf("process %d: %d %d %d\n", me, a[0], a[1], a[2]);
    bsp_end();
    return 0;
}
// P1: process 0: 1 2 9
// P1-NOT: process
// P3: process 0: 1 2 9
// P3-NEXT: process 1: 1 2 9
// P3-NEXT: process 2: 1 2 9
// P3-NOT: process
