// Overlapping puts and gets at random, checked against a model of barrier
// mode's semantics (seed 000; docs/bsplib.md, "Open behaviours"): in each
// of 24 supersteps every process issues 6 operations drawn from a seeded
// generator that every process can replay, each a bsp_put (2 in 3) or a
// bsp_get (1 in 3) of 1 to 8 ints at a random offset of a registered
// array of 48 ints on a random process; a get writes into the getter's
// own array, which puts and other gets write too.  Barrier mode: gets read
// the owners' arrays before any put of the superstep, puts land in source
// rank then issue order, get replies after them (peer by peer in the order
// the getter first addressed each peer, then in issue order).  Every
// process replays all processes' operations on a model of all arrays and
// compares its own array after each superstep.  The annotations make the
// relaxed modes give the same: each process lends its array to the gets
// that read it (bspx_lend) and reads it with bspx_read; there the
// overlapping writes are ranked by runtime/src/transport/write_order.c.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | FileCheck %s --check-prefix=P1
// RUN: %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
// MATRIX: every-mode
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bsp.h"

#define N 48                    /* ints per array */
#define STEPS 24
#define OPS 6                   /* per process and superstep */

struct op { int get, dest, off, len, at; };     /* at: a get's offset at home */

static uint64_t
mix(uint64_t x)                 /* splitmix64 */
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* Operation k of process q in superstep s, the same on every process. */
static struct op
draw(int q, int s, int k, int p)
{
    uint64_t r = mix(((uint64_t)q << 40) ^ ((uint64_t)s << 20) ^ (uint64_t)k);
    struct op o;
    o.get = r % 3 == 0;
    o.dest = (int)((r >> 8) % (uint64_t)p);
    o.len = 1 + (int)((r >> 16) % 8);
    o.off = (int)((r >> 24) % (uint64_t)(N - o.len + 1));
    o.at = (int)((r >> 32) % (uint64_t)(N - o.len + 1));
    return o;
}

static int
value(int q, int s, int k, int i)
{
    return 1000000 * (q + 1) + 1000 * s + 10 * k + i;
}

int
main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid();
    int a[N], src[OPS][8];
    int *model = malloc(sizeof *model * N * (size_t)p), *old = malloc(sizeof *old * N * (size_t)p);
    int *first = malloc(sizeof *first * (size_t)p);
    if (!model || !old || !first)
        bsp_abort("overlap-random: out of memory\n");
    for (int q = 0; q < p; q++)
        for (int i = 0; i < N; i++)
            model[q * N + i] = -(q * N + i);
    memcpy(a, model + me * N, sizeof a);
    bsp_push_reg(a, sizeof a);
    bsp_sync();

    long puts = 0, gets = 0, wrong = 0;
    for (int s = 0; s < STEPS; s++) {
        int lent = 0, putin = 0;
        for (int k = 0; k < OPS; k++) {
            struct op o = draw(me, s, k, p);
            if (o.get) {
                bsp_get(o.dest, a, o.off * (int)sizeof(int), &a[o.at], o.len * (int)sizeof(int));
                gets++;
            } else {
                for (int i = 0; i < o.len; i++)
                    src[k][i] = value(me, s, k, i);
                bsp_put(o.dest, src[k], a, o.off * (int)sizeof(int), o.len * (int)sizeof(int));
                puts++;
            }
        }
        /* the model: gets read the old arrays; puts by rank then issue
         * order; each getter's replies by peer in first-addressed order */
        memcpy(old, model, sizeof *model * N * (size_t)p);
        for (int q = 0; q < p; q++)
            for (int k = 0; k < OPS; k++) {
                struct op o = draw(q, s, k, p);
                lent += o.get && o.dest == me;
                putin += !o.get && o.dest == me;
                if (!o.get)
                    for (int i = 0; i < o.len; i++)
                        model[o.dest * N + o.off + i] = value(q, s, k, i);
            }
        for (int q = 0; q < p; q++) {
            int nfirst = 0;
            for (int k = 0; k < OPS; k++) {
                int d = draw(q, s, k, p).dest, seen = 0;
                for (int j = 0; j < nfirst; j++)
                    seen |= first[j] == d;
                if (!seen)
                    first[nfirst++] = d;
            }
            for (int j = 0; j < nfirst; j++)
                for (int k = 0; k < OPS; k++) {
                    struct op o = draw(q, s, k, p);
                    if (o.get && o.dest == first[j])
                        memcpy(&model[q * N + o.at], &old[o.dest * N + o.off],
                               sizeof(int) * (size_t)o.len);
                }
        }
        bspx_lend(a, lent);
        bsp_sync();
        bspx_read(a, putin);
        for (int i = 0; i < N; i++)
            wrong += a[i] != model[me * N + i];
    }
    uint32_t sum = 2166136261u;
    for (int i = 0; i < N; i++)
        sum = (sum ^ (uint32_t)a[i]) * 16777619u;
    printf("overlap-random: process %d: %d supersteps, %ld puts, %ld gets, %s\n", me, STEPS,
           puts, gets, wrong ? "MISMATCH" : "every array as barrier mode's model");
    bsp_pop_reg(a);
    bsp_sync();
    free(first);
    free(old);
    free(model);
    bsp_end();
    return 0;
}
// P1: overlap-random: process 0: 24 supersteps, {{[0-9]+}} puts, {{[1-9][0-9]*}} gets, every array as barrier mode's model
// P2-COUNT-2: supersteps, {{[0-9]+}} puts, {{[1-9][0-9]*}} gets, every array as barrier mode's model
// P3-COUNT-3: supersteps, {{[0-9]+}} puts, {{[1-9][0-9]*}} gets, every array as barrier mode's model
// P5-COUNT-5: supersteps, {{[0-9]+}} puts, {{[1-9][0-9]*}} gets, every array as barrier mode's model
