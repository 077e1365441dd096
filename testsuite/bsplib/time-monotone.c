// bsp_time: seconds since bsp_begin, a local clock per process: not
// negative, and never decreasing on one process (across supersteps too).
// No thresholds on actual durations.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int ok = 1, i;
    double prev = bsp_time();
    if (prev < 0.0)
        ok = 0;
    for (i = 0; i < 200; i++) {
        double t = bsp_time();
        if (t < prev)
            ok = 0;
        prev = t;
        if (i % 20 == 0)
            bsp_sync();
    }
    printf("process %d: bsp_time %s\n", bsp_pid(), ok ? "OK" : "WRONG");
    bsp_end();
    return 0;
}
// P1: process 0: bsp_time OK
// P1-NOT: process
// P3: process 0: bsp_time OK
// P3-NEXT: process 1: bsp_time OK
// P3-NEXT: process 2: bsp_time OK
// P3-NOT: process
