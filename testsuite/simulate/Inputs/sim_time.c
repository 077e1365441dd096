/*
 * sim_time.c - a few supersteps of puts from every process to every other,
 * then process 0 prints the sum it received and the time they took by
 * bsp_time(): on a simulated machine a time that depends only on the
 * program and the platform, the same in every run.
 */
#include <stdio.h>
#include "bsp.h"

int
main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), s = bsp_pid();
    static int in[1024];
    bsp_push_reg(in, sizeof in);
    bsp_sync();
    double t0 = bsp_time();
    for (int step = 0; step < 4; step++) {
        int v = s + step;
        for (int t = 0; t < p; t++)
            bsp_put(t, &v, in, (int)sizeof(int) * s, (int)sizeof(int));
        bsp_sync();
    }
    double t1 = bsp_time();
    long sum = 0;
    for (int i = 0; i < p; i++)
        sum += in[i];
    if (s == 0)
        printf("p=%d sum=%ld time=%.9f\n", p, sum, t1 - t0);
    bsp_end();
    return 0;
}
