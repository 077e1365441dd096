/*
 * inprod.c - the inner product of two vectors of n doubles, cyclically
 * distributed, as BSPedupack's bspinprod: each process sums its part, puts
 * its partial sum to every process, and after the sync every process adds
 * the p partial sums.  Repeated `reps` times (one superstep each), so that
 * bspprof has something to predict: w = 2n/p flops, h = p - 1 words.
 *
 *   bspcc -O2 inprod.c -o inprod && bsprun -np 4 ./inprod [n] [reps]
 */
#include <stdio.h>
#include <stdlib.h>
#include "bsp.h"

int
main(int argc, char **argv)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), s = bsp_pid();
    long n = argc > 1 ? atol(argv[1]) : 4000000, reps = argc > 2 ? atol(argv[2]) : 20;
    long nl = n / p + (s < n % p);              /* my share of the cyclic vector */
    double *x = malloc(sizeof *x * (size_t)(nl + 1)), *y = malloc(sizeof *y * (size_t)(nl + 1));
    double *partial = calloc((size_t)p, sizeof *partial), alpha = 0;
    if (!x || !y || !partial)
        bsp_abort("inprod: out of memory\n");
    for (long i = 0; i < nl; i++) {             /* global index s + i*p */
        x[i] = (double)((s + i * p) % 7);
        y[i] = 1.0;
    }
    bsp_push_reg(partial, p * (int)sizeof *partial);
    bsp_sync();
    for (long r = 0; r < reps; r++) {
        double sum = 0;
        for (long i = 0; i < nl; i++)
            sum += x[i] * y[i];
        for (int t = 0; t < p; t++)
            bsp_put(t, &sum, partial, s * (int)sizeof sum, sizeof sum);
        bsp_sync();
        alpha = 0;
        for (int t = 0; t < p; t++)
            alpha += partial[t];
        for (long i = 0; i < nl; i++)           /* the next round sees other data */
            y[i] = y[i] == 1.0 ? 2.0 : 1.0;
    }
    /* 0+1+...+6 per 7 elements, times the y of the last round */
    double expect = 0;
    for (long i = 0; i < n; i++)
        expect += (double)(i % 7);
    expect *= reps % 2 ? 1.0 : 2.0;
    if (alpha != expect)
        bsp_abort("inprod: process %d got %.17g, expected %.17g\n", s, alpha, expect);
    if (s == 0)
        printf("inner product of %ld elements: %.0f (%ld rounds)\n", n, alpha, reps);
    bsp_pop_reg(partial);
    bsp_end();
    free(x);
    free(y);
    free(partial);
    return 0;
}
