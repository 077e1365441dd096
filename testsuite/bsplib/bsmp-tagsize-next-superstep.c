// bsp_set_tagsize (seed 000 and its notes 1, 2, 4, 5): it returns the tag
// size valid in the current superstep (the previous value) and the new size
// is valid from the next superstep; of several calls in one superstep the
// last counts; sent messages carry the tag size valid when they are sent,
// so the queue of a superstep has the tag size of the superstep before.
//   superstep 0: valid 0; set 4 (returns 0), set 8 (returns 0); send tagless
//   superstep 1: valid 8; queue tags 0 bytes; send 8-byte tags; set 2
//   superstep 2: valid 2; queue tags 8 bytes; send 2-byte tags
//   superstep 3: valid 2; queue tags 2 bytes
// The tag buffer is filled with '.' before each bsp_get_tag, so the number
// of bytes copied shows.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
// MATRIX: barrier-mode
#include <stdio.h>
#include <string.h>
#include "bsp.h"

static void show(int me, int step)
{
    char tag[13];
    int status;
    memset(tag, '.', 12);
    tag[12] = '\0';
    bsp_get_tag(&status, tag);
    printf("process %d: superstep %d: status %d tag [%s]\n", me, step, status, tag);
    bsp_move(NULL, 0);
}

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), to = (me + 1) % p, t;
    t = 4;
    bsp_set_tagsize(&t);
    int r1 = t;
    t = 8;
    bsp_set_tagsize(&t);
    printf("process %d: superstep 0: set returned %d and %d\n", me, r1, t);
    bsp_send(to, NULL, NULL, 0);
    bsp_sync();

    show(me, 1);
    bsp_send(to, "ABCDEFGHIJKL", NULL, 0);
    t = 2;
    bsp_set_tagsize(&t);
    printf("process %d: superstep 1: set returned %d\n", me, t);
    bsp_sync();

    show(me, 2);
    bsp_send(to, "xyzw", NULL, 0);
    t = 2;
    bsp_set_tagsize(&t);
    printf("process %d: superstep 2: set returned %d\n", me, t);
    bsp_sync();

    show(me, 3);
    bsp_end();
    return 0;
}
// P1: process 0: superstep 0: set returned 0 and 0
// P1-NEXT: process 0: superstep 1: set returned 8
// P1-NEXT: process 0: superstep 1: status 0 tag [............]
// P1-NEXT: process 0: superstep 2: set returned 2
// P1-NEXT: process 0: superstep 2: status 0 tag [ABCDEFGH....]
// P1-NEXT: process 0: superstep 3: status 0 tag [xy..........]
// P1-NOT: process
// P2: process 0: superstep 0: set returned 0 and 0
// P2-NEXT: process 0: superstep 1: set returned 8
// P2-NEXT: process 0: superstep 1: status 0 tag [............]
// P2-NEXT: process 0: superstep 2: set returned 2
// P2-NEXT: process 0: superstep 2: status 0 tag [ABCDEFGH....]
// P2-NEXT: process 0: superstep 3: status 0 tag [xy..........]
// P2-NEXT: process 1: superstep 0: set returned 0 and 0
// P2-NEXT: process 1: superstep 1: set returned 8
// P2-NEXT: process 1: superstep 1: status 0 tag [............]
// P2-NEXT: process 1: superstep 2: set returned 2
// P2-NEXT: process 1: superstep 2: status 0 tag [ABCDEFGH....]
// P2-NEXT: process 1: superstep 3: status 0 tag [xy..........]
// P2-NOT: process
