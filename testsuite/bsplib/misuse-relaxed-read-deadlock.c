// In a relaxed mode a bspx_read whose count is too high waits for puts that
// never come, and no barrier finds it.  Process 0 then finds that every
// process waits with no message on its way (stall_detect.c) and the job
// stops, through the process whose bspx_read cannot be met, naming every
// process's wait.  Each process puts its pid+1 into x of the next one.
//   case 1: every process reads x expecting 2 puts (1 arrive);
//   case 2: only the last process does; the others reach bsp_end;
//   case 3: as 2, and process 0 puts to the last process again, so in
//           relaxed mode (not eager) it waits in its sync for acceptance.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 1 --sync=relaxed %t 1 2>&1 | FileCheck %s --check-prefix=ALL1
// RUN: not %bsprun 3 --sync=relaxed-eager %t 1 2>&1 | FileCheck %s --check-prefix=ALL3
// RUN: not %bsprun 2 --sync=relaxed %t 2 2>&1 | FileCheck %s --check-prefix=LAST2
// RUN: not %bsprun 5 --sync=relaxed-eager %t 2 2>&1 | FileCheck %s --check-prefix=LAST5
// RUN: not %bsprun 3 --sync=relaxed %t 3 2>&1 | FileCheck %s --check-prefix=SYNC3
// RUN: not %bsprun 3 --sync=relaxed-check %t 2 2>&1 | FileCheck %s --check-prefix=CHECK3
// RUN: %bsprun 3 --sync=relaxed %t 0 | sort | FileCheck %s --check-prefix=GOOD
// RUN: %bsprun 3 --sync=relaxed-eager %t 0 | sort | FileCheck %s --check-prefix=GOOD
#include <stdio.h>
#include <stdlib.h>
#include "bsp.h"

int main(int argc, char **argv)
{
    int c = argc > 1 ? atoi(argv[1]) : 0;
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), x = 0, v = me + 1;
    bsp_push_reg(&x, sizeof x);
    bsp_sync();
    bsp_put((me + 1) % p, &v, &x, 0, sizeof v);
    bsp_sync();
    if (c == 1 || (c >= 2 && me == p - 1))
        // ALL1: misuse-relaxed-read-deadlock.c:[[@LINE+5]]: error: [process 0, superstep 2] bspx_read: NS_SYNC=relaxed: deadlock: every process waits and no message is on its way (process 0 waits in bspx_read(0x{{[0-9a-f]+}}, 2) at {{.*}}misuse-relaxed-read-deadlock.c:[[@LINE+5]] in superstep 2, 1 put arrived); the count passed to bspx_read must be the number of puts that reach the area since its last bspx_read, the count passed to bspx_lend the number of gets that read the area in its superstep (NS_SYNC=relaxed-check compares each count with barrier mode's)
        // ALL3: misuse-relaxed-read-deadlock.c:[[@LINE+4]]: error: [process 0, superstep 2] bspx_read: NS_SYNC=relaxed-eager: deadlock: every process waits and no message is on its way (process 0 waits in bspx_read(0x{{[0-9a-f]+}}, 2) at {{.*}}:[[@LINE+4]] in superstep 2, 1 put arrived; process 1 waits in bspx_read(0x{{[0-9a-f]+}}, 2) at {{.*}}:[[@LINE+4]] in superstep 2, 1 put arrived; process 2 waits in bspx_read(0x{{[0-9a-f]+}}, 2) at {{.*}}:[[@LINE+4]] in superstep 2, 1 put arrived); the count
        // LAST2: misuse-relaxed-read-deadlock.c:[[@LINE+3]]: error: [process 1, superstep 2] bspx_read: NS_SYNC=relaxed: deadlock: every process waits and no message is on its way (process 0 waits in bsp_end at {{.*}}:[[@LINE+14]] in superstep 3 for the transfers other processes announced; process 1 waits in bspx_read(0x{{[0-9a-f]+}}, 2) at {{.*}}:[[@LINE+3]] in superstep 2, 1 put arrived); the count
        // LAST5: misuse-relaxed-read-deadlock.c:[[@LINE+2]]: error: [process 4, superstep 2] bspx_read: NS_SYNC=relaxed-eager: deadlock: every process waits and no message is on its way (process 0 waits in bsp_end {{.*}}; process 1 waits in bsp_end {{.*}}; process 2 waits in bsp_end {{.*}}; process 3 waits in bsp_end {{.*}}; process 4 waits in bspx_read(0x{{[0-9a-f]+}}, 2) at {{.*}}:[[@LINE+2]] in superstep 2, 1 put arrived); the count
        // SYNC3: misuse-relaxed-read-deadlock.c:[[@LINE+1]]: error: [process 2, superstep 2] bspx_read: NS_SYNC=relaxed: deadlock: every process waits and no message is on its way (process 0 waits in bsp_sync at {{.*}}:[[@LINE+7]] in superstep 2 for its puts to be accepted or its gets answered; process 1 waits in bsp_end {{.*}}; process 2 waits in bspx_read(0x{{[0-9a-f]+}}, 2) at {{.*}}:[[@LINE+1]] in superstep 2, 1 put arrived); the count
        bspx_read(&x, 2);
    else
        bspx_read(&x, 1);
    // CHECK3: error: [process 2, superstep 2] bspx_read: NS_SYNC=relaxed-check: area 0x{{[0-9a-f]+}}: bspx_read expects 2 puts, barrier mode delivers 1 since its last bspx_read
    if (c == 3 && me == 0)
        bsp_put(p - 1, &v, &x, 0, sizeof v);
    bsp_sync();
    printf("%d: x = %d\n", me, x);
    // GOOD: 0: x = 3
    // GOOD: 1: x = 1
    // GOOD: 2: x = 2
    bsp_end();
    return 0;
}
