// Seed 000, Registration note 6: half-duplex communication by registering
// an area of size 0.  Process 0 registers buf with size 0 (nothing of it
// may be written or read remotely) but can still name the slot to put into
// and get from the others, who registered 16 bytes.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// MATRIX: every-mode
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), buf[4] = { 10 * me, 10 * me + 1, 10 * me + 2, 10 * me + 3 };
    int got[8] = { 0 }, q, v = 99;
    bsp_push_reg(buf, me == 0 ? 0 : sizeof buf);
    bsp_sync();
    if (me == 0)
        for (q = 1; q < p; q++) {
            bsp_get(q, buf, 3 * sizeof(int), &got[q], sizeof(int));
            bsp_put(q, &v, buf, 0, sizeof v);
        }
    bsp_sync();
    if (me == 0)
        printf("process 0: got %d %d\n", got[1], got[2]);
    else
        printf("process %d: buf %d %d %d %d\n", me, buf[0], buf[1], buf[2], buf[3]);
    bsp_end();
    return 0;
}
// P2: process 0: got 13 0
// P2-NEXT: process 1: buf 99 11 12 13
// P2-NOT: process
// P3: process 0: got 13 23
// P3-NEXT: process 1: buf 99 11 12 13
// P3-NEXT: process 2: buf 99 21 22 23
// P3-NOT: process
