// bsp_get_tag can be called repeatedly and always copies out the same tag
// (and payload length) until a bsp_move (seed 000, bsp_move note 2).  Each
// process receives two messages from its left neighbour: tags 10+left and
// 20+left, payloads of 3 and 5 bytes.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), t = sizeof(int), s[4], g[4], tag;
    char buf[8];
    bsp_set_tagsize(&t);
    bsp_sync();
    tag = 10 + me;
    bsp_send((me + 1) % p, &tag, "abc", 3);
    tag = 20 + me;
    bsp_send((me + 1) % p, &tag, "defgh", 5);
    bsp_sync();
    bsp_get_tag(&s[0], &g[0]);
    bsp_get_tag(&s[1], &g[1]);
    bsp_move(buf, sizeof buf);
    bsp_get_tag(&s[2], &g[2]);
    bsp_get_tag(&s[3], &g[3]);
    printf("process %d: %d/%d %d/%d then %d/%d %d/%d\n", me, s[0], g[0], s[1], g[1], s[2],
           g[2], s[3], g[3]);
    bsp_end();
    return 0;
}
// P1: process 0: 3/10 3/10 then 5/20 5/20
// P1-NOT: process
// P3: process 0: 3/12 3/12 then 5/22 5/22
// P3-NEXT: process 1: 3/10 3/10 then 5/20 5/20
// P3-NEXT: process 2: 3/11 3/11 then 5/21 5/21
// P3-NOT: process
