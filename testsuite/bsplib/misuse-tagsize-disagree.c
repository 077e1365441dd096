// Misuse (seed 000, bsp_set_tagsize note 3): bsp_set_tagsize with different
// sizes on different processes in the same superstep.  Found at the sync.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 2 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
// MATRIX: barrier-mode
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int t = bsp_pid() == 1 ? 8 : 4;
    bsp_set_tagsize(&t);
    bsp_sync();
    bsp_end();
    return 0;
}
// CHECK: {{^}}error: [process {{[01]}}, superstep 0] bsp_set_tagsize: process 0 set the tag size to 4 but process 1 to 8 for the next superstep; every process must call bsp_set_tagsize with the same size in the same superstep
