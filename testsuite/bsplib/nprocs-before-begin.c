// bsp_nprocs() called before bsp_begin returns the number of processors
// available (here: the MPI processes started by bsprun), and after
// bsp_begin(that number) the number of processes running.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    int before = bsp_nprocs();
    bsp_begin(before);
    printf("process %d: before %d after %d\n", bsp_pid(), before, bsp_nprocs());
    bsp_end();
    return 0;
}
// P1: process 0: before 1 after 1
// P1-NOT: process
// P3: process 0: before 3 after 3
// P3-NEXT: process 1: before 3 after 3
// P3-NEXT: process 2: before 3 after 3
// P3-NOT: process
// P5: process 0: before 5 after 5
// P5-NEXT: process 1: before 5 after 5
// P5-NEXT: process 2: before 5 after 5
// P5-NEXT: process 3: before 5 after 5
// P5-NEXT: process 4: before 5 after 5
// P5-NOT: process
