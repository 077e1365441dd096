// Note 5 of bsp_put: a process may put into its own memory, but because
// bsp_put is buffered at the destination the copy happens only at the end
// of the superstep: the destination still holds its old value after the
// call and after further local computation, and the new one after the sync.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// MATRIX: every-mode
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int me = bsp_pid(), x = 1, v = 100 + me;
    bsp_push_reg(&x, sizeof x);
    bsp_sync();
    bsp_put(me, &v, &x, 0, sizeof x);
    int during = x;
    x = 7;                      /* local computation after the put */
    int later = x;
    bsp_sync();
    printf("process %d: during=%d later=%d after=%d\n", me, during, later, x);
    bsp_end();
    return 0;
}
// P1: process 0: during=1 later=7 after=100
// P1-NOT: process
// P3: process 0: during=1 later=7 after=100
// P3-NEXT: process 1: during=1 later=7 after=101
// P3-NEXT: process 2: during=1 later=7 after=102
// P3-NOT: process
