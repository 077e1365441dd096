// A bsp_put of 32 KiB or more to a process of the node's segment is copied
// at the call into the sender's mailbox and out of it by the destination
// (mailbox.c, reserve); when the mailbox's room for that is taken it goes
// as a message of its own as before.  Here every process puts blocks of
// 40, 64 and 100 KiB to every process (itself included) in each of 6
// supersteps, at offsets that overlap other sources' blocks and its own,
// each followed by a short put into the block; it scribbles over its
// source right after each call.  At p >= 3 a superstep's blocks outgrow
// the room, so both paths carry blocks into the same area.  Every process
// replays all processes' puts on a model in barrier mode's order (source
// rank, then issue order) and compares its area after each superstep.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | FileCheck %s
// RUN: %bsprun 2 %t | FileCheck %s
// RUN: env NS_NODE_AFTER=0 %bsprun 2 %t | FileCheck %s
// RUN: env NS_EXCHANGE=tree NS_NODE_AFTER=0 NS_NODE_REPORT=1 %bsprun 3 %t 2> %t.report3 | FileCheck %s
// RUN: env NS_NODE_AFTER=0 %bsprun 5 %t | FileCheck %s
// RUN: env NS_NODE_AFTER=0 mpiexec -hosts localhost:2,127.0.0.1:3 -n 5 %t | FileCheck %s
// The segment carried the supersteps at p = 3 (the tree exchange, whatever
// the matrix sets: direct and nbx do not combine through it):
// RUN: FileCheck %s --check-prefix=REPORT < %t.report3
// MATRIX: barrier-mode
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bsp.h"

#define AREA (256 * 1024)
#define STEPS 6
#define NBLOCKS 3
static const int block[NBLOCKS] = { 40 * 1024, 64 * 1024, 100 * 1024 };

static int
offset_of(int s, int d, int t, int k)
{
    return (s * 8200 + d * 1032 + t * 4104 + k * 24576) % (AREA - block[NBLOCKS - 1]);
}

static unsigned char
byte_of(int s, int t, int k, int i)
{
    return (unsigned char)(s * 29 + t * 13 + k * 7 + i * 3 + (i >> 9));
}

// The puts of source s to d in superstep t, in issue order, applied to m.
static void
replay(unsigned char *m, int s, int d, int t, unsigned char *buf)
{
    for (int k = 0; k < NBLOCKS; k++) {
        int off = offset_of(s, d, t, k);
        for (int i = 0; i < block[k]; i++)
            buf[i] = byte_of(s, t, k, i);
        memcpy(m + off, buf, (size_t)block[k]);
        unsigned char tag[16];
        memset(tag, 0xA0 + s, sizeof tag);
        memcpy(m + off + 100 * (k + 1), tag, sizeof tag);
    }
}

int
main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), errors = 0;
    unsigned char *area = calloc(AREA, 1), *model = calloc(AREA, 1);
    unsigned char *src = malloc(AREA), *scratch = malloc(AREA);
    int *all = calloc((size_t)p, sizeof(int));
    bsp_push_reg(area, AREA);
    bsp_push_reg(all, p * (int)sizeof(int));
    bsp_sync();
    for (int t = 0; t < STEPS; t++) {
        for (int d = 0; d < p; d++)
            for (int k = 0; k < NBLOCKS; k++) {
                int off = offset_of(me, d, t, k);
                for (int i = 0; i < block[k]; i++)
                    src[i] = byte_of(me, t, k, i);
                bsp_put(d, src, area, off, block[k]);
                memset(src, 0x55, (size_t)block[k]);      /* the put copied it */
                unsigned char tag[16];
                memset(tag, 0xA0 + me, sizeof tag);
                bsp_put(d, tag, area, off + 100 * (k + 1), sizeof tag);
            }
        bsp_sync();
        for (int s = 0; s < p; s++)
            replay(model, s, me, t, scratch);
        for (int i = 0; i < AREA; i++)
            errors += area[i] != model[i];
    }
    for (int d = 0; d < p; d++)
        bsp_put(d, &errors, all, me * (int)sizeof(int), sizeof errors);
    bsp_sync();
    int total = 0;
    for (int s = 0; s < p; s++)
        total += all[s];
    if (me == 0)
        printf("%d supersteps of large overlapping puts: %d wrong bytes\n", STEPS, total);
    bsp_pop_reg(all);
    bsp_pop_reg(area);
    bsp_end();
    free(all);
    free(scratch);
    free(src);
    free(model);
    free(area);
    return 0;
}
// CHECK: 6 supersteps of large overlapping puts: 0 wrong bytes
// REPORT: ns-node: pid {{[0-9]}} host {{.*}} local {{[0-9]}} of 3 shm-syncs {{[1-9][0-9]*}}
