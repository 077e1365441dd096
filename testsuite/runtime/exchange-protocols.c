// The count-exchange protocols (NS_EXCHANGE, bsprun --exchange) give the
// same results: sparse, irregular traffic in which most processes receive
// nothing in a superstep and some receive from many (what NBX must get
// right without counts), puts, gets, BSMP sends, large bsp_hpput that go
// zero-copy as messages of their own, and registrations pushed in the
// middle of the run (under nbx their sizes come through the combine).  The
// output is a checksum per process of everything received, identical for
// every protocol and process count (the values are the tree protocol's,
// which the rest of the suite checks).  A bad value stops the job at the start
// in one line, from bsprun or from the engine.
// RUN: %bspcc -O2 %s -o %t
// RUN: %bsprun 1 --exchange=nbx %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 --exchange=tree %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 3 --exchange=direct %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 3 --exchange nbx %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
// RUN: env NS_EXCHANGE=direct %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
// RUN: env NS_EXCHANGE=nbx %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
// RUN: env NS_EXCHANGE=nbx NS_TREE_ARITY=2 %bsprun 16 %t | sort | FileCheck %s --check-prefix=P16
// RUN: env NS_EXCHANGE=direct %bsprun 16 %t | sort | FileCheck %s --check-prefix=P16
// RUN: %bsprun 16 %t | sort | FileCheck %s --check-prefix=P16
// RUN: sh -c '%bsprun 2 --exchange=ring %t; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=BADOPT
// RUN: not env NS_EXCHANGE=ring %bsprun 2 %t 2>&1 | FileCheck %s --check-prefix=BADENV
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bsp.h"

#define BIG (40 * 1024)             /* above the zero-copy threshold of bsp_hpput */

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), s = bsp_pid(), tagsize = sizeof(int);
    int *in = calloc((size_t)p, sizeof(int)), *got = calloc((size_t)p, sizeof(int));
    char *big = calloc(BIG, 1), *bigsrc = malloc(BIG);
    int mine = 31 * s + 5, late = 0;
    unsigned long sum = 0;
    bsp_push_reg(in, p * (int)sizeof(int));
    bsp_push_reg(&mine, sizeof(int));
    bsp_push_reg(big, BIG);
    bsp_set_tagsize(&tagsize);
    bsp_sync();
    for (int round = 0; round < 40; round++) {
        if (round == 20) {          /* a registration in the middle */
            bsp_push_reg(&late, s == 0 ? 0 : (int)sizeof late);
            bsp_sync();
        }
        for (int d = 0; d < p; d++) {
            int pick = (d * 7 + s * 3 + round) % 5;     /* sparse: 1 in 5 */
            int v = 1000 * round + 10 * s + d;
            if (pick == 0)
                bsp_put(d, &v, in, s * (int)sizeof(int), sizeof(int));
            if (pick == 1)
                bsp_get(d, &mine, 0, &got[d], sizeof(int));
            if (pick == 2 && d == (s + round) % p)
                bsp_send(d, &s, &v, sizeof v);
            if (pick == 3 && round % 8 == 3 && d != s) {
                memset(bigsrc, (char)(round + s), BIG);
                bsp_hpput(d, bigsrc, big, 0, BIG);
            }
            if (round > 20 && pick == 4 && d != 0)
                bsp_put(d, &v, &late, 0, sizeof v);
        }
        if (round % 3 == 0 && p > 1)    /* everyone to one process */
            bsp_put(round % p, &s, in, s * (int)sizeof(int), sizeof(int));
        bsp_sync();
        int n, bytes, status, tag, v;
        bsp_qsize(&n, &bytes);
        for (int i = 0; i < n; i++) {
            bsp_get_tag(&status, &tag);
            bsp_move(&v, sizeof v);
            sum = sum * 31 + (unsigned)(tag * 7 + v);
        }
        for (int i = 0; i < p; i++)
            sum = sum * 31 + (unsigned)in[i] + 3u * (unsigned)got[i];
        sum = sum * 31 + (unsigned char)big[s % BIG] + (unsigned)late;
    }
    printf("process %d of %d: %lu\n", s, p, sum % 1000000007ul);
    bsp_end();
    free(in);
    free(got);
    free(big);
    free(bigsrc);
    return 0;
}
// P1: {{^}}process 0 of 1: 432162760{{$}}
// P1-NOT: process
// P3: {{^}}process 0 of 3: 764752929{{$}}
// P3-NEXT: {{^}}process 1 of 3: 948181559{{$}}
// P3-NEXT: {{^}}process 2 of 3: 853977727{{$}}
// P3-NOT: process
// P5: {{^}}process 0 of 5: 990270855{{$}}
// P5-NEXT: {{^}}process 1 of 5: 912627233{{$}}
// P5-NEXT: {{^}}process 2 of 5: 888199464{{$}}
// P5-NEXT: {{^}}process 3 of 5: 712911266{{$}}
// P5-NEXT: {{^}}process 4 of 5: 368298326{{$}}
// P5-NOT: process
// P16: {{^}}process 0 of 16: 188259009{{$}}
// P16-NEXT: {{^}}process 1 of 16: 382223645{{$}}
// P16-NEXT: {{^}}process 10 of 16: 694640291{{$}}
// P16-NEXT: {{^}}process 11 of 16: 517528457{{$}}
// P16-NEXT: {{^}}process 12 of 16: 693972983{{$}}
// P16-NEXT: {{^}}process 13 of 16: 817112170{{$}}
// P16-NEXT: {{^}}process 14 of 16: 209759674{{$}}
// P16-NEXT: {{^}}process 15 of 16: 203166201{{$}}
// P16-NEXT: {{^}}process 2 of 16: 257940372{{$}}
// P16-NEXT: {{^}}process 3 of 16: 846842069{{$}}
// P16-NEXT: {{^}}process 4 of 16: 885559132{{$}}
// P16-NEXT: {{^}}process 5 of 16: 9689116{{$}}
// P16-NEXT: {{^}}process 6 of 16: 46017720{{$}}
// P16-NEXT: {{^}}process 7 of 16: 894921634{{$}}
// P16-NEXT: {{^}}process 8 of 16: 704948377{{$}}
// P16-NEXT: {{^}}process 9 of 16: 114229654{{$}}
// P16-NOT: process
// BADOPT: {{^}}bsprun: --exchange must be tree, direct or nbx, got 'ring'{{$}}
// BADOPT-NEXT: {{^}}exit 2{{$}}
// BADENV: {{^}}{{.*}}exchange-protocols.c:{{[0-9]+}}: error: [process {{[0-9]+}}] bsp_begin: NS_EXCHANGE=ring is not a count-exchange protocol; use tree (the default), direct or nbx (bsprun --exchange=tree|direct|nbx)
