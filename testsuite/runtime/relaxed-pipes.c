// The relaxed modes' requests between processes of one node go through
// the node-local pipes (runtime/src/transport/pipe.c) when the segments are made at
// bsp_begin (NS_NODE_AFTER=0, the default when every process has a core):
// every process puts to every other, each superstep, a block larger than
// any pipe (320 KB; the pipe is at most 64 KiB, so the sender writes it in
// pieces while the receiver drains), a single word, or a middle size, in
// turn, into areas that each process reads with bspx_read.  Every value is
// checked; the output is the same in every mode and through MPI only.
// NS_NODE_REPORT counts the messages taken through the pipes: one request
// per superstep from each other process, 12 (p - 1).
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: env NS_NODE_AFTER=0 %bsprun 2 --sync=relaxed %t | sort | FileCheck %s --check-prefix=P2
// RUN: env NS_NODE_AFTER=0 %bsprun 3 --sync=relaxed-eager %t | sort | FileCheck %s --check-prefix=P3
// RUN: env NS_NODE_AFTER=0 %bsprun 5 --sync=relaxed-eager %t | sort | FileCheck %s --check-prefix=P5
// RUN: env NS_NODE_AFTER=0 %bsprun 3 --sync=relaxed-check %t | sort | FileCheck %s --check-prefix=P3
// RUN: env NS_NODE_AFTER=0 %bsprun 5 --sync=relaxed %t | sort | FileCheck %s --check-prefix=P5
// RUN: env NS_NODE_LOCAL=mpi %bsprun 3 --sync=relaxed-eager %t | sort | FileCheck %s --check-prefix=P3
// RUN: env NS_NODE_REPORT=1 NS_NODE_AFTER=0 %bsprun 3 --sync=relaxed-eager %t 2>&1 >/dev/null | sort | FileCheck %s --check-prefix=PIPES
// RUN: env NS_NODE_REPORT=1 NS_NODE_AFTER=0 %bsprun 3 --sync=relaxed %t 2>&1 >/dev/null | sort | FileCheck %s --check-prefix=PIPES
// RUN: env NS_NODE_REPORT=1 NS_NODE_LOCAL=mpi %bsprun 3 --sync=relaxed-eager %t 2>&1 >/dev/null | sort | FileCheck %s --check-prefix=NOPIPES
// P1: relaxed-pipes: pid 0: 12 supersteps, 164016 values from 1 processes, 0 wrong
// P2: relaxed-pipes: pid 0: 12 supersteps, 328032 values from 2 processes, 0 wrong
// P2-NEXT: relaxed-pipes: pid 1: 12 supersteps, 328032 values from 2 processes, 0 wrong
// P3: relaxed-pipes: pid 0: 12 supersteps, 492048 values from 3 processes, 0 wrong
// P3-NEXT: relaxed-pipes: pid 1: 12 supersteps, 492048 values from 3 processes, 0 wrong
// P3-NEXT: relaxed-pipes: pid 2: 12 supersteps, 492048 values from 3 processes, 0 wrong
// P5: relaxed-pipes: pid 0: 12 supersteps, 820080 values from 5 processes, 0 wrong
// P5-NEXT: relaxed-pipes: pid 1: 12 supersteps, 820080 values from 5 processes, 0 wrong
// P5-NEXT: relaxed-pipes: pid 2: 12 supersteps, 820080 values from 5 processes, 0 wrong
// P5-NEXT: relaxed-pipes: pid 3: 12 supersteps, 820080 values from 5 processes, 0 wrong
// P5-NEXT: relaxed-pipes: pid 4: 12 supersteps, 820080 values from 5 processes, 0 wrong
// PIPES: ns-node: pid 0 host [[HOST:[^ ]+]] node 0 of 1 local 0 of 3 shm-syncs 0 shm-msgs 24{{$}}
// PIPES-NEXT: ns-node: pid 1 host [[HOST]] node 0 of 1 local 1 of 3 shm-syncs 0 shm-msgs 24{{$}}
// PIPES-NEXT: ns-node: pid 2 host [[HOST]] node 0 of 1 local 2 of 3 shm-syncs 0 shm-msgs 24{{$}}
// NOPIPES: ns-node: pid 0 host [[HOST:[^ ]+]] node 0 of 1 local 0 of 3 shm-syncs 0 shm-msgs 0{{$}}
// NOPIPES-NEXT: ns-node: pid 1 host [[HOST]] node 0 of 1 local 1 of 3 shm-syncs 0 shm-msgs 0{{$}}
// NOPIPES-NEXT: ns-node: pid 2 host [[HOST]] node 0 of 1 local 2 of 3 shm-syncs 0 shm-msgs 0{{$}}
#include <stdio.h>
#include <stdlib.h>
#include "bsp.h"

#define STEPS 12
#define BIG 40000                       /* doubles a block: 320 KB */

static double
value(int from, int step, size_t i)
{
    return from * 1e6 + step * 1e3 + (double)(i % 1000);
}

/* A block's length in superstep s: larger than a pipe, one word, between. */
static size_t
block(int s)
{
    static const size_t n[3] = { BIG, 1, 1000 };
    return n[s % 3];
}

int
main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid();
    double *in = malloc(sizeof *in * BIG * (size_t)p), *out = malloc(sizeof *out * BIG);
    int *word = malloc(sizeof *word * (size_t)p);
    if (!in || !out || !word) {
        fprintf(stderr, "relaxed-pipes: out of memory\n");
        bsp_abort("relaxed-pipes: out of memory\n");
    }
    bsp_push_reg(in, (int)(sizeof *in * BIG * (size_t)p));
    bsp_push_reg(word, (int)(sizeof *word * (size_t)p));
    bsp_sync();

    long values = 0, wrong = 0;
    for (int s = 0; s < STEPS; s++) {
        size_t n = block(s);
        for (size_t i = 0; i < n; i++)
            out[i] = value(me, s, i);
        int w = 100 * me + s;
        for (int d = 0; d < p; d++) {
            bsp_put(d, out, in, (int)(sizeof *in * BIG * (size_t)me), (int)(sizeof *out * n));
            bsp_put(d, &w, word, (int)(sizeof *word * (size_t)me), (int)sizeof w);
        }
        bsp_sync();
        bspx_read(in, p);
        bspx_read(word, p);
        for (int q = 0; q < p; q++) {
            wrong += word[q] != 100 * q + s;
            for (size_t i = 0; i < n; i++)
                wrong += in[BIG * (size_t)q + i] != value(q, s, i);
            values += 1 + (long)n;
        }
    }
    printf("relaxed-pipes: pid %d: %d supersteps, %ld values from %d processes, %ld wrong\n",
           me, STEPS, values, p, wrong);
    bsp_pop_reg(word);
    bsp_pop_reg(in);
    bsp_sync();
    free(word);
    free(out);
    free(in);
    bsp_end();
    return 0;
}
