// bspx_lend(area, ngets), the owner's count of the gets that read its area
// in a superstep (runtime/src/transport/lend.c), misused, in every mode.  Process 1
// gets both ints of process 0's x in superstep 1 (a bsp_get and a
// bsp_hpget), and process 0 sets x to 0 right after the sync.
//   case 1: process 0 lends x to 1 get: the second is one too many (the
//           stop names the bspx_lend line, the area and the count);
//   case 2: it lends x to 3: barrier mode finds 2 at the sync; relaxed-check
//           compares 3 with barrier mode's 2; relaxed-eager waits for a get
//           that never comes, and deadlock detection stops the job there;
//   case 3: an area that is not registered;  case 4: a negative count;
//   case 5: a second bspx_lend of x adds to the first (1 + 1: right).
// Case 0 and 5 are right: process 1 reads 10 and 11 in every mode, though x
// changes right after the sync.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 2 %t 1 2>&1 | FileCheck %s --check-prefix=LOW
// RUN: not %bsprun 3 --sync=relaxed-eager %t 1 2>&1 | FileCheck %s --check-prefix=LOW
// RUN: not %bsprun 2 --sync=relaxed-check %t 1 2>&1 | FileCheck %s --check-prefix=CHECKLOW
// RUN: not %bsprun 3 %t 2 2>&1 | FileCheck %s --check-prefix=HIGH
// RUN: not %bsprun 2 --sync=relaxed-check %t 2 2>&1 | FileCheck %s --check-prefix=CHECKHIGH
// RUN: not %bsprun 2 --sync=relaxed-eager %t 2 2>&1 | FileCheck %s --check-prefix=DEADLOCK
// RUN: not %bsprun 2 --sync=relaxed %t 3 2>&1 | FileCheck %s --check-prefix=UNREG
// RUN: not %bsprun 2 %t 4 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: %bsprun 2 %t 0 | FileCheck %s --check-prefix=GOOD
// RUN: %bsprun 3 %t 5 | FileCheck %s --check-prefix=GOOD
// RUN: %bsprun 3 --sync=relaxed %t 0 | FileCheck %s --check-prefix=GOOD
// RUN: %bsprun 5 --sync=relaxed-eager %t 5 | FileCheck %s --check-prefix=GOOD
// RUN: %bsprun 3 --sync=relaxed-check %t 0 | FileCheck %s --check-prefix=GOOD
#include <stdio.h>
#include <stdlib.h>
#include "bsp.h"

int main(int argc, char **argv)
{
    int x[2] = { 10, 11 }, y = 0, got[2] = { -1, -1 }, c = argc > 1 ? atoi(argv[1]) : 0;
    bsp_begin(bsp_nprocs());
    int me = bsp_pid();
    bsp_push_reg(x, sizeof x);
    bsp_sync();
    if (me == 1) {
        bsp_get(0, x, 0, &got[0], sizeof(int));
        bsp_hpget(0, x, sizeof(int), &got[1], sizeof(int));
    }
    if (me == 0) {
        if (c == 1)
            // LOW: misuse-lend.c:[[@LINE+2]]: error: [process 0, superstep 1] bspx_lend: area 0x{{[0-9a-f]+}} was lent to 1 get of superstep 1, and a get from process 1 is one more; pass the number of bsp_get/bsp_hpget calls (from all processes, this one included) that read the area in the superstep of the bspx_lend
            // CHECKLOW: misuse-lend.c:[[@LINE+1]]: error: [process 0, superstep 1] bspx_lend: NS_SYNC=relaxed-check: area 0x{{[0-9a-f]+}}: bspx_lend expects 1 get, barrier mode serves 2 in this superstep; a get beyond the count could read the area after this process has changed it
            bspx_lend(x, 1);
        else if (c == 2)
            // HIGH: misuse-lend.c:[[@LINE+3]]: error: [process 0, superstep 1] bspx_lend: area 0x{{[0-9a-f]+}} was lent to 3 gets, and 2 read it in this superstep; pass the number of bsp_get/bsp_hpget calls (from all processes, this one included) that read the area in this superstep
            // CHECKHIGH: misuse-lend.c:[[@LINE+2]]: error: [process 0, superstep 1] bspx_lend: NS_SYNC=relaxed-check: area 0x{{[0-9a-f]+}}: bspx_lend expects 3 gets, barrier mode serves 2 in this superstep; the sync would wait for gets that never come
            // DEADLOCK: misuse-lend.c:[[@LINE+1]]: error: [process 0, superstep 1] bspx_lend: NS_SYNC=relaxed-eager: deadlock: every process waits and no message is on its way (process 0 waits in bsp_sync for the gets of bspx_lend(0x{{[0-9a-f]+}}, 3) at {{.*}}misuse-lend.c:[[@LINE+1]] in superstep 1, 2 served; process 1 waits in bsp_end at {{.*}} in superstep 3 for the transfers other processes announced); the count passed to bspx_read must be the number of puts that reach the area since its last bspx_read, the count passed to bspx_lend the number of gets that read the area in its superstep
            bspx_lend(x, 3);
        else if (c == 3)
            // UNREG: misuse-lend.c:[[@LINE+1]]: error: [process 0, superstep 1] bspx_lend: the area 0x{{[0-9a-f]+}} is not registered; pass the start address given to bsp_push_reg (gets are counted per registered area, not per element)
            bspx_lend(&y, 0);
        else if (c == 4)
            // NEG: misuse-lend.c:[[@LINE+1]]: error: [process 0, superstep 1] bspx_lend: ngets is -1; it must not be negative
            bspx_lend(x, -1);
        else if (c == 5) {
            bspx_lend(x, 1);
            bspx_lend(x, 1);
        } else {
            bspx_lend(x, 2);
        }
    }
    bsp_sync();
    x[0] = x[1] = 0;
    if (me == 1)
        // GOOD: process 1 got 10 11
        printf("process 1 got %d %d\n", got[0], got[1]);
    bsp_pop_reg(x);
    bsp_sync();
    bsp_end();
    return 0;
}
// LOW-NOT: error:
// HIGH-NOT: error:
