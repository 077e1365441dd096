// Note 5 of bsp_get: a process may get from its own memory, but the source
// is read and the destination written at the end of the superstep: the
// destination keeps its old value until the sync, and it receives the
// source's value as it is at the end of the superstep, not at the call.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// MATRIX: every-mode
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int me = bsp_pid(), x = 10 + me, y = -1;
    bsp_push_reg(&x, sizeof x);
    bsp_sync();
    bsp_get(me, &x, 0, &y, sizeof y);
    int during = y;
    x = 20 + me;                /* changed after the get was issued */
    bsp_sync();
    printf("process %d: during=%d after=%d\n", me, during, y);
    bsp_end();
    return 0;
}
// P1: process 0: during=-1 after=20
// P1-NOT: process
// P3: process 0: during=-1 after=20
// P3-NEXT: process 1: during=-1 after=21
// P3-NEXT: process 2: during=-1 after=22
// P3-NOT: process
