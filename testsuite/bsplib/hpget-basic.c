// bsp_hpget delivers by the end of the superstep, with offsets, from every
// process including oneself, when the source is not changed during the
// superstep.  Process i holds a[k] = 100i+k; it fetches a[i] of every q.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 4 %t | sort | FileCheck %s --check-prefix=P4
// MATRIX: every-mode
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), a[8], got[8], q;
    for (q = 0; q < 8; q++) {
        a[q] = 100 * me + q;
        got[q] = -1;
    }
    bsp_push_reg(a, sizeof a);
    bsp_sync();
    for (q = 0; q < p; q++)
        bsp_hpget(q, a, me * sizeof(int), &got[q], sizeof(int));
    bsp_sync();
    char line[256];
    int len = snprintf(line, sizeof line, "process %d:", me);
    for (q = 0; q < p; q++)
        len += snprintf(line + len, sizeof line - len, " %d", got[q]);
    snprintf(line + len, sizeof line - len, "\n");
    fputs(line, stdout);        /* one write: MPI makes stdout unbuffered */
    bsp_end();
    return 0;
}
// P1: process 0: 0
// P1-NOT: process
// P4: process 0: 0 100 200 300
// P4-NEXT: process 1: 1 101 201 301
// P4-NEXT: process 2: 2 102 202 302
// P4-NEXT: process 3: 3 103 203 303
// P4-NOT: process
