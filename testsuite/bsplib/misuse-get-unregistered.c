// Misuse (seed 000, bsp_get note 1): a get from an area that was never
// registered.  Process 1 does it in superstep 1.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 2 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
#include "bsp.h"

int main(void)
{
    int x = 0, y = 1;
    bsp_begin(bsp_nprocs());
    bsp_push_reg(&x, sizeof x);
    bsp_sync();
    if (bsp_pid() == 1)
        // CHECK: misuse-get-unregistered.c:[[@LINE+1]]: error: [process 1, superstep 1] bsp_get: the source area {{(0x)?[0-9a-f]+}} is not registered; register it with bsp_push_reg
        bsp_get(0, &y, 0, &x, sizeof y);
    bsp_sync();
    bsp_end();
    return 0;
}
