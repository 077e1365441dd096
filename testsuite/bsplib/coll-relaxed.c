// The relaxed modes (NS_SYNC=relaxed*) have no barrier to carry a
// collective: one stops the job at its call, naming the mode and the fix.
// RUN: %bspcc %s -o %t
// RUN: env NS_SYNC=relaxed not %bsprun 3 %t 2> %t.err
// RUN: FileCheck %s --check-prefix=RELAXED --implicit-check-not=error: < %t.err
// RUN: env NS_SYNC=relaxed-check not %bsprun 2 %t 2> %t.err
// RUN: FileCheck %s --check-prefix=CHECK --implicit-check-not=error: < %t.err
// In barrier mode the same program runs.
// RUN: env NS_SYNC=barrier %bsprun 3 %t | FileCheck %s --check-prefix=BARRIER
#include <stdio.h>
#include "bsp_coll.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int x = bsp_pid() + 1, all[8];
    bsp_allgather(&x, all, sizeof x);
    if (bsp_pid() == 0)
        printf("%d %d %d\n", all[0], all[1], all[2]);
    bsp_end();
    return 0;
}
// RELAXED: coll-relaxed.c:17: error: [process {{[0-2]}}, superstep 0] bsp_allgather: collectives need barrier mode, and NS_SYNC=relaxed has no barrier to carry them; run with NS_SYNC=barrier (bsprun --sync=barrier), or write it with bsp_put and bspx_read
// CHECK: coll-relaxed.c:17: error: [process {{[01]}}, superstep 0] bsp_allgather: collectives need barrier mode, and NS_SYNC=relaxed-check has no barrier
// BARRIER: 1 2 3
