/* sum_all.h - for tests: the sum of one int over all processes, returned
 * on every process (collective, two supersteps, plain BSPlib). */
#ifndef TESTSUITE_SUM_ALL_H
#define TESTSUITE_SUM_ALL_H
#include <stdlib.h>
#include "bsp.h"

static int
sum_all(int x)
{
    int p = bsp_nprocs(), total = 0;
    int *all = calloc((size_t)p, sizeof(int));
    bsp_push_reg(&x, sizeof x);
    bsp_sync();
    for (int i = 0; i < p; i++)
        bsp_get(i, &x, 0, &all[i], sizeof x);
    bsp_sync();
    for (int i = 0; i < p; i++)
        total += all[i];
    bsp_pop_reg(&x);
    free(all);
    return total;
}
#endif
