// bsp_put with byte offsets and sizes that are not multiples of a word
// (seed 000: "it is not required to have a size which is a multiple of the
// word size").  buf is 24 chars on every process.  In one superstep every
// process q puts the 3 bytes "<A+q><a+q><0+q>" at byte offset 3q+1 of every
// process, and process 0 also puts "!?" at offset 22, ending exactly at the
// registered size.  Everything else keeps its '.'.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
// MATRIX: every-mode
#include <stdio.h>
#include <string.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), q;
    char buf[25], mine[3] = { (char)('A' + me), (char)('a' + me), (char)('0' + me) };
    memset(buf, '.', 24);
    buf[24] = '\0';
    bsp_push_reg(buf, 24);
    bsp_sync();
    for (q = 0; q < p; q++) {
        bsp_put(q, mine, buf, 3 * me + 1, 3);
        if (me == 0)
            bsp_put(q, "!?", buf, 22, 2);
    }
    bsp_sync();
    printf("process %d: [%s]\n", me, buf);
    bsp_end();
    return 0;
}
// P1: process 0: [.Aa0..................!?]
// P1-NOT: process
// P3: process 0: [.Aa0Bb1Cc2............!?]
// P3-NEXT: process 1: [.Aa0Bb1Cc2............!?]
// P3-NEXT: process 2: [.Aa0Bb1Cc2............!?]
// P3-NOT: process
// P5: process 0: [.Aa0Bb1Cc2Dd3Ee4......!?]
// P5-NEXT: process 1: [.Aa0Bb1Cc2Dd3Ee4......!?]
// P5-NEXT: process 2: [.Aa0Bb1Cc2Dd3Ee4......!?]
// P5-NEXT: process 3: [.Aa0Bb1Cc2Dd3Ee4......!?]
// P5-NEXT: process 4: [.Aa0Bb1Cc2Dd3Ee4......!?]
// P5-NOT: process
