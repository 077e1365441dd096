// In the relaxed modes process 0 looks for a deadlock while it waits
// (stall_detect.c): it sends every process a probe, and each answers with
// a report.  Here the last process computes for a while before bsp_end, so
// process 0 waits there and probes it, and the waves end with bsp_end:
// every probe and report sent must still be received before MPI_Finalize,
// else UCX warns at the end ("unexpected tag-receive descriptor ... was not
// matched").  NS_DEADLOCK_LOOK=0 starts the waves at the first idle round
// of a wait instead of after 50 ms; the run with the default look computes
// long enough for them too.  Every process checks the value put to it.
// RUN: %bspcc %s -o %t
// RUN: env NS_DEADLOCK_LOOK=0 %bsprun 2 --sync=relaxed %t 3000000 2>&1 | sort | FileCheck %s -D#P=2 --implicit-check-not=WARN
// RUN: env NS_DEADLOCK_LOOK=0 %bsprun 3 --sync=relaxed-eager %t 3000000 2>&1 | sort | FileCheck %s -D#P=3 --implicit-check-not=WARN
// RUN: env NS_DEADLOCK_LOOK=0 %bsprun 5 --sync=relaxed-check %t 3000000 2>&1 | sort | FileCheck %s -D#P=5 --implicit-check-not=WARN
// RUN: env NS_DEADLOCK_LOOK=0 %bsprun 5 --sync=relaxed %t 3000000 2>&1 | sort | FileCheck %s -D#P=5 --implicit-check-not=WARN
// RUN: %bsprun 2 --sync=relaxed %t 100000000 2>&1 | sort | FileCheck %s -D#P=2 --implicit-check-not=WARN
// RUN: %bsprun 3 --sync=relaxed-eager %t 100000000 2>&1 | sort | FileCheck %s -D#P=3 --implicit-check-not=WARN
// RUN: %bsprun 1 --sync=relaxed-check %t 1000 2>&1 | sort | FileCheck %s -D#P=1 --implicit-check-not=WARN
// CHECK: relaxed-end-probes: [[#P]] processes, last computed {{[0-9]+}}
// CHECK-NEXT: relaxed-end-probes: process 0 got [[#P]]
#include <stdio.h>
#include <stdlib.h>
#include "bsp.h"

int main(int argc, char **argv)
{
    long work = argc > 1 ? atol(argv[1]) : 0;
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), x = 0, v = me + 1;
    bsp_push_reg(&x, sizeof x);
    bsp_sync();
    bsp_put((me + 1) % p, &v, &x, 0, sizeof v);
    bsp_sync();
    bspx_read(&x, 1);
    if (x != (me + p - 1) % p + 1)
        printf("relaxed-end-probes: process %d got %d\n", me, x);
    if (me == 0)
        printf("relaxed-end-probes: process 0 got %d\n", x);
    if (me == p - 1) {                  /* a deterministic computation, no sleep */
        unsigned long h = 1;
        for (long i = 0; i < work; i++)
            h = h * 6364136223846793005UL + 1442695040888963407UL;
        printf("relaxed-end-probes: %d processes, last computed %lu\n", p, h % 1000);
    }
    bsp_end();
    return 0;
}
