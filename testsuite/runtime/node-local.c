// The node-local path (runtime/src/combine/combine_node.c: processes of one node
// sync and combine through a shared-memory segment) gives exactly the
// output of the all-MPI path (NS_NODE_LOCAL=mpi): 300 supersteps of puts,
// gets and BSMP sends to changing destinations, with registrations pushed
// and popped, tag-size changes and empty supersteps, at p = 1, 2, 3, 5.
// The same over simulated nodes (the hierarchical combine).  NestStep
// programs on the node-local path: node-local-neststep.test.  When processes outnumber cores the segments are
// made by default at the 257th root combine (NS_NODE_AFTER=256), so the
// default runs at p = 3 and 5 on 2 cores switch from MPI to the segments in
// the middle; NS_NODE_AFTER=0 uses them from the first.
// A bad NS_NODE_LOCAL stops the job at the start in one line.
// RUN: %bspcc -I%inputs %s -o %t
// RUN: %bsprun 1 %t > %t.shm1
// RUN: env NS_NODE_LOCAL=mpi %bsprun 1 %t > %t.mpi1
// RUN: diff %t.shm1 %t.mpi1
// RUN: FileCheck %s < %t.shm1
// RUN: %bsprun 2 %t > %t.shm2
// RUN: env NS_NODE_LOCAL=mpi %bsprun 2 %t > %t.mpi2
// RUN: diff %t.shm2 %t.mpi2
// RUN: FileCheck %s < %t.shm2
// RUN: env NS_NODE_LOCAL=shm NS_NODE_AFTER=0 %bsprun 3 %t > %t.shm3
// RUN: env NS_NODE_LOCAL=mpi %bsprun 3 %t > %t.mpi3
// RUN: diff %t.shm3 %t.mpi3
// RUN: FileCheck %s < %t.shm3
// RUN: env NS_NODE_AFTER=256 %bsprun 5 %t > %t.shm5
// RUN: env NS_NODE_LOCAL=mpi %bsprun 5 %t > %t.mpi5
// RUN: diff %t.shm5 %t.mpi5
// RUN: FileCheck %s < %t.shm5
// Several nodes (MPICH's launcher takes localhost and 127.0.0.1 for two
// hosts: the processes of each share a segment, the leaders exchange):
// RUN: env NS_NODE_AFTER=0 mpiexec -hosts localhost:2,127.0.0.1:3 -n 5 %t > %t.nodes5
// RUN: diff %t.shm5 %t.nodes5
// RUN: env NS_NODE_AFTER=0 mpiexec -hosts localhost:1,127.0.0.1:1,localhost:1 -n 3 %t > %t.nodes3
// RUN: diff %t.shm3 %t.nodes3
// The sums of every p differ, so the runs above compare something:
// RUN: not diff %t.shm3 %t.shm5 > /dev/null
// RUN: not env NS_NODE_LOCAL=fast %bsprun 2 %t 2>&1 | FileCheck %s --check-prefix=BAD
// CHECK: supersteps 300
// CHECK-NEXT: checksum {{[0-9]+}} messages {{[0-9]+}}
// CHECK-NEXT: errors 0
// BAD: error: [process {{[0-9]}}] bsp_begin: NS_NODE_LOCAL=fast is not a node-local path; use shm (the default{{.*}}) or mpi
#include <stdio.h>
#include <stdlib.h>
#include "bsp.h"

#define STEPS 300

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), s = bsp_pid(), errors = 0;
    long *in = calloc((size_t)p, sizeof(long));
    long got = 0, extra = 0, mine = 0;
    unsigned long sum = 0, msgs = 0;
    bsp_push_reg(in, p * (int)sizeof(long));
    bsp_push_reg(&mine, sizeof mine);
    bsp_sync();
    for (int t = 0; t < STEPS; t++) {
        int k = t % (p + 1), to = (s + k) % p;
        long long tag = t;                      /* the tag size is 4 or 8 bytes */
        mine = 1000L * s + t;
        if (t % 4 != 3) {                       /* every fourth superstep is empty */
            long v = 7L * s + t;
            bsp_put(to, &v, in, s * (int)sizeof(long), sizeof v);
            bsp_get((s + p - k % p) % p, &mine, 0, &got, sizeof got);
        }
        if (t % 5 == 0)
            bsp_send((s + 1) % p, &tag, &mine, sizeof mine);
        if (t % 7 == 0)
            bsp_push_reg(&extra, (s + 1) * (int)sizeof extra);
        if (t % 7 == 1)
            bsp_pop_reg(&extra);
        if (t % 11 == 0) {
            int ts = t % 22 ? 4 : 8;
            bsp_set_tagsize(&ts);
        }
        bsp_sync();
        if (t % 4 != 3) {
            long want = 1000L * ((s + p - k % p) % p) + t;
            if (got != want)
                errors++;
        }
        for (int i = 0; i < p; i++)
            sum = sum * 31 + (unsigned long)in[i];
        sum = sum * 31 + (unsigned long)got;
        int n, nbytes;
        bsp_qsize(&n, &nbytes);
        for (int i = 0; i < n; i++) {
            long pl;
            char tb[8] = { 0 };
            bsp_get_tag(&nbytes, tb);
            bsp_move(&pl, sizeof pl);
            sum = sum * 31 + (unsigned long)pl;
            msgs++;
        }
    }
    /* process 0 prints everybody's checksum and errors: the output covers
     * every process */
    unsigned long *all = calloc((size_t)p, sizeof *all);
    int *errs = calloc((size_t)p, sizeof *errs);
    bsp_push_reg(all, p * (int)sizeof *all);
    bsp_push_reg(errs, p * (int)sizeof *errs);
    bsp_sync();
    bsp_put(0, &sum, all, s * (int)sizeof sum, sizeof sum);
    bsp_put(0, &errors, errs, s * (int)sizeof errors, sizeof errors);
    bsp_sync();
    if (s == 0) {
        unsigned long c = 0;
        int e = 0;
        for (int i = 0; i < p; i++) {
            c = c * 1000003u + all[i];
            e += errs[i];
        }
        printf("supersteps %d\nchecksum %lu messages %lu\nerrors %d\n", STEPS, c, msgs, e);
    }
    bsp_pop_reg(errs);
    bsp_pop_reg(all);
    bsp_pop_reg(&mine);
    bsp_pop_reg(in);
    bsp_sync();
    free(errs);
    free(all);
    free(in);
    bsp_end();
    return 0;
}
