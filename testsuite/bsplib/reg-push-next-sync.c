// A registration takes effect at the next bsp_sync (seed 000, Registration
// note 1).  Slot 0: every process registers a.  Then process 0 registers a
// again while the others register b: one new slot <a, b, b, ...>.  In the
// superstep of that bsp_push_reg a put by process 0 to &a still uses slot 0
// (lands in a everywhere); after the sync it uses the new slot (lands in b
// on the others, and in a on process 0 itself).
// RUN: %bspcc %s -o %t
// RUN: %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// MATRIX: every-mode
#include <stdio.h>
#include "bsp.h"

int a, b;

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), q, one = 1, two = 2;
    bsp_push_reg(&a, sizeof a);
    bsp_sync();
    bsp_push_reg(me == 0 ? &a : &b, sizeof(int));
    if (me == 0)
        for (q = 0; q < p; q++)
            bsp_put(q, &one, &a, 0, sizeof one);
    bsp_sync();
    if (me == 0)
        for (q = 0; q < p; q++)
            bsp_put(q, &two, &a, 0, sizeof two);
    bsp_sync();
    printf("process %d: a=%d b=%d\n", me, a, b);
    bsp_end();
    return 0;
}
// P2: process 0: a=2 b=0
// P2-NEXT: process 1: a=1 b=2
// P2-NOT: process
// P3: process 0: a=2 b=0
// P3-NEXT: process 1: a=1 b=2
// P3-NEXT: process 2: a=1 b=2
// P3-NOT: process
