// One-word puts take the inline path of bsp.h (ns_put_word.h): they append
// to a destination's request buffer through a cursor that the engine closes
// before it writes the buffer itself and opens again after.  Here every
// destination gets, in one superstep, 4- and 8-byte puts into two areas
// (the cached area changes), 12-byte puts, gets and bsp_hpputs in between,
// and in one superstep enough words to grow the buffer many times; every
// word that arrives is checked.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | FileCheck %s --check-prefix=P1
// RUN: %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
// MATRIX: every-mode
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bsp.h"

#define KMAX 20000
static const long words[] = { 5, 3000, KMAX, 1 };   /* to each destination, by superstep */
#define NSTEPS ((int)(sizeof words / sizeof words[0]))

/* What word i from process src carries in superstep s. */
static double val(int src, int s, long i) { return src * 1e6 + s * 1e5 + (double)i; }

/* Word i goes: 0-3 as an 8-byte put into w8, 4-5 as a 4-byte put into w4,
 * 6 as a 12-byte put into m12, 7 as a get from ro (every other time) or
 * an 8-byte bsp_hpput into w8. */
enum kind { W8, W4, M12, GET, HP };
static enum kind kind_of(long i)
{
    switch (i % 8) {
    case 0: case 1: case 2: case 3: return W8;
    case 4: case 5: return W4;
    case 6: return M12;
    default: return i % 16 == 7 ? GET : HP;
    }
}

static long count(enum kind k, long n)
{
    long c = 0;
    for (long i = 0; i < n; i++)
        c += kind_of(i) == k;
    return c;
}

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid();
    double *w8 = calloc((size_t)p * KMAX, sizeof *w8), *ro = malloc(KMAX * sizeof *ro);
    int *w4 = calloc((size_t)p * KMAX, sizeof *w4);
    char *m12 = calloc((size_t)p * KMAX, 12);
    double *got = calloc((size_t)p * KMAX, sizeof *got);
    double *hpsrc = malloc(KMAX * sizeof *hpsrc);
    if (!w8 || !ro || !w4 || !m12 || !got || !hpsrc)
        bsp_abort("out of memory\n");
    for (long i = 0; i < KMAX; i++)
        ro[i] = me * 1e6 + (double)i;
    bsp_push_reg(w8, (int)((size_t)p * KMAX * sizeof *w8));
    bsp_push_reg(w4, (int)((size_t)p * KMAX * sizeof *w4));
    bsp_push_reg(m12, (int)((size_t)p * KMAX * 12));
    bsp_push_reg(ro, (int)(KMAX * sizeof *ro));
    bsp_sync();

    long checked = 0, bad = 0;
    for (int s = 0; s < NSTEPS; s++) {
        long n = words[s];
        for (long i = 0; i < n; i++)
            hpsrc[i] = val(me, s, i);
        for (long i = 0; i < n; i++)
            for (int k = 0; k < p; k++) {
                int d = (me + k) % p;
                long at = (long)me * KMAX + i;
                double v = val(me, s, i);
                int v4 = (int)v;
                char rec[12];
                switch (kind_of(i)) {
                case W8: bsp_put(d, &v, w8, (int)(at * 8), 8); break;
                case W4: bsp_put(d, &v4, w4, (int)(at * 4), 4); break;
                case M12:
                    memset(rec, 0, sizeof rec);
                    memcpy(rec, &v, sizeof v);
                    memcpy(rec + 8, &v4, sizeof v4);
                    bsp_put(d, rec, m12, (int)(at * 12), 12);
                    break;
                case GET: bsp_get(d, ro, (int)(i * 8), &got[(long)d * KMAX + i], 8); break;
                case HP: bsp_hpput(d, &hpsrc[i], w8, (int)(at * 8), 8); break;
                }
            }
        bsp_sync();
        bspx_read(w8, (int)(p * (count(W8, n) + count(HP, n))));
        bspx_read(w4, (int)(p * count(W4, n)));
        bspx_read(m12, (int)(p * count(M12, n)));
        for (int src = 0; src < p; src++)
            for (long i = 0; i < n; i++) {
                long at = (long)src * KMAX + i;
                double v = val(src, s, i), x;
                int v4 = (int)v, x4;
                switch (kind_of(i)) {
                case W8: case HP: x = w8[at]; bad += x != v; break;
                case W4: x4 = w4[at]; bad += x4 != v4; break;
                case M12:
                    memcpy(&x, m12 + at * 12, 8);
                    memcpy(&x4, m12 + at * 12 + 8, 4);
                    bad += x != v || x4 != v4;
                    break;
                case GET: x = got[at]; bad += x != src * 1e6 + (double)i; break;
                }
                checked++;
            }
        if (bad)
            bsp_abort("process %d: %ld wrong words after superstep %d\n", me, bad, s);
    }
    printf("process %d: %ld words checked, all equal\n", me, checked);
    bsp_pop_reg(ro);
    bsp_pop_reg(m12);
    bsp_pop_reg(w4);
    bsp_pop_reg(w8);
    bsp_end();
    free(hpsrc);
    free(got);
    free(m12);
    free(w4);
    free(ro);
    free(w8);
    return 0;
}

// P1: process 0: 23006 words checked, all equal
// P2: process 0: 46012 words checked, all equal
// P2: process 1: 46012 words checked, all equal
// P3: process 0: 69018 words checked, all equal
// P3: process 1: 69018 words checked, all equal
// P3: process 2: 69018 words checked, all equal
// P5: process 0: 115030 words checked, all equal
// P5: process 4: 115030 words checked, all equal
