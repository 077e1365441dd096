// Misuse (seed 000, bsp_get note 3): a get with offset + nbytes beyond the
// registered size (8 bytes everywhere): offset 8, nbytes 1.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 2 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
#include "bsp.h"

int main(void)
{
    int a[4] = { 0 };
    bsp_begin(bsp_nprocs());
    bsp_push_reg(a, 2 * sizeof(int));
    bsp_sync();
    bsp_sync();
    if (bsp_pid() == 1)
        // CHECK: misuse-get-past-size.c:[[@LINE+1]]: error: [process 1, superstep 2] bsp_get: offset 8 + nbytes 1 = 9 is beyond the registered source area, which is 8 bytes{{.*}}; keep offset + nbytes within the registered size
        bsp_get(0, a, 8, a, 1);
    bsp_sync();
    bsp_end();
    return 0;
}
