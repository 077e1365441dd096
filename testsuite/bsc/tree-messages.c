// The trees of bsc.h are trees in the trace: each collective runs alone in
// an epoch ended by its own bsc_sync(bsc_flush), and bspprof's table gives,
// per superstep of that epoch (one row each), the most data messages one
// process sent.  A q-ary tree sends at most q per process and superstep
// (its first superstep also carries each member's 8-byte check word to
// the next member, which adds one where that is not a destination
// already), in ceil(log_q p) supersteps for bcast and reduce, twice that
// less one for allreduce, ceil(log_q(p - 1)) for scan; bsc_bcast's direct
// algorithm, what it takes at p = 8 and 16 with the default costs, sends
// p - 1 from the root in one superstep.  With NS_BSC_L=1 (a superstep
// costs as much as a byte) bsc_bcast chooses the binary tree itself.
// Expected counts come from the algorithms as documented, not from a run.
// UNSUPPORTED: relaxed
// RUN: %bspcc %s -o %t
// RUN: rm -rf %t.d8 %t.d16 %t.e16
// RUN: %bsprun 8 --profile=%t.d8 %t | FileCheck %s --check-prefix=OUT8
// RUN: bspprof --csv %t.d8 | awk -F, -f %S/Inputs/messages.awk | sort -t: -k2 -n | FileCheck %s --check-prefix=P8
// RUN: %bsprun 16 --profile=%t.d16 %t | FileCheck %s --check-prefix=OUT16
// RUN: bspprof --csv %t.d16 | awk -F, -f %S/Inputs/messages.awk | sort -t: -k2 -n | FileCheck %s --check-prefix=P16
// RUN: env NS_BSC_L=1 %bsprun 16 --profile=%t.e16 %t | FileCheck %s --check-prefix=CHEAP16
// RUN: bspprof --csv %t.e16 | awk -F, -f %S/Inputs/messages.awk | sort -t: -k2 -n | FileCheck %s --check-prefix=CHEAPROWS
#include <stdio.h>
#include "bsc.h"

static void
sum(void *a, const void *a0, const void *xs, bsc_size_t size)
{
    int acc = *(const int *)a0;
    for (int i = 0; i < size / (int)sizeof(int); i++)
        acc += ((const int *)xs)[i];
    *(int *)a = acc;
}

static void
prefix(void *a, const void *a0, const void *xs, bsc_size_t size)
{
    int acc = *(const int *)a0;
    for (int i = 0; i < size / (int)sizeof(int); i++)
        ((int *)a)[i] = acc += ((const int *)xs)[i];
}

static int y, tmp[20];

int
main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), s = bsp_pid(), x = s + 1, zero = 0, r[8], out[8] = { 0 };
    bsp_push_reg(&y, sizeof y);
    bsp_push_reg(tmp, sizeof tmp);
    bsp_sync();
    bsc_sync(bsc_current());            /* registers the library's area */

    r[0] = bsc_bcast(bsc_start, 0, bsc_all, &x, &y, sizeof x);
    bsc_sync(bsc_flush);
    // P8: tree-messages.c:[[@LINE-1]] rows 1 msgs 7
    // P16: tree-messages.c:[[@LINE-2]] rows 1 msgs 15
    // CHEAPROWS: tree-messages.c:[[@LINE-3]] rows 4 msgs 1 1 1 1
    out[0] = y;
    r[1] = bsc_bcast_qtree_single(bsc_start, 0, bsc_all, &x, &y, sizeof x, 2);
    bsc_sync(bsc_flush);
    // P8-NEXT: tree-messages.c:[[@LINE-1]] rows 3 msgs 1 1 1
    // P16-NEXT: tree-messages.c:[[@LINE-2]] rows 4 msgs 1 1 1 1
    out[1] = y;
    r[2] = bsc_bcast_qtree_single(bsc_start, 0, bsc_all, &x, &y, sizeof x, 3);
    bsc_sync(bsc_flush);
    // P8-NEXT: tree-messages.c:[[@LINE-1]] rows 2 msgs 2 2
    // P16-NEXT: tree-messages.c:[[@LINE-2]] rows 3 msgs 2 2 1
    out[2] = y;
    r[3] = bsc_reduce_qtree_single(bsc_start, 0, bsc_all, &x, &out[3], tmp, sum, &zero, 1,
                                   sizeof x, 2);
    bsc_sync(bsc_flush);
    // P8-NEXT: tree-messages.c:[[@LINE-1]] rows 3 msgs 2 1 1
    // P16-NEXT: tree-messages.c:[[@LINE-2]] rows 4 msgs 2 1 1 1
    r[4] = bsc_reduce_qtree_single(bsc_start, 0, bsc_all, &x, &out[4], tmp, sum, &zero, 1,
                                   sizeof x, 3);
    bsc_sync(bsc_flush);
    // P8-NEXT: tree-messages.c:[[@LINE-1]] rows 2 msgs 2 1
    // P16-NEXT: tree-messages.c:[[@LINE-2]] rows 3 msgs 2 1 1
    r[5] = bsc_allreduce_qtree_single(bsc_start, bsc_all, &x, &out[5], tmp, sum, &zero, 1,
                                      sizeof x, 2);
    bsc_sync(bsc_flush);
    // P8-NEXT: tree-messages.c:[[@LINE-1]] rows 5 msgs 2 1 1 1 1
    // P16-NEXT: tree-messages.c:[[@LINE-2]] rows 7 msgs 2 1 1 1 1 1 1
    r[6] = bsc_allreduce_qtree_single(bsc_start, bsc_all, &x, &out[6], tmp, sum, &zero, 1,
                                      sizeof x, 3);
    bsc_sync(bsc_flush);
    // P8-NEXT: tree-messages.c:[[@LINE-1]] rows 3 msgs 2 2 2
    // P16-NEXT: tree-messages.c:[[@LINE-2]] rows 5 msgs 2 1 1 2 2
    r[7] = bsc_scan_qtree_single(bsc_start, bsc_all, &x, &out[7], tmp, prefix, &zero, 1,
                                 sizeof x, 2);
    bsc_sync(bsc_flush);
    // P8-NEXT: tree-messages.c:[[@LINE-1]] rows 3 msgs 2 1 1
    // P16-NEXT: tree-messages.c:[[@LINE-2]] rows 4 msgs 2 1 1 1
    if (s == p - 1 || s == 0)
        printf("p%d: returns %u %u %u %u %u %u %u %u; bcast %d %d %d reduce %d %d "
               "allreduce %d %d scan %d\n", s, r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7],
               out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7]);
    bsp_end();
    return 0;
}
// OUT8-DAG: p0: returns 1 3 2 3 2 5 3 3; bcast 1 1 1 reduce 36 36 allreduce 36 36 scan 1
// OUT8-DAG: p7: returns 1 3 2 3 2 5 3 3; bcast 1 1 1 reduce 0 0 allreduce 36 36 scan 36
// OUT16-DAG: p0: returns 1 4 3 4 3 7 5 4; bcast 1 1 1 reduce 136 136 allreduce 136 136 scan 1
// OUT16-DAG: p15: returns 1 4 3 4 3 7 5 4; bcast 1 1 1 reduce 0 0 allreduce 136 136 scan 136
// CHEAP16-DAG: p0: returns 4 4 3 4 3 7 5 4;
