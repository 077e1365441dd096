// Misuse: de-registration is collective; process 2 does not pop what the
// others pop in superstep 1.  Found at the sync (by a process that depends
// on the combine tree, NS_TREE_ARITY).
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 3 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
// MATRIX: barrier-mode
#include "bsp.h"

int x;

int main(void)
{
    bsp_begin(bsp_nprocs());
    bsp_push_reg(&x, sizeof x);
    bsp_sync();
    if (bsp_pid() != 2)
        bsp_pop_reg(&x);
    bsp_sync();
    bsp_end();
    return 0;
}
// CHECK: {{^}}error: [process {{[0-9]}}, superstep 1] bsp_pop_reg: process {{[01]}} called bsp_pop_reg 1 times in this superstep but process 2 called it 0 times; every process must pop the same registrations in the same superstep
