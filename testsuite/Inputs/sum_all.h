/* sum_all.h - for tests: the sum of one int over all processes, returned
 * on every process (collective, two supersteps, BSPlib puts; bspx_read
 * waits for them in the relaxed modes of NS_SYNC). */
#ifndef TESTSUITE_SUM_ALL_H
#define TESTSUITE_SUM_ALL_H
#include <stdlib.h>
#include "bsp.h"

static int
sum_all(int x)
{
    int p = bsp_nprocs(), total = 0;
    int *all = calloc((size_t)p, sizeof(int));
    bsp_push_reg(all, p * (int)sizeof(int));
    bsp_sync();
    for (int i = 0; i < p; i++)
        bsp_put(i, &x, all, bsp_pid() * (int)sizeof(int), sizeof x);
    bsp_sync();
    bspx_read(all, p);
    for (int i = 0; i < p; i++)
        total += all[i];
    bsp_pop_reg(all);
    free(all);
    return total;
}
#endif
