/*
 * bspparams.h - bspbench's measurement of the BSP machine parameters (seed
 * 004 section 4.1), shared by hrel_bsp.c (make bench: tables g, l, params)
 * and bspprobe (the parameter file bspprof reads): the computing rate r by
 * DAXPY, and g and l as the slope and intercept of the least-squares line
 * through the times of full h-relations of one-word bsp_put calls (and, for
 * bspprof, of bulk ones: one put per destination).
 */
#ifndef BENCH_BSPPARAMS_H
#define BENCH_BSPPARAMS_H

/* Flop rate of this process in Mflop/s: reps DAXPYs on vectors of 1024
 * doubles (alternating + and - keeps the values bounded). */
double bsp_params_r(int reps);

/* Collective: times full h-relations for h = 0, hstep, ..., hmax words in
 * interleaved rounds (bench_sweep), then checks the largest one.  bulk = 0:
 * one-word bsp_puts (bspbench); bulk = 1: one bsp_put per destination
 * carrying all its words.  hs[k], ts[k] (npts = hmax / hstep + 1 entries)
 * get h and the mean over processes of each one's median time per
 * superstep in us; *g (us per word) and *l (us) the fitted line. */
void bsp_params_gl(long hmax, long hstep, int rounds, int per, int bulk, double *hs,
                   double *ts, double *g, double *l);

#endif /* BENCH_BSPPARAMS_H */
