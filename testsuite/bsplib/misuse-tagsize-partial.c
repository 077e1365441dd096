// Misuse (seed 000, bsp_set_tagsize note 3: all processes, in the same
// superstep): bsp_set_tagsize called by only some processes, even with the
// size already in force (0 here), as BSPonMPI catches it.  Found at the sync,
// located at the sync of the process that reports it.  The argument chooses
// who calls: "zero" process 0 alone, "last" every process but the last.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 3 %t zero 2> %t.err
// RUN: FileCheck %s --check-prefix=ZERO --implicit-check-not=error: < %t.err
// RUN: not %bsprun 5 %t zero 2> %t.err
// RUN: FileCheck %s --check-prefix=ZERO --implicit-check-not=error: < %t.err
// RUN: not %bsprun 3 %t last 2> %t.err
// RUN: FileCheck %s --check-prefix=LAST3 --implicit-check-not=error: < %t.err
// RUN: not %bsprun 5 %t last 2> %t.err
// RUN: FileCheck %s --check-prefix=LAST5 --implicit-check-not=error: < %t.err
// With one process, one call is all processes: no error.
// RUN: %bsprun 1 %t zero | FileCheck %s --check-prefix=ONE
#include <stdio.h>
#include <string.h>
#include "bsp.h"

int main(int argc, char **argv)
{
    (void)argc;
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), t = 0;
    bsp_sync();
    if (strcmp(argv[1], "zero") == 0 ? me == 0 : me != p - 1)
        bsp_set_tagsize(&t);
    bsp_sync();     // the line of the report
    printf("tag size %d\n", t);
    bsp_end();
    return 0;
}
// ZERO: misuse-tagsize-partial.c:29: error: [process {{[0-4]}}, superstep 1] bsp_sync: process 0 called bsp_set_tagsize (size 0) in this superstep but process 1 did not; every process must call bsp_set_tagsize in the same superstep (with the same size), even when the size does not change
// LAST3: misuse-tagsize-partial.c:29: error: [process {{[0-2]}}, superstep 1] bsp_sync: process 0 called bsp_set_tagsize (size 0) in this superstep but process 2 did not;
// LAST5: misuse-tagsize-partial.c:29: error: [process {{[0-4]}}, superstep 1] bsp_sync: process 0 called bsp_set_tagsize (size 0) in this superstep but process 4 did not;
// ONE: tag size 0
