// Two .c inputs in one command: this one calls sum_squares, defined in
// Inputs/sum-squares.c; nsc compiles both and links them with the library.
// RUN: %nsc -O2 -Wall -Wextra -Werror -I%S/Inputs %s %S/Inputs/sum-squares.c -o %t
// RUN: %nsrun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %nsrun 3 %t | sort | FileCheck %s --check-prefix=P3
#include <stdio.h>
#include "bsp.h"
#include "sum-squares.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    printf("process %d: sum of squares to %d = %ld\n", bsp_pid(), bsp_pid() + 2,
           sum_squares(bsp_pid() + 2));
    bsp_end();
    return 0;
}
// P1: process 0: sum of squares to 2 = 5
// P1-NOT: process
// P3: process 0: sum of squares to 2 = 5
// P3-NEXT: process 1: sum of squares to 3 = 14
// P3-NEXT: process 2: sum of squares to 4 = 30
// P3-NOT: process
