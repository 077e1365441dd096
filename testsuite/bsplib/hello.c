// The "Hello BSP Worldwide" example of seed 000 (bsp_begin): every process
// prints once; order is arbitrary, so the output is sorted.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    printf("Hello BSP Worldwide from process %d of %d\n", bsp_pid(), bsp_nprocs());
    bsp_end();
    return 0;
}
// P1: Hello BSP Worldwide from process 0 of 1
// P1-NOT: Hello
// P3: Hello BSP Worldwide from process 0 of 3
// P3-NEXT: Hello BSP Worldwide from process 1 of 3
// P3-NEXT: Hello BSP Worldwide from process 2 of 3
// P3-NOT: Hello
// P5: Hello BSP Worldwide from process 0 of 5
// P5-NEXT: Hello BSP Worldwide from process 1 of 5
// P5-NEXT: Hello BSP Worldwide from process 2 of 5
// P5-NEXT: Hello BSP Worldwide from process 3 of 5
// P5-NEXT: Hello BSP Worldwide from process 4 of 5
// P5-NOT: Hello
