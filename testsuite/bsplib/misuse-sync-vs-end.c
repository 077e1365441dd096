// Misuse (seed 000, bsp_begin note 8): process 1 calls bsp_end while the
// others call bsp_sync once more.  Found when they meet at the barrier, by
// a process that depends on the shape of the combine tree (NS_TREE_ARITY);
// the two processes named are the lowest that disagree, each with the file
// and line of its call.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 2 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
// RUN: not %bsprun 4 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
// MATRIX: barrier-mode
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    bsp_sync();
    if (bsp_pid() != 1)
        bsp_sync();
    bsp_end();
    return 0;
}
// CHECK: {{^}}error: [process {{[0-9]}}, superstep 1] bsp_sync: {{process 0 called bsp_sync at .*misuse-sync-vs-end.c:19 while process 1 called bsp_end at .*misuse-sync-vs-end.c:20|process 1 called bsp_end at .*misuse-sync-vs-end.c:20 while process [2-9] called bsp_sync at .*misuse-sync-vs-end.c:19}}; every process must call bsp_sync the same number of times before bsp_end: one skipped a bsp_sync that the other passed (or passed one more) in an earlier superstep; run with NS_CHECK_SITES=1 to stop at the first superstep in which processes pass different bsp_sync calls, with the file and line of each{{$}}
