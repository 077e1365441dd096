// bsprun --profile in the relaxed modes of NS_SYNC: a ring of puts, each
// read with bspx_read.  Every sync is a record, as in barrier mode, with
// what each process sent; what it received is counted where it accepted it
// (in that sync, or in the bspx_read after it: the next record), so the
// per-superstep received column depends on timing but the run's totals and
// the communication matrix do not.
// RUN: %bspcc %s -o %t
// RUN: rm -rf %t.e3 %t.r5 %t.c1
// RUN: %bsprun 3 --sync=relaxed-eager --profile=%t.e3 %t | FileCheck %s --check-prefix=OUT
// RUN: bspprof --csv %t.e3 | cut -d, -f1-13,16-19 | FileCheck %s --check-prefix=CSV3
// RUN: bspprof %t.e3 | FileCheck %s --check-prefix=TABLE3
// RUN: bspprof --matrix %t.m3.svg %t.e3 > /dev/null
// RUN: grep -o '[0-9]* -&gt; [0-9]*: [0-9]* bytes in [0-9]* messages' %t.m3.svg | FileCheck %s --check-prefix=MATRIX3
// RUN: %bsprun 5 --sync=relaxed --profile=%t.r5 %t | FileCheck %s --check-prefix=OUT
// RUN: bspprof %t.r5 | FileCheck %s --check-prefix=TABLE5
// RUN: %bsprun 1 --sync=relaxed-check --profile=%t.c1 %t | FileCheck %s --check-prefix=OUT
// RUN: bspprof --csv %t.c1 | cut -d, -f1-5 | FileCheck %s --check-prefix=CSV1
// OUT: relaxed ring done
// CSV3: row,kind,superstep,ordinal,site,group,depth,gindex,gsize,members,h_bytes,h_words,sent_max_bytes,msgs,puts,gets,sends
// CSV3-NEXT: 0,sync,0,0,relaxed.c:53,all/3,0,0,3,3,0,0,0,0,0,0,0
// CSV3-NEXT: 1,sync,1,0,relaxed.c:58,all/3,0,0,3,3,800,100,800,3,3,0,0
// CSV3-NEXT: 2,sync,2,0,relaxed.c:58,all/3,0,0,3,3,800,100,800,3,3,0,0
// CSV3-NEXT: 3,sync,3,0,relaxed.c:58,all/3,0,0,3,3,800,100,800,3,3,0,0
// CSV3-NEXT: 4,end,4,0,relaxed.c:64,all/3,0,0,3,3,{{[0-9]+}},{{[0-9]+}},0,0,0,0,0
// CSV3-NOT: {{.}}
// TABLE3: bspprof: {{.*}}, 3 processes, 5 supersteps (combine=tree NS_SYNC=relaxed-eager)
// TABLE3: total: 9 puts, 0 gets, 0 sends, 9 data messages
// MATRIX3:      0 -&gt; 0: 0 bytes in 0 messages
// MATRIX3-NEXT: 0 -&gt; 1: 2400 bytes in 3 messages
// MATRIX3-NEXT: 0 -&gt; 2: 0 bytes in 0 messages
// MATRIX3-NEXT: 1 -&gt; 0: 0 bytes in 0 messages
// MATRIX3-NEXT: 1 -&gt; 1: 0 bytes in 0 messages
// MATRIX3-NEXT: 1 -&gt; 2: 2400 bytes in 3 messages
// MATRIX3-NEXT: 2 -&gt; 0: 2400 bytes in 3 messages
// TABLE5: bspprof: {{.*}}, 5 processes, 5 supersteps (combine=tree NS_SYNC=relaxed)
// TABLE5: total: 15 puts, 0 gets, 0 sends, 15 data messages
// CSV1: row,kind,superstep,ordinal,site
// CSV1-NEXT: 0,sync,0,0,relaxed.c:53
// CSV1-NEXT: 1,sync,1,0,relaxed.c:58
// CSV1-NEXT: 2,sync,2,0,relaxed.c:58
// CSV1-NEXT: 3,sync,3,0,relaxed.c:58
// CSV1-NEXT: 4,end,4,0,relaxed.c:64
#include <stdio.h>
#include "bsp.h"

int
main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid();
    double src[100], dst[100];
    bsp_push_reg(dst, sizeof dst);
    bsp_sync();
    for (int r = 0; r < 3; r++) {
        for (int i = 0; i < 100; i++)
            src[i] = 1000 * r + me + i;
        bsp_put((me + 1) % p, src, dst, 0, sizeof src);
        bsp_sync();
        bspx_read(dst, 1);
        if (dst[0] != 1000 * r + (me + p - 1) % p)
            bsp_abort("process %d got %g in round %d\n", me, dst[0], r);
    }
    bsp_pop_reg(dst);
    bsp_end();
    if (me == 0)
        printf("relaxed ring done\n");
    return 0;
}
