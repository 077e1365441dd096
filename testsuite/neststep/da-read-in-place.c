// Section reads whose reply is received straight into private memory: when
// all of a step's reads from one owner go, in the order asked, to one
// consecutive stretch of my memory and the reply goes by MPI (larger than
// 64 KiB), the reply is received there with no copy of its own
// (runtime/src/neststep/darequest.c); else it is received into a buffer and
// each piece copied to its place.  Each process owns B doubles of a block
// array a (a[i] = i) and reads from its right neighbour's block r:
//   step 1, one stretch: three pieces of r side by side in the order asked,
//           and a piece of every other unit of r after them;
//   step 2, the same pieces placed otherwise: the second piece asked lies
//           before the first; a hole between two pieces; a piece into
//           every other double (a private stride);
//   step 3, one stretch again (all of r but its last unit), beside a
//           mirror of r's unit 5 and a write into r's last unit, both
//           read back in step 4.
// Every process checks every value it read; the results depend only on p.
// RUN: %nscc -I%inputs %s -o %t
// RUN: %nsrun 1 %t | FileCheck %s
// RUN: %nsrun 2 %t | FileCheck %s
// RUN: env NS_NODE_AFTER=0 %nsrun 2 %t | FileCheck %s
// RUN: env NS_NODE_AFTER=0 %nsrun 3 %t | FileCheck %s
// RUN: env NS_NODE_AFTER=0 NS_NODE_LOCAL=mpi %nsrun 3 %t | FileCheck %s
// RUN: env NS_NODE_AFTER=0 %nsrun 5 %t | FileCheck %s
// CHECK: stretch 1, placed 1, beside 1
// CHECK-NEXT: wrong 0
#include <neststep.h>
#include "ns_report.h"
#include <stdio.h>
#include <stdlib.h>

#define B 40000L                        // 320000 bytes a block
#define K1 10000L                       // the pieces: [0, K1), [K1, K2), [K2, B)
#define K2 25000L
#define HOLE 7L

// Whether t[0 .. n-1] holds r*B + first, r*B + first + step, ...
static int
holds(const double *t, long n, long ts, long first, long step, long r)
{
    for (long k = 0; k < n; k++)
        if (t[k * ts] != (double)(r * B + first + k * step))
            return 0;
    return 1;
}

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    int p = NestStep_size(), me = NestStep_rank(), bad = 0;
    long n = B * p, r = (me + 1) % p, i;
    ns_darray *a = ns_da_new("a", n, 1, Type_double, sizeof(double), NS_BLOCK, NS_OP_FIRST, NULL);
    double *t = malloc(sizeof *t * (4 * B + HOLE)), *u, one = -1;
    if (!t)
        return 1;
    for (ns_iter it = ns_forall(a, 0, n - 1, 1); ns_next(&it, &i); )
        *(double *)ns_da_wlocal(a, i) = (double)i;
    long base = r * B;

    ns_step_begin(NS_AT("step"));               // 1: one stretch
    ns_da_read_section(a, base, base + K1 - 1, 1, t, NS_AT("piece 1"));
    ns_da_read_section(a, base + K1, base + K2 - 1, 1, t + K1, NS_AT("piece 2"));
    ns_da_read_section(a, base + K2, base + B - 1, 1, t + K2, NS_AT("piece 3"));
    ns_da_read_section(a, base, base + B - 1, 2, t + B, NS_AT("every other"));
    ns_step_end();
    int stretch = holds(t, B, 1, 0, 1, r) && holds(t + B, B / 2, 1, 0, 2, r);

    for (long k = 0; k < 4 * B + HOLE; k++)
        t[k] = -1;
    ns_step_begin(NS_AT("step"));               // 2: placed otherwise
    ns_da_read_section(a, base + K1, base + K2 - 1, 1, t + K1, NS_AT("second first"));
    ns_da_read_section(a, base, base + K1 - 1, 1, t, NS_AT("first second"));
    ns_da_read_section(a, base + K2, base + B - 1, 1, t + K2 + HOLE, NS_AT("after a hole"));
    ns_da_read_section_strided(a, base, base + B - 1, 1, t + 2 * B, 2, NS_AT("strided"));
    ns_step_end();
    u = t + 2 * B;
    int placed = holds(t, K2, 1, 0, 1, r) && holds(t + K2 + HOLE, B - K2, 1, K2, 1, r)
                 && holds(u, B, 2, 0, 1, r);
    for (long k = 0; k < HOLE; k++)
        placed &= t[K2 + k] == -1;
    for (long k = 0; k < B; k++)
        placed &= u[2 * k + 1] == -1;

    double mark = 1e6 + me;
    ns_step_begin(NS_AT("step"));               // 3: beside a mirror and a write
    ns_da_read_section(a, base, base + K1 - 1, 1, t, NS_AT("piece 1"));
    ns_da_read_section(a, base + K1, base + B - 2, 1, t + K1, NS_AT("the rest"));
    ns_da_mirror(a, base + 5, base + 5, 1, NS_AT("mirror"));
    ns_da_write_section(a, base + B - 1, base + B - 1, 1, &mark, NS_AT("write"));
    ns_step_end();
    ns_step_begin(NS_AT("step"));               // 4: the mirror and the write
    one = *(const double *)ns_da_rd(a, base + 5, NS_AT("mirrored"));
    ns_da_read_section(a, base + B - 1, base + B - 1, 1, &mark, NS_AT("written"));
    ns_step_end();
    int beside = holds(t, B - 1, 1, 0, 1, r) && one == (double)(base + 5) && mark == 1e6 + me;

    bad = !stretch + !placed + !beside;
    if (me == 0)
        printf("stretch %d, placed %d, beside %d\n", stretch, placed, beside);
    report_wrong(bad);
    free(t);
    ns_da_free(a);
    NestStep_finalize();
    return 0;
}
