// bsp_begin(maxprocs) with more than the available processes runs what is
// available: 1 <= bsp_nprocs() <= maxprocs, and every pid 0..p-1 occurs once.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// MATRIX: every-mode
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(100);
    printf("process %d of %d\n", bsp_pid(), bsp_nprocs());
    bsp_end();
    return 0;
}
// P1: process 0 of 1
// P1-NOT: process
// P3: process 0 of 3
// P3-NEXT: process 1 of 3
// P3-NEXT: process 2 of 3
// P3-NOT: process
