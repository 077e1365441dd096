// 600 registrations in one superstep make combine messages longer than the
// 4 KiB first chunk (8 bytes per registration), so the rest travels in a
// second message. Registered sizes differ between processes (4 or 8 bytes).
// RUN: %bspcc -I%inputs %s -o %t
// RUN: %bsprun 1 %t | FileCheck %s
// RUN: %bsprun 2 %t | FileCheck %s
// RUN: %bsprun 3 %t | FileCheck %s
// RUN: env NS_TREE_ARITY=2 %bsprun 5 %t | FileCheck %s
// RUN: env NS_DIRECT_MAX=8 %bsprun 4 %t | FileCheck %s
// MATRIX: every-mode
#include <stdio.h>
#include <stdlib.h>
#include "bsp.h"
#include "sum_all.h"
#define N 600

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), s = bsp_pid(), bad = 0;
    int (*a)[2] = calloc(N, sizeof *a);
    for (int i = 0; i < N; i++)
        bsp_push_reg(a[i], (int)sizeof(int) * (1 + s % 2));
    bsp_sync();
    for (int i = 0; i < N; i++) {
        int v = s * 1000 + i;
        bsp_put((s + 1) % p, &v, a[i], 0, sizeof(int));
    }
    bsp_sync();
    for (int i = 0; i < N; i++)
        bspx_read(a[i], 1);         /* READ of seed 003: waits in relaxed modes */
    for (int i = 0; i < N; i++)
        if (a[i][0] != ((s + p - 1) % p) * 1000 + i)
            bad++;
    for (int i = 0; i < N; i++)
        bsp_pop_reg(a[i]);
    int total = sum_all(bad);       /* its sync also ends the registrations */
    free(a);
    if (s == 0)
        printf("bad %d\n", total);
    bsp_end();
    return 0;
}
// CHECK: bad 0
