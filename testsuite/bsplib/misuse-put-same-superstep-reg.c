// Misuse (seed 000, Registration note 1): using an area in the superstep in
// which it is registered; the registration takes effect at the next
// bsp_sync, and the message says so.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 2 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
#include "bsp.h"

int x, v = 1;

int main(void)
{
    bsp_begin(bsp_nprocs());
    bsp_sync();
    bsp_push_reg(&x, sizeof x);
    if (bsp_pid() == 1)
        // CHECK: misuse-put-same-superstep-reg.c:[[@LINE+1]]: error: [process 1, superstep 1] bsp_put: the destination area {{(0x)?[0-9a-f]+}} was registered in this superstep; a registration takes effect at the next bsp_sync, so communicate after it
        bsp_put(0, &v, &x, 0, sizeof v);
    bsp_sync();
    bsp_end();
    return 0;
}
