// Misuse, the seed's own example (seed 000, Registration): process 0
// registers x twice, process 1 registers x and then y; when both pop x,
// the newest registration of x is a different slot on each process, which
// is a runtime error.  Found at the sync by the agreement check, so the
// message has no file:line.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 2 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
// MATRIX: barrier-mode
#include "bsp.h"

int x, y;

int main(void)
{
    bsp_begin(bsp_nprocs());
    bsp_push_reg(&x, sizeof x);
    bsp_push_reg(bsp_pid() == 0 ? &x : &y, sizeof x);
    bsp_sync();
    bsp_pop_reg(&x);
    bsp_sync();
    bsp_end();
    return 0;
}
// CHECK: {{^}}error: [process {{[01]}}, superstep 1] bsp_pop_reg: processes 0 and 1 popped different registration slots in this superstep; each process must pop the address it gave to the same bsp_push_reg call
