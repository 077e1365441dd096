// Misuse (seed 000, bsp_put note 3): a put with offset + nbytes beyond the
// registered size (8 bytes everywhere): offset 4, nbytes 8.
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
    if (bsp_pid() == 1)
        // CHECK: misuse-put-past-size.c:[[@LINE+1]]: error: [process 1, superstep 1] bsp_put: offset 4 + nbytes 8 = 12 is beyond the registered destination area, which is 8 bytes{{.*}}; keep offset + nbytes within the registered size
        bsp_put(0, a, a, 4, 8);
    bsp_sync();
    bsp_end();
    return 0;
}
