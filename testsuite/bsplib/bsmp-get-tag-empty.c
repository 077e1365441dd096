// bsp_get_tag on an empty queue sets status to -1 and leaves the tag
// unchanged: before any message arrived, and after the queue was drained.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), t = sizeof(int), status = 0, tag = 1234, x = 5;
    bsp_set_tagsize(&t);
    bsp_sync();
    bsp_get_tag(&status, &tag);
    int s1 = status, t1 = tag;
    int mytag = 77;
    bsp_send((me + 1) % p, &mytag, &x, sizeof x);
    bsp_sync();
    bsp_get_tag(&status, &tag);
    int s2 = status, t2 = tag;
    bsp_move(&x, sizeof x);
    tag = 4321;
    bsp_get_tag(&status, &tag);
    printf("process %d: empty %d/%d; one message %d/%d; drained %d/%d\n", me, s1, t1, s2, t2,
           status, tag);
    bsp_end();
    return 0;
}
// P1: process 0: empty -1/1234; one message 4/77; drained -1/4321
// P1-NOT: process
// P2: process 0: empty -1/1234; one message 4/77; drained -1/4321
// P2-NEXT: process 1: empty -1/1234; one message 4/77; drained -1/4321
// P2-NOT: process
