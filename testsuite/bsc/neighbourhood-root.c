// Rooted collectives on a neighbourhood are the root's: the root serves
// the members it lists, and the other processes may pass a root outside
// their own neighbourhood (as BSPonMPI defines it).  Each process lists its
// ring neighbours and itself (s - 1, s, s + 1); processes 0..2 pass root 0,
// and from p = 6 on processes 3..5 pass root 3, so at p = 5 processes 2
// and 3, and at p = 6 processes 2 and 5, name a root they do not list.  In
// one superstep: bsc_scatter (block i of root r, 100 r + i, to the i-th
// process r lists), bsc_gather (10 + s of each process r lists, in r's
// order), bsc_bcast (1000 + r) and bsc_reduce (the letters of the
// processes r lists, folded in process-id order).  A process that no root
// lists keeps its initial values (-1).  Expected lines come from the
// documented semantics, not from a run.
// UNSUPPORTED: relaxed
// MATRIX: barrier-mode
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
// RUN: %bsprun 6 %t | sort | FileCheck %s --check-prefix=P6
#include <stdio.h>
#include <string.h>
#include "bsc.h"

typedef struct { char s[8]; } str;

static void
concat(void *a, const void *a0, const void *xs, bsc_size_t size)
{
    str acc = *(const str *)a0;
    for (int i = 0; i < size / (int)sizeof(str); i++)
        strcat(acc.s, ((const str *)xs)[i].s);
    *(str *)a = acc;
}

static int sdst = -1, gsrc, bdst = -1;
static str tmp[4];

int
main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), s = bsp_pid();
    int nb[3], nn = 0;
    for (int d = -1; d <= 1; d++) {
        int q = (s + d + p) % p, seen = 0;
        for (int i = 0; i < nn; i++)
            seen |= nb[i] == q;
        if (!seen)
            nb[nn++] = q;
    }
    bsc_group_t ring = bsc_group_create_neighbourhood(nb, nn);
    bsp_push_reg(&sdst, sizeof sdst);
    bsp_push_reg(&gsrc, sizeof gsrc);
    bsp_push_reg(&bdst, sizeof bdst);
    bsp_push_reg(tmp, sizeof tmp);
    bsp_sync();

    int root = p >= 6 && s >= 3 ? 3 : 0;
    int ssrc[3] = { 100 * s, 100 * s + 1, 100 * s + 2 }, gdst[3] = { -1, -1, -1 };
    int bsrc = 1000 + s;
    str me = { { (char)('a' + s) } }, zero = { "" }, red = { "-" };
    gsrc = 10 + s;
    bsc_step_t t[4];
    t[0] = bsc_scatter(bsc_start, root, ring, ssrc, &sdst, sizeof(int));
    t[1] = bsc_gather(bsc_start, root, ring, &gsrc, gdst, sizeof(int));
    t[2] = bsc_bcast(bsc_start, root, ring, &bsrc, &bdst, sizeof(int));
    t[3] = bsc_reduce(bsc_start, root, ring, &me, &red, tmp, concat, &zero, 1, sizeof(str));
    bsc_sync(bsc_flush);
    char line[160], mine[64] = "";
    if (s == root)
        snprintf(mine, sizeof mine, " gather %d %d %d reduce %s", gdst[0], gdst[1], gdst[2],
                 red.s);
    snprintf(line, sizeof line, "p%d root %d: scatter %d bcast %d%s -> %u %u %u %u\n", s, root,
             sdst, bdst, mine, t[0], t[1], t[2], t[3]);
    fputs(line, stdout);            /* one write: lines of processes do not mix */

    bsc_group_destroy(ring);
    bsp_end();
    return 0;
}
// P1: p0 root 0: scatter 0 bcast 1000 gather 10 -1 -1 reduce a -> 1 1 1 1
// P1-NOT: p
// P2: p0 root 0: scatter 1 bcast 1000 gather 11 10 -1 reduce ab -> 1 1 1 1
// P2-NEXT: p1 root 0: scatter 0 bcast 1000 -> 1 1 1 1
// P2-NOT: p
// P3: p0 root 0: scatter 1 bcast 1000 gather 12 10 11 reduce abc -> 1 1 1 1
// P3-NEXT: p1 root 0: scatter 2 bcast 1000 -> 1 1 1 1
// P3-NEXT: p2 root 0: scatter 0 bcast 1000 -> 1 1 1 1
// P3-NOT: p
// P5: p0 root 0: scatter 1 bcast 1000 gather 14 10 11 reduce abe -> 1 1 1 1
// P5-NEXT: p1 root 0: scatter 2 bcast 1000 -> 1 1 1 1
// P5-NEXT: p2 root 0: scatter -1 bcast -1 -> 1 1 1 1
// P5-NEXT: p3 root 0: scatter -1 bcast -1 -> 1 1 1 1
// P5-NEXT: p4 root 0: scatter 0 bcast 1000 -> 1 1 1 1
// P5-NOT: p
// P6: p0 root 0: scatter 1 bcast 1000 gather 15 10 11 reduce abf -> 1 1 1 1
// P6-NEXT: p1 root 0: scatter 2 bcast 1000 -> 1 1 1 1
// P6-NEXT: p2 root 0: scatter 300 bcast 1003 -> 1 1 1 1
// P6-NEXT: p3 root 3: scatter 301 bcast 1003 gather 12 13 14 reduce cde -> 1 1 1 1
// P6-NEXT: p4 root 3: scatter 302 bcast 1003 -> 1 1 1 1
// P6-NEXT: p5 root 3: scatter 0 bcast 1000 -> 1 1 1 1
// P6-NOT: p
