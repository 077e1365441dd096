// Misuse: bsp_begin(0) asks for no process at all.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 2 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
#include "bsp.h"

int main(void)
{
    // CHECK: misuse-begin-zero.c:[[@LINE+1]]: error: [process 0{{(, superstep 0)?}}] bsp_begin: asked for 0 processes; ask for at least 1
    bsp_begin(0);
    bsp_end();
    return 0;
}
