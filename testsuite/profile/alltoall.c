// bsprun --profile: an all-to-all with puts, gets and a BSMP send.  In its
// second superstep each process puts 16 bytes to every process (itself
// too), gets 8 bytes from every other one and sends one message (4-byte
// tag, 12-byte payload) to the next.  Towards others it sends 16(p-1) put
// bytes, 8(p-1) bytes of get replies and 16 bytes of message, and receives
// as much: h = 24(p-1) + 16 bytes; 2(p-1) messages each way (requests and
// get replies).  Counts: p puts, p-1 gets, 1 send per process.
// RUN: %bspcc %s -o %t
// RUN: rm -rf %t.d1 %t.d2 %t.d3 %t.d5
// RUN: %bsprun 1 --profile=%t.d1 %t | FileCheck %s --check-prefix=OUT
// RUN: bspprof --csv %t.d1 | cut -d, -f1-23 | FileCheck %s --check-prefix=P1
// RUN: %bsprun 2 --profile=%t.d2 %t | FileCheck %s --check-prefix=OUT
// RUN: bspprof --csv %t.d2 | cut -d, -f1-23 | FileCheck %s --check-prefix=P2
// RUN: %bsprun 3 --profile=%t.d3 %t | FileCheck %s --check-prefix=OUT
// RUN: bspprof --csv %t.d3 | cut -d, -f1-23 | FileCheck %s --check-prefix=P3
// RUN: %bsprun 5 --profile=%t.d5 %t | FileCheck %s --check-prefix=OUT
// RUN: bspprof --csv %t.d5 | cut -d, -f1-23 | FileCheck %s --check-prefix=P5
// RUN: bspprof --matrix %t.m.svg --superstep 1 %t.d5 > /dev/null
// RUN: xmllint --noout %t.m.svg
// RUN: grep -o '[0-9] -&gt; [0-9]: [0-9]* bytes in [0-9]* messages' %t.m.svg | FileCheck %s --check-prefix=M5
// OUT: alltoall done
// P1:      0,sync,0,0,alltoall.c:49,all/1,0,0,1,1,0,0,0,0,0,0,0,0,0,0,0,0,0
// P1-NEXT: 1,sync,1,0,alltoall.c:56,all/1,0,0,1,1,0,0,0,0,0,0,1,0,1,0,0,0,0
// P1-NEXT: 2,end,2,0,alltoall.c:64,all/1,0,0,1,1,0,0,0,0,0,0,0,0,0,0,0,0,0
// P2:      0,sync,0,0,alltoall.c:49,all/2,0,0,2,2,0,0,0,0,0,0,0,0,0,0,0,0,0
// P2-NEXT: 1,sync,1,0,alltoall.c:56,all/2,0,0,2,2,40,5,40,40,2,4,4,2,2,0,0,0,0
// P2-NEXT: 2,end,2,0,alltoall.c:64,all/2,0,0,2,2,0,0,0,0,0,0,0,0,0,0,0,0,0
// P3:      1,sync,1,0,alltoall.c:56,all/3,0,0,3,3,64,8,64,64,4,12,9,6,3,0,0,0,0
// P5:      1,sync,1,0,alltoall.c:56,all/5,0,0,5,5,112,14,112,112,8,40,25,20,5,0,0,0,0
// M5: 0 -&gt; 0: 16 bytes in 0 messages
// M5: 0 -&gt; 1: 40 bytes in 2 messages
// M5: 0 -&gt; 2: 24 bytes in 2 messages
// M5: 4 -&gt; 0: 40 bytes in 2 messages
#include <stdio.h>
#include "bsp.h"

int
main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), tag = me;
    size_t tagsize = sizeof tag;
    long long in[2 * 64], out[2] = { me, -me };
    double mine = me, got[64];
    char payload[12] = "hello world";
    bsp_push_reg(in, sizeof in);
    bsp_push_reg(&mine, sizeof mine);
    bsp_set_tagsize(&tagsize);
    bsp_sync();
    for (int d = 0; d < p; d++) {
        bsp_put(d, out, in, 2 * me * (int)sizeof(long long), sizeof out);
        if (d != me)
            bsp_get(d, &mine, 0, &got[d], sizeof(double));
    }
    bsp_send((me + 1) % p, &tag, payload, sizeof payload);
    bsp_sync();
    int n = 0;
    bsp_qsize(&n, &(int){ 0 });
    for (int d = 0; d < p; d++)
        if ((d != me && got[d] != d) || in[2 * d] != d || in[2 * d + 1] != -d || n != 1)
            bsp_abort("process %d: wrong value from %d\n", me, d);
    bsp_pop_reg(&mine);
    bsp_pop_reg(in);
    bsp_end();
    if (me == 0)
        printf("alltoall done\n");
    return 0;
}
