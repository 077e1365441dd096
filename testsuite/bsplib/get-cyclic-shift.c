// Example 3 of the bsp_get man page (seed 001): cyclic_shift returns the x of
// the left neighbour, with a buffered bsp_get from &x into &x.
// CORRECTED: the man page's version ends with `return result;`, but `result`
// is not declared in that function; the value fetched lands in x, so the
// corrected version returns x.  Process i passes i*i+1.
// Annotated for the relaxed modes of NS_SYNC (docs/research.md): x is the
// get's source and its destination, so each process lends x to the one get
// that reads it (bspx_lend): its sync serves that get before its own reply
// rewrites x.  Barrier mode checks the count.
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
    bsp_push_reg(&x, sizeof(int));
    bsp_sync();
    bsp_get((bsp_pid() == 0) ? (bsp_nprocs() - 1) : bsp_pid() - 1,
            &x, 0, &x, sizeof(int));
    bspx_lend(&x, 1);   /* the right neighbour's get reads my x */
    bsp_sync();
    bsp_pop_reg(&x);
    return x;           /* the man page says `return result;` (undeclared) */
}

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), left = (me + p - 1) % p;
    int got = cyclic_shift(me * me + 1);
    printf("process %d: got %d %s\n", me, got, got == left * left + 1 ? "OK" : "MISMATCH");
    bsp_end();
    return 0;
}
// P1: process 0: got 1 OK
// P1-NOT: process
// P2: process 0: got 2 OK
// P2-NEXT: process 1: got 1 OK
// P2-NOT: process
// P3: process 0: got 5 OK
// P3-NEXT: process 1: got 1 OK
// P3-NEXT: process 2: got 2 OK
// P3-NOT: process
// P5: process 0: got 17 OK
// P5-NEXT: process 1: got 1 OK
// P5-NEXT: process 2: got 2 OK
// P5-NEXT: process 3: got 5 OK
// P5-NEXT: process 4: got 10 OK
// P5-NOT: process
