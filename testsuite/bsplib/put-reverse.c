// The reverse example of seed 000 (bsp_push_reg/bsp_put): process i ends with
// the x of process p-1-i.  x is a parameter (a stack variable registered at
// a different address on each process) that is both source and destination
// of the put in the same superstep, which only works because bsp_put is
// buffered on source and destination.  Process i passes 100+i.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 2 %valgrind %t | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 4 %t | sort | FileCheck %s --check-prefix=P4
// RUN: %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
// MATRIX: every-mode
#include <stdio.h>
#include "bsp.h"

int reverse(int x)
{
    bsp_push_reg(&x, sizeof(int));
    bsp_sync();

    bsp_put(bsp_nprocs() - bsp_pid() - 1, &x, &x, 0, sizeof(int));
    bsp_sync();
    bsp_pop_reg(&x);
    return x;
}

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid();
    int r = reverse(100 + me);
    /* a second call reuses the popped registration slot */
    int back = reverse(r);
    printf("process %d: reverse=%d twice=%d %s\n", me, r, back,
           r == 100 + p - 1 - me && back == 100 + me ? "OK" : "MISMATCH");
    bsp_end();
    return 0;
}
// P1: process 0: reverse=100 twice=100 OK
// P1-NOT: process
// P2: process 0: reverse=101 twice=100 OK
// P2-NEXT: process 1: reverse=100 twice=101 OK
// P2-NOT: process
// P3: process 0: reverse=102 twice=100 OK
// P3-NEXT: process 1: reverse=101 twice=101 OK
// P3-NEXT: process 2: reverse=100 twice=102 OK
// P3-NOT: process
// P4: process 0: reverse=103 twice=100 OK
// P4-NEXT: process 1: reverse=102 twice=101 OK
// P4-NEXT: process 2: reverse=101 twice=102 OK
// P4-NEXT: process 3: reverse=100 twice=103 OK
// P4-NOT: process
// P5: process 0: reverse=104 twice=100 OK
// P5-NEXT: process 1: reverse=103 twice=101 OK
// P5-NEXT: process 2: reverse=102 twice=102 OK
// P5-NEXT: process 3: reverse=101 twice=103 OK
// P5-NEXT: process 4: reverse=100 twice=104 OK
// P5-NOT: process
