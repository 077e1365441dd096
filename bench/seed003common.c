/*
 * seed003common.c - the communication clock, configuration name, reduction
 * and records of the seed 003 kernels (see seed003common.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "seed003common.h"

double s3_comm;
long s3_syncs;

static double t_start, t_total, comm_total;
static long syncs_total;

const char *
s3_config(void)
{
    static char name[64];
    const char *sync = getenv("NS_SYNC"), *exch = getenv("NS_EXCHANGE");
    if (!sync || !*sync)
        sync = "barrier";
    if (!exch || !*exch)
        exch = "tree";
    if (strcmp(sync, "barrier") == 0)
        snprintf(name, sizeof name, "barrier/%s", exch);
    else
        snprintf(name, sizeof name, "%s", sync);
    return name;
}

void
s3_start(void)
{
    bsp_sync();
    s3_comm = 0;
    s3_syncs = 0;
    t_start = bench_now();
}

void
s3_stop(void)
{
    t_total = bench_now() - t_start;
    comm_total = s3_comm;
    syncs_total = s3_syncs;
}

void
s3_sum_max(double v, double *sum, double *max)
{
    int p = bsp_nprocs(), me = bsp_pid();
    double *all = s3_alloc(sizeof *all * (size_t)p);
    bsp_push_reg(all, p * (int)sizeof *all);
    bsp_sync();
    all[me] = v;
    for (int d = 0; d < p; d++)
        if (d != me)
            bsp_put(d, &v, all, me * (int)sizeof v, sizeof v);
    bsp_sync();
    bspx_read(all, p - 1);
    *sum = 0;
    *max = all[0];
    for (int s = 0; s < p; s++) {
        *sum += all[s];
        if (all[s] > *max)
            *max = all[s];
    }
    bsp_pop_reg(all);
    bsp_sync();
    free(all);
}

double
s3_finish(const char *kernel, long bad, double value)
{
    int p = bsp_nprocs();
    double nbad, sum, max, tsum, tmax;
    s3_sum_max((double)bad, &nbad, &max);
    if (nbad > 0)
        bench_fail("%s: %.0f wrong elements at p = %d; the first of each process is above",
                   kernel, nbad, p);
    s3_sum_max(1e3 * comm_total, &sum, &max);
    s3_sum_max(1e3 * t_total, &tsum, &tmax);
    if (bsp_pid() == 0) {
        const char *cfg = s3_config();
        bench_record("seed003", p, kernel, "ours", cfg, sum / p);
        bench_record("seed003_max", p, kernel, "ours", cfg, max);
        bench_record("seed003_total", p, kernel, "ours", cfg, tmax);
        bench_record("seed003_steps", p, kernel, "ours", cfg, (double)syncs_total);
    }
    s3_sum_max(value, &sum, &max);
    return sum;
}
