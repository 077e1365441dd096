// Example 4 of the bsp_get man page (seed 001): cyclic_shift with bsp_hpget
// into a local `result`.
// CORRECTED: the man page pops `&result`, which was never registered; the
// registered area is &x, so the corrected version pops &x (popping &result
// is a runtime error in any BSPlib).  Process i passes i*i+1.
// Annotated for the relaxed modes of NS_SYNC (docs/research.md): x lives
// on the stack of cyclic_shift, so once its sync returns the next call can
// rewrite it; each process lends x to the one get that reads it
// (bspx_lend), and its sync serves that get first.  Barrier mode checks the
// count.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 2 %valgrind %t | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
// MATRIX: every-mode
#include <stdio.h>
#include "bsp.h"

int cyclic_shift(int x)
{
    int result;
    bsp_push_reg(&x, sizeof(int));
    bsp_sync();
    bsp_hpget((bsp_pid() == 0) ? (bsp_nprocs() - 1) : bsp_pid() - 1,
              &x, 0, &result, sizeof(int));
    bspx_lend(&x, 1);   /* the right neighbour's get reads my x */
    bsp_sync();
    bsp_pop_reg(&x);    /* the man page pops &result (never registered) */
    return result;
}

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), left = (me + p - 1) % p;
    int got = cyclic_shift(me * me + 1);
    /* twice: the popped registration must be gone and the slot reusable */
    int got2 = cyclic_shift(got);
    int left2 = (me + p - 2) % p;
    printf("process %d: got %d then %d %s\n", me, got, got2,
           got == left * left + 1 && got2 == left2 * left2 + 1 ? "OK" : "MISMATCH");
    bsp_end();
    return 0;
}
// P1: process 0: got 1 then 1 OK
// P1-NOT: process
// P2: process 0: got 2 then 1 OK
// P2-NEXT: process 1: got 1 then 2 OK
// P2-NOT: process
// P3: process 0: got 5 then 2 OK
// P3-NEXT: process 1: got 1 then 5 OK
// P3-NEXT: process 2: got 2 then 1 OK
// P3-NOT: process
// P5: process 0: got 17 then 10 OK
// P5-NEXT: process 1: got 1 then 17 OK
// P5-NEXT: process 2: got 2 then 1 OK
// P5-NEXT: process 3: got 5 then 2 OK
// P5-NEXT: process 4: got 10 then 5 OK
// P5-NOT: process
