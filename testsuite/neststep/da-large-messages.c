// Distributed-array requests and replies of every size in one step: inside
// a node they go through the mailboxes (runtime/src/transport/mailbox.c), and one
// larger than 64 KiB (or than the room left in a mailbox) goes by MPI
// instead, while the small ones of the same step still take the mailbox.  Each
// process owns B doubles of a block array a (a[i] = i at the start).
//   step 1: every process reads all of its right neighbour's block (a
//           reply of 8B bytes: too large) and one element of its left
//           neighbour's (small);
//   step 2: every process writes all but the last element of its right
//           neighbour's block (a request of 8B bytes: too large) and the
//           last element of its left neighbour's (small);
//   step 3: every process reads back what it wrote, both places.
// The results depend only on p, and every process checks its own; the
// same at NS_NODE_LOCAL=mpi, where nothing goes through the mailboxes.
// RUN: %nscc -I%inputs %s -o %t
// RUN: %nsrun 1 %t | FileCheck %s
// RUN: %nsrun 2 %t | FileCheck %s
// RUN: env NS_NODE_AFTER=0 %nsrun 3 %t | FileCheck %s
// RUN: env NS_NODE_AFTER=0 NS_NODE_LOCAL=mpi %nsrun 3 %t | FileCheck %s
// RUN: env NS_NODE_AFTER=0 %nsrun 5 %t | FileCheck %s
// CHECK: read sums ok 1, written ok 1
// CHECK-NEXT: wrong 0
#include <neststep.h>
#include "ns_report.h"
#include <stdio.h>
#include <stdlib.h>

#define B 40000L                        // 320000 bytes a block

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    int p = NestStep_size(), me = NestStep_rank(), bad = 0;
    long n = B * p, right = (me + 1) % p, left = (me + p - 1) % p;
    ns_darray *a = ns_da_new("a", n, 1, Type_double, sizeof(double), NS_BLOCK, NS_OP_FIRST, NULL);
    double *blk = malloc(sizeof *blk * B), *most = malloc(sizeof *most * B), one = -1;
    if (!blk || !most)
        return 1;
    long i;
    for (ns_iter it = ns_forall(a, 0, n - 1, 1); ns_next(&it, &i); )
        *(double *)ns_da_wlocal(a, i) = (double)i;

    ns_step_begin(NS_AT("step"));
    ns_da_read_section(a, right * B, right * B + B - 1, 1, blk, NS_AT("big read"));
    ns_da_read_section(a, left * B + 7, left * B + 7, 1, &one, NS_AT("small read"));
    ns_step_end();
    for (long k = 0; k < B; k++)
        bad += blk[k] != (double)(right * B + k);
    bad += one != (double)(left * B + 7);

    for (long k = 0; k < B - 1; k++)
        most[k] = -(double)k - 1;
    double mark = 1e6 + me;
    ns_step_begin(NS_AT("step"));
    ns_da_write_section(a, right * B, right * B + B - 2, 1, most, NS_AT("big write"));
    ns_da_write_section(a, left * B + B - 1, left * B + B - 1, 1, &mark, NS_AT("small write"));
    ns_step_end();

    ns_step_begin(NS_AT("step"));
    ns_da_read_section(a, right * B, right * B + B - 1, 1, blk, NS_AT("read back"));
    ns_da_read_section(a, left * B + B - 1, left * B + B - 1, 1, &one, NS_AT("read back"));
    ns_step_end();
    int written_ok = one == mark;       // my own small write
    for (long k = 0; k < B; k++) {
        double want = -(double)k - 1;
        if (k == B - 1)                 // the small write of right's right
            want = 1e6 + (right + 1) % p;
        written_ok &= blk[k] == want;
    }
    bad += !written_ok;
    if (me == 0)
        printf("read sums ok %d, written ok %d\n", bad == 0, written_ok);
    report_wrong(bad);
    free(most);
    free(blk);
    ns_da_free(a);
    NestStep_finalize();
    return 0;
}
