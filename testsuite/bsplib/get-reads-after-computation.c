// bsp_get is buffered on source: the value taken from the remote process is
// the one it holds once it has finished all the computation of the
// superstep.  Every process gets x from its left neighbour, then changes its
// own x (10+i -> 20+i) in the same superstep, after issuing the get and
// after some busy work (longer on higher pids); the gets must see 20+left.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 4 %t | sort | FileCheck %s --check-prefix=P4
// MATRIX: every-mode
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), x = 10 + me, y = -1, i;
    volatile unsigned spin = 0;         /* wraps: no signed overflow */
    bsp_push_reg(&x, sizeof x);
    bsp_sync();
    bsp_get((me + p - 1) % p, &x, 0, &y, sizeof y);
    for (i = 0; i < 100000 * me; i++)   /* later processes finish later */
        spin += i;
    x = 20 + me;
    bsp_sync();
    printf("process %d: got %d\n", me, y);
    bsp_end();
    return 0;
}
// P2: process 0: got 21
// P2-NEXT: process 1: got 20
// P2-NOT: process
// P4: process 0: got 23
// P4-NEXT: process 1: got 20
// P4-NEXT: process 2: got 21
// P4-NEXT: process 3: got 22
// P4-NOT: process
