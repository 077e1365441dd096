// Misuse committed by every process at once (each puts into an area nobody
// registered): every process may report it, but at least one well-formed
// error line appears and the job stops with a non-zero status (no hang when
// several processes stop the job at the same time).
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 4 %t 2> %t.err
// RUN: FileCheck %s < %t.err
#include "bsp.h"

int x;

int main(void)
{
    int y = 1;
    bsp_begin(bsp_nprocs());
    bsp_push_reg(&x, sizeof x);
    bsp_sync();
    // CHECK: misuse-all-processes.c:[[@LINE+1]]: error: [process {{[0-3]}}, superstep 1] bsp_put: the destination area {{(0x)?[0-9a-f]+}} is not registered
    bsp_put((bsp_pid() + 1) % bsp_nprocs(), &y, &y, 0, sizeof y);
    bsp_sync();
    bsp_end();
    return 0;
}
