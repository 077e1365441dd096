// Misuse (seed 000, bsp_begin note 8): process 1 returns from main without
// calling bsp_end while the others wait in bsp_end.  The job must stop with
// a message, not hang.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 2 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
// MATRIX: barrier-mode
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    bsp_sync();
    if (bsp_pid() == 1)
        return 0;
    bsp_end();
    return 0;
}
// CHECK: error: [process 1, superstep 1] bsp_end: process 1 is ending without calling bsp_end; every process must call bsp_end
