/* bsp.h in a C89 program: bsp_put's inline front (ns_put_word.h, C99 and
 * C++) is left out and every put calls the library, with the same results
 * and the same checks.  Each process puts 4- and 8-byte words into the
 * right neighbour, then one past the end of its area (the error names the
 * caller's line, as with the front).
 * RUN: %bspcc -std=c89 -pedantic -Werror %s -o %t
 * RUN: %bsprun 1 %t | FileCheck %s --check-prefix=P1
 * RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
 * RUN: not %bsprun 2 %t misuse 2> %t.err
 * RUN: FileCheck %s --check-prefix=ERR < %t.err
 */
#include <stdio.h>
#include "bsp.h"

int main(int argc, char **argv)
{
    int i, ints[4] = { 0, 0, 0, 0 };
    double dbl[4] = { 0, 0, 0, 0 };
    int p, me, right;
    (void)argv;
    bsp_begin(bsp_nprocs());
    p = bsp_nprocs();
    me = bsp_pid();
    right = (me + 1) % p;
    bsp_push_reg(ints, sizeof ints);
    bsp_push_reg(dbl, sizeof dbl);
    bsp_sync();
    for (i = 0; i < 4; i++) {
        int v = 10 * me + i;
        double d = 100.0 * me + i + 0.5;
        bsp_put(right, &v, ints, i * (int)sizeof v, sizeof v);
        bsp_put(right, &d, dbl, i * (int)sizeof d, sizeof d);
    }
    bsp_sync();
    printf("process %d: ints %d %d %d %d, doubles %g %g %g %g\n", me, ints[0], ints[1], ints[2],
           ints[3], dbl[0], dbl[1], dbl[2], dbl[3]);
    if (argc > 1) {
        int v = 1;
        bsp_put(right, &v, ints, (int)sizeof ints, sizeof v);
    }
    bsp_sync();
    bsp_end();
    return 0;
}

/* P1: process 0: ints 0 1 2 3, doubles 0.5 1.5 2.5 3.5
 * P3: process 0: ints 20 21 22 23, doubles 200.5 201.5 202.5 203.5
 * P3: process 1: ints 0 1 2 3, doubles 0.5 1.5 2.5 3.5
 * P3: process 2: ints 10 11 12 13, doubles 100.5 101.5 102.5 103.5
 * ERR: header-c89.c:39: error: [process {{[01]}}, superstep 2] bsp_put: offset 16 + nbytes 4 = 20 is beyond
 */
