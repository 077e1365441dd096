// bsp_qsize: the number of messages sent to this process in the previous
// superstep and the accumulated size of their payloads, counting only those
// not yet consumed, so both decrease after each bsp_move (note 1).  Every
// process q sends q+1 messages to every process; message j of q has a
// payload of j+1 bytes and a 4-byte tag.  A process receives
// sum_q (q+1) = p(p+1)/2 messages and sum_q (q+1)(q+2)/2 bytes.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// MATRIX: barrier-mode
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), q, j, n, bytes, status, tag;
    char payload[16] = "abcdefghijklmno", sink[16];
    int t = sizeof(int);
    bsp_set_tagsize(&t);
    bsp_sync();
    for (q = 0; q < p; q++)
        for (j = 0; j <= me; j++)
            bsp_send(q, &j, payload, j + 1);
    bsp_qsize(&n, &bytes);
    int n_sender = n, bytes_sender = bytes;     /* sends are not in my queue yet */
    bsp_sync();
    bsp_qsize(&n, &bytes);
    int n0 = n, bytes0 = bytes, moved = 0, ok = 1;
    for (;;) {
        bsp_get_tag(&status, &tag);
        if (status < 0)
            break;
        bsp_move(sink, sizeof sink);
        moved++;
        int n2, bytes2;
        bsp_qsize(&n2, &bytes2);
        ok &= n2 == n - 1 && bytes2 == bytes - status;
        n = n2;
        bytes = bytes2;
    }
    printf("process %d: while sending %d/%d; received %d messages, %d bytes; moved %d; "
           "left %d/%d; decreasing %s\n", me, n_sender, bytes_sender, n0, bytes0, moved, n,
           bytes, ok ? "OK" : "WRONG");
    bsp_end();
    return 0;
}
// P1: process 0: while sending 0/0; received 1 messages, 1 bytes; moved 1; left 0/0; decreasing OK
// P1-NOT: process
// P3: process 0: while sending 0/0; received 6 messages, 10 bytes; moved 6; left 0/0; decreasing OK
// P3-NEXT: process 1: while sending 0/0; received 6 messages, 10 bytes; moved 6; left 0/0; decreasing OK
// P3-NEXT: process 2: while sending 0/0; received 6 messages, 10 bytes; moved 6; left 0/0; decreasing OK
// P3-NOT: process
