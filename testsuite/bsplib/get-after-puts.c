// Order of a superstep (seed 000, bsp_get): (1) computation, put sources
// read; (2) get sources read; (3) put and get data written.  The standard
// leaves the order inside (3) open; ours writes the puts first and the get
// data after them.  Here a registered y receives both a put (from the left
// neighbour, issued after the get) and the data of a get issued by its
// owner: the get data must be what remains.
// In the relaxed modes of NS_SYNC the put may arrive after the reply; it
// is written under it (runtime/src/transport/write_order.c), and bspx_read waits for
// it (docs/research.md).  Barrier mode checks the count.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// MATRIX: every-mode
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), x = 10 + me, y = -1, v = 90 + me;
    bsp_push_reg(&x, sizeof x);
    bsp_push_reg(&y, sizeof y);
    bsp_sync();
    bsp_get((me + 1) % p, &x, 0, &y, sizeof y);     /* issued first */
    bsp_put((me + 1) % p, &v, &y, 0, sizeof v);     /* into the right's y */
    bsp_sync();
    bspx_read(&y, 1);
    printf("process %d: y=%d\n", me, y);
    bsp_end();
    return 0;
}
// P1: process 0: y=10
// P1-NOT: process
// P3: process 0: y=11
// P3-NEXT: process 1: y=12
// P3-NEXT: process 2: y=10
// P3-NOT: process
