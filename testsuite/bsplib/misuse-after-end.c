// Misuse: BSPlib calls after bsp_end, by process 0, which goes on alone
// after bsp_end: a put, a sync, a second bsp_end (the argument chooses).
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 2 %t put 2> %t.err
// RUN: FileCheck %s --check-prefix=PUT --implicit-check-not=error: < %t.err
// RUN: not %bsprun 2 %t sync 2> %t.err
// RUN: FileCheck %s --check-prefix=SYNC --implicit-check-not=error: < %t.err
// RUN: not %bsprun 2 %t end 2> %t.err
// RUN: FileCheck %s --check-prefix=END --implicit-check-not=error: < %t.err
#include <string.h>
#include "bsp.h"

int x;

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "";
    bsp_begin(bsp_nprocs());
    int me = bsp_pid();
    bsp_push_reg(&x, sizeof x);
    bsp_sync();
    bsp_end();
    if (me == 0 && !strcmp(what, "put"))
        // PUT: misuse-after-end.c:[[@LINE+1]]: error: [process 0{{(, superstep [0-9]+)?}}] bsp_put: called outside the parallel part; call it between bsp_begin and bsp_end
        bsp_put(0, &x, &x, 0, sizeof x);
    if (me == 0 && !strcmp(what, "sync"))
        // SYNC: misuse-after-end.c:[[@LINE+1]]: error: [process 0{{(, superstep [0-9]+)?}}] bsp_sync: called outside the parallel part; call it between bsp_begin and bsp_end
        bsp_sync();
    if (me == 0 && !strcmp(what, "end"))
        // END: misuse-after-end.c:[[@LINE+1]]: error: [process 0{{(, superstep [0-9]+)?}}] bsp_end: called outside the parallel part; call it between bsp_begin and bsp_end
        bsp_end();
    return 0;
}
