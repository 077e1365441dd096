// Misuse: a BSPlib call before bsp_begin (bsp_sync).  Run on one process
// (every process would report it).  Outside the parallel part there is no
// superstep yet; the process number must still be a real one (0 here).
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 1 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
#include "bsp.h"

int main(void)
{
    // CHECK: misuse-before-begin.c:[[@LINE+1]]: error: [process 0{{(, superstep 0)?}}] bsp_sync: called outside the parallel part; call it between bsp_begin and bsp_end
    bsp_sync();
    bsp_begin(bsp_nprocs());
    bsp_end();
    return 0;
}
