// Stress: at least 100,000 one-int bsp_put per process per superstep, in an
// all-to-all pattern with the destinations interleaved, over two
// supersteps, every element checked.  With M = ceil(100000/p), process s
// puts to every q, for k < M, the value
//   v(r, s, q, k) = 10000000 r + (s p + q) M + k      (superstep r = 1, 2)
// into element s M + k of q's dst (p M ints).  Each process prints its
// number of puts per superstep, the errors, and the sum of its dst after
// superstep 2 (the expected sums below were computed independently).
// RUN: %bspcc %s -o %t
// RUN: %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 4 %t | sort | FileCheck %s --check-prefix=P4
// RUN: %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
// MATRIX: every-mode
#include <stdio.h>
#include <stdlib.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), M = (100000 + p - 1) / p, r, q, k, s;
    int *dst = calloc((size_t)p * M, sizeof(int)), *src = malloc(sizeof(int) * (size_t)p * M);
    long errors = 0, puts = 0;
    if (!dst || !src)
        bsp_abort("out of memory");
    bsp_push_reg(dst, p * M * (int)sizeof(int));
    bsp_sync();
    for (r = 1; r <= 2; r++) {
        long n = 0;
        for (k = 0; k < M; k++)
            for (q = 0; q < p; q++) {
                src[k * p + q] = 10000000 * r + (me * p + q) * M + k;
                bsp_put(q, &src[k * p + q], dst, (me * M + k) * (int)sizeof(int), sizeof(int));
                n++;
            }
        bsp_sync();
        if (n > puts)
            puts = n;
        for (s = 0; s < p; s++)
            for (k = 0; k < M; k++)
                errors += dst[s * M + k] != 10000000 * r + (s * p + me) * M + k;
    }
    long long sum = 0;
    for (k = 0; k < p * M; k++)
        sum += dst[k];
    printf("process %d: puts per superstep %ld errors=%ld sum=%lld\n", me, puts, errors, sum);
    bsp_pop_reg(dst);
    bsp_end();
    free(dst);
    free(src);
    return 0;
}
// P2: process 0: puts per superstep 100000 errors=0 sum=2007499950000
// P2-NEXT: process 1: puts per superstep 100000 errors=0 sum=2012499950000
// P2-NOT: process
// P3: process 0: puts per superstep 100002 errors=0 sum=2011707083337
// P3-NEXT: process 1: puts per superstep 100002 errors=0 sum=2015040550005
// P3-NEXT: process 2: puts per superstep 100002 errors=0 sum=2018374016673
// P3-NOT: process
// P4: process 0: puts per superstep 100000 errors=0 sum=2016249950000
// P4-NEXT: process 1: puts per superstep 100000 errors=0 sum=2018749950000
// P4-NEXT: process 2: puts per superstep 100000 errors=0 sum=2021249950000
// P4-NEXT: process 3: puts per superstep 100000 errors=0 sum=2023749950000
// P4-NOT: process
// P5: process 0: puts per superstep 100000 errors=0 sum=2020999950000
// P5-NEXT: process 1: puts per superstep 100000 errors=0 sum=2022999950000
// P5-NEXT: process 2: puts per superstep 100000 errors=0 sum=2024999950000
// P5-NEXT: process 3: puts per superstep 100000 errors=0 sum=2026999950000
// P5-NEXT: process 4: puts per superstep 100000 errors=0 sum=2028999950000
// P5-NOT: process
