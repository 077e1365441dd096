/*
 * allsums.c - running sums of p values with a logarithmic number of
 * supersteps (the bsp_allsums example of the bsp_get man page, seed 001).
 * Process i contributes i+1 and ends with 1 + 2 + ... + (i+1).
 *
 *   bspcc allsums.c -o allsums && bsprun -np 4 ./allsums
 */
#include <stdio.h>
#include "bsp.h"

static int
bsp_allsums(int x)
{
    int i, left, right = x;
    bsp_push_reg(&right, sizeof(int));
    bsp_sync();
    right = x;
    for (i = 1; i < bsp_nprocs(); i *= 2) {
        if (bsp_pid() >= i)
            bsp_get(bsp_pid() - i, &right, 0, &left, sizeof(int));
        bsp_sync();
        if (bsp_pid() >= i)
            right = left + right;
    }
    bsp_pop_reg(&right);
    return right;
}

int
main(void)
{
    int y;
    bsp_begin(bsp_nprocs());
    y = bsp_pid() + 1;
    int sums = bsp_allsums(y);
    /* print in pid order: one process per superstep */
    for (int p = 0; p < bsp_nprocs(); p++) {
        if (bsp_pid() == p)
            printf("y=%d sums=%d\n", y, sums);
        fflush(stdout);
        bsp_sync();
    }
    bsp_end();
    return 0;
}
