// bsp_pop_reg of an address pushed in the same superstep cancels that push
// (its registration is the newest one of the address): push, pop, sync is a
// net no-op, as under BSPonMPI (seed 000 does not forbid it).  Sequences:
//   superstep 0: push a, pop a, push b, sync      -> b in force, a not
//   superstep 2: push c (16 B), push c (4 B), pop c, sync -> the 16-byte one
//   superstep 4: b in force; push b, pop b, sync  -> b still in force (the
//                pending push was the newest, the one in force stays)
//   superstep 5: pop b, push b, sync              -> b replaced (in force)
// A 16-byte put into c and puts into b after each step check what is in
// force; pops at the end check that exactly one registration of c and of b
// is left (a second pop would be an error, see
// misuse-put-after-push-pop.c for a).
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), to = (me + 1) % p;
    int a = 0, b = 0, c[4] = { 0 }, src[4] = { me, me + 1, me + 2, me + 3 };
    bsp_push_reg(&a, sizeof a);
    bsp_pop_reg(&a);
    bsp_push_reg(&b, sizeof b);
    bsp_sync();
    bsp_put(to, &me, &b, 0, sizeof me);
    bsp_push_reg(c, sizeof c);
    bsp_push_reg(c, sizeof(int));
    bsp_pop_reg(c);
    bsp_sync();
    int b1 = b;
    bsp_put(to, src, c, 0, sizeof src);      /* within the 16-byte registration */
    bsp_sync();
    bsp_push_reg(&b, sizeof b);
    bsp_pop_reg(&b);
    bsp_sync();
    bsp_put(to, &src[1], &b, 0, sizeof(int));
    bsp_pop_reg(&b);
    bsp_push_reg(&b, sizeof b);
    bsp_sync();
    int b2 = b;
    bsp_put(to, &src[2], &b, 0, sizeof(int));
    bsp_sync();
    bsp_pop_reg(&b);
    bsp_pop_reg(c);
    bsp_sync();
    printf("process %d: b %d c %d %d %d %d then b %d then b %d\n", me, b1, c[0], c[1], c[2],
           c[3], b2, b);
    bsp_end();
    return 0;
}
// P1: process 0: b 0 c 0 1 2 3 then b 1 then b 2
// P1-NOT: process
// P3: process 0: b 2 c 2 3 4 5 then b 3 then b 4
// P3-NEXT: process 1: b 0 c 0 1 2 3 then b 1 then b 2
// P3-NEXT: process 2: b 1 c 1 2 3 4 then b 2 then b 3
// P3-NOT: process
// P5: process 0: b 4 c 4 5 6 7 then b 5 then b 6
// P5-NEXT: process 1: b 0 c 0 1 2 3 then b 1 then b 2
// P5-NEXT: process 2: b 1 c 1 2 3 4 then b 2 then b 3
// P5-NEXT: process 3: b 2 c 2 3 4 5 then b 3 then b 4
// P5-NEXT: process 4: b 3 c 3 4 5 6 then b 4 then b 5
// P5-NOT: process
