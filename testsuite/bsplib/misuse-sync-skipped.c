// Misuse: process 1 skips one bsp_sync of a loop (superstep 3).  Legal
// BSPlib until the end, where it calls bsp_end while the others call
// bsp_sync: found there, naming both calls' files and lines and
// NS_CHECK_SITES=1 as the way to find the superstep where the processes
// parted.  With NS_CHECK_SITES=1 the job stops at that superstep instead,
// naming the sync each process reached (the reporter asks the other where
// it is).  Lowest disagreeing processes, through the tree or the direct
// protocol alike.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 2 %t 2> %t.err
// RUN: FileCheck %s --check-prefix=END --implicit-check-not=error: < %t.err
// RUN: not %bsprun 3 %t 2> %t.err
// RUN: FileCheck %s --check-prefix=END --implicit-check-not=error: < %t.err
// RUN: env NS_DIRECT_MAX=0 not %bsprun 5 %t 2> %t.err
// RUN: FileCheck %s --check-prefix=END --implicit-check-not=error: < %t.err
// RUN: env NS_CHECK_SITES=1 not %bsprun 2 %t 2> %t.err
// RUN: FileCheck %s --check-prefix=SITES --implicit-check-not=error: < %t.err
// RUN: env NS_CHECK_SITES=1 not %bsprun 5 %t 2> %t.err
// RUN: FileCheck %s --check-prefix=SITES --implicit-check-not=error: < %t.err
// MATRIX: barrier-mode
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    for (int i = 0; i < 4; i++) {
        bsp_sync();                     // the loop's first sync
        if (i == 1 && bsp_pid() == 1)
            continue;
        bsp_sync();                     // the loop's second sync
    }
    bsp_end();
    return 0;
}
// END: {{^}}error: [process 0, superstep 7] bsp_sync: process 0 called bsp_sync at {{.*}}misuse-sync-skipped.c:30 while process 1 called bsp_end at {{.*}}misuse-sync-skipped.c:32; every process must call bsp_sync the same number of times before bsp_end: one skipped a bsp_sync that the other passed (or passed one more) in an earlier superstep; run with NS_CHECK_SITES=1 to stop at the first superstep in which processes pass different bsp_sync calls, with the file and line of each{{$}}
// SITES: {{^}}error: [process 0, superstep 3] bsp_sync: process 0 reached the sync at {{.*}}misuse-sync-skipped.c:30 but process 1 the one at {{.*}}misuse-sync-skipped.c:27; with NS_CHECK_SITES=1 every process must pass the same sync call in each superstep{{$}}
