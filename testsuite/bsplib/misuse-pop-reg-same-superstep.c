// Misuse: popping a registration in the superstep of its bsp_push_reg; the
// registration is not in effect yet (it takes effect at the next sync).
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 2 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
#include "bsp.h"

int x;

int main(void)
{
    bsp_begin(bsp_nprocs());
    bsp_push_reg(&x, sizeof x);
    if (bsp_pid() == 1)
        // CHECK: misuse-pop-reg-same-superstep.c:[[@LINE+1]]: error: [process 1, superstep 0] bsp_pop_reg: {{(0x)?[0-9a-f]+}} was registered in this superstep and the registration takes effect only at the next bsp_sync
        bsp_pop_reg(&x);
    bsp_sync();
    bsp_end();
    return 0;
}
