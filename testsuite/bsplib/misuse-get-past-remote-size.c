// Misuse: the bounds of a get are those registered on the source process.
// Process 0 registered 16 bytes, process 1 only 8; process 0 gets 8 bytes
// at offset 4 from process 1, which finds the error at the sync.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 2 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
// MATRIX: barrier-mode
#include "bsp.h"

int main(void)
{
    int a[4] = { 0 }, d[2];
    bsp_begin(bsp_nprocs());
    bsp_push_reg(a, bsp_pid() == 1 ? 2 * sizeof(int) : sizeof a);
    bsp_sync();
    if (bsp_pid() == 0)
        bsp_get(1, a, 4, d, sizeof d);
    bsp_sync();
    bsp_end();
    return 0;
}
// CHECK: {{^}}error: [process 1, superstep 1] {{bsp_get(/bsp_hpget)?}}: a request from process 0 reads bytes [4, 12) of an area that process 1 registered with only 8 bytes; keep offset + nbytes within the size registered on the remote process
