// Puts into overlapping memory: the standard leaves the winner to the
// implementation; ours applies puts at bsp_sync in source-process order,
// then in issue order, so the highest pid's put wins and, within one
// process, the last one issued wins (bsp_hpput included in that order).
//   a[0]: every process q puts 100+q into a[0] of every process -> 100+p-1
//   a[1]: every q puts 200+q then 300+q                          -> 300+p-1
//   a[2]: only process 0 puts 1, 2, 3 (to every process)         -> 3
//   a[3]: every q: bsp_put 400+q, then bsp_hpput 500+q            -> 500+p-1
//   a[4..6]: process q puts three copies of 600+q at byte offset 4*(q+4):
//            partly overlapping ranges; a[4] from q=0, a[5] from q=1, ...
// The relaxed modes of NS_SYNC write puts as they arrive, and rank them so
// that overlapping ones end as here (runtime/src/transport/write_order.c); bspx_read
// waits for all 6p + 3 of them (docs/research.md).  Barrier mode checks
// the count.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 4 %t | sort | FileCheck %s --check-prefix=P4
// MATRIX: every-mode
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), a[10], q, i;
    for (i = 0; i < 10; i++)
        a[i] = -1;
    bsp_push_reg(a, sizeof a);
    bsp_sync();
    int v0 = 100 + me, v1a = 200 + me, v1b = 300 + me, v3a = 400 + me,
        v3b = 500 + me, three[3] = { 600 + me, 600 + me, 600 + me }, k[4] = { 0, 1, 2, 3 };
    for (q = 0; q < p; q++) {   /* all in one superstep */
        bsp_put(q, &v0, a, 0, sizeof(int));
        bsp_put(q, &v1a, a, sizeof(int), sizeof(int));
        bsp_put(q, &v1b, a, sizeof(int), sizeof(int));
        if (me == 0)
            for (i = 1; i <= 3; i++)
                bsp_put(q, &k[i], a, 2 * sizeof(int), sizeof(int));
        bsp_put(q, &v3a, a, 3 * sizeof(int), sizeof(int));
        bsp_hpput(q, &v3b, a, 3 * sizeof(int), sizeof(int));
        bsp_put(q, three, a, (4 + me) * sizeof(int), sizeof three);
    }
    bsp_sync();
    bspx_read(a, 6 * p + 3);
    char line[256];
    int len = snprintf(line, sizeof line, "process %d:", me);
    for (i = 0; i < 4 + p + 2; i++)
        len += snprintf(line + len, sizeof line - len, " %d", a[i]);
    snprintf(line + len, sizeof line - len, "\n");
    fputs(line, stdout);        /* one write: MPI makes stdout unbuffered */
    bsp_end();
    return 0;
}
// P1: process 0: 100 300 3 500 600 600 600
// P1-NOT: process
// P2: process 0: 101 301 3 501 600 601 601 601
// P2-NEXT: process 1: 101 301 3 501 600 601 601 601
// P2-NOT: process
// P4: process 0: 103 303 3 503 600 601 602 603 603 603
// P4-NEXT: process 1: 103 303 3 503 600 601 602 603 603 603
// P4-NEXT: process 2: 103 303 3 503 600 601 602 603 603 603
// P4-NEXT: process 3: 103 303 3 503 600 601 602 603 603 603
// P4-NOT: process
