// Order of a superstep (seed 000, bsp_get): the sources of all bsp_get are
// read before any bsp_put data is written.  In one superstep every process
// puts 50+i into x of its right neighbour and gets x of its left neighbour:
// the get must return the old 10+left, not a value put in this superstep.
// The same with itself: put 70+i into its own z and get z.
// Annotated for the relaxed modes of NS_SYNC (docs/research.md): x and z
// are lent to the one get that reads each (bspx_lend), so a sync serves
// those gets before it writes the puts of the superstep into them, and the
// puts are waited for with bspx_read.  Barrier mode checks both counts.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// MATRIX: every-mode
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), x = 10 + me, z = 30 + me, y = -1, w = -1;
    int v = 50 + me, u = 70 + me;
    bsp_push_reg(&x, sizeof x);
    bsp_push_reg(&z, sizeof z);
    bsp_sync();
    bsp_put((me + 1) % p, &v, &x, 0, sizeof v);
    bsp_get((me + p - 1) % p, &x, 0, &y, sizeof y);
    bsp_put(me, &u, &z, 0, sizeof u);
    bsp_get(me, &z, 0, &w, sizeof w);
    bspx_lend(&x, 1);   /* the right neighbour's get */
    bspx_lend(&z, 1);   /* my own */
    bsp_sync();
    bspx_read(&x, 1);
    bspx_read(&z, 1);
    printf("process %d: got %d and %d; x=%d z=%d\n", me, y, w, x, z);
    bsp_end();
    return 0;
}
// P1: process 0: got 10 and 30; x=50 z=70
// P1-NOT: process
// P3: process 0: got 12 and 30; x=52 z=70
// P3-NEXT: process 1: got 10 and 31; x=50 z=71
// P3-NEXT: process 2: got 11 and 32; x=51 z=72
// P3-NOT: process
