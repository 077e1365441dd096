// Misuse committed by every process at once (each puts into an area nobody
// registered): every process finds it, but the job prints one error line
// (the first process to report wins, the others stay silent) and stops with
// a non-zero status (no hang when several processes stop the job at the
// same time).  At p = 4 and 5, the latter with the p = 5 output repeated
// to show that the one line is not an accident of timing.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 4 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error --implicit-check-not=bsp_put < %t.err
// RUN: not %bsprun 5 %t 2> %t.err5
// RUN: FileCheck %s --implicit-check-not=error --implicit-check-not=bsp_put < %t.err5
// RUN: not %bsprun 5 %t 2> %t.err5b
// RUN: FileCheck %s --implicit-check-not=error --implicit-check-not=bsp_put < %t.err5b
#include "bsp.h"

int x;

int main(void)
{
    int y = 1;
    bsp_begin(bsp_nprocs());
    bsp_push_reg(&x, sizeof x);
    bsp_sync();
    // CHECK: misuse-all-processes.c:[[@LINE+1]]: error: [process {{[0-4]}}, superstep 1] bsp_put: the destination area {{(0x)?[0-9a-f]+}} is not registered
    bsp_put((bsp_pid() + 1) % bsp_nprocs(), &y, &y, 0, sizeof y);
    bsp_sync();
    bsp_end();
    return 0;
}
