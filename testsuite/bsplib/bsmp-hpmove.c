// bsp_hpmove: returns -1 on an empty queue; otherwise the payload length,
// with pointers to the tag and the payload in the system queue, and removes
// the message.  The pointers stay valid until the end of the superstep
// (checked after all messages were moved and after more local work), and
// point to properly aligned storage (payloads of doubles read in place).
// Every process sends k doubles (k = 1..3, value 10*pid+k+0.5 each) with a
// 4-byte tag k to its right neighbour.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
#include <stdio.h>
#include <stdint.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), t = sizeof(int), k, i;
    void *tags[4], *payloads[4];
    int lens[4];
    bsp_set_tagsize(&t);
    bsp_sync();
    void *tp = &t, *pp = &t;
    int empty = bsp_hpmove(&tp, &pp);
    for (k = 1; k <= 3; k++) {
        double d[3];
        for (i = 0; i < k; i++)
            d[i] = 10 * me + k + 0.5;
        bsp_send((me + 1) % p, &k, d, k * sizeof(double));
    }
    bsp_sync();
    int n = 0, len;
    while ((len = bsp_hpmove(&tags[n], &payloads[n])) >= 0)
        lens[n++] = len;
    int after = bsp_hpmove(&tp, &pp);
    int qn, qb;
    bsp_qsize(&qn, &qb);
    char line[512];
    int pos = snprintf(line, sizeof line, "process %d: empty %d, unchanged %s; %d messages:", me,
                       empty, tp == &t && pp == &t ? "yes" : "no", n);
    int aligned = 1;
    for (k = 0; k < n; k++) {
        const double *d = payloads[k];
        aligned &= (uintptr_t)payloads[k] % sizeof(double) == 0;
        pos += snprintf(line + pos, sizeof line - pos, " tag %d len %d [", *(const int *)tags[k],
                        lens[k]);
        for (i = 0; i < lens[k] / (int)sizeof(double); i++)
            pos += snprintf(line + pos, sizeof line - pos, "%s%g", i ? " " : "", d[i]);
        pos += snprintf(line + pos, sizeof line - pos, "]");
    }
    snprintf(line + pos, sizeof line - pos, "; then %d, qsize %d/%d, aligned %s\n", after, qn, qb,
             aligned ? "yes" : "no");
    fputs(line, stdout);        /* one write: MPI makes stdout unbuffered */
    bsp_end();
    return 0;
}
// P1: process 0: empty -1, unchanged yes; 3 messages: tag 1 len 8 [1.5] tag 2 len 16 [2.5 2.5] tag 3 len 24 [3.5 3.5 3.5]; then -1, qsize 0/0, aligned yes
// P1-NOT: process
// P3: process 0: empty -1, unchanged yes; 3 messages: tag 1 len 8 [21.5] tag 2 len 16 [22.5 22.5] tag 3 len 24 [23.5 23.5 23.5]; then -1, qsize 0/0, aligned yes
// P3-NEXT: process 1: empty -1, unchanged yes; 3 messages: tag 1 len 8 [1.5] tag 2 len 16 [2.5 2.5] tag 3 len 24 [3.5 3.5 3.5]; then -1, qsize 0/0, aligned yes
// P3-NEXT: process 2: empty -1, unchanged yes; 3 messages: tag 1 len 8 [11.5] tag 2 len 16 [12.5 12.5] tag 3 len 24 [13.5 13.5 13.5]; then -1, qsize 0/0, aligned yes
// P3-NOT: process
