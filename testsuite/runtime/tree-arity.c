// Puts, gets and sends in an all-to-all pattern give the same results for
// every combine-tree shape (a chain, binary, ternary, flat) and for the
// direct protocol (NS_DIRECT_MAX: every process to every process).
// RUN: %bspcc -I%inputs %s -o %t
// RUN: env NS_TREE_ARITY=1 %bsprun 5 %t | FileCheck %s
// RUN: env NS_TREE_ARITY=2 %bsprun 5 %t | FileCheck %s
// RUN: env NS_TREE_ARITY=3 %bsprun 4 %t | FileCheck %s
// RUN: env NS_TREE_ARITY=2 %bsprun 3 %t | FileCheck %s
// RUN: %bsprun 5 %t | FileCheck %s
// RUN: env NS_DIRECT_MAX=8 %bsprun 5 %t | FileCheck %s
// RUN: env NS_DIRECT_MAX=8 %bsprun 2 %t | FileCheck %s
// RUN: env NS_DIRECT_MAX=0 %bsprun 2 %t | FileCheck %s
// At scale on one machine: 16 processes (direct), 32 with a binary tree (5 levels).
// RUN: %bsprun 16 %t | FileCheck %s
// RUN: env NS_TREE_ARITY=2 %bsprun 32 %t | FileCheck %s
#include <stdio.h>
#include <stdlib.h>
#include "bsp.h"
#include "sum_all.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), s = bsp_pid(), errors = 0;
    int *in = calloc((size_t)p, sizeof(int)), *got = calloc((size_t)p, sizeof(int));
    int mine = 100 * s + 7, tagsize = sizeof(int);
    bsp_push_reg(in, p * (int)sizeof(int));
    bsp_push_reg(&mine, sizeof(int));
    bsp_set_tagsize(&tagsize);
    bsp_sync();
    for (int round = 0; round < 20; round++) {
        for (int d = 0; d < p; d++) {
            int v = 1000 * round + 10 * s + d;
            bsp_put(d, &v, in, s * (int)sizeof(int), sizeof(int));
            bsp_get(d, &mine, 0, &got[d], sizeof(int));
            bsp_send(d, &s, &v, sizeof v);
        }
        bsp_sync();
        int n, bytes, status, tag, v;
        bsp_qsize(&n, &bytes);
        if (n != p || bytes != p * (int)sizeof(int))
            errors++;
        for (int i = 0; i < p; i++) {
            if (in[i] != 1000 * round + 10 * i + s || got[i] != 100 * i + 7)
                errors++;
            bsp_get_tag(&status, &tag);
            bsp_move(&v, sizeof v);
            if (tag != i || v != 1000 * round + 10 * i + s)     /* queue in source order */
                errors++;
        }
    }
    int total = sum_all(errors);
    if (s == 0)
        printf("errors %d\n", total);
    bsp_end();
    free(in);
    free(got);
    return 0;
}
// CHECK: errors 0
