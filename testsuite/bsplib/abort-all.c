// bsp_abort called by every process in the same superstep (seed 000, Halt
// note 1 allows one, all or a subset of the messages): exactly one is
// printed, the first process's to report, and the program stops with a
// non-zero status.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 4 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=bsp_abort --implicit-check-not=error < %t.err
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
