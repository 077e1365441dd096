// bsp_abort called by every process in the same superstep (seed 000, Halt
// note 1): one, all, or a subset of them may print their message, but at
// least one does and the program stops with a non-zero status.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 4 %t 2> %t.err
// RUN: FileCheck %s < %t.err
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    bsp_sync();
    bsp_abort("everybody stops (%d of %d)", bsp_pid(), bsp_nprocs());
    bsp_sync();
    bsp_end();
    return 0;
}
// CHECK: {{^}}bsp_abort: process [[P:[0-3]]]: everybody stops ([[P]] of 4){{$}}
