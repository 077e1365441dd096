// The bsp_sum example of seed 000 and of the bsp_get man page (seed 001):
// every process sums its array, registers the sum, and bsp_hpget's the sum
// of every process (itself included) into local_sums.  Process i has i+1
// elements 10i+1, ..., 10i+i+1, whose sum is 1, 23, 66, 130, 215 for
// i = 0..4, so the total is 1, 24, 90, 220, 435 for p = 1..5.
// Annotated for the relaxed modes of NS_SYNC (docs/research.md): the owner
// sets the got variable to 0 right after the sync, so it lends it to the p
// gets that read it (bspx_lend), and its sync serves them first.  Barrier
// mode checks the count.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 2 %valgrind %t | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 4 %t | sort | FileCheck %s --check-prefix=P4
// RUN: %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
// MATRIX: every-mode
#include <stdio.h>
#include <stdlib.h>
#include "bsp.h"

int bsp_sum(int *xs, int nelem)
{
    int *local_sums, i, j, result = 0;
    for (j = 0; j < nelem; j++) result += xs[j];
    bsp_push_reg(&result, sizeof(int));
    bsp_sync();

    local_sums = calloc(bsp_nprocs(), sizeof(int));
    if (local_sums == NULL)
        bsp_abort("{bsp_sum} no memory for %d int", bsp_nprocs());
    for (i = 0; i < bsp_nprocs(); i++)
        bsp_hpget(i, &result, 0, &local_sums[i], sizeof(int));
    bspx_lend(&result, bsp_nprocs());   /* every process gets my result */
    bsp_sync();

    result = 0;
    for (i = 0; i < bsp_nprocs(); i++) result += local_sums[i];
    bsp_pop_reg(&result);
    free(local_sums);
    return result;
}

int main(void)
{
    bsp_begin(bsp_nprocs());
    int me = bsp_pid(), xs[8], j;
    for (j = 0; j <= me; j++)
        xs[j] = 10 * me + j + 1;
    printf("process %d: sum %d\n", me, bsp_sum(xs, me + 1));
    bsp_end();
    return 0;
}
// P1: process 0: sum 1
// P1-NOT: process
// P2: process 0: sum 24
// P2-NEXT: process 1: sum 24
// P2-NOT: process
// P3: process 0: sum 90
// P3-NEXT: process 1: sum 90
// P3-NEXT: process 2: sum 90
// P3-NOT: process
// P4: process 0: sum 220
// P4-NEXT: process 1: sum 220
// P4-NEXT: process 2: sum 220
// P4-NEXT: process 3: sum 220
// P4-NOT: process
// P5: process 0: sum 435
// P5-NEXT: process 1: sum 435
// P5-NEXT: process 2: sum 435
// P5-NEXT: process 3: sum 435
// P5-NEXT: process 4: sum 435
// P5-NOT: process
