// bspprof on damaged traces: a real trace (this program at p = 3: puts to
// every process, gets, a BSMP send, so its records have peers and its file
// names strings), damaged one field at a time by Inputs/damage-trace.py,
// each with its exact error: npeer beyond the record, a string id of
// 0xFFFFFFFF (its own, and a step's reference to it), a peer out of
// range, a record size that is no multiple of 8, a process count of
// 0x7FFFFFFF in a header (not prof.0.nsp's), in every header (bspprof
// stops at the first missing file, having allocated only for the files it
// read), a header of another process.  damaged-fuzz.test damages the
// same trace in 1000 seeded ways.
// RUN: %bspcc %s -o %t
// RUN: rm -rf %t.d3 %t.e
// RUN: %bsprun 3 --profile=%t.d3 %t | FileCheck %s --check-prefix=OUT
// RUN: bspprof %t.d3 | FileCheck %s --check-prefix=TABLE
// RUN: cp -r %t.d3 %t.e && %python %inputs/damage-trace.py set %t.e/prof.1.nsp step 1 npeer 0x7fffffff
// RUN: not bspprof %t.e 2>&1 | FileCheck %s --check-prefix=NPEER
// RUN: rm -rf %t.e && cp -r %t.d3 %t.e && %python %inputs/damage-trace.py set %t.e/prof.2.nsp string 0 id 0xffffffff
// RUN: not bspprof %t.e 2>&1 | FileCheck %s --check-prefix=STRID
// RUN: rm -rf %t.e && cp -r %t.d3 %t.e && %python %inputs/damage-trace.py set %t.e/prof.0.nsp step 2 file 0xffffffff
// RUN: not bspprof %t.e 2>&1 | FileCheck %s --check-prefix=FILEID
// RUN: rm -rf %t.e && cp -r %t.d3 %t.e && %python %inputs/damage-trace.py set %t.e/prof.0.nsp step 1 peer.peer 0x7fffffff
// RUN: not bspprof %t.e 2>&1 | FileCheck %s --check-prefix=PEER
// RUN: rm -rf %t.e && cp -r %t.d3 %t.e && %python %inputs/damage-trace.py set %t.e/prof.1.nsp step 0 size 0x7fffffff
// RUN: not bspprof %t.e 2>&1 | FileCheck %s --check-prefix=SIZE
// RUN: rm -rf %t.e && cp -r %t.d3 %t.e && %python %inputs/damage-trace.py set %t.e/prof.1.nsp head 0 nprocs 0x7fffffff
// RUN: not bspprof %t.e 2>&1 | FileCheck %s --check-prefix=NPROCS1
// RUN: %python %inputs/damage-trace.py set %t.e/prof.0.nsp head 0 nprocs 0x7fffffff && %python %inputs/damage-trace.py set %t.e/prof.2.nsp head 0 nprocs 0x7fffffff
// RUN: not bspprof %t.e 2>&1 | FileCheck %s --check-prefix=NPROCS
// RUN: rm -rf %t.e && cp -r %t.d3 %t.e && %python %inputs/damage-trace.py set %t.e/prof.2.nsp head 0 pid 7
// RUN: not bspprof %t.e 2>&1 | FileCheck %s --check-prefix=PID
// OUT: damaged done
// TABLE: bspprof: {{.*}}, 3 processes, 5 supersteps
// NPEER: {{^}}bspprof: {{.*}}/prof.1.nsp: offset {{[0-9]+}}, superstep record 1: npeer 2147483647 needs 68719476704 bytes of peers, the record has {{[0-9]+}}{{$}}
// STRID: {{^}}bspprof: {{.*}}/prof.2.nsp: offset 304, string record: id 4294967295 out of range (1..{{[0-9]+}}, as many as the file can hold){{$}}
// FILEID: {{^}}bspprof: {{.*}}/prof.0.nsp: offset {{[0-9]+}}, superstep record 2: file name id 4294967295 has no string record before it{{$}}
// PEER: {{^}}bspprof: {{.*}}/prof.0.nsp: offset {{[0-9]+}}, superstep record 1: peer 2147483647 is not a process of the run (0..2){{$}}
// SIZE: {{^}}bspprof: {{.*}}/prof.1.nsp: offset {{[0-9]+}}, superstep record 0: size 2147483647 is not a multiple of 8{{$}}
// NPROCS1: {{^}}bspprof: {{.*}}/prof.1.nsp: the header names 2147483647 processes, prof.0.nsp 3{{$}}
// NPROCS: {{^}}bspprof: cannot read {{.*}}/prof.3.nsp: No such file or directory (prof.0.nsp names 2147483647 processes){{$}}
// PID: {{^}}bspprof: {{.*}}/prof.2.nsp: the header is process 7's, not process 2's{{$}}
#include <stdio.h>
#include "bsp.h"

int
main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), tag = me;
    int tagsize = sizeof tag;
    long long in[64] = { 0 }, mine = me, got[64];
    bsp_push_reg(in, sizeof in);
    bsp_push_reg(&mine, sizeof mine);
    bsp_set_tagsize(&tagsize);
    bsp_sync();
    for (int r = 0; r < 3; r++) {
        for (int d = 0; d < p; d++) {
            bsp_put(d, &mine, in, me * (int)sizeof mine, sizeof mine);
            if (d != me)
                bsp_get(d, &mine, 0, &got[d], sizeof mine);
        }
        bsp_send((me + 1) % p, &tag, &mine, sizeof mine);
        bsp_sync();
    }
    for (int d = 0; d < p; d++)
        if (in[d] != d || (d != me && got[d] != d))
            bsp_abort("process %d: in[%d] = %lld, got %lld\n", me, d, in[d], got[d]);
    bsp_end();
    if (me == 0)
        printf("damaged done\n");
    return 0;
}
