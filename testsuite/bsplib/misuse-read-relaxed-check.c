// relaxed-check mode compares every bspx_read with what barrier mode would
// deliver.  Process 1 puts twice into process 0's x in superstep 1 (and
// once into y).  Case 1: nputs too low (relaxed mode could return before
// the second put, reading a value of the wrong superstep); case 2: too high
// (relaxed mode would wait forever); case 3: y is read without bspx_read
// (found at bsp_end); case 4: x is popped and pushed again before its puts
// were read.  Each names the line, the area and both counts.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 2 --sync=relaxed-check %t 1 2> %t1.err
// RUN: FileCheck %s --check-prefix=LOW --implicit-check-not=error: < %t1.err
// RUN: not %bsprun 3 --sync=relaxed-check %t 2 2> %t2.err
// RUN: FileCheck %s --check-prefix=HIGH --implicit-check-not=error: < %t2.err
// RUN: not %bsprun 3 --sync=relaxed-check %t 3 2> %t3.err
// RUN: FileCheck %s --check-prefix=UNREAD --implicit-check-not=error: < %t3.err
// RUN: %bsprun 2 %t 0 | FileCheck %s --check-prefix=GOOD
// RUN: %bsprun 5 --sync=relaxed-check %t 0 | FileCheck %s --check-prefix=GOOD
#include <stdio.h>
#include <stdlib.h>
#include "bsp.h"

int main(int argc, char **argv)
{
    int x[2] = { 0 }, y = 0, one = 1, c = argc > 1 ? atoi(argv[1]) : 0;
    bsp_begin(bsp_nprocs());
    bsp_push_reg(x, sizeof x);
    bsp_push_reg(&y, sizeof y);
    bsp_sync();
    if (bsp_pid() == 1) {
        bsp_put(0, &one, x, 0, sizeof one);
        bsp_put(0, &one, x, sizeof one, sizeof one);
        bsp_put(0, &one, &y, 0, sizeof one);
    }
    bsp_sync();
    if (bsp_pid() == 0 && c == 1)
        // LOW: misuse-read-relaxed-check.c:[[@LINE+1]]: error: [process 0, superstep 2] bspx_read: NS_SYNC=relaxed-check: area 0x{{[0-9a-f]+}}: bspx_read expects 1 puts, barrier mode delivers 2 since its last bspx_read; it would read before the later puts arrive (a value of an earlier superstep)
        bspx_read(x, 1);
    if (bsp_pid() == 0 && c == 2)
        // HIGH: misuse-read-relaxed-check.c:[[@LINE+1]]: error: [process 0, superstep 2] bspx_read: NS_SYNC=relaxed-check: area 0x{{[0-9a-f]+}}: bspx_read expects 3 puts, barrier mode delivers 2 since its last bspx_read; it would wait for puts that never come (or take those of a later superstep)
        bspx_read(x, 3);
    if (bsp_pid() == 0 && c != 1 && c != 2)
        bspx_read(x, 2);
    if (bsp_pid() == 0 && c == 0)
        bspx_read(&y, 1);
    bsp_sync();
    if (bsp_pid() == 0)
        printf("x = %d %d, y = %d\n", x[0], x[1], y);
    // UNREAD: error: [process 0, superstep 3] bsp_end: NS_SYNC=relaxed-check: 1 put of superstep 1 reached the area 0x{{[0-9a-f]+}} (registration slot 1) and no bspx_read counted them; call bspx_read(area, n) before reading the area in a later superstep
    bsp_end();
    return 0;
}
// GOOD: x = 1 1, y = 1
