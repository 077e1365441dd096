// bsp_send copies both the tag and the payload before returning, so they
// can be changed right after the call (seed 000, bsp_send).
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
// MATRIX: barrier-mode
#include <stdio.h>
#include <string.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), t = 3, s;
    char tag[4] = "T00", payload[6] = "hello", gtag[4] = "---", got[6] = "-----";
    bsp_set_tagsize(&t);
    bsp_sync();
    tag[2] = (char)('0' + me);
    bsp_send((me + 1) % p, tag, payload, 5);
    memcpy(tag, "XXX", 3);
    memcpy(payload, "WRONG", 5);
    bsp_sync();
    bsp_get_tag(&s, gtag);
    bsp_move(got, 5);
    printf("process %d: tag %s payload %s\n", me, gtag, got);
    bsp_end();
    return 0;
}
// P1: process 0: tag T00 payload hello
// P1-NOT: process
// P2: process 0: tag T01 payload hello
// P2-NEXT: process 1: tag T00 payload hello
// P2-NOT: process
