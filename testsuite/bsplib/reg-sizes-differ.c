// The extent of a registration may differ between processes; bounds are
// those of the remote process (seed 000: "offset + nbytes > n_r" is the
// error, n_r the size on the destination).  Process i registers 4(i+1)
// bytes of its buf; process 0 (which registered only 4 bytes) puts i+1 ints
// into every process i, the whole of what i registered.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// MATRIX: every-mode
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), buf[8] = { 0 }, src[8] = { 1, 2, 3, 4, 5, 6, 7, 8 }, q;
    bsp_push_reg(buf, (me + 1) * sizeof(int));
    bsp_sync();
    if (me == 0)
        for (q = 0; q < p; q++)
            bsp_put(q, src, buf, 0, (q + 1) * sizeof(int));
    bsp_sync();
    printf("process %d: %d %d %d %d\n", me, buf[0], buf[1], buf[2], buf[3]);
    bsp_end();
    return 0;
}
// P3: process 0: 1 0 0 0
// P3-NEXT: process 1: 1 2 0 0
// P3-NEXT: process 2: 1 2 3 0
// P3-NOT: process
