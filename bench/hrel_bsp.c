/*
 * hrel_bsp.c - our side of tables "g", "l" and "params" (bspbench, seed 004
 * section 4.1): the computing rate r by DAXPY, then full h-relations of
 * one-word bsp_put calls for h = 0, step, ..., hmax; g and l are the slope
 * and intercept of the least-squares line through (h, time per superstep).
 * The measuring is bspparams.c's, which bspprobe shares.
 */
#include <stdlib.h>
#include "bsp.h"
#include "bspcommon.h"
#include "bspparams.h"
#include "common.h"

int
main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs();
    long hmax = bench_env_int("BENCH_HMAX", 16000);
    long hstep = bench_env_int("BENCH_HSTEP", 1000);
    int rounds = bench_env_int("BENCH_HREL_ROUNDS", 5), per = bench_env_int("BENCH_HREL_PER", 10);
    if (hmax < 1 || hstep < 1)
        bench_fail("BENCH_HMAX and BENCH_HSTEP must be positive");
    int npts = (int)(hmax / hstep) + 1;
    double *hs = malloc(sizeof *hs * (size_t)npts), *ts = malloc(sizeof *ts * (size_t)npts);
    if (!hs || !ts)
        bench_fail("out of memory");

    double r = bench_bsp_mean(bsp_params_r(bench_env_int("BENCH_DAXPY_REPS", 100000)));
    double g, l;
    bsp_params_gl(hmax, hstep, rounds, per, 0, hs, ts, &g, &l);
    if (bsp_pid() == 0) {
        bench_record("g", p, "-", "ours", "bsp_put", g);
        bench_record("l", p, "-", "ours", "bsp_put", l);
        bench_record("params", p, "-", "ours", "r_Mflops", r);
        bench_record("params", p, "-", "ours", "g_flops", g * r);
        bench_record("params", p, "-", "ours", "l_flops", l * r);
        for (int k = 0; k < npts; k++)
            bench_record_detail("hrel_us", p, (long)hs[k], "bsp_put", ts[k]);
    }
    bsp_end();
    free(ts);
    free(hs);
    return 0;
}
