// bsp_move with reception_nbytes 0 just removes the first message from the
// queue (seed 000, bsp_move note 4): nothing is copied (even into a NULL
// payload), the queue shrinks, and the next message comes first.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), first = 100 + me, second = 200 + me, x = -1;
    int n0, b0, n1, b1, n2, b2;
    bsp_send((me + 1) % p, NULL, &first, sizeof first);
    bsp_send((me + 1) % p, NULL, &second, sizeof second);
    bsp_sync();
    bsp_qsize(&n0, &b0);
    bsp_move(&x, 0);
    int kept = x;
    bsp_qsize(&n1, &b1);
    bsp_move(NULL, 0);
    bsp_qsize(&n2, &b2);
    printf("process %d: %d/%d, x still %d, %d/%d, %d/%d\n", me, n0, b0, kept, n1, b1, n2, b2);
    bsp_end();
    return 0;
}
// P1: process 0: 2/8, x still -1, 1/4, 0/0
// P1-NOT: process
// P3: process 0: 2/8, x still -1, 1/4, 0/0
// P3-NEXT: process 1: 2/8, x still -1, 1/4, 0/0
// P3-NEXT: process 2: 2/8, x still -1, 1/4, 0/0
// P3-NOT: process
