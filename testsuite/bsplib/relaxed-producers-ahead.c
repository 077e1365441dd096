// Producers that run far ahead of their consumer.  Every process but the
// last puts, in each of 3000 supersteps, a value naming itself and the
// superstep into its own slot of the last process's inbox, and never waits
// for anything; the last process reads its inbox each superstep with
// bspx_read(inbox, p - 1) after a busy loop of random length, and checks
// that every slot holds the value of the superstep just ended.  In the
// relaxed modes the producers' requests pile up at the consumer (hundreds
// per source, more than a pipe holds): each source's must be accepted in
// the order of their supersteps, one superstep at a time, whatever order
// the sources' requests arrive in.  No sleeps, no timing.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | FileCheck %s
// RUN: %bsprun 2 %t | FileCheck %s
// RUN: %bsprun 3 %t | FileCheck %s
// RUN: %bsprun 5 %t | FileCheck %s
// MATRIX: every-mode
// CHECK: producers ahead: 3000 supersteps, every slot held its superstep's value
// CHECK-NOT: MISMATCH
#include <stdio.h>
#include <stdlib.h>
#include "bsp.h"

#define STEPS 3000

static long value(int q, int s) { return 1000000L * (q + 1) + s; }

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), last = p - 1;
    long *inbox = calloc((size_t)p, sizeof *inbox), mine = 0, bad = 0;
    volatile unsigned long sink = 0;
    bsp_push_reg(inbox, p * (int)sizeof *inbox);
    bsp_sync();
    srand(7u + (unsigned)me);
    for (int s = 0; s < STEPS; s++) {
        if (me == last && s > 0 && p > 1) {
            for (int k = rand() % 2000; k > 0; k--)   /* fall behind */
                sink += (unsigned long)k;
            bspx_read(inbox, p - 1);
            for (int q = 0; q < last; q++)
                if (inbox[q] != value(q, s - 1) && bad++ < 5)
                    printf("MISMATCH: superstep %d, slot %d holds %ld, expected %ld\n", s, q,
                           inbox[q], value(q, s - 1));
        }
        if (me != last) {
            mine = value(me, s);
            bsp_put(last, &mine, inbox, me * (int)sizeof mine, sizeof mine);
        }
        bsp_sync();
    }
    if (me == last && p > 1) {                  /* the puts of the last superstep */
        bspx_read(inbox, p - 1);
        for (int q = 0; q < last; q++)
            if (inbox[q] != value(q, STEPS - 1) && bad++ < 5)
                printf("MISMATCH: after the last superstep, slot %d holds %ld\n", q, inbox[q]);
    }
    if (me == last && !bad)
        printf("producers ahead: %d supersteps, every slot held its superstep's value\n", STEPS);
    bsp_pop_reg(inbox);
    bsp_sync();
    free(inbox);
    bsp_end();
    return 0;
}
