// Misuse: after bsp_pop_reg and the following sync the area is no longer
// registered (its only registration is gone), so a put into it is an error.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 2 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
#include "bsp.h"

int x, v = 1;

int main(void)
{
    bsp_begin(bsp_nprocs());
    bsp_push_reg(&x, sizeof x);
    bsp_sync();
    bsp_pop_reg(&x);
    bsp_put(0, &v, &x, 0, sizeof v);    /* still fine in this superstep */
    bsp_sync();
    if (bsp_pid() == 1)
        // CHECK: misuse-put-after-pop.c:[[@LINE+1]]: error: [process 1, superstep 2] bsp_put: the destination area {{(0x)?[0-9a-f]+}} is not registered
        bsp_put(0, &v, &x, 0, sizeof v);
    bsp_sync();
    bsp_end();
    return 0;
}
