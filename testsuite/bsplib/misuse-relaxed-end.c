// In a relaxed mode no sync checks that all processes are in the same
// superstep, so a process that calls bsp_end after a different number of
// bsp_sync calls is found at bsp_end, where every process tells every other
// how far it got: the job stops naming both supersteps.  (Barrier mode
// finds it at the first sync: misuse-sync-vs-end.c.)
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 3 --sync=relaxed %t 2>&1 | FileCheck %s
// RUN: not %bsprun 2 --sync=relaxed-eager %t 2>&1 | FileCheck %s
// RUN: not %bsprun 5 --sync=relaxed-check %t 2>&1 | FileCheck %s
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    if (bsp_pid() == 1)
        bsp_sync();
    // CHECK: misuse-relaxed-end.c:[[@LINE+1]]: error: [process {{[0-9]}}, superstep {{[01]}}] bsp_end: process {{[0-9]}} called bsp_end in superstep {{[01]}}, this process in superstep {{[01]}}; every process must call bsp_end after the same number of bsp_sync calls (NS_SYNC=relaxed{{(-eager|-check)?}} finds this only at the end; barrier mode with NS_CHECK_SITES=1 stops at the first superstep in which processes pass different bsp_sync calls, with the file and line of each)
    bsp_end();
    return 0;
}
// CHECK-NOT: error:
