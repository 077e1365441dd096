// Misuse of bsc.h stops the job with one message that names the process,
// the call, its line and the fix: a root outside the group (process 2 of
// the even group {0, 2} names process 1); members that pass different
// sizes to one collective; a member that skips a collective the others
// schedule (process 2, found by process 0, which expects its part); a
// request for a superstep already past; an unregistered destination of a
// scatter (found when the scatter runs, named by its line); neighbours that
// do not list each other; bsc.h in a relaxed sync mode; bsp_end with
// requests still queued; a plain bsp_sync where another process runs a
// superstep of bsc_sync (whose agreement is a fold: the engine names it);
// a cost parameter out of range in the environment; a request type that
// does not exist; a tree named with arity 1; a named tree on a
// neighbourhood (it relays through members, which there hold different
// member sets); members that name different arities.  The algorithms by
// name have no site macros (programs declare them themselves), so their
// messages have no line.
// UNSUPPORTED: relaxed
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 3 %t root 2> %t.err
// RUN: FileCheck %s --check-prefix=ROOT --implicit-check-not=error: < %t.err
// RUN: not %bsprun 3 %t size 2> %t.err
// RUN: FileCheck %s --check-prefix=SIZE --implicit-check-not=error: < %t.err
// RUN: not %bsprun 3 %t skip 2> %t.err
// RUN: FileCheck %s --check-prefix=SKIP --implicit-check-not=error: < %t.err
// RUN: not %bsprun 2 %t past 2> %t.err
// RUN: FileCheck %s --check-prefix=PAST --implicit-check-not=error: < %t.err
// RUN: not %bsprun 2 %t unregistered 2> %t.err
// RUN: FileCheck %s --check-prefix=UNREG --implicit-check-not=error: < %t.err
// RUN: not %bsprun 3 %t neighbours 2> %t.err
// RUN: FileCheck %s --check-prefix=NEIGH --implicit-check-not=error: < %t.err
// RUN: not %bsprun 2 %t end 2> %t.err
// RUN: FileCheck %s --check-prefix=END --implicit-check-not=error: < %t.err
// RUN: not %bsprun 2 %t mixed 2> %t.err
// RUN: FileCheck %s --check-prefix=MIXED --implicit-check-not=error: < %t.err
// RUN: not %bsprun 2 %t arity 2> %t.err
// RUN: FileCheck %s --check-prefix=ARITY --implicit-check-not=error: < %t.err
// RUN: not %bsprun 3 %t nbtree 2> %t.err
// RUN: FileCheck %s --check-prefix=NBTREE --implicit-check-not=error: < %t.err
// RUN: not %bsprun 3 %t arities 2> %t.err
// RUN: FileCheck %s --check-prefix=ARITIES --implicit-check-not=error: < %t.err
// RUN: env NS_BSC_O=0 not %bsprun 2 %t 2> %t.err
// RUN: FileCheck %s --check-prefix=KNOB --implicit-check-not=error: < %t.err
// RUN: not %bsprun 2 %t type 2> %t.err
// RUN: FileCheck %s --check-prefix=TYPE --implicit-check-not=error: < %t.err
// RUN: env NS_SYNC=relaxed not %bsprun 2 %t 2> %t.err
// RUN: FileCheck %s --check-prefix=RELAXED --implicit-check-not=error: < %t.err
#include <string.h>
#include "bsc.h"

static int reg[8], tmp[8], unreg[8];

static void
sum(void *a, const void *a0, const void *xs, bsc_size_t size)
{
    int acc = *(const int *)a0;
    for (int i = 0; i < size / (int)sizeof(int); i++)
        acc += ((const int *)xs)[i];
    *(int *)a = acc;
}

int
main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "";
    bsp_begin(bsp_nprocs());
    int s = bsp_pid(), zero = 0, x[8] = { 0 }, y[8];
    // RELAXED: misuse.c:[[@LINE+1]]: error: [process {{[01]}}, superstep 0] bsc_group_create_partition: bsc.h is not available with NS_SYNC=relaxed: its supersteps agree through the puts of a barrier, which the relaxed modes do without; run in barrier mode (NS_SYNC=barrier, bsprun --sync=barrier)
    bsc_group_t parity = bsc_group_create_partition(s % 2);
    bsp_push_reg(reg, sizeof reg);
    bsp_push_reg(tmp, sizeof tmp);
    bsp_sync();
    if (!strcmp(what, "root") && s % 2 == 0)
        // ROOT: misuse.c:[[@LINE+1]]: error: [process 2, superstep {{[0-9]+}}] bsc_bcast: the root, process 1, is not a member of the group (processes 0, 2); pass the process id of a member, the same on every member
        bsc_bcast(bsc_start, s == 2 ? 1 : 0, parity, x, reg, sizeof(int));
    if (!strcmp(what, "size"))
        // SIZE: misuse.c:[[@LINE+1]]: error: [process {{[0-2]}}, superstep {{[0-9]+}}] bsc_allreduce: the members of its group disagree in superstep 0 of the epoch: process {{[0-2]}} did not schedule the same collectives there (another collective, root, size, arity or group, or none); every member must call each collective with the same superstep, root, size and group
        bsc_allreduce(bsc_start, bsc_all, x, y, tmp, sum, &zero, 1, s == 1 ? 8 : 4);
    if (!strcmp(what, "skip") && s != 2)
        // SKIP: misuse.c:[[@LINE+1]]: error: [process 0, superstep {{[0-9]+}}] bsc_allgather: the members of its group disagree in superstep 0 of the epoch: process 2 did not schedule the same collectives there (another collective, root, size, arity or group, or none); every member must call each collective with the same superstep, root, size and group
        bsc_allgather(bsc_start, bsc_all, reg, y, sizeof(int));
    if (!strcmp(what, "past")) {
        bsc_sync(2);
        if (s == 1)
            // PAST: misuse.c:[[@LINE+1]]: error: [process 1, superstep {{[0-9]+}}] bsc_put: superstep 1 is already past: this process is in superstep 2 of the epoch; schedule for bsc_current() or later (bsc_sync(bsc_flush) starts a new epoch at superstep 0)
            bsc_put(1, 0, x, reg, 0, sizeof(int));
    }
    if (!strcmp(what, "unregistered"))
        // UNREG: misuse.c:[[@LINE+1]]: error: [process 0, superstep {{[0-9]+}}] bsc_scatter: in superstep 0 of the epoch, a put of 4 bytes at offset 0 needs the destination area {{.*}}, which is not registered; register it with bsp_push_reg on every process, large enough, and bsp_sync before that superstep (bsc(3) says which buffer of each collective is registered)
        bsc_scatter(bsc_start, 0, bsc_all, x, unreg, sizeof(int));
    if (!strcmp(what, "neighbours")) {
        int all[3] = { 0, 1, 2 }, two[2] = { 0, 1 };
        // NEIGH: misuse.c:[[@LINE+1]]: error: [process {{[02]}}, superstep {{[0-9]+}}] bsc_group_create_neighbourhood: process 2 lists process 0 as a neighbour, but process 0 does not list process 2; neighbours must list each other
        bsc_group_create_neighbourhood(s == 0 ? two : all, s == 0 ? 2 : 3);
    }
    if (!strcmp(what, "mixed")) {
        bsc_sync(bsc_current());
        if (s == 0)
            // MIXED: misuse.c:[[@LINE+1]]: error: [process 0, superstep {{[0-9]+}}] bsc_sync: process 0 called bsp_fold (4 bytes) but process 1 called bsp_sync (no collective) in this superstep; every process must call the same collective, with the same root and size, in the same superstep
            bsc_sync(bsc_current() + 1);
        else
            bsp_sync();
    }
    if (!strcmp(what, "arity"))
        // ARITY: error: [process {{[01]}}, superstep {{[0-9]+}}] bsc_bcast_qtree_single: the arity q is 1; a tree needs q >= 2 (q >= the group's size is the direct algorithm, one superstep)
        bsc_bcast_qtree_single(bsc_start, 0, bsc_all, x, reg, sizeof(int), 1);
    if (!strcmp(what, "nbtree")) {
        int ring[3] = { (s + 2) % 3, s, (s + 1) % 3 };
        bsc_group_t nb = bsc_group_create_neighbourhood(ring, 3);
        // NBTREE: error: [process {{[0-2]}}, superstep {{[0-9]+}}] bsc_reduce_qtree_single: this algorithm relays through the members, so every member must hold the same members, which those of a neighbourhood do not; use bsc_all or a group of bsc_group_create_partition (on a neighbourhood the collective without a named algorithm goes directly from each root)
        bsc_reduce_qtree_single(bsc_start, 0, nb, x, y, tmp, sum, &zero, 1, sizeof(int), 2);
    }
    if (!strcmp(what, "arities"))
        // ARITIES: error: [process {{[0-2]}}, superstep {{[0-9]+}}] bsc_allreduce_qtree_single: the members of its group disagree in superstep 0 of the epoch: process {{[0-2]}} did not schedule the same collectives there (another collective, root, size, arity or group, or none); every member must call each collective with the same superstep, root, size and group
        bsc_allreduce_qtree_single(bsc_start, bsc_all, x, y, tmp, sum, &zero, 1, sizeof(int),
                                   s == 1 ? 3 : 2);
    if (!strcmp(what, "type"))
        // TYPE: error: [process {{[01]}}, superstep {{[0-9]+}}] bsc_L: request type 7 is none of BSC_PUT, BSC_HPPUT, BSC_GET, BSC_HPGET, BSC_SEND
        bsc_L((bsc_request_t)7);
    if (!strcmp(what, "end")) {
        if (s == 1)
            bsc_put(bsc_start, 0, x, reg, 0, sizeof(int));
        // END: misuse.c:[[@LINE+1]]: error: [process 1, superstep {{[0-9]+}}] bsp_end: 1 request(s) of bsc.h are still queued, for superstep 0 of the epoch or later; run them with bsc_sync(bsc_flush) before bsp_end
        bsp_end();
        return 0;
    }
    // KNOB: error: [process {{[01]}}, superstep {{[0-9]+}}] bsc_g: NS_BSC_O=0 is not a cost in bytes; give a whole number from 1 to 1000000000
    bsc_g(BSC_PUT, 4);
    bsc_sync(bsc_flush);
    bsp_end();
    return 0;
}
