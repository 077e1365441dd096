// The put_array example of seed 000: the concurrent assignment
//   forall i in 0..n-1:  xs[xs[i]] := xs[i]
// on a block-distributed array of n = 4p ints (process k owns 4k..4k+3),
// with bsp_put and the offset argument; puts to oneself take effect at the
// sync.  Initially xs[i] = (i*i+1) mod n; several i may write the same
// element, but always the same value, so the result is deterministic:
// xs[j] = j where j is some xs[i], else unchanged.  The expected values
// below were computed independently; the program also checks itself.
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

void put_array(int *xs, int n)
{
    int i, pid, local_idx, n_over_p = n / bsp_nprocs();
    if ((n % bsp_nprocs()) != 0)
        bsp_abort("{put_array} n=%d not divisible by p=%d",
                  n, bsp_nprocs());
    bsp_push_reg(xs, n_over_p * sizeof(int));
    bsp_sync();

    for (i = 0; i < n_over_p; i++) {
        pid = xs[i] / n_over_p;
        local_idx = xs[i] % n_over_p;
        bsp_put(pid, &xs[i], xs, local_idx * sizeof(int), sizeof(int));
    }
    bsp_sync();
    bsp_pop_reg(xs);
}

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), n = 4 * p, xs[4], expect[4], i, j;
    for (i = 0; i < 4; i++) {
        int g = 4 * me + i;
        xs[i] = (g * g + 1) % n;
        expect[i] = xs[i];
        for (j = 0; j < n; j++)         /* is g in the image of xs? */
            if ((j * j + 1) % n == g)
                expect[i] = g;
    }
    put_array(xs, n);
    int ok = 1;
    for (i = 0; i < 4; i++)
        ok &= xs[i] == expect[i];
    printf("process %d: %d %d %d %d %s\n", me, xs[0], xs[1], xs[2], xs[3],
           ok ? "OK" : "MISMATCH");
    bsp_end();
    return 0;
}
// P1: process 0: 1 1 2 2 OK
// P1-NOT: process
// P2: process 0: 1 1 2 2 OK
// P2-NEXT: process 1: 1 5 5 2 OK
// P2-NOT: process
// P3: process 0: 1 1 2 10 OK
// P3-NEXT: process 1: 5 5 1 2 OK
// P3-NEXT: process 2: 5 10 10 2 OK
// P3-NOT: process
// P4: process 0: 1 1 2 10 OK
// P4-NEXT: process 1: 1 5 5 2 OK
// P4-NEXT: process 2: 1 2 10 10 OK
// P4-NEXT: process 3: 1 10 5 2 OK
// P4-NOT: process
// P5: process 0: 1 1 2 10 OK
// P5-NEXT: process 1: 17 5 6 10 OK
// P5-NEXT: process 2: 5 2 10 2 OK
// P5-NEXT: process 3: 5 10 17 6 OK
// P5-NEXT: process 4: 17 17 5 2 OK
// P5-NOT: process
