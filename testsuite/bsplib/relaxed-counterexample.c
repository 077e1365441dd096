// The counterexample of seed 003 (section 5), 1000 times with random
// delays: P0 expects a put from P1 in superstep s and one from P2 in
// superstep s + 2, into the same area.  P1 is slowed down by a random busy
// loop before its put; P2 has nothing to do in s and s + 1, so in the
// relaxed modes it runs ahead and its put of s + 2 often reaches P0 before
// P1's: counting messages without superstep stamps would let P0's
// bspx_read in s + 1 take P2's value.  The stamps must hold it back (Fig. 1;
// the eager mode holds the data).  All processes delay randomly too.  No
// sleeps, no timing: each round checks both values.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | FileCheck %s
// RUN: %bsprun 3 %t | FileCheck %s
// RUN: %bsprun 3 --sync=relaxed %t | FileCheck %s
// RUN: %bsprun 3 --sync=relaxed-eager %t | FileCheck %s
// RUN: %bsprun 3 --sync=relaxed-check %t | FileCheck %s
// RUN: %bsprun 5 --sync=relaxed %t | FileCheck %s
// RUN: %bsprun 5 --sync=relaxed-eager %t | FileCheck %s
// RUN: %bsprun 2 --sync=relaxed-check %t | FileCheck %s
// The same with the requests through the node-local pipes (runtime/src/transport/pipe.c)
// at every process count: a pair's messages keep their order there too.
// RUN: env NS_NODE_AFTER=0 %bsprun 3 --sync=relaxed %t | FileCheck %s
// RUN: env NS_NODE_AFTER=0 %bsprun 3 --sync=relaxed-eager %t | FileCheck %s
// RUN: env NS_NODE_AFTER=0 %bsprun 5 --sync=relaxed-eager %t | FileCheck %s
// RUN: env NS_NODE_AFTER=0 %bsprun 5 --sync=relaxed-check %t | FileCheck %s
// CHECK: counterexample: 1000 rounds, every read saw the put of its superstep
// CHECK-NOT: MISMATCH
#include <stdio.h>
#include <stdlib.h>
#include "bsp.h"

#define ROUNDS 1000

static unsigned seed;

/* A busy loop of a random length, up to about 20 us (no sleep). */
static void
delay(int scale)
{
    volatile unsigned sink = 0;
    unsigned n = (unsigned)rand_r(&seed) % (unsigned)(2000 * scale);
    for (unsigned i = 0; i < n; i++)
        sink += i;
}

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), p1 = 1 % p, p2 = 2 % p;
    int x = -1, bad = 0;
    seed = 12345u + 7919u * (unsigned)me;
    bsp_push_reg(&x, sizeof x);
    bsp_sync();
    for (int r = 0; r < ROUNDS; r++) {
        int v1 = 2 * r + 1, v2 = 2 * r + 2;
        /* superstep s: P1, slowed down, puts v1 */
        if (me == p1) {
            delay(4);
            if (r % 2)
                bsp_hpput(0, &v1, &x, 0, sizeof v1);
            else
                bsp_put(0, &v1, &x, 0, sizeof v1);
        }
        delay(1);
        bsp_sync();
        /* superstep s + 1: P0 reads v1 */
        if (me == 0) {
            bspx_read(&x, 1);
            if (x != v1 && bad++ < 5)
                printf("MISMATCH round %d superstep s+1: read %d, expected %d\n", r, x, v1);
        }
        delay(1);
        bsp_sync();
        /* superstep s + 2: P2 puts v2 */
        if (me == p2)
            bsp_put(0, &v2, &x, 0, sizeof v2);
        if (me == 0)
            delay(2);
        bsp_sync();
        /* superstep s + 3 (the next round's s): P0 reads v2 */
        if (me == 0) {
            bspx_read(&x, 1);
            if (x != v2 && bad++ < 5)
                printf("MISMATCH round %d superstep s+3: read %d, expected %d\n", r, x, v2);
        }
    }
    if (me == 0 && !bad)
        printf("counterexample: %d rounds, every read saw the put of its superstep\n", ROUNDS);
    bsp_end();
    return 0;
}
