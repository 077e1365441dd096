// Stress: one bsp_put of 64 MiB from every process i to process (i+1) mod p,
// in each of two supersteps with different contents, verified element by
// element (8-byte words, w[k] = (k * 2654435761 + 1000003 * s + r) mod 2^64
// from source s in superstep r).
// RUN: %bspcc %s -o %t
// RUN: %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include "bsp.h"

#define BYTES (64 << 20)
#define WORDS (BYTES / 8)

static uint64_t word(long k, int s, int r)
{
    return (uint64_t)k * 2654435761u + 1000003u * (uint64_t)s + (uint64_t)r;
}

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), left = (me + p - 1) % p, r;
    uint64_t *src = malloc(BYTES), *dst = calloc(WORDS, 8);
    long k, errors = 0;
    if (!src || !dst)
        bsp_abort("out of memory");
    bsp_push_reg(dst, BYTES);
    bsp_sync();
    for (r = 1; r <= 2; r++) {
        for (k = 0; k < WORDS; k++)
            src[k] = word(k, me, r);
        bsp_put((me + 1) % p, src, dst, 0, BYTES);
        for (k = 0; k < WORDS; k++)     /* buffered on source: may change now */
            src[k] = 0;
        bsp_sync();
        for (k = 0; k < WORDS; k++)
            errors += dst[k] != word(k, left, r);
    }
    printf("process %d: %d MiB from %d, errors=%ld\n", me, BYTES >> 20, left, errors);
    bsp_pop_reg(dst);
    bsp_end();
    free(src);
    free(dst);
    return 0;
}
// P2: process 0: 64 MiB from 1, errors=0
// P2-NEXT: process 1: 64 MiB from 0, errors=0
// P2-NOT: process
// P3: process 0: 64 MiB from 2, errors=0
// P3-NEXT: process 1: 64 MiB from 0, errors=0
// P3-NEXT: process 2: 64 MiB from 1, errors=0
// P3-NOT: process
