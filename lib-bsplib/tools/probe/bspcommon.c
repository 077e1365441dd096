/*
 * bspcommon.c - BSPlib-side helpers of the benchmarks (see bspcommon.h).
 */
#include <stdlib.h>
#include "bsp.h"
#include "bspcommon.h"
#include "measure.h"

double
bench_bsp_mean(double v)
{
    int p = bsp_nprocs();
    double *all = calloc((size_t)p, sizeof *all), sum = 0;
    if (!all)
        bench_fail("out of memory");
    bsp_push_reg(all, p * (int)sizeof *all);
    bsp_sync();
    for (int d = 0; d < p; d++)
        bsp_put(d, &v, all, bsp_pid() * (int)sizeof v, sizeof v);
    bsp_sync();
    for (int s = 0; s < p; s++)
        sum += all[s];
    bsp_pop_reg(all);
    bsp_sync();
    free(all);
    return sum / p;
}
