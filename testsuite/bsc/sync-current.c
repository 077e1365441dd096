// bsc_sync(bsc_current()): the first bsc_sync of a program (no group was
// created before it) is collective whatever its argument (it registers the
// library's area: one bsp_sync on every process), later ones to the
// current superstep do nothing.
// Default: a registration pushed before the first bsc_sync(bsc_current())
// is in force after it (a bsp_put to it is accepted), bsc_current() stays
// 0 throughout; a second bsc_sync(bsc_current()) is no superstep.
// "stationary": so a registration pushed before the second one is not in
// force yet, and a bsp_put to it stops the job.  "unaligned": only
// processes 1.. make that first call, then all call bsp_end: the job stops,
// naming the unmatched bsp_sync (as BSPonMPI's test
// bsc_sync_text_unaligned_unflushed expects).
// UNSUPPORTED: relaxed
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | FileCheck %s --check-prefix=OK1
// RUN: %bsprun 2 %t | sort | FileCheck %s --check-prefix=OK2
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=OK3
// RUN: not %bsprun 2 %t stationary 2> %t.err
// RUN: FileCheck %s --check-prefix=STAT --implicit-check-not=error: < %t.err
// RUN: not %bsprun 3 %t unaligned 2> %t.err
// RUN: FileCheck %s --check-prefix=UNAL --implicit-check-not=error: < %t.err
// RUN: not %bsprun 5 %t unaligned 2> %t.err
// RUN: FileCheck %s --check-prefix=UNAL --implicit-check-not=error: < %t.err
#include <stdio.h>
#include <string.h>
#include "bsc.h"

static int x = -1, y = -1;

int
main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "";
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), s = bsp_pid(), v = 100 + s;
    if (!strcmp(what, "unaligned")) {
        if (s > 0)
            bsc_sync(bsc_current());
        // UNAL: error: [process {{[0-9]+}}, superstep 0] bsp_sync: process 0 called bsp_end{{( at [^ ]+)?}} while process {{[1-4]}} called bsp_sync{{( at [^;]+)?}}; every process must call bsp_sync the same number of times before bsp_end
        bsp_end();
        return 0;
    }
    bsp_push_reg(&x, sizeof x);
    bsc_step_t first = bsc_sync(bsc_current());
    bsp_put((s + 1) % p, &v, &x, 0, sizeof v);
    bsp_push_reg(&y, sizeof y);
    bsc_step_t second = bsc_sync(bsc_current());
    if (!strcmp(what, "stationary"))
        // STAT: sync-current.c:[[@LINE+1]]: error: [process {{[01]}}, superstep 1] bsp_put: {{.*}}registered in this superstep{{.*}}
        bsp_put((s + 1) % p, &v, &y, 0, sizeof v);
    bsp_sync();
    printf("p%d: bsc_sync -> %u %u, current %u, x %d\n", s, first, second, bsc_current(), x);
    bsc_sync(bsc_flush);
    bsp_end();
    return 0;
}
// OK1: p0: bsc_sync -> 0 0, current 0, x 100
// OK2: p0: bsc_sync -> 0 0, current 0, x 101
// OK2-NEXT: p1: bsc_sync -> 0 0, current 0, x 100
// OK3: p0: bsc_sync -> 0 0, current 0, x 102
// OK3-NEXT: p1: bsc_sync -> 0 0, current 0, x 100
// OK3-NEXT: p2: bsc_sync -> 0 0, current 0, x 101
