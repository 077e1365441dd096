/*
 * bspparams.c - bspbench's measurement of r, g and l (see bspparams.h).
 */
#include <stdlib.h>
#include "bsp.h"
#include "bspcommon.h"
#include "bspparams.h"
#include "measure.h"

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

/* Words of an h-relation that process me sends to d (hrel_dest's split). */
static long
words_to(int me, int d, long h, int p)
{
    if (p == 1)
        return h;
    if (d == me)
        return 0;
    long j = (d - me - 1 + p) % p;              /* i % (p-1) == j */
    return h / (p - 1) + (j < h % (p - 1));
}

/* Room per source in a bulk target: the most words one source sends. */
static long bulk_block(long hmax, int p) { return p == 1 ? hmax : hmax / (p - 1) + 1; }

/* What an h-relation sends: hmax words of src into target, by hrel_plan's
 * dest and index (one-word puts) or in blocks (bulk). */
struct hrel_run {
    const double *src;
    double *target;
    const int *dest, *index;
    long hmax;
    int bulk;
};

/* One superstep of an h-relation into target: one-word puts (bspbench's
 * pattern, destinations from hrel_plan), or in bulk, one put per destination
 * of all its words, into the block of the source. */
static void
put_hrel(const struct hrel_run *r, long h)
{
    int me = bsp_pid(), p = bsp_nprocs();
    if (r->bulk) {
        int at = (int)(me * bulk_block(r->hmax, p) * (long)sizeof(double));
        for (int d = 0; d < p; d++) {
            long n = words_to(me, d, h, p);
            if (n)
                bsp_put(d, r->src, r->target, at, (int)(n * (long)sizeof(double)));
        }
    } else {
        for (long i = 0; i < h; i++)
            bsp_put(r->dest[i], &r->src[i], r->target, r->index[i] * (int)sizeof(double),
                    sizeof(double));
    }
    bsp_sync();
}

static void
bulk_hrel_check(const double *target, long h, long hmax, int me, int p)
{
    for (int s = 0; s < p; s++)
        for (long k = 0; k < words_to(s, me, h, p); k++)
            if (target[s * bulk_block(hmax, p) + k] != hrel_value(s, k))
                bench_fail("bulk h-relation: process %d has %g from %d at %ld, expected %g", me,
                           target[s * bulk_block(hmax, p) + k], s, k, hrel_value(s, k));
}

struct sweep { const struct hrel_run *run; long hstep; };

static void
sweep_step(int k, void *ctx)
{
    const struct sweep *c = ctx;
    put_hrel(c->run, k * c->hstep);
}

void
bsp_params_gl(long hmax, long hstep, int rounds, int per, int bulk, double *hs, double *ts,
              double *g, double *l)
{
    int p = bsp_nprocs(), me = bsp_pid();
    int npts = (int)(hmax / hstep) + 1;
    long len = bulk ? p * bulk_block(hmax, p) : hrel_target_len(hmax, p);
    double *src = malloc(sizeof *src * (size_t)hmax);
    double *target = malloc(sizeof *target * (size_t)len);
    if (!src || !target)
        bench_fail("out of memory");
    for (long i = 0; i < hmax; i++)
        src[i] = hrel_value(me, i);
    int *dest, *index;
    hrel_plan(me, hmax, p, &dest, &index);
    struct hrel_run run = { src, target, dest, index, hmax, bulk };
    bsp_push_reg(target, (int)(len * (long)sizeof(double)));
    bsp_sync();
    bench_sweep(npts, rounds, per, sweep_step, &(struct sweep){ &run, hstep }, ts);
    for (int k = 0; k < npts; k++) {
        hs[k] = (double)(k * hstep);
        ts[k] = bench_bsp_mean(ts[k]);
    }
    for (long k = 0; k < len; k++)                      /* check the largest */
        target[k] = -1.0;
    put_hrel(&run, hmax);
    if (bulk)
        bulk_hrel_check(target, hmax, hmax, me, p);
    else
        hrel_check(target, len, hmax, me, p);
    bench_fit_line(hs, ts, npts, g, l);
    bsp_pop_reg(target);
    free(index);
    free(dest);
    free(target);
    free(src);
}
