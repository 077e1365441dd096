// Misuse of the collectives of bsp_coll.h stops the job with one located
// line.  Disagreements are found in the combine of the collective's sync
// and reported by process 0 at its own call, naming two processes and both
// calls; argument errors are found at the call.  The argument chooses:
//   size     process 1 folds 8 bytes where the others fold 4
//   root     the last process broadcasts from root 1, the others from 0
//   sync     the last process calls bsp_sync where the others call bsp_scan
//   overlap  bsp_exchange with src and dst overlapping
//   negative nbytes -1
//   nullop   bsp_fold with a NULL operator
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 3 %t size 2> %t.err
// RUN: FileCheck %s --check-prefix=SIZE --implicit-check-not=error: < %t.err
// RUN: not %bsprun 5 %t size 2> %t.err
// RUN: FileCheck %s --check-prefix=SIZE --implicit-check-not=error: < %t.err
// RUN: not %bsprun 3 %t root 2> %t.err
// RUN: FileCheck %s --check-prefix=ROOT3 --implicit-check-not=error: < %t.err
// RUN: not %bsprun 5 %t root 2> %t.err
// RUN: FileCheck %s --check-prefix=ROOT5 --implicit-check-not=error: < %t.err
// RUN: not %bsprun 2 %t sync 2> %t.err
// RUN: FileCheck %s --check-prefix=SYNC2 --implicit-check-not=error: < %t.err
// RUN: not %bsprun 5 %t sync 2> %t.err
// RUN: FileCheck %s --check-prefix=SYNC5 --implicit-check-not=error: < %t.err
// RUN: not %bsprun 3 %t overlap 2> %t.err
// RUN: FileCheck %s --check-prefix=OVERLAP --implicit-check-not=error: < %t.err
// RUN: not %bsprun 1 %t negative 2> %t.err
// RUN: FileCheck %s --check-prefix=NEGATIVE --implicit-check-not=error: < %t.err
// RUN: not %bsprun 3 %t nullop 2> %t.err
// RUN: FileCheck %s --check-prefix=NULLOP --implicit-check-not=error: < %t.err
// MATRIX: barrier-mode
#include <stdio.h>
#include <string.h>
#include "bsp_coll.h"

static void add(void *r, void *a, void *b, int *n)
{
    (void)n;
    *(long *)r = *(long *)a + *(long *)b;
}

int main(int argc, char **argv)
{
    (void)argc;
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid();
    long x = me, y = 0, area[16] = { 0 };
    const char *what = argv[1];
    bsp_sync();
    if (strcmp(what, "size") == 0) {
        if (me == 1)
            bsp_fold(add, &x, &y, 8);
        else
            bsp_fold(add, &x, &y, 4);       // process 0 reports here
    } else if (strcmp(what, "root") == 0) {
        bsp_bcast(me == p - 1 ? 1 : 0, &x, &y, sizeof x);
    } else if (strcmp(what, "sync") == 0) {
        if (me == p - 1)
            bsp_sync();
        else
            bsp_scan(add, &x, &y, sizeof x);
    } else if (strcmp(what, "overlap") == 0) {
        bsp_exchange(area, area + 1, sizeof(long));
    } else if (strcmp(what, "negative") == 0) {
        bsp_allgather(&x, area, -1);
    } else {
        bsp_fold(NULL, &x, &y, sizeof x);
    }
    printf("%ld\n", y);
    bsp_end();
    return 0;
}
// SIZE: coll-misuse.c:53: error: [process 0, superstep 1] bsp_fold: process 0 called bsp_fold (4 bytes) but process 1 called bsp_fold (8 bytes) in this superstep; every process must call the same collective, with the same root and size, in the same superstep
// ROOT3: coll-misuse.c:55: error: [process 0, superstep 1] bsp_bcast: process 0 called bsp_bcast (root 0, 8 bytes) but process 2 called bsp_bcast (root 1, 8 bytes) in this superstep;
// ROOT5: coll-misuse.c:55: error: [process 0, superstep 1] bsp_bcast: process 0 called bsp_bcast (root 0, 8 bytes) but process 4 called bsp_bcast (root 1, 8 bytes) in this superstep;
// SYNC2: coll-misuse.c:60: error: [process 0, superstep 1] bsp_scan: process 0 called bsp_scan (8 bytes) but process 1 called bsp_sync (no collective) in this superstep;
// SYNC5: coll-misuse.c:60: error: [process 0, superstep 1] bsp_scan: process 0 called bsp_scan (8 bytes) but process 4 called bsp_sync (no collective) in this superstep;
// OVERLAP: coll-misuse.c:62: error: [process {{[0-2]}}, superstep 1] bsp_exchange: src and dst overlap; bsp_exchange needs separate areas
// NEGATIVE: coll-misuse.c:64: error: [process 0, superstep 1] bsp_allgather: nbytes is -1; it must not be negative
// NULLOP: coll-misuse.c:66: error: [process {{[0-2]}}, superstep 1] bsp_fold: the operator is NULL; pass a function op(result, left, right, &nbytes)
