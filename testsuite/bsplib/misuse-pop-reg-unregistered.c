// Misuse: bsp_pop_reg of an address that is not registered.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 2 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
#include "bsp.h"

int x, y;

int main(void)
{
    bsp_begin(bsp_nprocs());
    bsp_push_reg(&x, sizeof x);
    bsp_sync();
    if (bsp_pid() == 1)
        // CHECK: misuse-pop-reg-unregistered.c:[[@LINE+1]]: error: [process 1, superstep 1] bsp_pop_reg: {{(0x)?[0-9a-f]+}} is not registered {{.*}}; pass the same address that was given to bsp_push_reg
        bsp_pop_reg(&y);
    bsp_sync();
    bsp_end();
    return 0;
}
