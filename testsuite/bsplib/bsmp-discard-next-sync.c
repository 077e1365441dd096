// A message can be accessed only during the superstep after it was sent; if
// it is not moved then, it is removed (seed 000, BSMP).  Each process gets
// three messages, moves one, and after the next sync (with nothing new
// sent) its queue is empty; a message sent in that superstep replaces them.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), right = (me + 1) % p, k, x, n1, b1, n2, b2, n3, b3;
    for (k = 0; k < 3; k++)
        bsp_send(right, NULL, &k, sizeof k);
    bsp_sync();
    bsp_qsize(&n1, &b1);
    bsp_move(&x, sizeof x);
    bsp_sync();
    bsp_qsize(&n2, &b2);
    int s;
    bsp_get_tag(&s, NULL);
    k = 9;
    bsp_send(right, NULL, &k, sizeof k);
    bsp_sync();
    bsp_qsize(&n3, &b3);
    bsp_move(&x, sizeof x);
    printf("process %d: %d/%d, next superstep %d/%d status %d, then %d/%d x=%d\n", me, n1, b1,
           n2, b2, s, n3, b3, x);
    bsp_end();
    return 0;
}
// P1: process 0: 3/12, next superstep 0/0 status -1, then 1/4 x=9
// P1-NOT: process
// P3: process 0: 3/12, next superstep 0/0 status -1, then 1/4 x=9
// P3-NEXT: process 1: 3/12, next superstep 0/0 status -1, then 1/4 x=9
// P3-NEXT: process 2: 3/12, next superstep 0/0 status -1, then 1/4 x=9
// P3-NOT: process
