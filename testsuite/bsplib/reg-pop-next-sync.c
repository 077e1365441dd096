// A de-registration takes effect at the next bsp_sync; DRMA may use an area
// popped in the same superstep (seed 000, Registration note 2).  Slot 0:
// every process registers a; slot 1: process 0 registers a, the others b.
// Then all pop slot 1 (process 0 pops a, the others b) and, in that same
// superstep, process 0 puts 5 via &a and gets via &a from the last process:
// both still go through slot 1 (the put to b on the others and to a on
// itself; the get reads b = 40+pid of the last process, before the puts).
// After the sync, a put of 6 via &a goes through slot 0 again (to a
// everywhere).
// RUN: %bspcc %s -o %t
// RUN: %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 4 %t | sort | FileCheck %s --check-prefix=P4
// MATRIX: every-mode
#include <stdio.h>
#include "bsp.h"

int a, b;

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), q, five = 5, six = 6, seen, got = -1;
    b = 40 + me;
    bsp_push_reg(&a, sizeof a);
    bsp_sync();
    bsp_push_reg(me == 0 ? &a : &b, sizeof(int));
    bsp_sync();
    bsp_pop_reg(me == 0 ? &a : &b);
    if (me == 0)
        for (q = 0; q < p; q++)
            bsp_put(q, &five, &a, 0, sizeof five);
    if (me == 0)
        bsp_get(p - 1, &a, 0, &got, sizeof got);     /* b of the last process */
    bsp_sync();
    seen = me == 0 ? a : b;
    if (me == 0)
        for (q = 0; q < p; q++)
            bsp_put(q, &six, &a, 0, sizeof six);
    bsp_sync();
    if (me == 0)
        printf("process 0: after pop superstep %d and got %d; then a=%d\n", seen, got, a);
    else
        printf("process %d: after pop superstep %d; then a=%d b=%d\n", me, seen, a, b);
    bsp_end();
    return 0;
}
// P2: process 0: after pop superstep 5 and got 41; then a=6
// P2-NEXT: process 1: after pop superstep 5; then a=6 b=5
// P2-NOT: process
// P4: process 0: after pop superstep 5 and got 43; then a=6
// P4-NEXT: process 1: after pop superstep 5; then a=6 b=5
// P4-NEXT: process 2: after pop superstep 5; then a=6 b=5
// P4-NEXT: process 3: after pop superstep 5; then a=6 b=5
// P4-NOT: process
