// Request messages between processes of one node travel through the
// segment's mailboxes (runtime/src/transport/mailbox.c), 256 KiB per sender and
// superstep; a message that does not fit the room left goes through MPI in
// the same superstep.  Every process sends every other one, in each
// superstep, a message of 0 to 75 puts of 4000 bytes (up to 300 KB: some
// supersteps fill the mailbox with the first destination's message and
// send the next by MPI, some send one too long for it), with a get and a
// BSMP message beside.  Each process checks every byte it received; the
// output is the same as on the all-MPI path (NS_NODE_LOCAL=mpi), and the
// report shows messages taken from the mailboxes.
// RUN: %bspcc -I%inputs %s -o %t
// RUN: env NS_NODE_AFTER=0 %bsprun 2 %t > %t.shm2
// RUN: env NS_NODE_LOCAL=mpi %bsprun 2 %t > %t.mpi2
// RUN: diff %t.shm2 %t.mpi2
// RUN: FileCheck %s < %t.shm2
// RUN: env NS_NODE_AFTER=0 NS_NODE_REPORT=1 %bsprun 3 %t > %t.shm3 2> %t.report3
// RUN: env NS_NODE_LOCAL=mpi %bsprun 3 %t > %t.mpi3
// RUN: diff %t.shm3 %t.mpi3
// RUN: FileCheck %s < %t.shm3
// RUN: FileCheck %s --check-prefix=REPORT < %t.report3
// RUN: env NS_NODE_AFTER=0 %bsprun 5 %t > %t.shm5
// RUN: env NS_NODE_LOCAL=mpi %bsprun 5 %t > %t.mpi5
// RUN: diff %t.shm5 %t.mpi5
// RUN: FileCheck %s < %t.shm5
// Over two simulated nodes, the mailboxes inside each only:
// RUN: env NS_NODE_AFTER=0 mpiexec -hosts localhost:2,127.0.0.1:3 -n 5 %t > %t.nodes5
// RUN: diff %t.shm5 %t.nodes5
// CHECK: supersteps 40 errors 0
// CHECK-NEXT: checksum {{[0-9]+}}
// REPORT: shm-msgs {{[1-9][0-9]*$}}
// REPORT: shm-msgs {{[1-9][0-9]*$}}
// REPORT: shm-msgs {{[1-9][0-9]*$}}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bsp.h"

#define STEPS 40
#define PUT 4000
#define MAXPUTS 75
#define BLOCK (MAXPUTS * PUT)

static const int nputs[] = { 0, 1, 10, 60, 75, 30 };
#define NKINDS (int)(sizeof nputs / sizeof nputs[0])

/* How many puts s sends d in superstep t. */
static int puts_from(int s, int d, int t) { return nputs[(s + 2 * d + t) % NKINDS]; }

static unsigned char byte_of(int s, int t, long i) { return (unsigned char)(s * 31 + t * 7 + i * 13 + i / 251); }

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid();
    long errors = 0;
    unsigned long sum = 0;
    unsigned char *area = calloc((size_t)p, BLOCK), *src = malloc(BLOCK);
    long mine = 0, got = 0;
    bsp_push_reg(area, p * BLOCK);
    bsp_push_reg(&mine, sizeof mine);
    bsp_sync();
    for (int t = 0; t < STEPS; t++) {
        mine = 100L * me + t;
        for (int k = 1; k < p; k++) {
            int d = (me + k) % p, n = puts_from(me, d, t);
            for (long i = 0; i < (long)n * PUT; i++)
                src[i] = byte_of(me, t, i);
            for (int j = 0; j < n; j++)
                bsp_put(d, src + (long)j * PUT, area, me * BLOCK + j * PUT, PUT);
        }
        int from = (me + 1 + t) % p;
        bsp_get(from, &mine, 0, &got, sizeof got);
        bsp_send((me + t) % p, NULL, &mine, sizeof mine);
        bsp_sync();
        for (int s = 0; s < p; s++) {
            if (s == me)
                continue;
            for (long i = 0; i < (long)puts_from(s, me, t) * PUT; i++)
                if (area[(long)s * BLOCK + i] != byte_of(s, t, i))
                    errors++;
        }
        if (got != 100L * from + t)
            errors++;
        int n, nbytes;
        bsp_qsize(&n, &nbytes);
        for (int i = 0; i < n; i++) {
            long v;
            bsp_move(&v, sizeof v);
            sum = sum * 31 + (unsigned long)v;
        }
        for (long i = 0; i < (long)p * BLOCK; i += 997)
            sum = sum * 31 + area[i];
    }
    unsigned long *sums = calloc((size_t)p, sizeof *sums);
    long *errs = calloc((size_t)p, sizeof *errs);
    bsp_push_reg(sums, p * (int)sizeof *sums);
    bsp_push_reg(errs, p * (int)sizeof *errs);
    bsp_sync();
    bsp_put(0, &sum, sums, me * (int)sizeof sum, sizeof sum);
    bsp_put(0, &errors, errs, me * (int)sizeof errors, sizeof errors);
    bsp_sync();
    if (me == 0) {
        unsigned long c = 0;
        long e = 0;
        for (int i = 0; i < p; i++) {
            c = c * 1000003u + sums[i];
            e += errs[i];
        }
        printf("supersteps %d errors %ld\nchecksum %lu\n", STEPS, e, c);
    }
    bsp_end();
    free(errs);
    free(sums);
    free(src);
    free(area);
    return 0;
}
