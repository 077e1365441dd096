// bsp_hpput (unbuffered on source and destination) delivers by the end of
// the superstep, with offsets, to other processes and to oneself, when the
// source and destination are left alone during the superstep.  Doubles.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// MATRIX: every-mode
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), i;
    double a[6] = { 0 }, src[3] = { me + 0.25, me + 0.5, me + 0.75 };
    bsp_push_reg(a, sizeof a);
    bsp_sync();
    bsp_hpput((me + 1) % p, src, a, 3 * sizeof(double), 3 * sizeof(double));
    bsp_hpput(me, &src[1], a, 0, sizeof(double));
    bsp_sync();
    char line[256];
    int len = snprintf(line, sizeof line, "process %d:", me);
    for (i = 0; i < 6; i++)
        len += snprintf(line + len, sizeof line - len, " %g", a[i]);
    snprintf(line + len, sizeof line - len, "\n");
    fputs(line, stdout);        /* one write: MPI makes stdout unbuffered */
    bsp_end();
    return 0;
}
// P1: process 0: 0.5 0 0 0.25 0.5 0.75
// P1-NOT: process
// P3: process 0: 0.5 0 0 2.25 2.5 2.75
// P3-NEXT: process 1: 1.5 0 0 0.25 0.5 0.75
// P3-NEXT: process 2: 2.5 0 0 1.25 1.5 1.75
// P3-NOT: process
