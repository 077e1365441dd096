// Misuse: after bsp_init, process 0 ends without ever calling the SPMD
// procedure, while the other processes wait in it (in bsp_begin).  The job
// must stop with a message instead of hanging.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 3 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
#include <stdio.h>
#include "bsp.h"

void spmd(void)
{
    bsp_begin(bsp_nprocs());
    bsp_end();
}

int main(int argc, char **argv)
{
    bsp_init(spmd, argc, argv);
    return 0;
}
// CHECK: error: [process 0{{(, superstep 0)?}}] bsp_init: process 0 is ending without calling the SPMD procedure given to bsp_init
