// The get_array example of seed 000 and of the bsp_get man page (seed 001):
// the concurrent assignment
//   forall i in 0..n-1:  xs[i] := xs[xs[i]]
// on a block-distributed array of n = 4p ints (process k owns 4k..4k+3).
// It is only right if every get reads its source before any get writes its
// destination (xs is both).  Initially xs[i] = (i*i+3i+1) mod n.  The
// expected values below were computed independently; the program also
// checks itself.
// Annotated for the relaxed modes of NS_SYNC (docs/research.md): each
// process lends its block to the gets that read it (bspx_lend, counted
// from the known initial values), so its sync serves them before its own
// get replies rewrite the block; barrier mode checks that count.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 2 %valgrind %t | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 4 %t | sort | FileCheck %s --check-prefix=P4
// RUN: %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
// MATRIX: every-mode
#include <stdio.h>
#include "bsp.h"

void get_array(int *xs, int n, int lent)
{
    int i, pid, local_idx, n_over_p = n / bsp_nprocs();
    if (n % bsp_nprocs())
        bsp_abort("{get_array} %d not divisible by %d",
                  n, bsp_nprocs());
    bsp_push_reg(xs, n_over_p * sizeof(int));
    bsp_sync();

    for (i = 0; i < n_over_p; i++) {
        pid = xs[i] / n_over_p;
        local_idx = xs[i] % n_over_p;
        bsp_get(pid, xs, local_idx * sizeof(int), &xs[i], sizeof(int));
    }
    bspx_lend(xs, lent);        /* the gets that read my block in this superstep */
    bsp_sync();
    bsp_pop_reg(xs);
}

static int initial(int g, int n) { return (g * g + 3 * g + 1) % n; }

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), n = 4 * p, xs[4], i, ok = 1, lent = 0;
    for (i = 0; i < 4; i++)
        xs[i] = initial(4 * me + i, n);
    for (i = 0; i < n; i++)     /* element i gets xs[initial(i)]: from my block? */
        lent += initial(i, n) / 4 == me;
    get_array(xs, n, lent);
    for (i = 0; i < 4; i++)
        ok &= xs[i] == initial(initial(4 * me + i, n), n);
    printf("process %d: %d %d %d %d %s\n", me, xs[0], xs[1], xs[2], xs[3],
           ok ? "OK" : "MISMATCH");
    bsp_end();
    return 0;
}
// P1: process 0: 1 1 3 3 OK
// P1-NOT: process
// P2: process 0: 5 1 3 3 OK
// P2-NEXT: process 1: 1 5 7 7 OK
// P2-NOT: process
// P3: process 0: 5 5 11 11 OK
// P3-NEXT: process 1: 5 5 11 11 OK
// P3-NEXT: process 2: 5 5 11 11 OK
// P3-NOT: process
// P4: process 0: 5 9 11 3 OK
// P4-NEXT: process 1: 1 13 7 7 OK
// P4-NEXT: process 2: 13 1 3 11 OK
// P4-NEXT: process 3: 9 5 15 15 OK
// P4-NOT: process
// P5: process 0: 5 1 15 19 OK
// P5-NEXT: process 1: 9 5 11 15 OK
// P5-NEXT: process 2: 9 9 15 11 OK
// P5-NEXT: process 3: 5 9 19 15 OK
// P5-NEXT: process 4: 1 5 19 19 OK
// P5-NOT: process
