// bsprun --profile: a ring of puts of known size.  Each process puts 100
// doubles (800 bytes, 100 words) to the next one in each of 3 supersteps;
// bspprof's table has exactly those supersteps, h and messages, at the
// sites of the syncs (1 process: the put goes to itself, which h does not
// count).  The SVG is well-formed with one lane per process, and so is the
// communication matrix; with --lanes 2 the 5 processes take 2 lanes (0-2,
// 3-4), each column the phases of its processes added up.
// RUN: %bspcc %s -o %t
// RUN: rm -rf %t.d1 %t.d2 %t.d3 %t.d4 %t.d5
// RUN: %bsprun 1 --profile=%t.d1 %t | FileCheck %s --check-prefix=OUT
// RUN: bspprof --csv %t.d1 | cut -d, -f1-23 | FileCheck %s --check-prefix=P1
// RUN: %bsprun 2 --profile=%t.d2 %t | FileCheck %s --check-prefix=OUT
// RUN: bspprof --csv %t.d2 | cut -d, -f1-23 | FileCheck %s --check-prefix=P2
// RUN: %bsprun 3 --profile=%t.d3 %t | FileCheck %s --check-prefix=OUT
// RUN: bspprof --csv %t.d3 | cut -d, -f1-23 | FileCheck %s --check-prefix=P3
// RUN: bspprof %t.d3 | FileCheck %s --check-prefix=TABLE
// RUN: %bsprun 4 --profile=%t.d4 %t | FileCheck %s --check-prefix=OUT
// RUN: bspprof --csv %t.d4 | cut -d, -f1-23 | FileCheck %s --check-prefix=P4
// RUN: %bsprun 5 --profile=%t.d5 %t | FileCheck %s --check-prefix=OUT
// RUN: bspprof --csv %t.d5 | cut -d, -f1-23 | FileCheck %s --check-prefix=P5
// RUN: bspprof --svg %t.svg --matrix %t.m.svg %t.d5 > /dev/null
// RUN: xmllint --noout %t.svg %t.m.svg
// RUN: grep -c 'class="lane"' %t.svg | FileCheck %s --check-prefix=LANES5
// RUN: grep -c 'class="row"' %t.m.svg | FileCheck %s --check-prefix=LANES5
// RUN: grep -o '[0-9]* -&gt; [0-9]*: [0-9]* bytes in [0-9]* messages' %t.m.svg | FileCheck %s --check-prefix=MATRIX
// RUN: bspprof --matrix %t.m1.svg --superstep 1 %t.d5 > /dev/null
// RUN: grep -o '4 -&gt; 0: [0-9]* bytes in [0-9]* messages' %t.m1.svg | FileCheck %s --check-prefix=MATRIX1
// RUN: not bspprof --superstep 9 --matrix %t.m1.svg %t.d5 2>&1 | FileCheck %s --check-prefix=BADSTEP
// RUN: bspprof --svg %t.b.svg --lanes 2 %t.d5 > /dev/null
// RUN: xmllint --noout %t.b.svg
// RUN: grep -o 'class="lane" id="p[0-9]*"><text[^>]*>[0-9-]*' %t.b.svg | sed 's/.*>//' | FileCheck %s --check-prefix=BANDS
// RUN: grep -c 'processes 0..2, ' %t.b.svg | FileCheck %s --check-prefix=COLUMNS
// RUN: grep -o '5 processes, a lane per 3' %t.b.svg | FileCheck %s --check-prefix=BANDNOTE
// RUN: not bspprof --svg %t.b.svg --lanes 0 %t.d5 2>&1 | FileCheck %s --check-prefix=BADLANES
// OUT: ring done
// row,kind,superstep,ordinal,site,group,depth,gindex,gsize,members,h_bytes,h_words,sent,recv,msgs_max,msgs,puts,gets,sends,items,item_bytes,da_served,aborted
// P1:      0,sync,0,0,ring.c:91,all/1,0,0,1,1,0,0,0,0,0,0,0,0,0,0,0,0,0
// P1-NEXT: 1,sync,1,0,ring.c:94,all/1,0,0,1,1,0,0,0,0,0,0,1,0,0,0,0,0,0
// P1-NEXT: 2,sync,2,0,ring.c:94,all/1,0,0,1,1,0,0,0,0,0,0,1,0,0,0,0,0,0
// P1-NEXT: 3,sync,3,0,ring.c:97,all/1,0,0,1,1,0,0,0,0,0,0,1,0,0,0,0,0,0
// P1-NEXT: 4,end,4,0,ring.c:101,all/1,0,0,1,1,0,0,0,0,0,0,0,0,0,0,0,0,0
// P1-NOT: {{.}}
// P2:      0,sync,0,0,ring.c:91,all/2,0,0,2,2,0,0,0,0,0,0,0,0,0,0,0,0,0
// P2-NEXT: 1,sync,1,0,ring.c:94,all/2,0,0,2,2,800,100,800,800,1,2,2,0,0,0,0,0,0
// P2-NEXT: 2,sync,2,0,ring.c:94,all/2,0,0,2,2,800,100,800,800,1,2,2,0,0,0,0,0,0
// P2-NEXT: 3,sync,3,0,ring.c:97,all/2,0,0,2,2,800,100,800,800,1,2,2,0,0,0,0,0,0
// P2-NEXT: 4,end,4,0,ring.c:101,all/2,0,0,2,2,0,0,0,0,0,0,0,0,0,0,0,0,0
// P3:      0,sync,0,0,ring.c:91,all/3,0,0,3,3,0,0,0,0,0,0,0,0,0,0,0,0,0
// P3-NEXT: 1,sync,1,0,ring.c:94,all/3,0,0,3,3,800,100,800,800,1,3,3,0,0,0,0,0,0
// P3-NEXT: 2,sync,2,0,ring.c:94,all/3,0,0,3,3,800,100,800,800,1,3,3,0,0,0,0,0,0
// P3-NEXT: 3,sync,3,0,ring.c:97,all/3,0,0,3,3,800,100,800,800,1,3,3,0,0,0,0,0,0
// P3-NEXT: 4,end,4,0,ring.c:101,all/3,0,0,3,3,0,0,0,0,0,0,0,0,0,0,0,0,0
// P4:      1,sync,1,0,ring.c:94,all/4,0,0,4,4,800,100,800,800,1,4,4,0,0,0,0,0,0
// P4:      4,end,4,0,ring.c:101,all/4,0,0,4,4,0,0,0,0,0,0,0,0,0,0,0,0,0
// P5:      0,sync,0,0,ring.c:91,all/5,0,0,5,5,0,0,0,0,0,0,0,0,0,0,0,0,0
// P5-NEXT: 1,sync,1,0,ring.c:94,all/5,0,0,5,5,800,100,800,800,1,5,5,0,0,0,0,0,0
// P5-NEXT: 2,sync,2,0,ring.c:94,all/5,0,0,5,5,800,100,800,800,1,5,5,0,0,0,0,0,0
// P5-NEXT: 3,sync,3,0,ring.c:97,all/5,0,0,5,5,800,100,800,800,1,5,5,0,0,0,0,0,0
// P5-NEXT: 4,end,4,0,ring.c:101,all/5,0,0,5,5,0,0,0,0,0,0,0,0,0,0,0,0,0
// TABLE: bspprof: {{.*}}, 3 processes, 5 supersteps
// TABLE: # kind step site group w_max_us h_bytes h_words msgs
// TABLE-NEXT: 0 sync 0 ring.c:{{[0-9]+}} all/3 {{[0-9.]+}} 0 0 0
// TABLE-NEXT: 1 sync 1 ring.c:{{[0-9]+}} all/3 {{[0-9.]+}} 800 100 1
// TABLE: total: 9 puts, 0 gets, 0 sends, 9 data messages, sum of h 2400 bytes
// TABLE: load imbalance:
// TABLE: costliest supersteps:
// LANES5: 5
// MATRIX: 0 -&gt; 1: 2400 bytes in 3 messages
// MATRIX: 0 -&gt; 2: 0 bytes in 0 messages
// MATRIX: 4 -&gt; 0: 2400 bytes in 3 messages
// MATRIX1: 4 -&gt; 0: 800 bytes in 1 messages
// BADSTEP: bspprof: --superstep 9: the run has supersteps #0..#4
// BANDS: 0-2
// BANDS-NEXT: 3-4
// BANDS-NOT: {{.}}
// COLUMNS: {{[1-9][0-9]*}}
// BANDNOTE: 5 processes, a lane per 3
// BADLANES: bspprof: --lanes takes a whole number >= 1
#include <stdio.h>
#include "bsp.h"

int
main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid();
    double src[100], dst[100];
    for (int i = 0; i < 100; i++)
        src[i] = me + i;
    bsp_push_reg(dst, sizeof dst);
    bsp_sync();
    for (int r = 0; r < 2; r++) {
        bsp_put((me + 1) % p, src, dst, 0, sizeof src);
        bsp_sync();
    }
    bsp_put((me + 1) % p, src, dst, 0, sizeof src);
    bsp_sync();
    if (dst[0] != (me + p - 1) % p)
        bsp_abort("process %d got %g\n", me, dst[0]);
    bsp_pop_reg(dst);
    bsp_end();
    if (me == 0)
        printf("ring done\n");
    return 0;
}

// BSPlib supersteps are predicted with BSPlib's l, whatever NestStep
// costs the parameter line has:
// LTERM:      row,kind,prefix,l_term
// LTERM-NEXT: 0,sync,0,l
// LTERM-NEXT: 1,sync,0,l
// LTERM-NEXT: 2,sync,0,l
// LTERM-NEXT: 3,sync,0,l
// LTERM-NEXT: 4,end,0,l
// RUN: printf 'p=3 r=100.0 g=0.5 l=30.0 l_step=3:1.5 l_da=3:2.5\n' > %t.params
// RUN: bspprof --params %t.params --csv %t.d3 | cut -d, -f1,2,24,25 | FileCheck %s --check-prefix=LTERM
