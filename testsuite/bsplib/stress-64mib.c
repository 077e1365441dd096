// Stress: one bsp_put (argument "put") or bsp_hpput ("hpput") of 64 MiB from
// every process i to process (i+1) mod p, in each of two supersteps with
// different contents, verified element by element (8-byte words,
// w[k] = (k * 2654435761 + 1000003 * s + r) mod 2^64 from source s in
// superstep r).  bsp_put is buffered on source, so the source is overwritten
// right after the call; bsp_hpput is unbuffered, so it is left alone until
// the sync (and travels zero-copy).
// bspx_read (the READ of seed 003) before each read of a put area: it
// checks the count in barrier mode and waits in the relaxed modes.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 2 %t put | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 3 %t put | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 2 %t hpput | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 3 %t hpput | sort | FileCheck %s --check-prefix=P3
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "bsp.h"

#define BYTES (64 << 20)
#define WORDS (BYTES / 8)

static uint64_t word(long k, int s, int r)
{
    return (uint64_t)k * 2654435761u + 1000003u * (uint64_t)s + (uint64_t)r;
}

int main(int argc, char **argv)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), left = (me + p - 1) % p, r;
    int hp = argc > 1 && strcmp(argv[1], "hpput") == 0;
    uint64_t *src = malloc(BYTES), *dst = calloc(WORDS, 8);
    long k, errors = 0;
    if (!src || !dst)
        bsp_abort("out of memory");
    bsp_push_reg(dst, BYTES);
    bsp_sync();
    for (r = 1; r <= 2; r++) {
        for (k = 0; k < WORDS; k++)
            src[k] = word(k, me, r);
        if (hp) {
            bsp_hpput((me + 1) % p, src, dst, 0, BYTES);
        } else {
            bsp_put((me + 1) % p, src, dst, 0, BYTES);
            memset(src, 0, BYTES);      /* buffered on source: may change now */
        }
        bsp_sync();
        bspx_read(dst, 1);
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
