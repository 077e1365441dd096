// The data movers of bsp_coll.h: bsp_bcast (from every root in turn, and in
// place), bsp_gather, bsp_scatter, bsp_allgather and bsp_exchange, each at
// an odd small size (in the combine) and an odd large one (over
// NS_COLL_SMALL: direct messages), and a zero-byte bcast.  Byte i of block j
// of process s's source is val(s, j, i).  Each process checks every result
// against what the definition says and prints a checksum of it; the
// checksums were computed independently (a Python model).
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 3 %valgrind %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 4 %t | sort | FileCheck %s --check-prefix=P4
// RUN: %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
// MATRIX: barrier-mode
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bsp_coll.h"

static unsigned char val(int s, int j, int i) { return (unsigned char)(s * 37 + j * 11 + i * 3 + 1); }

static unsigned long hash;
static int bad;

static void fill(unsigned char *b, int s, int nblocks, int n)
{
    for (int j = 0; j < nblocks; j++)
        for (int i = 0; i < n; i++)
            b[j * n + i] = val(s, j, i);
}

/* Checks b[0..n) against the expected bytes, adds them to the checksum. */
static void check(const unsigned char *b, const unsigned char *want, int n)
{
    for (int i = 0; i < n; i++) {
        bad |= b[i] != want[i];
        hash = (hash * 131 + b[i]) % 1000000007ul;
    }
}

static void report(const char *what, int n)
{
    printf("%d %s %d %lu %s\n", bsp_pid(), what, n, hash, bad ? "MISMATCH" : "OK");
    hash = 0;
    bad = 0;
}

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), s = bsp_pid();
    const int sizes[2][2] = { { 3, 1001 }, { 5, 777 } };
    unsigned char *src = malloc((size_t)p * 3001), *dst = malloc((size_t)p * 3001),
                  *want = malloc((size_t)p * 3001);

    const int bsizes[3] = { 1, 7, 3001 };
    for (int k = 0; k < 3; k++) {
        int n = bsizes[k];
        for (int r = 0; r < p; r++) {
            fill(src, s, 1, n);
            memset(dst, 0xee, 3001);
            bsp_bcast(r, src, dst, n);
            fill(want, r, 1, n);
            check(dst, want, n);
        }
        report("bcast", n);
    }
    fill(dst, s, 1, 7);                     /* in place, from the middle pid */
    bsp_bcast(p / 2, dst, dst, 7);
    fill(want, p / 2, 1, 7);
    check(dst, want, 7);
    report("bcast-inplace", 7);
    dst[0] = 42;
    bsp_bcast(0, NULL, dst, 0);             /* nothing moves */
    printf("%d bcast-zero %d\n", s, dst[0]);

    for (int k = 0; k < 2; k++) {
        int n = sizes[0][k];
        fill(src, s, 1, n);
        memset(dst, 0xee, (size_t)p * n);
        bsp_gather(p - 1, src, dst, n);
        memset(want, 0xee, (size_t)p * n);
        if (s == p - 1)
            for (int q = 0; q < p; q++)
                fill(want + q * n, q, 1, n);
        check(dst, want, p * n);            /* untouched off the root */
        report("gather", n);

        fill(src, s, p, n);
        memset(dst, 0xee, (size_t)n);
        bsp_scatter(0, s == 0 ? src : NULL, dst, n);
        for (int i = 0; i < n; i++)
            want[i] = val(0, s, i);
        check(dst, want, n);
        report("scatter", n);
    }
    for (int k = 0; k < 2; k++) {
        int n = sizes[1][k];
        fill(src, s, 1, n);
        memset(dst, 0xee, (size_t)p * n);
        bsp_allgather(src, dst, n);
        for (int q = 0; q < p; q++)
            fill(want + q * n, q, 1, n);
        check(dst, want, p * n);
        report("allgather", n);

        fill(src, s, p, n);
        memset(dst, 0xee, (size_t)p * n);
        bsp_exchange(src, dst, n);
        for (int q = 0; q < p; q++)
            for (int i = 0; i < n; i++)
                want[q * n + i] = val(q, s, i);
        check(dst, want, p * n);
        report("exchange", n);
    }
    free(src);
    free(dst);
    free(want);
    bsp_end();
    return 0;
}
// P1: 0 allgather 5 303613735 OK
// P1-NEXT: 0 allgather 777 559063459 OK
// P1-NEXT: 0 bcast 1 1 OK
// P1-NEXT: 0 bcast 3001 178401525 OK
// P1-NEXT: 0 bcast 7 315271980 OK
// P1-NEXT: 0 bcast-inplace 7 315271980 OK
// P1-NEXT: 0 bcast-zero 42
// P1-NEXT: 0 exchange 5 303613735 OK
// P1-NEXT: 0 exchange 777 559063459 OK
// P1-NEXT: 0 gather 1001 699186736 OK
// P1-NEXT: 0 gather 3 17692 OK
// P1-NEXT: 0 scatter 1001 699186736 OK
// P1-NEXT: 0 scatter 3 17692 OK
// P1-NOT: {{.}}
// P2: 0 allgather 5 625046373 OK
// P2-NEXT: 0 allgather 777 112114038 OK
// P2-NEXT: 0 bcast 1 169 OK
// P2-NEXT: 0 bcast 3001 554915305 OK
// P2-NEXT: 0 bcast 7 23693634 OK
// P2-NEXT: 0 bcast-inplace 7 521724718 OK
// P2-NEXT: 0 bcast-zero 42
// P2-NEXT: 0 exchange 5 625046373 OK
// P2-NEXT: 0 exchange 777 112114038 OK
// P2-NEXT: 0 gather 1001 604304672 OK
// P2-NEXT: 0 gather 3 548614764 OK
// P2-NEXT: 0 scatter 1001 699186736 OK
// P2-NEXT: 0 scatter 3 17692 OK
// P2-NEXT: 1 allgather 5 625046373 OK
// P2-NEXT: 1 allgather 777 112114038 OK
// P2-NEXT: 1 bcast 1 169 OK
// P2-NEXT: 1 bcast 3001 554915305 OK
// P2-NEXT: 1 bcast 7 23693634 OK
// P2-NEXT: 1 bcast-inplace 7 521724718 OK
// P2-NEXT: 1 bcast-zero 42
// P2-NEXT: 1 exchange 5 569255978 OK
// P2-NEXT: 1 exchange 777 368415800 OK
// P2-NEXT: 1 gather 1001 821671960 OK
// P2-NEXT: 1 gather 3 773883232 OK
// P2-NEXT: 1 scatter 1001 4577115 OK
// P2-NEXT: 1 scatter 3 207915 OK
// P2-NOT: {{.}}
// P3: 0 allgather 5 15042604 OK
// P3-NEXT: 0 allgather 777 122303624 OK
// P3-NEXT: 0 bcast 1 22214 OK
// P3-NEXT: 0 bcast 3001 394879121 OK
// P3-NEXT: 0 bcast 7 242944486 OK
// P3-NEXT: 0 bcast-inplace 7 521724718 OK
// P3-NEXT: 0 bcast-zero 42
// P3-NEXT: 0 exchange 5 15042604 OK
// P3-NEXT: 0 exchange 777 122303624 OK
// P3-NEXT: 0 gather 1001 893768025 OK
// P3-NEXT: 0 gather 3 908897913 OK
// P3-NEXT: 0 scatter 1001 699186736 OK
// P3-NEXT: 0 scatter 3 17692 OK
// P3-NEXT: 1 allgather 5 15042604 OK
// P3-NEXT: 1 allgather 777 122303624 OK
// P3-NEXT: 1 bcast 1 22214 OK
// P3-NEXT: 1 bcast 3001 394879121 OK
// P3-NEXT: 1 bcast 7 242944486 OK
// P3-NEXT: 1 bcast-inplace 7 521724718 OK
// P3-NEXT: 1 bcast-zero 42
// P3-NEXT: 1 exchange 5 818313457 OK
// P3-NEXT: 1 exchange 777 503983815 OK
// P3-NEXT: 1 gather 1001 893768025 OK
// P3-NEXT: 1 gather 3 908897913 OK
// P3-NEXT: 1 scatter 1001 4577115 OK
// P3-NEXT: 1 scatter 3 207915 OK
// P3-NEXT: 2 allgather 5 15042604 OK
// P3-NEXT: 2 allgather 777 122303624 OK
// P3-NEXT: 2 bcast 1 22214 OK
// P3-NEXT: 2 bcast 3001 394879121 OK
// P3-NEXT: 2 bcast 7 242944486 OK
// P3-NEXT: 2 bcast-inplace 7 521724718 OK
// P3-NEXT: 2 bcast-zero 42
// P3-NEXT: 2 exchange 5 621584303 OK
// P3-NEXT: 2 exchange 777 661601976 OK
// P3-NEXT: 2 gather 1001 418267183 OK
// P3-NEXT: 2 gather 3 918029173 OK
// P3-NEXT: 2 scatter 1001 103664003 OK
// P3-NEXT: 2 scatter 3 398138 OK
// P3-NOT: {{.}}
// P4: 0 allgather 5 524301696 OK
// P4-NEXT: 0 allgather 777 190355295 OK
// P4-NEXT: 0 bcast 1 2910146 OK
// P4-NEXT: 0 bcast 3001 576677982 OK
// P4-NEXT: 0 bcast 7 570247182 OK
// P4-NEXT: 0 bcast-inplace 7 728177456 OK
// P4-NEXT: 0 bcast-zero 42
// P4-NEXT: 0 exchange 5 524301696 OK
// P4-NEXT: 0 exchange 777 190355295 OK
// P4-NEXT: 0 gather 1001 367500195 OK
// P4-NEXT: 0 gather 3 207946822 OK
// P4-NEXT: 0 scatter 1001 699186736 OK
// P4-NEXT: 0 scatter 3 17692 OK
// P4-NEXT: 1 allgather 5 524301696 OK
// P4-NEXT: 1 allgather 777 190355295 OK
// P4-NEXT: 1 bcast 1 2910146 OK
// P4-NEXT: 1 bcast 3001 576677982 OK
// P4-NEXT: 1 bcast 7 570247182 OK
// P4-NEXT: 1 bcast-inplace 7 728177456 OK
// P4-NEXT: 1 bcast-zero 42
// P4-NEXT: 1 exchange 5 123706925 OK
// P4-NEXT: 1 exchange 777 776369501 OK
// P4-NEXT: 1 gather 1001 367500195 OK
// P4-NEXT: 1 gather 3 207946822 OK
// P4-NEXT: 1 scatter 1001 4577115 OK
// P4-NEXT: 1 scatter 3 207915 OK
// P4-NEXT: 2 allgather 5 524301696 OK
// P4-NEXT: 2 allgather 777 190355295 OK
// P4-NEXT: 2 bcast 1 2910146 OK
// P4-NEXT: 2 bcast 3001 576677982 OK
// P4-NEXT: 2 bcast 7 570247182 OK
// P4-NEXT: 2 bcast-inplace 7 728177456 OK
// P4-NEXT: 2 bcast-zero 42
// P4-NEXT: 2 exchange 5 723112161 OK
// P4-NEXT: 2 exchange 777 300740264 OK
// P4-NEXT: 2 gather 1001 367500195 OK
// P4-NEXT: 2 gather 3 207946822 OK
// P4-NEXT: 2 scatter 1001 103664003 OK
// P4-NEXT: 2 scatter 3 398138 OK
// P4-NEXT: 3 allgather 5 524301696 OK
// P4-NEXT: 3 allgather 777 190355295 OK
// P4-NEXT: 3 bcast 1 2910146 OK
// P4-NEXT: 3 bcast 3001 576677982 OK
// P4-NEXT: 3 bcast 7 570247182 OK
// P4-NEXT: 3 bcast-inplace 7 728177456 OK
// P4-NEXT: 3 bcast-zero 42
// P4-NEXT: 3 exchange 5 322517390 OK
// P4-NEXT: 3 exchange 777 248352297 OK
// P4-NEXT: 3 gather 1001 922586537 OK
// P4-NEXT: 3 gather 3 109049267 OK
// P4-NEXT: 3 scatter 1001 377176591 OK
// P4-NEXT: 3 scatter 3 588361 OK
// P4-NOT: {{.}}
// P5: 0 allgather 5 467584672 OK
// P5-NEXT: 0 allgather 777 853864636 OK
// P5-NEXT: 0 bcast 1 381229275 OK
// P5-NEXT: 0 bcast 3001 565207566 OK
// P5-NEXT: 0 bcast 7 704721676 OK
// P5-NEXT: 0 bcast-inplace 7 728177456 OK
// P5-NEXT: 0 bcast-zero 42
// P5-NEXT: 0 exchange 5 467584672 OK
// P5-NEXT: 0 exchange 777 853864636 OK
// P5-NEXT: 0 gather 1001 638510555 OK
// P5-NEXT: 0 gather 3 379860155 OK
// P5-NEXT: 0 scatter 1001 699186736 OK
// P5-NEXT: 0 scatter 3 17692 OK
// P5-NEXT: 1 allgather 5 467584672 OK
// P5-NEXT: 1 allgather 777 853864636 OK
// P5-NEXT: 1 bcast 1 381229275 OK
// P5-NEXT: 1 bcast 3001 565207566 OK
// P5-NEXT: 1 bcast 7 704721676 OK
// P5-NEXT: 1 bcast-inplace 7 728177456 OK
// P5-NEXT: 1 bcast-zero 42
// P5-NEXT: 1 exchange 5 875980083 OK
// P5-NEXT: 1 exchange 777 855190220 OK
// P5-NEXT: 1 gather 1001 638510555 OK
// P5-NEXT: 1 gather 3 379860155 OK
// P5-NEXT: 1 scatter 1001 4577115 OK
// P5-NEXT: 1 scatter 3 207915 OK
// P5-NEXT: 2 allgather 5 467584672 OK
// P5-NEXT: 2 allgather 777 853864636 OK
// P5-NEXT: 2 bcast 1 381229275 OK
// P5-NEXT: 2 bcast 3001 565207566 OK
// P5-NEXT: 2 bcast 7 704721676 OK
// P5-NEXT: 2 bcast-inplace 7 728177456 OK
// P5-NEXT: 2 bcast-zero 42
// P5-NEXT: 2 exchange 5 284375487 OK
// P5-NEXT: 2 exchange 777 657797391 OK
// P5-NEXT: 2 gather 1001 638510555 OK
// P5-NEXT: 2 gather 3 379860155 OK
// P5-NEXT: 2 scatter 1001 103664003 OK
// P5-NEXT: 2 scatter 3 398138 OK
// P5-NEXT: 3 allgather 5 467584672 OK
// P5-NEXT: 3 allgather 777 853864636 OK
// P5-NEXT: 3 bcast 1 381229275 OK
// P5-NEXT: 3 bcast 3001 565207566 OK
// P5-NEXT: 3 bcast 7 704721676 OK
// P5-NEXT: 3 bcast-inplace 7 728177456 OK
// P5-NEXT: 3 bcast-zero 42
// P5-NEXT: 3 exchange 5 692770898 OK
// P5-NEXT: 3 exchange 777 582520229 OK
// P5-NEXT: 3 gather 1001 638510555 OK
// P5-NEXT: 3 gather 3 379860155 OK
// P5-NEXT: 3 scatter 1001 377176591 OK
// P5-NEXT: 3 scatter 3 588361 OK
// P5-NEXT: 4 allgather 5 467584672 OK
// P5-NEXT: 4 allgather 777 853864636 OK
// P5-NEXT: 4 bcast 1 381229275 OK
// P5-NEXT: 4 bcast 3001 565207566 OK
// P5-NEXT: 4 bcast 7 704721676 OK
// P5-NEXT: 4 bcast-inplace 7 728177456 OK
// P5-NEXT: 4 bcast-zero 42
// P5-NEXT: 4 exchange 5 101166302 OK
// P5-NEXT: 4 exchange 777 560078237 OK
// P5-NEXT: 4 gather 1001 969523193 OK
// P5-NEXT: 4 gather 3 676560289 OK
// P5-NEXT: 4 scatter 1001 108146381 OK
// P5-NEXT: 4 scatter 3 778584 OK
// P5-NOT: {{.}}
