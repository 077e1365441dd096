// NS_STALL_TIMEOUT: a process whose wait in the library has lasted that
// many seconds asks every process where it is and stops the job with one
// line naming those that did not answer (they have not reached a
// synchronisation) and where the others wait (stall_detect.c).  Here one
// process never reaches the sync of superstep 2: it computes forever
// ("loop") or stops itself with SIGSTOP ("stop").  Each job must end
// within fault_job.py's bound (60 s) with that line, a non-zero status and
// nothing left behind; the lowest waiting process reports (process 0, or 1
// when process 0 is the one missing), or, on a machine so loaded that its
// question comes late, another one with the same list.  In a relaxed mode the others do not
// wait in the sync but at bsp_end, and say so.  Without the knob the same
// program is not stopped by it (the "done" run ends normally).
// RUN: %bspcc -I%S/../faults/Inputs %s -o %t
// RUN: %bsprun 3 %t none | FileCheck %s --check-prefix=DONE
// RUN: rm -rf %t.l2 && env NS_STALL_TIMEOUT=1 %S/../faults/Inputs/fault_job.py %t.l2 -- %bsprun 2 %t loop > %t.l2.out 2> %t.l2.err
// RUN: FileCheck %s --check-prefix=LOOP2 --implicit-check-not=error < %t.l2.err
// RUN: FileCheck %s -D#P=2 --check-prefix=JOB < %t.l2/report
// RUN: rm -rf %t.s5 && env NS_STALL_TIMEOUT=1 %S/../faults/Inputs/fault_job.py %t.s5 -- %bsprun 5 %t stop > %t.s5.out 2> %t.s5.err
// RUN: FileCheck %s --check-prefix=STOP5 --implicit-check-not=error < %t.s5.err
// RUN: FileCheck %s -D#P=5 --check-prefix=JOB < %t.s5/report
// RUN: rm -rf %t.l5 && env NS_STALL_TIMEOUT=1 %S/../faults/Inputs/fault_job.py %t.l5 -- %bsprun 5 %t loop > %t.l5.out 2> %t.l5.err
// RUN: FileCheck %s --check-prefix=STOP5 --implicit-check-not=error < %t.l5.err
// RUN: FileCheck %s -D#P=5 --check-prefix=JOB < %t.l5/report
// RUN: rm -rf %t.s2 && env NS_STALL_TIMEOUT=1 %S/../faults/Inputs/fault_job.py %t.s2 -- %bsprun 2 %t stop > %t.s2.out 2> %t.s2.err
// RUN: FileCheck %s --check-prefix=LOOP2 --implicit-check-not=error < %t.s2.err
// RUN: FileCheck %s -D#P=2 --check-prefix=JOB < %t.s2/report
// RUN: rm -rf %t.z3 && env NS_STALL_TIMEOUT=1 %S/../faults/Inputs/fault_job.py %t.z3 -- %bsprun 3 %t loop 0 > %t.z3.out 2> %t.z3.err
// RUN: FileCheck %s --check-prefix=ZERO3 --implicit-check-not=error < %t.z3.err
// RUN: FileCheck %s -D#P=3 --check-prefix=JOB < %t.z3/report
// RUN: rm -rf %t.r3 && env NS_STALL_TIMEOUT=1 %S/../faults/Inputs/fault_job.py %t.r3 -- %bsprun 3 --sync=relaxed %t stop > %t.r3.out 2> %t.r3.err
// RUN: FileCheck %s --check-prefix=RELAXED3 --implicit-check-not=error < %t.r3.err
// RUN: FileCheck %s -D#P=3 --check-prefix=JOB < %t.r3/report
// DONE: stall-timeout: done
// LOOP2: {{^}}{{.*}}stall-timeout.c:[[SYNC:[0-9]+]]: error: [process {{[0-3]}}, superstep 2] bsp_sync: stall: process 1 has not reached a synchronisation after {{[0-9.]+}} s (NS_STALL_TIMEOUT=1): it computes, loops, waits outside the library or is stopped; process 0 waits in bsp_sync at {{.*}}stall-timeout.c:[[SYNC]] in superstep 2; if it only computes long, raise NS_STALL_TIMEOUT (0: no limit){{$}}
// STOP5: {{^}}{{.*}}stall-timeout.c:[[SYNC:[0-9]+]]: error: [process {{[0-3]}}, superstep 2] bsp_sync: stall: process 4 has not reached a synchronisation after {{[0-9.]+}} s (NS_STALL_TIMEOUT=1): it computes, loops, waits outside the library or is stopped; process 0 waits in bsp_sync at {{.*}}stall-timeout.c:[[SYNC]] in superstep 2; process 1 waits in bsp_sync at {{.*}}stall-timeout.c:[[SYNC]] in superstep 2; process 2 waits in bsp_sync at {{.*}}stall-timeout.c:[[SYNC]] in superstep 2; process 3 waits in bsp_sync at {{.*}}stall-timeout.c:[[SYNC]] in superstep 2; if it only computes long, raise NS_STALL_TIMEOUT (0: no limit){{$}}
// ZERO3: {{^}}{{.*}}stall-timeout.c:[[SYNC:[0-9]+]]: error: [process {{[12]}}, superstep 2] bsp_sync: stall: process 0 has not reached a synchronisation after {{[0-9.]+}} s (NS_STALL_TIMEOUT=1): it computes, loops, waits outside the library or is stopped; process 1 waits in bsp_sync at {{.*}}stall-timeout.c:[[SYNC]] in superstep 2; process 2 waits in bsp_sync at {{.*}}stall-timeout.c:[[SYNC]] in superstep 2; if it only computes long, raise NS_STALL_TIMEOUT (0: no limit){{$}}
// RELAXED3: {{^}}{{.*}}stall-timeout.c:[[END:[0-9]+]]: error: [process {{[01]}}, superstep 3] bsp_end: stall: process 2 has not reached a synchronisation after {{[0-9.]+}} s (NS_STALL_TIMEOUT=1): it computes, loops, waits outside the library or is stopped; process 0 waits in bsp_end at {{.*}}stall-timeout.c:[[END]] in superstep 3 for the transfers other processes announced; process 1 waits in bsp_end at {{.*}}stall-timeout.c:[[END]] in superstep 3 for the transfers other processes announced; if it only computes long, raise NS_STALL_TIMEOUT (0: no limit){{$}}
// JOB: {{^}}recorded [[#P]] pids{{$}}
// JOB-NEXT: {{^}}ended within 60 s, status non-zero{{$}}
// JOB-NEXT: {{^}}left: none{{$}}
// JOB-NEXT: {{^}}/dev/shm: clean{{$}}
// JOB-NEXT: {{^}}tmp: clean{{$}}
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bsp.h"
#include "fault_pids.h"

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "none";
    bsp_begin(bsp_nprocs());
    int who = argc > 2 ? atoi(argv[2]) : bsp_nprocs() - 1;
    record_pid(bsp_pid());
    bsp_sync();
    bsp_sync();
    if (bsp_pid() == who && !strcmp(mode, "stop"))
        raise(SIGSTOP);
    if (bsp_pid() == who && !strcmp(mode, "loop")) {
        volatile unsigned long h = 1;
        for (;;)                        /* never reaches the sync below */
            h = h * 6364136223846793005UL + 1442695040888963407UL;
    }
    bsp_sync();
    if (bsp_pid() == 0)
        printf("stall-timeout: done\n");
    bsp_end();
    return 0;
}
