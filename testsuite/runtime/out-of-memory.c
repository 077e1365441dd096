// Running out of memory stops the job with one line that names the
// process, the call and its line, what it asked for and the fix.  The last
// process limits its address space to what it uses plus 64 MiB
// (setrlimit), then, in superstep 1, buffers more than that:
//   put      bsp_put of 1 MiB blocks to itself (the request buffer grows);
//   bigput   bsp_put of 1 MiB blocks to process 0 (the copies of large puts);
//   send     bsp_send of 1 MiB payloads to process 0;
//   get      bsp_get of 8 bytes, millions (the request buffer and the list
//            of gets grow);
//   receive  process 0 puts 4 KiB blocks to it, 96 MiB in all, one
//            message: found in its bsp_sync, which receives it.
// The job must end within fault_job.py's bound with that line, a non-zero
// status and nothing left behind.
// UNSUPPORTED: sanitize
// (AddressSanitizer reserves terabytes of address space: no limit fits it.)
// RUN: %bspcc -I%S/../faults/Inputs %s -o %t
// RUN: rm -rf %t.p2 && %S/../faults/Inputs/fault_job.py %t.p2 -- %bsprun 2 %t put > %t.p2.out 2> %t.p2.err
// RUN: FileCheck %s --check-prefix=PUT -DLAST=1 --implicit-check-not=error < %t.p2.err
// RUN: FileCheck %s -D#P=2 --check-prefix=JOB < %t.p2/report
// RUN: rm -rf %t.b3 && %S/../faults/Inputs/fault_job.py %t.b3 -- %bsprun 3 %t bigput > %t.b3.out 2> %t.b3.err
// RUN: FileCheck %s --check-prefix=BIGPUT -DLAST=2 --implicit-check-not=error < %t.b3.err
// RUN: FileCheck %s -D#P=3 --check-prefix=JOB < %t.b3/report
// RUN: rm -rf %t.s2 && %S/../faults/Inputs/fault_job.py %t.s2 -- %bsprun 2 %t send > %t.s2.out 2> %t.s2.err
// RUN: FileCheck %s --check-prefix=SEND -DLAST=1 --implicit-check-not=error < %t.s2.err
// RUN: FileCheck %s -D#P=2 --check-prefix=JOB < %t.s2/report
// RUN: rm -rf %t.g2 && %S/../faults/Inputs/fault_job.py %t.g2 -- %bsprun 2 %t get > %t.g2.out 2> %t.g2.err
// RUN: FileCheck %s --check-prefix=GET -DLAST=1 --implicit-check-not=error < %t.g2.err
// RUN: FileCheck %s -D#P=2 --check-prefix=JOB < %t.g2/report
// RUN: rm -rf %t.r3 && %S/../faults/Inputs/fault_job.py %t.r3 -- %bsprun 3 %t receive > %t.r3.out 2> %t.r3.err
// RUN: FileCheck %s --check-prefix=RECEIVE -DLAST=2 --implicit-check-not=error < %t.r3.err
// RUN: FileCheck %s -D#P=3 --check-prefix=JOB < %t.r3/report
// RUN: rm -rf %t.rp3 && %S/../faults/Inputs/fault_job.py %t.rp3 -- %bsprun 3 --sync=relaxed %t put > %t.rp3.out 2> %t.rp3.err
// RUN: FileCheck %s --check-prefix=PUT -DLAST=2 --implicit-check-not=error < %t.rp3.err
// RUN: FileCheck %s -D#P=3 --check-prefix=JOB < %t.rp3/report
// PUT: {{^}}{{.*}}out-of-memory.c:{{[0-9]+}}: error: [process [[LAST]], superstep 1] bsp_put: out of memory: bsp_put of 1048576 bytes to process [[LAST]] needs room for {{[0-9]+}} bytes ({{[0-9.]+}} MiB) in the requests of this superstep to that process (puts, gets and messages), which holds {{[0-9]+}} bytes ({{[0-9.]+}} MiB); the library buffers every put, get and send until the next bsp_sync: move less data per superstep (split it over several supersteps) or give each process more memory{{$}}
// BIGPUT: {{^}}{{.*}}out-of-memory.c:{{[0-9]+}}: error: [process [[LAST]], superstep 1] bsp_put: out of memory: bsp_put of 1048576 bytes to process 0 needs room for {{[0-9]+}} bytes ({{[0-9.]+}} MiB) in the copies of this superstep's large bsp_puts (their sources, taken at the call), which holds {{[0-9]+}} bytes ({{[0-9.]+}} MiB); the library buffers
// SEND: {{^}}{{.*}}out-of-memory.c:{{[0-9]+}}: error: [process [[LAST]], superstep 1] bsp_send: out of memory: bsp_send of 1048576 bytes to process 0 needs room for {{[0-9]+}} bytes ({{[0-9.]+}} MiB) in the requests of this superstep to that process (puts, gets and messages), which holds
// GET: {{^}}{{.*}}out-of-memory.c:{{[0-9]+}}: error: [process [[LAST]], superstep 1] bsp_get: out of memory: bsp_get of 8 bytes from process 0 needs room for {{[0-9]+}} bytes ({{[0-9.]+}} MiB) in the {{requests of this superstep to that process \(puts, gets and messages\)|list of this superstep's gets}}, which holds
// RECEIVE: {{^}}{{.*}}out-of-memory.c:{{[0-9]+}}: error: [process [[LAST]], superstep 1] bsp_sync: out of memory: {{[0-9]+}} bytes ({{[0-9.]+}} MiB) asked while this process received and delivered the superstep's puts, gets and messages; move less data per superstep (split it over several supersteps) or give each process more memory{{$}}
// JOB: {{^}}recorded [[#P]] pids{{$}}
// JOB-NEXT: {{^}}ended within 60 s, status non-zero{{$}}
// JOB-NEXT: {{^}}left: none{{$}}
// JOB-NEXT: {{^}}/dev/shm: clean{{$}}
// JOB-NEXT: {{^}}tmp: clean{{$}}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#include "bsp.h"
#include "fault_pids.h"

#define BLOCK (1 << 20)

/* The address space this process uses now, plus extra bytes, is all it may
 * have from now on. */
static void
limit_memory(size_t extra)
{
    unsigned long pages = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f || fscanf(f, "%lu", &pages) != 1) {
        perror("/proc/self/statm");
        exit(2);
    }
    fclose(f);
    struct rlimit rl = { pages * (size_t)sysconf(_SC_PAGESIZE) + extra, RLIM_INFINITY };
    rl.rlim_max = rl.rlim_cur;
    if (setrlimit(RLIMIT_AS, &rl) != 0) {
        perror("setrlimit");
        exit(2);
    }
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "put";
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), last = p - 1;
    char *area = calloc(BLOCK, 1), *src = calloc(BLOCK, 1);
    record_pid(me);
    bsp_push_reg(area, BLOCK);
    bsp_sync();
    if (me == last)
        limit_memory(64 << 20);
    if (me == last && !strcmp(mode, "put"))
        for (;;)
            bsp_put(last, src, area, 0, BLOCK);
    if (me == last && !strcmp(mode, "bigput"))
        for (;;)
            bsp_put(0, src, area, 0, BLOCK);
    if (me == last && !strcmp(mode, "send"))
        for (;;)
            bsp_send(0, NULL, src, BLOCK);
    if (me == last && !strcmp(mode, "get"))
        for (;;)
            bsp_get(0, area, 0, src, 8);
    if (me == 0 && !strcmp(mode, "receive"))
        for (int i = 0; i < 96 * 256; i++)
            bsp_put(last, src, area, 0, BLOCK / 256);
    bsp_sync();
    printf("out-of-memory: process %d ended\n", me);
    bsp_end();
    return 0;
}
