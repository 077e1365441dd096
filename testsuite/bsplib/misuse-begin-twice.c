// Misuse (seed 000, bsp_begin note 2): only one bsp_begin/bsp_end pair per
// program.  Process 1 calls bsp_begin a second time.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 2 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    bsp_sync();
    if (bsp_pid() == 1)
        // CHECK: misuse-begin-twice.c:[[@LINE+1]]: error: [process 1, superstep 1] bsp_begin: bsp_begin may be called only once in a program
        bsp_begin(bsp_nprocs());
    bsp_sync();
    bsp_end();
    return 0;
}
