/*
 * hrel_bsp.c - our side of tables "g", "l" and "params" (bspbench, seed 004
 * section 4.1): the computing rate r by DAXPY, then full h-relations of
 * one-word bsp_put calls for h = 0, step, ..., hmax; g and l are the slope
 * and intercept of the least-squares line through (h, time per superstep).
 */
#include <stdlib.h>
#include "bsp.h"
#include "bspcommon.h"
#include "common.h"

#define DAXPY_N 1024

/* Flop rate of this process in Mflop/s: DAXPY on vectors of DAXPY_N
 * doubles, as bspbench does (alternating + and - keeps values bounded). */
static double
measure_r(void)
{
    static double x[DAXPY_N], y[DAXPY_N];
    const double a = 1.0 / 3.0;
    int reps = bench_env_int("BENCH_DAXPY_REPS", 100000);
    for (int i = 0; i < DAXPY_N; i++) {
        x[i] = i;
        y[i] = 1.0;
    }
    double t0 = bench_now();
    for (int k = 0; k < reps; k++) {
        double s = (k & 1) ? -a : a;
        for (int i = 0; i < DAXPY_N; i++)
            y[i] += s * x[i];
        __asm__ volatile("" : : "r"(y) : "memory");     /* keep every pass */
    }
    double t = bench_now() - t0;
    if (y[DAXPY_N - 1] < 0.5 || y[DAXPY_N - 1] > 1000.0 + DAXPY_N)
        bench_fail("DAXPY result %g is wrong", y[DAXPY_N - 1]);
    return 2.0 * DAXPY_N * reps / t * 1e-6;
}

/* One superstep of an h-relation of one-word puts into target. */
static void
put_hrel(const double *src, double *target, long h)
{
    int me = bsp_pid(), p = bsp_nprocs();
    for (long i = 0; i < h; i++)
        bsp_put(hrel_dest(me, i, p), &src[i], target,
                (int)(hrel_index(me, i, p) * (long)sizeof(double)), sizeof(double));
    bsp_sync();
}

struct sweep { const double *src; double *target; long hstep; };

static void
sweep_step(int k, void *ctx)
{
    const struct sweep *c = ctx;
    put_hrel(c->src, c->target, k * c->hstep);
}

int
main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid();
    long hmax = bench_env_int("BENCH_HMAX", 16000);
    long hstep = bench_env_int("BENCH_HSTEP", 1000);
    int rounds = bench_env_int("BENCH_HREL_ROUNDS", 5), per = bench_env_int("BENCH_HREL_PER", 10);
    if (hmax < 1 || hstep < 1)
        bench_fail("BENCH_HMAX and BENCH_HSTEP must be positive");
    int npts = (int)(hmax / hstep) + 1;
    long len = hrel_target_len(hmax, p);
    double *src = malloc(sizeof *src * (size_t)hmax);
    double *target = malloc(sizeof *target * (size_t)len);
    double *hs = malloc(sizeof *hs * (size_t)npts), *ts = malloc(sizeof *ts * (size_t)npts);
    if (!src || !target || !hs || !ts)
        bench_fail("out of memory");
    for (long i = 0; i < hmax; i++)
        src[i] = hrel_value(me, i);

    double r = bench_bsp_mean(measure_r());
    bsp_push_reg(target, (int)(len * (long)sizeof(double)));
    bsp_sync();
    bench_sweep(npts, rounds, per, sweep_step, &(struct sweep){ src, target, hstep }, ts);
    for (int k = 0; k < npts; k++) {
        hs[k] = (double)(k * hstep);
        ts[k] = bench_bsp_mean(ts[k]);
    }
    for (long k = 0; k < len; k++)                      /* check the largest */
        target[k] = -1.0;
    put_hrel(src, target, hmax);
    hrel_check(target, len, hmax, me, p);

    double g, l;
    bench_fit_line(hs, ts, npts, &g, &l);
    if (me == 0) {
        bench_record("g", p, "-", "ours", "bsp_put", g);
        bench_record("l", p, "-", "ours", "bsp_put", l);
        bench_record("params", p, "-", "ours", "r_Mflops", r);
        bench_record("params", p, "-", "ours", "g_flops", g * r);
        bench_record("params", p, "-", "ours", "l_flops", l * r);
        for (int k = 0; k < npts; k++)
            bench_record_detail("hrel_us", p, (long)hs[k], "bsp_put", ts[k]);
    }
    bsp_pop_reg(target);
    bsp_end();
    free(ts);
    free(hs);
    free(target);
    free(src);
    return 0;
}
