// Fine-grained puts get seed 004's 4-byte header where the fields fit
// (nbytes <= 16, registration slot < 64, offset a multiple of nbytes when
// that is a power of two and at most 2^18 - 1 such units), the 8- or
// 16-byte header otherwise.  Every process puts to every process (itself
// too) on both sides of each boundary: lengths 1..17 and larger, offsets in
// units at 2^18 - 1 and 2^18, misaligned offsets, 70 registrations (slots
// 63 and 64), with gets between the puts (a general header after a compact
// one is padded to 8 bytes), some puts overlapping across processes (the
// highest pid's last put wins).  Each process replays every put into a
// shadow copy in the order BSPlib defines and counts differences; the
// checksums are the ones the engine gave before compact headers existed.
// RUN: %bspcc -I%inputs -O2 %s -o %t
// RUN: %bsprun 1 %t | FileCheck %s --check-prefix=P1
// RUN: %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
// The relaxed modes give the same: they rank overlapping puts of several
// processes as barrier mode orders them (runtime/src/transport/write_order.c).
// MATRIX: every-mode
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bsp.h"
#include "fnv.h"

#define UNITS (1L << 18)
#define BIGSZ (UNITS * 16 + 4096)
#define NSMALL 70
#define SMALLSZ 64
#define ROUNDS 2

static const int lens[] = { 1, 2, 3, 4, 5, 7, 8, 9, 12, 15, 16, 17, 31, 255, 256, 1000 };
#define NLENS (int)(sizeof lens / sizeof lens[0])
#define BIG_OPS (NLENS * 5)

struct op { int small; long off; int n; };

/* Op j of the puts from s: into the big area (five offsets per length:
 * the last unit that fits the compact header, the first that does not,
 * misaligned, zero and the same for everybody), or into small area k. */
static struct op
op_of(int s, int j)
{
    if (j >= BIG_OPS)
        return (struct op){ j - BIG_OPS, (long)((j * 4) % 56), j % 2 ? 8 : 4 };
    int n = lens[j / 5];
    long scale = (n & (n - 1)) || n > 16 ? 1 : n;   /* the compact header's unit */
    switch (j % 5) {
    case 0: return (struct op){ -1, (UNITS - 1 - s) * scale, n };
    case 1: return (struct op){ -1, (UNITS + s) * scale, n };
    case 2: return (struct op){ -1, scale * (40 + 2 * s) + (n > 1), n };
    case 3: return (struct op){ -1, 0, n };
    default: return (struct op){ -1, 3000 + 8 * s, n };
    }
}

static unsigned char
byte_of(int round, int s, int d, int j, int i)
{
    return (unsigned char)(round * 101 + s * 53 + d * 19 + j * 7 + i * 3 + 1);
}

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), errors = 0, nops = BIG_OPS + NSMALL;
    unsigned char *big = calloc(BIGSZ, 1), *shadow = calloc(BIGSZ, 1);
    unsigned char (*small)[SMALLSZ] = calloc(NSMALL, SMALLSZ);
    unsigned char (*small_shadow)[SMALLSZ] = calloc(NSMALL, SMALLSZ);
    unsigned char buf[1000];
    int ro = 7000 + me, *got = calloc((size_t)p * nops, sizeof(int));
    bsp_push_reg(big, BIGSZ);
    bsp_push_reg(&ro, sizeof ro);
    for (int k = 0; k < NSMALL; k++)
        bsp_push_reg(small[k], SMALLSZ);
    bsp_sync();
    unsigned long sum = 14695981039346656037ul;
    for (int round = 0; round < ROUNDS; round++) {
        for (int d = 0; d < p; d++)
            for (int j = 0; j < nops; j++) {
                struct op o = op_of(me, j);
                for (int i = 0; i < o.n; i++)
                    buf[i] = byte_of(round, me, d, j, i);
                bsp_put(d, buf, o.small < 0 ? (void *)big : small[o.small], (int)o.off, o.n);
                if (j % 3 == 1)
                    bsp_get(d, &ro, 0, &got[d * nops + j], sizeof(int));
            }
        bsp_sync();
        bspx_read(big, p * BIG_OPS);
        for (int k = 0; k < NSMALL; k++)
            bspx_read(small[k], p);
        for (int s = 0; s < p; s++)         /* the order BSPlib defines */
            for (int j = 0; j < nops; j++) {
                struct op o = op_of(s, j);
                unsigned char *t = o.small < 0 ? shadow + o.off : small_shadow[o.small] + o.off;
                for (int i = 0; i < o.n; i++)
                    t[i] = byte_of(round, s, me, j, i);
            }
        errors += memcmp(big, shadow, BIGSZ) != 0;
        errors += memcmp(small, small_shadow, NSMALL * SMALLSZ) != 0;
        for (int d = 0; d < p; d++)
            for (int j = 1; j < nops; j += 3)
                errors += got[d * nops + j] != 7000 + d;
        sum = fnv(sum, big, BIGSZ);
        sum = fnv(sum, (const unsigned char *)small, NSMALL * SMALLSZ);
        sum = fnv(sum, (const unsigned char *)got, (long)p * nops * (long)sizeof(int));
    }
    printf("process %d of %d: errors %d sum %lu\n", me, p, errors, sum % 1000000007ul);
    bsp_end();
    free(big);
    free(shadow);
    free(small);
    free(small_shadow);
    free(got);
    return 0;
}
// P1: {{^}}process 0 of 1: errors 0 sum 608780642{{$}}
// P1-NOT: process
// P2: {{^}}process 0 of 2: errors 0 sum 598240016{{$}}
// P2-NEXT: {{^}}process 1 of 2: errors 0 sum 832178999{{$}}
// P2-NOT: process
// P3: {{^}}process 0 of 3: errors 0 sum 403098973{{$}}
// P3-NEXT: {{^}}process 1 of 3: errors 0 sum 852635862{{$}}
// P3-NEXT: {{^}}process 2 of 3: errors 0 sum 94944601{{$}}
// P3-NOT: process
// P5: {{^}}process 0 of 5: errors 0 sum 942762152{{$}}
// P5-NEXT: {{^}}process 1 of 5: errors 0 sum 876667670{{$}}
// P5-NEXT: {{^}}process 2 of 5: errors 0 sum 256618811{{$}}
// P5-NEXT: {{^}}process 3 of 5: errors 0 sum 570817208{{$}}
// P5-NEXT: {{^}}process 4 of 5: errors 0 sum 480482545{{$}}
// P5-NOT: process
