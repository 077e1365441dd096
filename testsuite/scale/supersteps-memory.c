// 100,000 supersteps in constant memory: every superstep a process pushes
// and pops a registration, puts to its right neighbour and sends it a
// message; every 10th it also gets from its left one; all checked.  Memory
// is measured inside the program (VmRSS of /proc/self/status) after a
// warm-up of 1,000 supersteps and at the end: a leak of one small block per
// superstep (32 bytes x 99,000) would grow it by 3 MB; the bound is 256 kB
// (measured growth: 0 kB).  3 processes oversubscribe 2 cores: fewer
// supersteps there.  ASan's quarantine keeps freed blocks resident
// by design, so this is no test under make check-sanitize (LeakSanitizer
// checks the same programs there).
// UNSUPPORTED: sanitize
// RUN: %bspcc %s -o %t
// RUN: %bsprun 2 %t 100000 | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 3 %t 3000 | sort | FileCheck %s --check-prefix=P3
// P2: process 0: supersteps 100000 errors 0 memory constant
// P2-NEXT: process 1: supersteps 100000 errors 0 memory constant
// P2-NOT: process
// P3: process 0: supersteps 3000 errors 0 memory constant
// P3-NEXT: process 1: supersteps 3000 errors 0 memory constant
// P3-NEXT: process 2: supersteps 3000 errors 0 memory constant
// P3-NOT: process
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bsp.h"

#define WARMUP 1000
#define BOUND_KB 256

/* Resident set size in kB, from /proc/self/status. */
static long
rss_kb(void)
{
    char line[256];
    long kb = -1;
    FILE *f = fopen("/proc/self/status", "r");
    if (!f)
        return -1;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "VmRSS:", 6) == 0)
            kb = atol(line + 6);
    fclose(f);
    return kb;
}

int main(int argc, char **argv)
{
    long steps = argc > 1 ? atol(argv[1]) : 100000, start = -1;
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), right = (me + 1) % p, left = (me + p - 1) % p;
    int in = -1, tmp = -1, got = -1, tagsize = sizeof(int), errors = 0;
    bsp_push_reg(&in, sizeof in);
    bsp_set_tagsize(&tagsize);
    bsp_sync();
    for (long s = 0; s < steps; s++) {
        if (s == WARMUP)
            start = rss_kb();
        int v = (int)(s % 100000) * 100 + me, tag = (int)s;
        bsp_push_reg(&tmp, sizeof tmp);         /* popped next superstep */
        bsp_put(right, &v, &in, 0, sizeof v);
        if (s % 10 == 0)                        /* reads before the puts land */
            bsp_get(left, &in, 0, &got, sizeof got);
        bsp_send(right, &tag, &v, sizeof v);
        bsp_sync();
        bsp_pop_reg(&tmp);
        int want = (int)(s % 100000) * 100 + left, n, bytes, status, t, m = -1;
        if (in != want)
            errors++;
        if (s > 0 && s % 10 == 0 && got != (int)((s - 1) % 100000) * 100 + ((left + p - 1) % p))
            errors++;
        bsp_qsize(&n, &bytes);
        bsp_get_tag(&status, &t);
        bsp_move(&m, sizeof m);
        if (n != 1 || status != (int)sizeof m || t != (int)s || m != want)
            errors++;
    }
    bsp_sync();
    long end = rss_kb();
    int grew = start >= 0 && end - start > BOUND_KB;
    if (steps > WARMUP && !grew)
        printf("process %d: supersteps %ld errors %d memory constant\n", me, steps, errors);
    else
        printf("process %d: supersteps %ld errors %d memory %ld kB -> %ld kB\n", me, steps,
               errors, start, end);
    bsp_end();
    return 0;
}
