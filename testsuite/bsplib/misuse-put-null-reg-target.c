// Misuse (seed 000, Registration note 5): process 0 registered NULL for the
// slot (unregistered there); process 1 puts into process 0 through it.
// Only process 0 can tell, when the put arrives at the sync.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 2 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
// MATRIX: barrier-mode
#include <stddef.h>
#include "bsp.h"

int x, v = 1;

int main(void)
{
    bsp_begin(bsp_nprocs());
    bsp_push_reg(bsp_pid() == 0 ? NULL : &x, sizeof x);
    bsp_sync();
    if (bsp_pid() == 1)
        bsp_put(0, &v, &x, 0, sizeof v);
    bsp_sync();
    bsp_end();
    return 0;
}
// CHECK: {{^}}error: [process 0, superstep 1] {{bsp_put(/bsp_hpput)?}}: a request from process 1 writes registration slot {{[0-9]+}}, which process 0 registered as NULL (unregistered); register a real area on every process that is accessed
