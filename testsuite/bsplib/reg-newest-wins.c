// Registering the same address again with a different extent: the newest
// registration is the one used (seed 000: "newer registrations temporarily
// replace older ones"), and popping it reinstates the older one.  buf (16
// bytes) is first registered with 4 bytes (and used), then with 16: a
// 16-byte put is within bounds.  After bsp_pop_reg(buf) and a sync, the 4-byte
// registration is back: a 4-byte put works (a 16-byte one would be a bounds
// error: see misuse-pop-restores-older-size.c).
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// MATRIX: every-mode
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), buf[4] = { 0 }, src[4], k;
    for (k = 0; k < 4; k++)
        src[k] = 10 * me + k + 1;
    bsp_push_reg(buf, sizeof(int));
    bsp_sync();
    bsp_put((me + 1) % p, src, buf, 0, sizeof(int));     /* through the 4-byte one */
    bsp_push_reg(buf, sizeof buf);
    bsp_sync();
    bsp_put((me + 1) % p, src, buf, 0, sizeof src);
    bsp_sync();
    int first[4] = { buf[0], buf[1], buf[2], buf[3] };
    bsp_pop_reg(buf);
    bsp_sync();
    bsp_put((me + 1) % p, &src[3], buf, 0, sizeof(int));
    bsp_sync();
    printf("process %d: %d %d %d %d then %d %d %d %d\n", me, first[0], first[1],
           first[2], first[3], buf[0], buf[1], buf[2], buf[3]);
    bsp_end();
    return 0;
}
// P1: process 0: 1 2 3 4 then 4 2 3 4
// P1-NOT: process
// P3: process 0: 21 22 23 24 then 24 22 23 24
// P3-NEXT: process 1: 1 2 3 4 then 4 2 3 4
// P3-NEXT: process 2: 11 12 13 14 then 14 12 13 14
// P3-NOT: process
