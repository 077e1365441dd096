// BSMP needs the global message count of a barrier, so in the relaxed modes
// every BSMP call stops the job at the call, naming the mode and the
// alternative (argv[1] picks the call); a synchronization mode that does
// not exist stops the job at bsp_begin in one line.  In barrier mode the
// same program runs (case 0 sends and receives one message).
// RUN: %bspcc %s -o %t
// RUN: %bsprun 3 --sync=barrier %t 0 | FileCheck %s --check-prefix=OK
// RUN: %bsprun 3 --sync=relaxed %t 9 | FileCheck %s --check-prefix=OK
// RUN: not %bsprun 3 --sync=relaxed %t 1 2>&1 | FileCheck %s --check-prefixes=ALL,TAGSIZE
// RUN: not %bsprun 2 --sync=relaxed-eager %t 2 2>&1 | FileCheck %s --check-prefixes=ALL,SEND
// RUN: not %bsprun 3 --sync=relaxed-check %t 3 2>&1 | FileCheck %s --check-prefixes=ALL,HPSEND
// RUN: not %bsprun 1 --sync=relaxed %t 4 2>&1 | FileCheck %s --check-prefixes=ALL,QSIZE
// RUN: not %bsprun 5 --sync=relaxed %t 5 2>&1 | FileCheck %s --check-prefixes=ALL,GETTAG
// RUN: not %bsprun 3 --sync=relaxed-eager %t 6 2>&1 | FileCheck %s --check-prefixes=ALL,MOVE
// RUN: not %bsprun 3 --sync=relaxed %t 7 2>&1 | FileCheck %s --check-prefixes=ALL,HPMOVE
// RUN: not %bsprun 3 --sync=lazy %t 0 2>&1 | FileCheck %s --check-prefix=BADMODE
#include <stdio.h>
#include <stdlib.h>
#include "bsp.h"

int main(int argc, char **argv)
{
    int c = argc > 1 ? atoi(argv[1]) : 0, n, bytes, status, tag = 7, v = 42;
    void *t, *pl;
    bsp_begin(bsp_nprocs());
    int me = bsp_pid(), p = bsp_nprocs();
    switch (c) {
    // TAGSIZE: misuse-relaxed-bsmp.c:[[@LINE+1]]: error: [process {{[0-9]}}, superstep 0] bsp_set_tagsize: BSMP is not available with NS_SYNC=relaxed:
    case 1: n = 4; bsp_set_tagsize(&n); break;
    // SEND: misuse-relaxed-bsmp.c:[[@LINE+1]]: error: [process {{[0-9]}}, superstep 0] bsp_send: BSMP is not available with NS_SYNC=relaxed-eager:
    case 2: bsp_send((me + 1) % p, &tag, &v, sizeof v); break;
    // HPSEND: error: [process {{[0-9]}}, superstep 0] bsp_hpsend: BSMP is not available with NS_SYNC=relaxed-check:
    case 3: bsp_hpsend((me + 1) % p, &tag, &v, sizeof v); break;
    // QSIZE: error: [process 0, superstep 0] bsp_qsize: BSMP is not available with NS_SYNC=relaxed:
    case 4: bsp_qsize(&n, &bytes); break;
    // GETTAG: error: [process {{[0-9]}}, superstep 0] bsp_get_tag: BSMP is not available with NS_SYNC=relaxed:
    case 5: bsp_get_tag(&status, &tag); break;
    // MOVE: error: [process {{[0-9]}}, superstep 0] bsp_move: BSMP is not available with NS_SYNC=relaxed-eager:
    case 6: bsp_move(&v, sizeof v); break;
    // HPMOVE: error: [process {{[0-9]}}, superstep 0] bsp_hpmove: BSMP is not available with NS_SYNC=relaxed:
    case 7: bsp_hpmove(&t, &pl); break;
    case 0:
        bsp_send((me + 1) % p, &tag, &v, sizeof v);
        bsp_sync();
        bsp_qsize(&n, &bytes);
        bsp_move(&v, sizeof v);
        if (me == 0)
            printf("run: %d message of %d bytes, %d\n", n, bytes, v);
        break;
    default:
        if (me == 0)
            printf("run: 1 message of 4 bytes, 42\n");    /* DRMA only: runs */
    }
    bsp_end();
    return 0;
}
// ALL-SAME: a message queue needs the global message count of a barrier, which the relaxed modes do without; send with bsp_put into a registered area and wait for it with bspx_read, or run in barrier mode (NS_SYNC=barrier, bsprun --sync=barrier)
// ALL-NOT: error:
// OK: run: 1 message of 4 bytes, 42
// BADMODE: misuse-relaxed-bsmp.c:[[@LINE-35]]: error: [process {{[0-9]}}] bsp_begin: NS_SYNC=lazy is not a synchronization mode; use barrier, relaxed, relaxed-eager or relaxed-check
// BADMODE-NOT: error:
