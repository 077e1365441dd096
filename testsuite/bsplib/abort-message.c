// bsp_abort (seed 000, Halt): one process prints its printf-style message
// and the whole program stops, without a barrier: here the last process
// aborts in superstep 1 while the others wait in bsp_sync.  The message is
// "bsp_abort: process P: MESSAGE", printed once, the exit status is
// non-zero, and nothing after the sync runs.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 1 %t > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=P1 --implicit-check-not=bsp_abort < %t.err
// RUN: FileCheck %s --check-prefix=OUT --allow-empty < %t.out
// RUN: not %bsprun 3 %t > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=P3 --implicit-check-not=bsp_abort < %t.err
// RUN: FileCheck %s --check-prefix=OUT --allow-empty < %t.out
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    bsp_sync();
    if (bsp_pid() == bsp_nprocs() - 1)
        bsp_abort("giving up: %d items, %s\n", 42, "too many");
    bsp_sync();
    printf("process %d: after the abort\n", bsp_pid());
    bsp_end();
    return 0;
}
// P1: {{^}}bsp_abort: process 0: giving up: 42 items, too many{{$}}
// P3: {{^}}bsp_abort: process 2: giving up: 42 items, too many{{$}}
// OUT-NOT: after the abort
