// Our delivery order (the standard leaves it open): the queue holds the
// messages ordered by source pid, and those of one source in send order.
// Every process q sends 3 messages (payload 10q+j, j = 0..2) to every
// process, destinations interleaved; each prints its queue in order.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 4 %t | sort | FileCheck %s --check-prefix=P4
// MATRIX: barrier-mode
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), q, j, v, s;
    for (j = 0; j < 3; j++)
        for (q = p - 1; q >= 0; q--) {      /* destinations in decreasing order */
            v = 10 * me + j;
            bsp_send(q, NULL, &v, sizeof v);
        }
    bsp_sync();
    char line[256];
    int len = snprintf(line, sizeof line, "process %d:", me);
    for (;;) {
        bsp_get_tag(&s, NULL);
        if (s < 0)
            break;
        bsp_move(&v, sizeof v);
        len += snprintf(line + len, sizeof line - len, " %d", v);
    }
    snprintf(line + len, sizeof line - len, "\n");
    fputs(line, stdout);        /* one write: MPI makes stdout unbuffered */
    bsp_end();
    return 0;
}
// P1: process 0: 0 1 2
// P1-NOT: process
// P3: process 0: 0 1 2 10 11 12 20 21 22
// P3-NEXT: process 1: 0 1 2 10 11 12 20 21 22
// P3-NEXT: process 2: 0 1 2 10 11 12 20 21 22
// P3-NOT: process
// P4: process 0: 0 1 2 10 11 12 20 21 22 30 31 32
// P4-NEXT: process 1: 0 1 2 10 11 12 20 21 22 30 31 32
// P4-NEXT: process 2: 0 1 2 10 11 12 20 21 22 30 31 32
// P4-NEXT: process 3: 0 1 2 10 11 12 20 21 22 30 31 32
// P4-NOT: process
