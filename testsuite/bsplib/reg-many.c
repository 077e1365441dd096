// Many registrations at once: 3000 separately registered ints, used, half of
// them popped in an order unlike the push order, re-registered in reverse
// order (reusing slots), and used again.  Each use puts 1000*pid+k into
// element k of the right neighbour through the element's own address.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// MATRIX: every-mode
#include <stdio.h>
#include "bsp.h"

#define N 3000
static int arr[N];

static int use_all(int round)
{
    int p = bsp_nprocs(), me = bsp_pid(), left = (me + p - 1) % p, k, errors = 0;
    static int v[N];
    for (k = 0; k < N; k++) {
        v[k] = 1000000 * round + 1000 * me + k;
        bsp_put((me + 1) % p, &v[k], &arr[k], 0, sizeof(int));
    }
    bsp_sync();
    for (k = 0; k < N; k++)
        errors += arr[k] != 1000000 * round + 1000 * left + k;
    return errors;
}

int main(void)
{
    bsp_begin(bsp_nprocs());
    int k, errors = 0;
    for (k = 0; k < N; k++)
        bsp_push_reg(&arr[k], sizeof(int));
    bsp_sync();
    errors += use_all(1);
    for (k = 0; k < N; k += 2)          /* pop the even ones, odd multiples of 3 first */
        if (k % 3 == 0 && k % 4 != 0)
            bsp_pop_reg(&arr[k]);
    for (k = N - 2; k >= 0; k -= 2)
        if (!(k % 3 == 0 && k % 4 != 0))
            bsp_pop_reg(&arr[k]);
    bsp_sync();
    for (k = N - 2; k >= 0; k -= 2)
        bsp_push_reg(&arr[k], sizeof(int));
    bsp_sync();
    errors += use_all(2);
    for (k = 0; k < N; k++)
        bsp_pop_reg(&arr[k]);
    bsp_sync();
    printf("process %d: errors=%d\n", bsp_pid(), errors);
    bsp_end();
    return 0;
}
// P1: process 0: errors=0
// P1-NOT: process
// P3: process 0: errors=0
// P3-NEXT: process 1: errors=0
// P3-NEXT: process 2: errors=0
// P3-NOT: process
