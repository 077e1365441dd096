// Misuse: the processes register two areas of the same size in different
// orders.  BSPlib pairs the first bsp_push_reg of every process, then the
// second, so without a check a put to a lands in b on the other side (the
// unchecked run below shows it).  With NS_CHECK_SITES=1 the combine
// compares the sites of each superstep's pushes, in order, and the job
// stops at the sync naming the first pair that differs, file and line of
// each; pushes made in the same order by the same calls pass.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 2 %t swap | sort | FileCheck %s --check-prefix=SILENT
// RUN: env NS_CHECK_SITES=1 not %bsprun 2 %t swap 2> %t.err
// RUN: FileCheck %s --check-prefix=ORDER --implicit-check-not=error: < %t.err
// RUN: env NS_CHECK_SITES=1 not %bsprun 3 %t swap 2> %t.err
// RUN: FileCheck %s --check-prefix=ORDER --implicit-check-not=error: < %t.err
// RUN: env NS_CHECK_SITES=1 NS_DIRECT_MAX=0 not %bsprun 5 %t swap 2> %t.err
// RUN: FileCheck %s --check-prefix=ORDER --implicit-check-not=error: < %t.err
// RUN: env NS_CHECK_SITES=1 NS_DIRECT_MAX=16 not %bsprun 5 %t swap 2> %t.err
// RUN: FileCheck %s --check-prefix=ORDER --implicit-check-not=error: < %t.err
// RUN: env NS_CHECK_SITES=1 %bsprun 3 %t same | sort | FileCheck %s --check-prefix=SAME
// RUN: env NS_CHECK_SITES=1 %bsprun 1 %t swap | FileCheck %s --check-prefix=ONE
// MATRIX: barrier-mode
#include <stdio.h>
#include <string.h>
#include "bsp.h"

int main(int argc, char **argv)
{
    int swap = argc > 1 && !strcmp(argv[1], "swap");
    bsp_begin(bsp_nprocs());
    int a = 0, b = 0, v = 7, p = bsp_nprocs(), me = bsp_pid();
    if (me == 0 || !swap) {
        bsp_push_reg(&a, sizeof a);
        bsp_push_reg(&b, sizeof b);
    } else {
        bsp_push_reg(&b, sizeof b);
        bsp_push_reg(&a, sizeof a);
    }
    bsp_sync();
    bsp_put((me + 1) % p, &v, &a, 0, sizeof v);
    bsp_sync();
    printf("process %d: a = %d, b = %d\n", me, a, b);
    bsp_end();
    return 0;
}
// SILENT: process 0: a = 0, b = 7
// SILENT-NEXT: process 1: a = 0, b = 7
// ORDER: {{^}}error: [process 0, superstep 0] bsp_push_reg: the bsp_push_reg calls of this superstep differ: call 1 of process 0 is at {{.*}}misuse-push-order.c:31 but call 1 of process 1 at {{.*}}misuse-push-order.c:34; registration pairs the first bsp_push_reg of every process, then the second and so on, so every process must register its areas in the same order (with NS_CHECK_SITES=1: by the same calls, file and line), or a put to one area lands in another{{$}}
// SAME: process 0: a = 7, b = 0
// SAME-NEXT: process 1: a = 7, b = 0
// SAME-NEXT: process 2: a = 7, b = 0
// ONE: process 0: a = 7, b = 0
