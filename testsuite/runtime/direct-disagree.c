// In the direct protocol every process merges every contribution and would
// find a disagreement; process 0 alone reports it, so the job prints one
// line. Process 2 ends while the others synchronise.
// RUN: %bspcc %s -o %t
// RUN: env NS_DIRECT_MAX=8 not %bsprun 4 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
// RUN: env NS_DIRECT_MAX=0 not %bsprun 4 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    if (bsp_pid() != 2)
        bsp_sync();
    bsp_end();
    return 0;
}
// CHECK: error: [process 0, superstep 0] bsp_sync: process {{[0-9]}} called bsp_sync at {{.*}}direct-disagree.c:15 while process 2 called bsp_end at {{.*}}direct-disagree.c:16; every process must call bsp_sync the same number of times before bsp_end
