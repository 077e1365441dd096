/* A program written for the Oxford BSP toolset's level-1 library: it
 * includes bsp_level1.h alone (which brings bsp.h, and with it <stdio.h>)
 * and uses its collectives in the toolset's calling conventions (bsp_fold
 * with op(result, left, right, &nbytes), bsp_bcast(pid, src, dst, nbytes),
 * bsp_gather) and its reductions of one value per process: sums,
 * products, minima and maxima of int, float and double, over all
 * processes and as inclusive prefixes, bsp_all and bsp_any.  Every value
 * is exact in its type, so the expected lines are the definitions worked
 * out by hand: with x = s + 1 on process s, sum = p(p+1)/2, product = p!,
 * prefix sum = (s+1)(s+2)/2; an int product of 65536 on 2 or more
 * processes wraps to 0.  Built as C89 too, as the toolset's programs were
 * written.  Output order is arbitrary: sorted.
 * RUN: %bspcc %s -o %t
 * RUN: %bspcc -std=c89 -pedantic -Werror %s -o %t.c89
 * RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
 * RUN: %bsprun 2 %t.c89 | sort | FileCheck %s --check-prefix=P2
 * RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
 * RUN: %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
 * RUN: not %bsprun 2 %t outside 2> %t.err
 * RUN: FileCheck %s --check-prefix=ERR --implicit-check-not=error < %t.err
 * MATRIX: barrier-mode
 */
#include <string.h>
#include "bsp_level1.h"

static void imax(void *r, void *a, void *b, int *n)
{
    (void)n;
    *(int *)r = *(int *)a > *(int *)b ? *(int *)a : *(int *)b;
}

int main(int argc, char **argv)
{
    int s, p, x, folded = -1, root_value, bcast = -1, gathered[8];
    int wave;
    if (argc > 1 && strcmp(argv[1], "outside") == 0)
        return bsp_sumI(1);     /* before bsp_begin: stops the job */
    bsp_begin(bsp_nprocs());
    s = bsp_pid();
    p = bsp_nprocs();
    x = s + 1;
    wave = (s * 7) % 5;         /* 0 2 4 1 3 */
    root_value = 100 + s;

    bsp_fold(imax, &wave, &folded, sizeof wave);
    bsp_bcast(p - 1, &root_value, &bcast, sizeof root_value);
    bsp_gather(0, &wave, gathered, sizeof wave);
    printf("%d fold max=%d bcast=%d gather0=%d\n", s, folded, bcast,
           s == 0 ? gathered[p - 1] : -1);
    printf("%d all sumI=%d productI=%d minR=%g maxD=%g sumD=%g wrapped=%d\n", s,
           bsp_sumI(x), bsp_productI(x), (double)bsp_minR((float)(10 - s)),
           bsp_maxD(s * 1.5), bsp_sumD(0.5 * x), bsp_productI(65536));
    printf("%d prefix sumI=%d productD=%g maxI=%d minD=%g sumR=%g\n", s,
           bsp_sumI_prefix(x), bsp_productD_prefix(2.0), bsp_maxI_prefix(wave),
           bsp_minD_prefix(-(double)wave), (double)bsp_sumR_prefix(0.25f));
    printf("%d logic all=%d all-but-1=%d any-last=%d any-none=%d\n", s, bsp_all(s < p),
           bsp_all(s != 1), bsp_any(s == p - 1), bsp_any(s > p));
    bsp_end();
    return 0;
}
/* P1: 0 all sumI=1 productI=1 minR=10 maxD=0 sumD=0.5 wrapped=65536
 * P1-NEXT: 0 fold max=0 bcast=100 gather0=0
 * P1-NEXT: 0 logic all=1 all-but-1=1 any-last=1 any-none=0
 * P1-NEXT: 0 prefix sumI=1 productD=2 maxI=0 minD=-0 sumR=0.25
 * P1-NOT: {{.}}
 * P2: 0 all sumI=3 productI=2 minR=9 maxD=1.5 sumD=1.5 wrapped=0
 * P2-NEXT: 0 fold max=2 bcast=101 gather0=2
 * P2-NEXT: 0 logic all=1 all-but-1=0 any-last=1 any-none=0
 * P2-NEXT: 0 prefix sumI=1 productD=2 maxI=0 minD=-0 sumR=0.25
 * P2-NEXT: 1 all sumI=3 productI=2 minR=9 maxD=1.5 sumD=1.5 wrapped=0
 * P2-NEXT: 1 fold max=2 bcast=101 gather0=-1
 * P2-NEXT: 1 logic all=1 all-but-1=0 any-last=1 any-none=0
 * P2-NEXT: 1 prefix sumI=3 productD=4 maxI=2 minD=-2 sumR=0.5
 * P2-NOT: {{.}}
 * P3: 0 all sumI=6 productI=6 minR=8 maxD=3 sumD=3 wrapped=0
 * P3-NEXT: 0 fold max=4 bcast=102 gather0=4
 * P3-NEXT: 0 logic all=1 all-but-1=0 any-last=1 any-none=0
 * P3-NEXT: 0 prefix sumI=1 productD=2 maxI=0 minD=-0 sumR=0.25
 * P3-NEXT: 1 all sumI=6 productI=6 minR=8 maxD=3 sumD=3 wrapped=0
 * P3-NEXT: 1 fold max=4 bcast=102 gather0=-1
 * P3-NEXT: 1 logic all=1 all-but-1=0 any-last=1 any-none=0
 * P3-NEXT: 1 prefix sumI=3 productD=4 maxI=2 minD=-2 sumR=0.5
 * P3-NEXT: 2 all sumI=6 productI=6 minR=8 maxD=3 sumD=3 wrapped=0
 * P3-NEXT: 2 fold max=4 bcast=102 gather0=-1
 * P3-NEXT: 2 logic all=1 all-but-1=0 any-last=1 any-none=0
 * P3-NEXT: 2 prefix sumI=6 productD=8 maxI=4 minD=-4 sumR=0.75
 * P3-NOT: {{.}}
 * P5: 0 all sumI=15 productI=120 minR=6 maxD=6 sumD=7.5 wrapped=0
 * P5-NEXT: 0 fold max=4 bcast=104 gather0=3
 * P5-NEXT: 0 logic all=1 all-but-1=0 any-last=1 any-none=0
 * P5-NEXT: 0 prefix sumI=1 productD=2 maxI=0 minD=-0 sumR=0.25
 * P5-NEXT: 1 all sumI=15 productI=120 minR=6 maxD=6 sumD=7.5 wrapped=0
 * P5-NEXT: 1 fold max=4 bcast=104 gather0=-1
 * P5-NEXT: 1 logic all=1 all-but-1=0 any-last=1 any-none=0
 * P5-NEXT: 1 prefix sumI=3 productD=4 maxI=2 minD=-2 sumR=0.5
 * P5-NEXT: 2 all sumI=15 productI=120 minR=6 maxD=6 sumD=7.5 wrapped=0
 * P5-NEXT: 2 fold max=4 bcast=104 gather0=-1
 * P5-NEXT: 2 logic all=1 all-but-1=0 any-last=1 any-none=0
 * P5-NEXT: 2 prefix sumI=6 productD=8 maxI=4 minD=-4 sumR=0.75
 * P5-NEXT: 3 all sumI=15 productI=120 minR=6 maxD=6 sumD=7.5 wrapped=0
 * P5-NEXT: 3 fold max=4 bcast=104 gather0=-1
 * P5-NEXT: 3 logic all=1 all-but-1=0 any-last=1 any-none=0
 * P5-NEXT: 3 prefix sumI=10 productD=16 maxI=4 minD=-4 sumR=1
 * P5-NEXT: 4 all sumI=15 productI=120 minR=6 maxD=6 sumD=7.5 wrapped=0
 * P5-NEXT: 4 fold max=4 bcast=104 gather0=-1
 * P5-NEXT: 4 logic all=1 all-but-1=0 any-last=1 any-none=0
 * P5-NEXT: 4 prefix sumI=15 productD=32 maxI=4 minD=-4 sumR=1.25
 * P5-NOT: {{.}}
 * ERR: {{^.*}}oxford-level1.c:{{[0-9]+}}: error: [process {{[0-9]}}] bsp_sumI: called outside the parallel part; call it between bsp_begin and bsp_end{{$}}
 */
