// Misuse: bsp_move on an empty queue (only process 1 tries).  bsp_move is
// a plain function, so the message has no file:line.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 2 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
#include "bsp.h"

int main(void)
{
    int x;
    bsp_begin(bsp_nprocs());
    bsp_sync();
    if (bsp_pid() == 1)
        bsp_move(&x, sizeof x);
    bsp_sync();
    bsp_end();
    return 0;
}
// CHECK: {{^}}error: [process 1, superstep 1] bsp_move: the message queue is empty; check bsp_qsize or the status of bsp_get_tag (-1 when empty) before moving
