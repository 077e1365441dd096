// Seed 000, Registration note 5: processes with nothing to register take
// part in the collective bsp_push_reg with NULL, which counts as
// unregistered.  Process 0 registers NULL for the slot of x; the others
// register x and use it among themselves: each puts into x of the next
// process of 1..p-1 (cyclically) and gets x of the previous one.  A second
// slot (y, registered by all) is written by everybody into process 0.  At
// the end every process pops its slot-1 address (NULL on process 0).
// bspx_read (the READ of seed 003) before each read of a put area: it
// checks the count in barrier mode and waits in the relaxed modes.
// For the relaxed modes of NS_SYNC (docs/research.md), x is also lent to
// the one get that reads it (bspx_lend), so a sync serves that get before
// it writes the put of the superstep into x; barrier mode checks the count.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 4 %t | sort | FileCheck %s --check-prefix=P4
// MATRIX: every-mode
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), x = 10 + me, y[8] = { 0 }, got = -1, v = 50 + me;
    bsp_push_reg(me == 0 ? NULL : &x, sizeof x);
    bsp_push_reg(y, sizeof y);
    bsp_sync();
    if (me > 0) {
        int next = me % (p - 1) + 1, prev = (me + p - 3) % (p - 1) + 1;
        bsp_put(next, &v, &x, 0, sizeof v);
        bsp_get(prev, &x, 0, &got, sizeof got);
        bspx_lend(&x, 1);       /* the get of the process whose prev I am */
    }
    bsp_put(0, &v, y, me * sizeof(int), sizeof v);
    bsp_sync();
    bsp_pop_reg(me == 0 ? NULL : &x);
    bsp_pop_reg(y);
    bsp_sync();
    if (me > 0)                         /* popped at the last sync: still counted */
        bspx_read(&x, 1);
    else
        bspx_read(y, p);
    if (me == 0)
        printf("process 0: y = %d %d %d %d\n", y[0], y[1], y[2], y[3]);
    else
        printf("process %d: x=%d got=%d\n", me, x, got);
    bsp_end();
    return 0;
}
// P3: process 0: y = 50 51 52 0
// P3-NEXT: process 1: x=52 got=12
// P3-NEXT: process 2: x=51 got=11
// P3-NOT: process
// P4: process 0: y = 50 51 52 53
// P4-NEXT: process 1: x=53 got=13
// P4-NEXT: process 2: x=51 got=11
// P4-NEXT: process 3: x=52 got=12
// P4-NOT: process
