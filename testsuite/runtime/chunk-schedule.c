// The exchange in NS_CHUNK pieces on the Latin-square schedule gives the
// results of whole messages, bit for bit: request messages of odd sizes
// (thousands of one-word puts, gets between them) cut at odd chunk sizes,
// large bsp_puts (from the copy taken at the call, received in place) and
// bsp_hpputs of odd sizes around the 32 KiB threshold, overlapping across
// processes, and short puts of higher processes into a large put's area
// (the highest pid's last put wins).  Each process replays every put into a
// shadow copy in BSPlib's order and counts differences; the checksums are
// the same for every chunk size and count-exchange protocol.  (Before
// chunks, overlapping direct bsp_hpput receives could land in any order.)
// A bad NS_CHUNK stops the job at the start in one line.
// RUN: %bspcc -I%inputs -O2 %s -o %t
// RUN: %bsprun 1 %t | FileCheck %s --check-prefix=P1
// RUN: env NS_CHUNK=64 %bsprun 1 %t | FileCheck %s --check-prefix=P1
// RUN: %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
// RUN: env NS_CHUNK=64 %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
// RUN: env NS_CHUNK=4097 %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: env NS_CHUNK=100 %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: env NS_CHUNK=65537 NS_EXCHANGE=nbx %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: env NS_CHUNK=777 NS_EXCHANGE=direct %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
// RUN: env NS_CHUNK=1000 %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
// RUN: env NS_CHUNK=333 NS_EXCHANGE=nbx %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
// RUN: not env NS_CHUNK=10 %bsprun 2 %t 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not env NS_CHUNK=16k %bsprun 2 %t 2>&1 | FileCheck %s --check-prefix=BADK
// The relaxed modes give the same (they send no chunks, and rank
// overlapping puts of several processes as barrier mode orders them:
// runtime/src/transport/write_order.c).
// MATRIX: every-mode
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bsp.h"
#include "fnv.h"

#define AREA (400 * 1024)
#define NWORDS 3001                 /* one-word puts to each process */
#define ROUNDS 3

static const int big_lens[] = { 32 * 1024 - 1, 32 * 1024, 32 * 1024 + 1, 100003, 300001 };
#define NBIG (int)(sizeof big_lens / sizeof big_lens[0])

static unsigned char
byte_of(int round, int s, int d, int j, long i)
{
    return (unsigned char)(round * 29 + s * 53 + d * 19 + j * 7 + i * 3 + 1);
}

/* Large put j from s: where it lands in the area (overlapping others'). */
static long big_off(int s, int j) { return (j * 20011L + s * 4099L) % (AREA - 300001); }

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), errors = 0;
    unsigned char *area = calloc(AREA, 1), *shadow = calloc(AREA, 1);
    unsigned char *tmp = malloc(300001), *hp = malloc((size_t)p * NBIG * 300001);
    double *words = calloc((size_t)p * NWORDS, sizeof(double));
    int ro = 500 + me, *got = calloc((size_t)p * NWORDS, sizeof(int));
    bsp_push_reg(area, AREA);
    bsp_push_reg(words, p * NWORDS * (int)sizeof(double));
    bsp_push_reg(&ro, sizeof ro);
    bsp_sync();
    unsigned long sum = 14695981039346656037ul;
    for (int round = 0; round < ROUNDS; round++) {
        for (int k = 1; k <= p; k++) {
            int d = (me + k) % p;
            for (int w = 0; w < NWORDS; w++) {
                double v = round * 1e6 + me * 1e4 + w;
                bsp_put(d, &v, words, (me * NWORDS + w) * (int)sizeof(double), sizeof v);
                if (w % 7 == 3)
                    bsp_get(d, &ro, 0, &got[d * NWORDS + w], sizeof(int));
            }
            for (int j = 0; j < NBIG; j++) {
                /* bsp_put copies its source at the call (tmp is reused at
                 * once); bsp_hpput may read it at the sync (hp stays) */
                unsigned char *src = (j + round) % 2 ? hp + (size_t)(d * NBIG + j) * 300001 : tmp;
                for (long i = 0; i < big_lens[j]; i++)
                    src[i] = byte_of(round, me, d, j, i);
                if ((j + round) % 2)
                    bsp_hpput(d, src, area, (int)big_off(me, j), big_lens[j]);
                else
                    bsp_put(d, src, area, (int)big_off(me, j), big_lens[j]);
                memset(tmp, 0xee, 300001);
                unsigned char mark = (unsigned char)(me + 1);      /* a short put on top */
                bsp_put(d, &mark, area, (int)big_off(me ^ 1, j) + 100, 1);
            }
        }
        bsp_sync();
        bspx_read(area, p * 2 * NBIG);
        bspx_read(words, p * NWORDS);
        for (int s = 0; s < p; s++)         /* BSPlib's order: source rank, then issue */
            for (int j = 0; j < NBIG; j++) {
                for (long i = 0; i < big_lens[j]; i++)
                    shadow[big_off(s, j) + i] = byte_of(round, s, me, j, i);
                shadow[big_off(s ^ 1, j) + 100] = (unsigned char)(s + 1);
            }
        errors += memcmp(area, shadow, AREA) != 0;
        for (int s = 0; s < p; s++)
            for (int w = 0; w < NWORDS; w++) {
                errors += words[s * NWORDS + w] != round * 1e6 + s * 1e4 + w;
                if (w % 7 == 3)
                    errors += got[s * NWORDS + w] != 500 + s;
            }
        sum = fnv(sum, area, AREA);
        sum = fnv(sum, (const unsigned char *)words, (long)p * NWORDS * (long)sizeof(double));
    }
    printf("process %d of %d: errors %d sum %lu\n", me, p, errors, sum % 1000000007ul);
    bsp_end();
    free(area);
    free(shadow);
    free(tmp);
    free(hp);
    free(words);
    free(got);
    return 0;
}
// P1: {{^}}process 0 of 1: errors 0 sum 518352160{{$}}
// P1-NOT: process
// P2: {{^}}process 0 of 2: errors 0 sum 4254611{{$}}
// P2-NEXT: {{^}}process 1 of 2: errors 0 sum 162968346{{$}}
// P2-NOT: process
// P3: {{^}}process 0 of 3: errors 0 sum 772677456{{$}}
// P3-NEXT: {{^}}process 1 of 3: errors 0 sum 593322545{{$}}
// P3-NEXT: {{^}}process 2 of 3: errors 0 sum 5214429{{$}}
// P3-NOT: process
// P5: {{^}}process 0 of 5: errors 0 sum 879287136{{$}}
// P5-NEXT: {{^}}process 1 of 5: errors 0 sum 883612267{{$}}
// P5-NEXT: {{^}}process 2 of 5: errors 0 sum 93380918{{$}}
// P5-NEXT: {{^}}process 3 of 5: errors 0 sum 477107893{{$}}
// P5-NEXT: {{^}}process 4 of 5: errors 0 sum 934732178{{$}}
// P5-NOT: process
// BAD: error: [process {{[0-9]+}}] bsp_begin: NS_CHUNK=10 is not a chunk size; use 0 (whole messages) or a number of bytes from 64 to 2147483647
// BADK: error: [process {{[0-9]+}}] bsp_begin: NS_CHUNK=16k is not a chunk size
