// The all_gather_sparse_vec example of seed 000 (bsp_send/bsp_move): the
// nonzeros of a block-distributed vector (n/p = 4 per process) are broadcast
// to all processes, with the global index as a 4-byte tag.  Element g is
// g+0.5 when g is a multiple of 3, else 0.  Messages arrive in an order the
// standard leaves open, so each process sorts what it got by index before
// printing.  The function also restores the tag size (to 0), checked after.
// Changes to the seed's code: `sparse` and `sparse_ivec` start as NULL (the
// seed returns them uninitialised when there are no nonzeros), and status is
// compared with (int)sizeof(float) to avoid a signed/unsigned comparison.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 2 %valgrind %t | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
// MATRIX: barrier-mode
#include <stdio.h>
#include <stdlib.h>
#include "bsp.h"

int all_gather_sparse_vec(float *dense, int n_over_p,
                          float **sparse_out,
                          int **sparse_ivec_out)
{
    int global_idx, i, j, tag_size,
        nonzeros, nonzeros_size, status, *sparse_ivec = NULL;
    float *sparse = NULL;

    tag_size = sizeof(int);
    bsp_set_tagsize(&tag_size);
    bsp_sync();

    for (i = 0; i < n_over_p; i++)
        if (dense[i] != 0.0) {
            global_idx = (n_over_p * bsp_pid() + i);
            for (j = 0; j < bsp_nprocs(); j++)
                bsp_send(j, &global_idx, &dense[i], sizeof(float));
        }
    bsp_sync();

    bsp_qsize(&nonzeros, &nonzeros_size);
    if (nonzeros > 0) {
        sparse = calloc(nonzeros, sizeof(float));
        sparse_ivec = calloc(nonzeros, sizeof(int));
        if (sparse == NULL || sparse_ivec == NULL)
            bsp_abort("Unable to allocate memory");
        for (i = 0; i < nonzeros; i++) {
            bsp_get_tag(&status, &sparse_ivec[i]);
            if (status != (int)sizeof(float))
                bsp_abort("Should never get here");
            bsp_move(&sparse[i], sizeof(float));
        }
    }
    bsp_set_tagsize(&tag_size);
    *sparse_out = sparse;
    *sparse_ivec_out = sparse_ivec;
    return nonzeros;
}

int main(void)
{
    bsp_begin(bsp_nprocs());
    int me = bsp_pid(), i, j, *idx;
    float dense[4], *val;
    for (i = 0; i < 4; i++) {
        int g = 4 * me + i;
        dense[i] = g % 3 == 0 ? g + 0.5f : 0.0f;
    }
    int nz = all_gather_sparse_vec(dense, 4, &val, &idx);
    for (i = 1; i < nz; i++)            /* insertion sort by index */
        for (j = i; j > 0 && idx[j - 1] > idx[j]; j--) {
            int ti = idx[j]; idx[j] = idx[j - 1]; idx[j - 1] = ti;
            float tv = val[j]; val[j] = val[j - 1]; val[j - 1] = tv;
        }
    /* one printf per line: output of the processes is interleaved */
    char line[512];
    int len = snprintf(line, sizeof line, "process %d: %d nonzeros:", me, nz);
    for (i = 0; i < nz; i++)
        len += snprintf(line + len, sizeof line - len, " %d=%g", idx[i], val[i]);
    bsp_sync();                         /* the restored tag size is valid now */
    int t = 0;
    bsp_set_tagsize(&t);
    printf("%s; tag size after: %d\n", line, t);
    free(val);
    free(idx);
    bsp_end();
    return 0;
}
// P1: process 0: 2 nonzeros: 0=0.5 3=3.5; tag size after: 0
// P1-NOT: process
// P2: process 0: 3 nonzeros: 0=0.5 3=3.5 6=6.5; tag size after: 0
// P2-NEXT: process 1: 3 nonzeros: 0=0.5 3=3.5 6=6.5; tag size after: 0
// P2-NOT: process
// P3: process 0: 4 nonzeros: 0=0.5 3=3.5 6=6.5 9=9.5; tag size after: 0
// P3-NEXT: process 1: 4 nonzeros: 0=0.5 3=3.5 6=6.5 9=9.5; tag size after: 0
// P3-NEXT: process 2: 4 nonzeros: 0=0.5 3=3.5 6=6.5 9=9.5; tag size after: 0
// P3-NOT: process
// P5: process 0: 7 nonzeros: 0=0.5 3=3.5 6=6.5 9=9.5 12=12.5 15=15.5 18=18.5; tag size after: 0
// P5-NEXT: process 1: 7 nonzeros: 0=0.5 3=3.5 6=6.5 9=9.5 12=12.5 15=15.5 18=18.5; tag size after: 0
// P5-NEXT: process 2: 7 nonzeros: 0=0.5 3=3.5 6=6.5 9=9.5 12=12.5 15=15.5 18=18.5; tag size after: 0
// P5-NEXT: process 3: 7 nonzeros: 0=0.5 3=3.5 6=6.5 9=9.5 12=12.5 15=15.5 18=18.5; tag size after: 0
// P5-NEXT: process 4: 7 nonzeros: 0=0.5 3=3.5 6=6.5 9=9.5 12=12.5 15=15.5 18=18.5; tag size after: 0
// P5-NOT: process
