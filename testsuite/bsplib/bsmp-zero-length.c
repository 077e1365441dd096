// Seed 000, bsp_send notes 2 and 3: a message with an empty payload carries
// just its tag; with tag size 0 just its payload; with both empty it still
// is a message.  NULL may be passed for a tag of size 0 and for an empty
// payload.  Superstep 1 (tag size 0): each process sends its right
// neighbour an empty message and a 2-byte payload.  Superstep 2 (tag size
// 4): a tag-only message.  qsize, status and tags are checked.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), right = (me + 1) % p, n, bytes, s1, s2, s3, t = 4;
    char two[3] = "--";
    bsp_send(right, NULL, NULL, 0);
    bsp_send(right, NULL, "hi", 2);
    bsp_set_tagsize(&t);
    bsp_sync();
    bsp_qsize(&n, &bytes);
    bsp_get_tag(&s1, NULL);
    bsp_move(NULL, 0);
    bsp_get_tag(&s2, NULL);
    bsp_move(two, 2);
    int tag = 1000 + me;
    bsp_send(right, &tag, NULL, 0);
    bsp_sync();
    int n2, bytes2, got = -1;
    bsp_qsize(&n2, &bytes2);
    bsp_get_tag(&s3, &got);
    bsp_move(NULL, 0);
    printf("process %d: qsize %d/%d, status %d then %d [%s]; tag-only: qsize %d/%d status %d tag %d\n",
           me, n, bytes, s1, s2, two, n2, bytes2, s3, got);
    bsp_end();
    return 0;
}
// P1: process 0: qsize 2/2, status 0 then 2 [hi]; tag-only: qsize 1/0 status 0 tag 1000
// P1-NOT: process
// P3: process 0: qsize 2/2, status 0 then 2 [hi]; tag-only: qsize 1/0 status 0 tag 1002
// P3-NEXT: process 1: qsize 2/2, status 0 then 2 [hi]; tag-only: qsize 1/0 status 0 tag 1000
// P3-NEXT: process 2: qsize 2/2, status 0 then 2 [hi]; tag-only: qsize 1/0 status 0 tag 1001
// P3-NOT: process
