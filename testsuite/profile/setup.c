// bsprun --profile with NS_NODE_AFTER=5: the first 5 combines go over MPI
// messages, the node-local segments are made in the 6th (superstep #5 here:
// #0 is the registration's sync), and the rest go through them.  bspprof
// shows the engine set-up in that superstep only (its setup_us, the setup:
// line, the totals that leave it out), each row's path (mpi before, node
// from it on), and predicts the MPI rows with l_mpi where the parameter
// file has one.  NS_NODE_AFTER=0: the segments come in bsp_begin, no
// superstep has set-up, every row is node-local.  One process makes no
// segments: every row is mpi, l (its line has no l_mpi).  A version-1
// trace (Inputs/profile-v1, ring.c at p = 2 before the set-up field) still
// reads: no path, set-up not recorded.
// RUN: %bspcc %s -o %t
// RUN: rm -rf %t.a2 %t.a3 %t.z2 %t.z3 %t.a1
// RUN: printf 'p=1 r=100.0 g=0.5 l=10.0\n' > %t.params
// RUN: printf 'p=2 r=100.0 g=0.5 l=20.0 l_mpi=40.0\n' >> %t.params
// RUN: printf 'p=3 r=100.0 g=0.5 l=30.0 l_mpi=60.0\n' >> %t.params
// RUN: env NS_NODE_AFTER=5 %bsprun 2 --profile=%t.a2 %t | FileCheck %s --check-prefix=OUT
// RUN: bspprof --params %t.params --csv %t.a2 | cut -d, -f1-3,25,35,36 | FileCheck %s --check-prefix=AFTER5
// RUN: bspprof --params %t.params %t.a2 | FileCheck %s --check-prefix=TABLE5
// RUN: env NS_NODE_AFTER=5 %bsprun 3 --profile=%t.a3 %t | FileCheck %s --check-prefix=OUT
// RUN: bspprof --params %t.params --csv %t.a3 | cut -d, -f1-3,25,35,36 | FileCheck %s --check-prefix=AFTER5
// RUN: bspprof --params %t.params %t.a3 | FileCheck %s --check-prefix=TABLE5
// RUN: bspprof --params %t.params --rows 0 --top 12 %t.a3 | FileCheck %s --check-prefix=TOP5
// RUN: env NS_NODE_AFTER=0 %bsprun 2 --profile=%t.z2 %t | FileCheck %s --check-prefix=OUT
// RUN: bspprof --params %t.params --csv %t.z2 | cut -d, -f1-3,25,35,36 | FileCheck %s --check-prefix=AFTER0
// RUN: bspprof --params %t.params %t.z2 | FileCheck %s --check-prefix=TABLE0
// RUN: env NS_NODE_AFTER=0 %bsprun 3 --profile=%t.z3 %t | FileCheck %s --check-prefix=OUT
// RUN: bspprof --params %t.params --csv %t.z3 | cut -d, -f1-3,25,35,36 | FileCheck %s --check-prefix=AFTER0
// RUN: env NS_NODE_AFTER=5 %bsprun 1 --profile=%t.a1 %t | FileCheck %s --check-prefix=OUT
// RUN: bspprof --params %t.params --csv %t.a1 | cut -d, -f1-3,25,35,36 | FileCheck %s --check-prefix=ONE
// RUN: bspprof --params %t.params %t.a1 | FileCheck %s --check-prefix=TABLE1
// RUN: bspprof --csv %inputs/profile-v1 | cut -d, -f1-3,35,36 | FileCheck %s --check-prefix=V1
// RUN: bspprof %inputs/profile-v1 | FileCheck %s --check-prefix=TABLEV1
// OUT: setup done
// AFTER5:      row,kind,superstep,l_term,setup_us,path
// AFTER5-NEXT: 0,sync,0,l_mpi,0.000,mpi
// AFTER5-NEXT: 1,sync,1,l_mpi,0.000,mpi
// AFTER5-NEXT: 2,sync,2,l_mpi,0.000,mpi
// AFTER5-NEXT: 3,sync,3,l_mpi,0.000,mpi
// AFTER5-NEXT: 4,sync,4,l_mpi,0.000,mpi
// AFTER5-NEXT: 5,sync,5,l,{{[0-9]+\.[0-9]+}},node
// AFTER5-NEXT: 6,sync,6,l,0.000,node
// AFTER5-NEXT: 7,sync,7,l,0.000,node
// AFTER5-NEXT: 8,sync,8,l,0.000,node
// AFTER5-NEXT: 9,sync,9,l,0.000,node
// AFTER5-NEXT: 10,sync,10,l,0.000,node
// AFTER5-NEXT: 11,end,11,l,0.000,node
// AFTER5-NOT: {{.}}
// TABLE5: # kind step site group w_max_us h_bytes h_words msgs wait_max wait_mean meas_us setup_us pred_us ratio path l_term
// TABLE5-NEXT: 0 sync 0 setup.c:{{[0-9]+}} all/{{[23]}} {{.*}} {{[0-9.]+}} - {{[0-9.]+}} {{[0-9.]+}} mpi l_mpi
// TABLE5:      5 sync 5 setup.c:{{[0-9]+}} all/{{[23]}} {{.*}} {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}} node l
// TABLE5-NEXT: 6 sync 6 setup.c:{{[0-9]+}} all/{{[23]}} {{.*}} {{[0-9.]+}} - {{[0-9.]+}} {{[0-9.]+}} node l
// TABLE5: total: measured {{[0-9.]+}} us, of which engine set-up {{[0-9.]+}} us (not in the model); without it measured {{[0-9.]+}} us, predicted {{[0-9.]+}} us, measured/predicted {{[0-9.]+}}
// TABLE5-NEXT: launch: the processes started within {{[0-9.]+}} us; from the last start, without the set-up: measured {{-?[0-9.]+}} us, measured/predicted {{-?[0-9.]+}}
// TABLE5-NEXT: setup: {{[0-9.]+}} us of engine set-up (making the node-local segments) in superstep #5; not in the model
// TABLE5-NEXT: path: 5 supersteps combined over MPI messages (predicted with l_mpi), 7 through the node-local segments
// TOP5: costliest supersteps:
// TOP5: #5 sync setup.c:{{[0-9]+}}: {{[0-9.]+}} us (w_max {{.*}}, engine set-up {{[0-9.]+}}), imbalance
// TOP5-NOT: engine set-up
// AFTER0:      row,kind,superstep,l_term,setup_us,path
// AFTER0-NEXT: 0,sync,0,l,0.000,node
// AFTER0-NEXT: 1,sync,1,l,0.000,node
// AFTER0:      5,sync,5,l,0.000,node
// AFTER0:      11,end,11,l,0.000,node
// AFTER0-NOT: mpi
// TABLE0: total: measured {{[0-9.]+}} us, predicted {{[0-9.]+}} us, measured/predicted {{[0-9.]+}}
// TABLE0-NEXT: launch: the processes started within {{[0-9.]+}} us; from the last start: measured
// TABLE0-NEXT: setup: none inside a superstep
// TABLE0-NEXT: path: 0 supersteps combined over MPI messages (predicted with l_mpi), 12 through the node-local segments
// ONE:      row,kind,superstep,l_term,setup_us,path
// ONE-NEXT: 0,sync,0,l,0.000,mpi
// ONE:      5,sync,5,l,0.000,mpi
// ONE:      11,end,11,l,0.000,mpi
// ONE-NOT: node
// TABLE1: setup: none inside a superstep
// TABLE1-NEXT: path: 12 supersteps combined over MPI messages, 0 through the node-local segments
// V1:      row,kind,superstep,setup_us,path
// V1-NEXT: 0,sync,0,0.000,-
// V1:      4,end,4,0.000,-
// TABLEV1: bspprof: ring-old, 2 processes, 5 supersteps
// TABLEV1: setup: not recorded (a version-1 trace)
// TABLEV1-NOT: path:
#include <stdio.h>
#include "bsp.h"

int
main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid();
    double x = me, y = -1;
    bsp_push_reg(&y, sizeof y);
    bsp_sync();
    for (int i = 0; i < 10; i++) {
        bsp_put((me + 1) % p, &x, &y, 0, sizeof x);
        bsp_sync();
    }
    if (y != (me + p - 1) % p)
        printf("process %d: %g, expected %d\n", me, y, (me + p - 1) % p);
    if (me == 0)
        printf("setup done\n");
    bsp_end();
    return 0;
}
