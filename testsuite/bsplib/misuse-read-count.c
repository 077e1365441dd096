// Misuse of bspx_read in barrier mode, one case per build: a count lower
// and higher than the puts that arrived (named with the process, the line,
// the area and both counts), an area not registered, one registered in
// this superstep, and a negative count.  Process 1 puts twice into
// process 0's x in superstep 1.
// RUN: %bspcc -DCASE=1 %s -o %t1 && not %bsprun 2 %t1 2> %t1.err
// RUN: FileCheck %s --check-prefix=LOW --implicit-check-not=error: < %t1.err
// RUN: %bspcc -DCASE=2 %s -o %t2 && not %bsprun 3 %t2 2> %t2.err
// RUN: FileCheck %s --check-prefix=HIGH --implicit-check-not=error: < %t2.err
// RUN: %bspcc -DCASE=3 %s -o %t3 && not %bsprun 2 %t3 2> %t3.err
// RUN: FileCheck %s --check-prefix=UNREG --implicit-check-not=error: < %t3.err
// RUN: %bspcc -DCASE=4 %s -o %t4 && not %bsprun 2 %t4 2> %t4.err
// RUN: FileCheck %s --check-prefix=PENDING --implicit-check-not=error: < %t4.err
// RUN: %bspcc -DCASE=5 %s -o %t5 && not %bsprun 1 %t5 2> %t5.err
// RUN: FileCheck %s --check-prefix=NEG --implicit-check-not=error: < %t5.err
#include "bsp.h"

int main(void)
{
    int x[2] = { 0 }, y = 0, one = 1;
    bsp_begin(bsp_nprocs());
    bsp_push_reg(x, sizeof x);
    bsp_sync();
    if (bsp_pid() == 1) {
        bsp_put(0, &one, x, 0, sizeof one);
        bsp_put(0, &one, x, sizeof one, sizeof one);
    }
    bsp_sync();
#if CASE == 1
    if (bsp_pid() == 0)
        // LOW: misuse-read-count.c:[[@LINE+1]]: error: [process 0, superstep 2] bspx_read: area 0x{{[0-9a-f]+}}: expected 1 puts since its last bspx_read, 2 arrived; pass the number of bsp_put/bsp_hpput calls (from all processes) that write the area in the supersteps since its last bspx_read
        bspx_read(x, 1);
#elif CASE == 2
    bspx_read(x, bsp_pid() == 0 ? 2 : 0);
    bsp_sync();
    if (bsp_pid() == 2)
        // HIGH: misuse-read-count.c:[[@LINE+1]]: error: [process 2, superstep 3] bspx_read: area 0x{{[0-9a-f]+}}: expected 3 puts since its last bspx_read, 0 arrived
        bspx_read(x, 3);
#elif CASE == 3
    if (bsp_pid() == 1)
        // UNREG: misuse-read-count.c:[[@LINE+1]]: error: [process 1, superstep 2] bspx_read: the area 0x{{[0-9a-f]+}} is not registered; pass the start address given to bsp_push_reg
        bspx_read(&y, 0);
#elif CASE == 4
    bsp_push_reg(&y, sizeof y);
    if (bsp_pid() == 1)
        // PENDING: misuse-read-count.c:[[@LINE+1]]: error: [process 1, superstep 2] bspx_read: the area 0x{{[0-9a-f]+}} was registered in this superstep; a registration takes effect at the next bsp_sync
        bspx_read(&y, 0);
#elif CASE == 5
    // NEG: misuse-read-count.c:[[@LINE+1]]: error: [process 0, superstep 2] bspx_read: nputs is -1; it must not be negative
    bspx_read(x, -1);
#endif
    bsp_sync();
    bsp_end();
    return 0;
}
