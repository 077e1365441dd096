// Misuse: a push cancelled by a pop in the same superstep leaves nothing
// registered, so a put into the area after the sync is an error at the call,
// and a pop of it is too (the argument chooses).
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 3 %t put 2> %t.err
// RUN: FileCheck %s --check-prefix=PUT --implicit-check-not=error: < %t.err
// RUN: not %bsprun 1 %t pop 2> %t.err
// RUN: FileCheck %s --check-prefix=POP --implicit-check-not=error: < %t.err
#include <string.h>
#include "bsp.h"

int x;

int main(int argc, char **argv)
{
    (void)argc;
    bsp_begin(bsp_nprocs());
    bsp_push_reg(&x, sizeof x);
    bsp_pop_reg(&x);
    bsp_sync();
    if (strcmp(argv[1], "put") == 0 && bsp_pid() == 2)
        // PUT: misuse-put-after-push-pop.c:[[@LINE+1]]: error: [process 2, superstep 1] bsp_put: the destination area {{(0x)?[0-9a-f]+}} is not registered; register it with bsp_push_reg on every process and bsp_sync before communicating
        bsp_put(0, &x, &x, 0, sizeof x);
    if (strcmp(argv[1], "pop") == 0)
        // POP: misuse-put-after-push-pop.c:[[@LINE+1]]: error: [process 0, superstep 1] bsp_pop_reg: {{(0x)?[0-9a-f]+}} is not registered (or all its registrations are already popped)
        bsp_pop_reg(&x);
    bsp_sync();
    bsp_end();
    return 0;
}
