// -c compiles each input into <basename>.o in the current directory, or
// into the -o file for a single input; a later nsc links the objects
// (and a -l library) into the program.
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir
// RUN: %nsc -c -O2 -Wall -Werror -I%S/Inputs %s %S/Inputs/sum-squares.c
// RUN: ls | FileCheck %s --check-prefix=TWO
// RUN: %nsc compile-then-link.o sum-squares.o -lm -o prog1
// RUN: %nsrun 3 ./prog1 | sort | FileCheck %s
// RUN: %nsc -c -I %S/Inputs %s -o main.o
// RUN: %nsc -c %S/Inputs/sum-squares.c -o helper.o
// RUN: ls | FileCheck %s --check-prefix=NAMED
// RUN: %nsc helper.o main.o -o prog2 -lm
// RUN: %nsrun 3 ./prog2 | sort | FileCheck %s
// TWO: compile-then-link.o
// TWO-NEXT: sum-squares.o
// TWO-NOT: {{.}}
// NAMED: compile-then-link.o
// NAMED-NEXT: helper.o
// NAMED-NEXT: main.o
// NAMED-NEXT: prog1
// NAMED-NEXT: sum-squares.o
// NAMED-NOT: {{.}}
#include <math.h>
#include <stdio.h>
#include "bsp.h"
#include "sum-squares.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    long s = sum_squares(bsp_pid() + 1);
    printf("process %d: %ld, root %.3f\n", bsp_pid(), s, sqrt((double)s));
    bsp_end();
    return 0;
}
// CHECK: process 0: 1, root 1.000
// CHECK-NEXT: process 1: 5, root 2.236
// CHECK-NEXT: process 2: 14, root 3.742
// CHECK-NOT: process
