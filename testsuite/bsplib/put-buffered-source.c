// bsp_put is buffered on source: the source is read when bsp_put is called,
// so changing it right after the call does not change what arrives (here at
// the right neighbour and at oneself).
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// MATRIX: every-mode
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), got[2] = { -1, -1 }, v;
    bsp_push_reg(got, sizeof got);
    bsp_sync();
    v = 10 + me;
    bsp_put((me + 1) % p, &v, got, 0, sizeof v);
    v = 20 + me;
    bsp_put(me, &v, got, sizeof(int), sizeof v);
    v = 99;                     /* neither put may see this */
    bsp_sync();
    printf("process %d: from left %d, from self %d\n", me, got[0], got[1]);
    bsp_end();
    return 0;
}
// P1: process 0: from left 10, from self 20
// P1-NOT: process
// P3: process 0: from left 12, from self 20
// P3-NEXT: process 1: from left 10, from self 21
// P3-NEXT: process 2: from left 11, from self 22
// P3-NOT: process
