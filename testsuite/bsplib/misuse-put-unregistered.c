// Misuse (seed 000, bsp_put note 1, Registration note 3): a put into an
// area that was never registered.  Process 1 does it in superstep 1; the
// error names the call site, the process, the superstep, what is wrong and
// how to fix it, on one line, and the job stops with a non-zero status.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 2 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
// RUN: not %bsprun 3 %t 2>&1 | FileCheck %s --implicit-check-not=error:
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    int x = 0, y = 1;
    bsp_begin(bsp_nprocs());
    bsp_push_reg(&x, sizeof x);
    bsp_sync();
    if (bsp_pid() == 1)
        // CHECK: misuse-put-unregistered.c:[[@LINE+1]]: error: [process 1, superstep 1] bsp_put: the destination area {{(0x)?[0-9a-f]+}} is not registered; register it with bsp_push_reg
        bsp_put(0, &x, &y, 0, sizeof y);
    bsp_sync();
    printf("not reached\n");
    bsp_end();
    return 0;
}
// CHECK-NOT: not reached
