// bsp.h: with BSP_NO_SITE_MACROS defined the API is plain functions under
// their standard names (their addresses can be taken and called through),
// and a misuse is reported without a file:line (the library cannot know
// the caller's line).  Process i puts 100+i into the left neighbour
// through function pointers.
// RUN: %bspcc -DBSP_NO_SITE_MACROS %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: not %bsprun 2 %t misuse 2> %t.err
// RUN: FileCheck %s --check-prefix=ERR --implicit-check-not=error: < %t.err
#include <stdio.h>
#include "bsp.h"

int x;

int main(int argc, char **argv)
{
    (void)argv;
    void (*begin)(int) = bsp_begin, (*sync)(void) = bsp_sync, (*end)(void) = bsp_end;
    void (*push)(const void *, int) = bsp_push_reg;
    void (*put)(int, const void *, void *, int, int) = bsp_put;
    begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), v = 100 + me;
    push(&x, sizeof x);
    sync();
    if (argc > 1 && me == 1)
        put(0, &v, &v, 0, sizeof v);    /* v is not registered */
    put((me + p - 1) % p, &v, &x, 0, sizeof v);
    sync();
    printf("process %d: x=%d\n", me, x);
    end();
    return 0;
}
// P1: process 0: x=100
// P1-NOT: process
// P3: process 0: x=101
// P3-NEXT: process 1: x=102
// P3-NEXT: process 2: x=100
// P3-NOT: process
// ERR: {{^}}error: [process 1, superstep 1] bsp_put: the destination area {{(0x)?[0-9a-f]+}} is not registered
