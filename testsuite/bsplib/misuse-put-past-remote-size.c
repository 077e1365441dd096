// Misuse: the bounds of a put are those registered on the destination.
// Process 0 registered 16 bytes, process 1 only 4; process 0 puts 4 bytes
// at offset 8 into process 1.  The put is fine by the sender's size, so
// process 1 finds the error when the put arrives at the sync: the message
// names it, the sender, the byte range and the size (no file:line, since
// the receiving process did not call anything there).  A put in bounds
// comes first, so the bad one is found inside a run of one-word puts.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 2 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
// MATRIX: barrier-mode
#include "bsp.h"

int main(void)
{
    int a[4] = { 0 }, v = 1;
    bsp_begin(bsp_nprocs());
    bsp_push_reg(a, bsp_pid() == 1 ? sizeof(int) : sizeof a);
    bsp_sync();
    if (bsp_pid() == 0) {
        bsp_put(1, &v, a, 0, sizeof v);
        bsp_put(1, &v, a, 8, sizeof v);
    }
    bsp_sync();
    bsp_end();
    return 0;
}
// CHECK: {{^}}error: [process 1, superstep 1] {{bsp_put(/bsp_hpput)?}}: a request from process 0 writes bytes [8, 12) of an area that process 1 registered with only 4 bytes; keep offset + nbytes within the size registered on the remote process
