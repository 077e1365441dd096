// bsp_begin(maxprocs) with fewer than the available processes keeps pids
// 0..maxprocs-1 (bsp_nprocs() = maxprocs); the others wait and leave
// quietly with exit status 0 (checked: lit fails a RUN line whose pipeline
// exits non-zero).  The processes kept communicate (a ring of puts over
// three supersteps) to show that the others are not part of the sync.
// maxprocs comes from the command line.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 5 %t 2 2>&1 | sort | FileCheck %s --check-prefix=K2 --implicit-check-not=process --implicit-check-not=error --implicit-check-not=warning
// RUN: %bsprun 3 %t 1 2>&1 | sort | FileCheck %s --check-prefix=K1 --implicit-check-not=process --implicit-check-not=error --implicit-check-not=warning
// RUN: %bsprun 5 %t 4 2>&1 | sort | FileCheck %s --check-prefix=K4 --implicit-check-not=process --implicit-check-not=error --implicit-check-not=warning
// MATRIX: every-mode
#include <stdio.h>
#include <stdlib.h>
#include "bsp.h"

int main(int argc, char **argv)
{
    int available = bsp_nprocs();
    bsp_begin(argc > 1 ? atoi(argv[1]) : available);
    int p = bsp_nprocs(), me = bsp_pid(), x = me, step;
    bsp_push_reg(&x, sizeof x);
    bsp_sync();
    for (step = 0; step < 3; step++) {
        int v = x;
        bsp_put((me + 1) % p, &v, &x, 0, sizeof x);
        bsp_sync();
    }
    printf("process %d of %d (%d available): x=%d\n", me, p, available, x);
    bsp_end();
    return 0;
}
// K2: process 0 of 2 (5 available): x=1
// K2-NEXT: process 1 of 2 (5 available): x=0
// K1: process 0 of 1 (3 available): x=0
// K4: process 0 of 4 (5 available): x=1
// K4-NEXT: process 1 of 4 (5 available): x=2
// K4-NEXT: process 2 of 4 (5 available): x=3
// K4-NEXT: process 3 of 4 (5 available): x=0
