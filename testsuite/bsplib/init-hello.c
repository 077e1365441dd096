// The bsp_init "Hello world" example of seed 000: process 0 starts alone,
// reads the number of processes from standard input (ReadInteger), and
// only then joins the SPMD part.  The input is 3, so with 1 or 2 processes
// available all of them run, with 3, 4 or 5 exactly 3 run and the others
// leave quietly.  Output order is arbitrary: sorted.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t < %inputs/three.txt | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 2 %t < %inputs/three.txt | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 3 %t < %inputs/three.txt | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 4 %t < %inputs/three.txt | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 5 %t < %inputs/three.txt | sort | FileCheck %s --check-prefix=P3
#include <stdio.h>
#include <stdlib.h>
#include "bsp.h"

int nprocs; /* global variable */

/* The seed leaves ReadInteger undefined: one integer from standard input,
 * which only process 0 may read. */
static int ReadInteger(void)
{
    int n;
    if (scanf("%d", &n) != 1) {
        fprintf(stderr, "ReadInteger: no integer on standard input\n");
        exit(2);
    }
    return n;
}

void spmd_part(void)
{
    bsp_begin(nprocs);
    printf("Hello BSP Worldwide from process %d of %d\n",
           bsp_pid(), bsp_nprocs());
    bsp_end();
}

int main(int argc, char *argv[])
{
    bsp_init(spmd_part, argc, argv);
    nprocs = ReadInteger();
    spmd_part();
    return 0;
}
// P1: Hello BSP Worldwide from process 0 of 1
// P1-NOT: Hello
// P2: Hello BSP Worldwide from process 0 of 2
// P2-NEXT: Hello BSP Worldwide from process 1 of 2
// P2-NOT: Hello
// P3: Hello BSP Worldwide from process 0 of 3
// P3-NEXT: Hello BSP Worldwide from process 1 of 3
// P3-NEXT: Hello BSP Worldwide from process 2 of 3
// P3-NOT: Hello
