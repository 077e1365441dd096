// A process can send messages to itself; like all messages they are in the
// queue only from the next superstep (not in the current one).
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int me = bsp_pid(), t = sizeof(int), n0, b0, n, b, tag = 7 * me, got = -1, s;
    double v = me + 0.125, w = 0;
    bsp_set_tagsize(&t);
    bsp_sync();
    bsp_send(me, &tag, &v, sizeof v);
    bsp_qsize(&n0, &b0);
    bsp_sync();
    bsp_qsize(&n, &b);
    bsp_get_tag(&s, &got);
    bsp_move(&w, sizeof w);
    printf("process %d: same superstep %d/%d; next %d/%d status %d tag %d payload %g\n", me, n0,
           b0, n, b, s, got, w);
    bsp_end();
    return 0;
}
// P1: process 0: same superstep 0/0; next 1/8 status 8 tag 0 payload 0.125
// P1-NOT: process
// P3: process 0: same superstep 0/0; next 1/8 status 8 tag 0 payload 0.125
// P3-NEXT: process 1: same superstep 0/0; next 1/8 status 8 tag 7 payload 1.125
// P3-NEXT: process 2: same superstep 0/0; next 1/8 status 8 tag 14 payload 2.125
// P3-NOT: process
