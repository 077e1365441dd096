// bsc.h's built-in collectives as descriptors through bsc_collective
// (bsc_coll_bcast with its four algorithms: the call returns depends plus
// the largest of their superstep counts, 2 (two phases) at p <= 2 and 3 (a
// binary tree) at p = 5; bsc_coll_scan: 1, and 2 at p = 5, the trees'
// ceil(log2(p - 1)) and ceil(log3(p - 1))), two bsc_allreduce calls
// on one group in one superstep (they run together, with their own
// buffers), a chain of three collectives each reading the previous result
// (one superstep each, after the scan's), bsc_sync to a superstep already
// reached (returns at once), and bsc_current along the way.  Process s
// holds s + 1.  Process 0 also prints BSPonMPI's cost parameters,
// bsc_g(type, word_size) and bsc_L(type): 1 + NS_BSC_O / word_size per
// byte and NS_BSC_L, by default and set in the environment.
// UNSUPPORTED: relaxed
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
// RUN: %bsprun 1 %t | FileCheck %s --check-prefix=COSTS
// RUN: env NS_BSC_O=8 NS_BSC_L=100 %bsprun 2 %t | FileCheck %s --check-prefix=KNOBS
#include <stdio.h>
#include "bsc.h"

static void
sum(void *a, const void *a0, const void *xs, bsc_size_t size)
{
    long acc = *(const long *)a0;
    for (int i = 0; i < size / (int)sizeof(long); i++)
        acc += ((const long *)xs)[i];
    *(long *)a = acc;
}

static void
max(void *a, const void *a0, const void *xs, bsc_size_t size)
{
    long acc = *(const long *)a0;
    for (int i = 0; i < size / (int)sizeof(long); i++)
        if (((const long *)xs)[i] > acc)
            acc = ((const long *)xs)[i];
    *(long *)a = acc;
}

static void
prefix_sum(void *a, const void *a0, const void *xs, bsc_size_t size)
{
    long acc = *(const long *)a0;
    for (int i = 0; i < size / (int)sizeof(long); i++)
        ((long *)a)[i] = acc += ((const long *)xs)[i];
}

static long bdst, tmp1[16], tmp2[16], tmp3[16], chain1, chain2;

int
main(void)
{
    bsp_begin(bsp_nprocs());
    int s = bsp_pid();
    bsp_push_reg(&bdst, sizeof bdst);
    bsp_push_reg(tmp1, sizeof tmp1);
    bsp_push_reg(tmp2, sizeof tmp2);
    bsp_push_reg(tmp3, sizeof tmp3);
    bsp_push_reg(&chain1, sizeof chain1);
    bsp_push_reg(&chain2, sizeof chain2);
    bsp_sync();

    long mine = s + 1, bsrc = 4242, zero = 0, total = -1, biggest = -1, pre = -1, last = -1;
    bsc_coll_params_t b = { .src = &bsrc, .dst = &bdst, .size = sizeof(long) };
    bsc_step_t tb = bsc_collective(bsc_start, bsc_coll_bcast, 0, bsc_all, b);
    bsc_coll_params_t sc = { .src = &mine, .dst = &pre, .tmp = tmp3, .reducer = prefix_sum,
                             .zero = &zero, .nmemb = 1, .size = sizeof(long) };
    bsc_step_t ts = bsc_collective(bsc_start, bsc_coll_scan, 0, bsc_all, sc);
    bsc_allreduce(bsc_start, bsc_all, &mine, &total, tmp1, sum, &zero, 1, sizeof(long));
    bsc_allreduce(bsc_start, bsc_all, &mine, &biggest, tmp2, max, &zero, 1, sizeof(long));
    /* a chain: the last process's scan result (the total) broadcast once
     * the scan is done, broadcast again, then summed over the processes */
    bsc_step_t c1 = bsc_bcast(ts, bsp_nprocs() - 1, bsc_all, &pre, &chain1, sizeof(long));
    bsc_step_t c2 = bsc_bcast(c1, 0, bsc_all, &chain1, &chain2, sizeof(long));
    bsc_step_t c3 = bsc_allreduce(c2, bsc_all, &chain2, &last, tmp1, sum, &zero, 1,
                                  sizeof(long));
    bsc_step_t at = bsc_sync(ts);
    bsc_step_t again = bsc_sync(ts);
    printf("p%d returns %u %u, chain %u %u %u, at %u %u %u\n", s, tb, ts, c1, c2, c3, at,
           again, bsc_current());
    bsc_sync(bsc_flush);
    if (s == 0)
        printf("costs: g(put, 4) %.2f g(get, 1024) %.3f g(send, 0) %.0f L %.0f %.0f\n",
               bsc_g(BSC_PUT, 4), bsc_g(BSC_GET, 1024), bsc_g(BSC_SEND, 0), bsc_L(BSC_PUT),
               bsc_L(BSC_HPGET));
    printf("p%d bcast %ld sum %ld max %ld scan %ld chain %ld current %u\n", s, bdst, total,
           biggest, pre, last, bsc_current());
    bsp_end();
    return 0;
}
// P1: p0 bcast 4242 sum 1 max 1 scan 1 chain 1 current 0
// P1-NEXT: p0 returns 2 1, chain 2 3 4, at 1 1 1
// P1-NOT: p
// P2: p0 bcast 4242 sum 3 max 2 scan 1 chain 6 current 0
// P2-NEXT: p0 returns 2 1, chain 2 3 4, at 1 1 1
// P2-NEXT: p1 bcast 4242 sum 3 max 2 scan 3 chain 6 current 0
// P2-NEXT: p1 returns 2 1, chain 2 3 4, at 1 1 1
// P2-NOT: p
// P5: p0 bcast 4242 sum 15 max 5 scan 1 chain 75 current 0
// P5-NEXT: p0 returns 3 2, chain 3 4 5, at 2 2 2
// P5-NEXT: p1 bcast 4242 sum 15 max 5 scan 3 chain 75 current 0
// P5-NEXT: p1 returns 3 2, chain 3 4 5, at 2 2 2
// P5-NEXT: p2 bcast 4242 sum 15 max 5 scan 6 chain 75 current 0
// P5-NEXT: p2 returns 3 2, chain 3 4 5, at 2 2 2
// P5-NEXT: p3 bcast 4242 sum 15 max 5 scan 10 chain 75 current 0
// P5-NEXT: p3 returns 3 2, chain 3 4 5, at 2 2 2
// P5-NEXT: p4 bcast 4242 sum 15 max 5 scan 15 chain 75 current 0
// P5-NEXT: p4 returns 3 2, chain 3 4 5, at 2 2 2
// P5-NOT: p
// COSTS: costs: g(put, 4) 257.00 g(get, 1024) 2.000 g(send, 0) 1025 L 16384 16384
// KNOBS: costs: g(put, 4) 3.00 g(get, 1024) 1.008 g(send, 0) 9 L 100 100
