// The bsp_sync "Hello world" example of seed 000: process i prints in
// iteration i, one superstep each.  The seed says the order is attempted,
// not guaranteed (output may be flushed late), so the output is sorted;
// what is checked is that every process prints exactly once with its pid.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
// MATRIX: every-mode
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    int i;
    bsp_begin(bsp_nprocs());
    for (i = 0; i < bsp_nprocs(); i++) {
        if (bsp_pid() == i)
            printf("Hello BSP Worldwide from process %d of %d\n",
                   i, bsp_nprocs());
        fflush(stdout);
        bsp_sync();
    }
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
