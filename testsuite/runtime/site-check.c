// NS_CHECK_SITES=1 makes processes that pass different bsp_sync calls in the
// same superstep an error naming the file and line of both (the reporter
// asks the other where it is); without it that is legal BSPlib.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 3 %t | FileCheck %s --check-prefix=LEGAL
// RUN: env NS_CHECK_SITES=1 %bsprun 1 %t | FileCheck %s --check-prefix=LEGAL
// RUN: env NS_CHECK_SITES=1 not %bsprun 3 %t 2>&1 | FileCheck %s --check-prefix=CHECKED
// MATRIX: barrier-mode
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    if (bsp_pid() == 0)
        bsp_sync();     // CHECKED: error: [process 0, superstep 0] bsp_sync: process 0 reached the sync at {{.*}}site-check.c:[[@LINE]] but process 1 the one at {{.*}}site-check.c:[[@LINE+2]]; with NS_CHECK_SITES=1 every process must pass the same sync call in each superstep{{$}}
    else
        bsp_sync();
    if (bsp_pid() == 0)
        printf("done\n");
    bsp_end();
    return 0;
}
// LEGAL: done
