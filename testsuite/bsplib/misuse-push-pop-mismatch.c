// Misuse: process 0 cancels its push of this superstep with a pop while the
// others pop a registration in force: the same number of pushes and pops,
// but not the same registrations, found at the sync.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 3 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
// RUN: not %bsprun 5 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
#include "bsp.h"

int x, y;

int main(void)
{
    bsp_begin(bsp_nprocs());
    bsp_push_reg(&y, sizeof y);
    bsp_sync();
    bsp_push_reg(&x, sizeof x);
    bsp_pop_reg(bsp_pid() == 0 ? &x : &y);
    bsp_sync();
    bsp_end();
    return 0;
}
// CHECK: {{^}}error: [process {{[0-4]}}, superstep 1] bsp_pop_reg: processes 0 and {{[1-4]}} popped different registration slots in this superstep
