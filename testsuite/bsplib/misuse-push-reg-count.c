// Misuse: registration is collective; process 1 calls bsp_push_reg twice,
// the others once, in the same superstep.  Found at the sync (by a process
// that depends on the combine tree, NS_TREE_ARITY).
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 3 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
// MATRIX: barrier-mode
#include "bsp.h"

int x, y;

int main(void)
{
    bsp_begin(bsp_nprocs());
    bsp_push_reg(&x, sizeof x);
    if (bsp_pid() == 1)
        bsp_push_reg(&y, sizeof y);
    bsp_sync();
    bsp_end();
    return 0;
}
// CHECK: {{^}}error: [process {{[0-9]}}, superstep 0] bsp_push_reg: {{process 0 called bsp_push_reg 1 times in this superstep but process 1 called it 2 times|process 1 called bsp_push_reg 2 times in this superstep but process [2-9] called it 1 times}}; registration is collective
