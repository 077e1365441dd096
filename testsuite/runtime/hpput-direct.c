// bsp_hpput of 32 KiB or more travels as a message of its own, straight
// into the destination. Every process sends blocks of several sizes around
// both thresholds to every process (itself included, which copies), mixed
// with short puts into other areas; all land where they should.
// RUN: %bspcc -I%inputs %s -o %t
// RUN: %bsprun 1 %t | FileCheck %s
// RUN: %bsprun 3 %t | FileCheck %s
// RUN: %bsprun 4 %t | FileCheck %s
// MATRIX: every-mode
#include <stdio.h>
#include <stdlib.h>
#include "bsp.h"
#include "sum_all.h"

static const int sizes[] = { 100, 32 * 1024 - 8, 32 * 1024, 200 * 1024 + 4 };
#define NSIZES 4
#define SLOT (256 * 1024)

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), s = bsp_pid(), errors = 0;
    unsigned char *dst = calloc((size_t)p * NSIZES, SLOT);
    unsigned char *src = malloc((size_t)NSIZES * SLOT);
    int *small = calloc((size_t)p, sizeof(int));
    for (int k = 0; k < NSIZES; k++)
        for (int i = 0; i < sizes[k]; i++)
            src[k * SLOT + i] = (unsigned char)(s * 31 + k * 7 + i);
    bsp_push_reg(dst, p * NSIZES * SLOT);
    bsp_push_reg(small, p * (int)sizeof(int));
    bsp_sync();
    for (int d = 0; d < p; d++)
        for (int k = 0; k < NSIZES; k++) {
            bsp_hpput(d, src + k * SLOT, dst, (s * NSIZES + k) * SLOT, sizes[k]);
            int v = 1000 * s + d;
            bsp_put(d, &v, small, s * (int)sizeof(int), sizeof v);
        }
    bsp_sync();
    for (int from = 0; from < p; from++) {
        if (small[from] != 1000 * from + s)
            errors++;
        for (int k = 0; k < NSIZES; k++)
            for (int i = 0; i < SLOT; i++) {
                unsigned char want = i < sizes[k] ? (unsigned char)(from * 31 + k * 7 + i) : 0;
                if (dst[(from * NSIZES + k) * SLOT + i] != want)
                    errors++;
            }
    }
    int total = sum_all(errors);
    if (s == 0)
        printf("errors %d\n", total);
    bsp_end();
    free(dst);
    free(src);
    free(small);
    return 0;
}
// CHECK: errors 0
