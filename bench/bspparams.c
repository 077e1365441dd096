/*
 * bspparams.c - bspbench's measurement of r, g and l (see bspparams.h).
 */
#include <stdlib.h>
#include "bsp.h"
#include "bspcommon.h"
#include "bspparams.h"
#include "common.h"

#define DAXPY_N 1024

double
bsp_params_r(int reps)
{
    static double x[DAXPY_N], y[DAXPY_N];
    const double a = 1.0 / 3.0;
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

void
bsp_params_gl(long hmax, long hstep, int rounds, int per, double *hs, double *ts, double *g,
              double *l)
{
    int p = bsp_nprocs(), me = bsp_pid();
    int npts = (int)(hmax / hstep) + 1;
    long len = hrel_target_len(hmax, p);
    double *src = malloc(sizeof *src * (size_t)hmax);
    double *target = malloc(sizeof *target * (size_t)len);
    if (!src || !target)
        bench_fail("out of memory");
    for (long i = 0; i < hmax; i++)
        src[i] = hrel_value(me, i);
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
    bench_fit_line(hs, ts, npts, g, l);
    bsp_pop_reg(target);
    free(target);
    free(src);
}
