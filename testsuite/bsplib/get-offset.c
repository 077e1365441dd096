// bsp_get with byte offsets and odd sizes.  Every process holds the 16
// chars "<a+i><b+i>...": process i's string shifted by i.  Each process
// gets 3 bytes at offset 5 from its right neighbour, 1 byte at offset 0 and
// 2 bytes at offset 14 (ending exactly at the registered size) from itself.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// MATRIX: every-mode
#include <stdio.h>
#include <string.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), k;
    char s[16], got[7];
    for (k = 0; k < 16; k++)
        s[k] = (char)('a' + me + k);
    memset(got, '-', sizeof got);
    got[6] = '\0';
    bsp_push_reg(s, 16);
    bsp_sync();
    bsp_get((me + 1) % p, s, 5, got, 3);
    bsp_get(me, s, 0, got + 3, 1);
    bsp_get(me, s, 14, got + 4, 2);
    bsp_sync();
    printf("process %d: [%s]\n", me, got);
    bsp_end();
    return 0;
}
// P1: process 0: [fghaop]
// P1-NOT: process
// P3: process 0: [ghiaop]
// P3-NEXT: process 1: [hijbpq]
// P3-NEXT: process 2: [fghcqr]
// P3-NOT: process
