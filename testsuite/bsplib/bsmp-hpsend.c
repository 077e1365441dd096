// bsp_hpsend, the later BSPlib addition (same arguments as bsp_send; tag and
// payload may be read any time until the sync, so they are left alone):
// its messages arrive like bsp_send's, and the two mix in one queue.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// MATRIX: barrier-mode
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), t = sizeof(int), tag1 = 1, tag2 = 2, n, b, k;
    int v1 = 100 + me, v2[2] = { 200 + me, 300 + me };
    bsp_set_tagsize(&t);
    bsp_sync();
    bsp_hpsend((me + 1) % p, &tag1, &v1, sizeof v1);
    bsp_send((me + 1) % p, &tag2, v2, sizeof v2);
    bsp_sync();
    bsp_qsize(&n, &b);
    int sum = 0, tags = 0;
    for (k = 0; k < n; k++) {
        int s, tg, buf[2] = { 0, 0 };
        bsp_get_tag(&s, &tg);
        bsp_move(buf, sizeof buf);
        tags += tg;
        sum += buf[0] + buf[1];
    }
    printf("process %d: %d messages, %d bytes, tags %d, sum %d\n", me, n, b, tags, sum);
    bsp_end();
    return 0;
}
// P1: process 0: 2 messages, 12 bytes, tags 3, sum 600
// P1-NOT: process
// P3: process 0: 2 messages, 12 bytes, tags 3, sum 606
// P3-NEXT: process 1: 2 messages, 12 bytes, tags 3, sum 600
// P3-NEXT: process 2: 2 messages, 12 bytes, tags 3, sum 603
// P3-NOT: process
