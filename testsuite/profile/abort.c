// A job that stops keeps its trace: every process finished supersteps 0
// and 1; in superstep 2 process 1 calls bsp_abort while the others wait in
// the sync (and are stopped there).  The files hold the two finished
// supersteps of every process (written as they end, through the mapped
// window) and process 1's superstep 2, flagged as stopped.
// RUN: %bspcc %s -o %t
// RUN: rm -rf %t.d3 %t.d2
// RUN: not %bsprun 3 --profile=%t.d3 %t 2> %t.err3
// RUN: FileCheck %s --check-prefix=ERR < %t.err3
// RUN: bspprof --csv %t.d3 | cut -d, -f1-23 | FileCheck %s --check-prefix=P3
// RUN: bspprof %t.d3 | FileCheck %s --check-prefix=T3
// RUN: not %bsprun 2 --profile=%t.d2 %t 2> %t.err2
// RUN: bspprof --csv %t.d2 | cut -d, -f1-23 | FileCheck %s --check-prefix=P2
// A trace directory that cannot be made stops the job at the start, naming
// the knob.
// RUN: not env NS_PROFILE=/proc/no-such-dir/trace %bsprun 2 %t 2>&1 | FileCheck %s --check-prefix=BADDIR
// ... and so does --profile= without a directory, before anything starts.
// RUN: sh -c '%bsprun 2 --profile= %t; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: {{^}}bsprun: --profile= needs a directory; usage: bsprun [-np N] [-hosts LIST | -f FILE] [--sync=MODE] [--exchange=PROTO] [--profile[=DIR]] [--max-procs=M] [--simulate[=PLATFORM] [--cfg=KEY:VALUE]...] prog [args...]{{$}}
// EMPTY-NEXT: {{^}}exit 2{{$}}
// ERR: bsp_abort: process 1: stop here
// BADDIR: error: [process {{[01]}}, superstep 0] NS_PROFILE: cannot create directory /proc/no-such-dir: {{.*}}; set NS_PROFILE (bsprun --profile=DIR) to a directory that can be written
// P3:      0,sync,0,0,abort.c:39,all/3,0,0,3,3,0,0,0,0,0,0,0,0,0,0,0,0,0
// P3-NEXT: 1,sync,1,0,abort.c:41,all/3,0,0,3,3,4,1,4,4,1,3,3,0,0,0,0,0,0
// P3-NEXT: 2,abort,2,0,abort.c:41,all/3,0,0,3,1,0,0,0,0,0,0,0,0,0,0,0,0,1
// P3-NOT: {{.}}
// T3: process 1: the job stopped during its superstep 2 (kept: 3 supersteps)
// P2:      0,sync,0,0,abort.c:39,all/2,0,0,2,2,0,0,0,0,0,0,0,0,0,0,0,0,0
// P2-NEXT: 1,sync,1,0,abort.c:41,all/2,0,0,2,2,4,1,4,4,1,2,2,0,0,0,0,0,0
// P2-NEXT: 2,abort,2,0,abort.c:41,all/2,0,0,2,1,0,0,0,0,0,0,0,0,0,0,0,0,1
#include "bsp.h"

int
main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), x = 0;
    bsp_push_reg(&x, sizeof x);
    bsp_sync();
    bsp_put((me + 1) % p, &me, &x, 0, sizeof me);
    bsp_sync();
    if (me == 1)
        bsp_abort("stop here\n");
    bsp_sync();
    bsp_end();
    return 0;
}
