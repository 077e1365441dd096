// A sample sort written for MulticoreBSP for C 2.0's API (BSPedupack 2.0
// style), built with bspcc --mcbsp and -Werror: bsp_pid_t and bsp_nprocs_t
// are unsigned, sizes are size_t, and the receiver reads each message's
// payload size as a size_t from bsp_get_tag (the status) to place it.  Each
// process sorts its share, contributes p regular samples, all take the same
// p - 1 splitters and send each bucket to its owner with bsp_send (tag: the
// sender's pid).  Checked: every process's part is sorted, parts are in
// process order (a bsp_get of the neighbour's first key), and the count,
// sum and sum of squares of all keys are those of the input.
// RUN: %bspcc --mcbsp -Werror %s -o %t
// RUN: %bsprun 1 %t 1000 | FileCheck %s
// RUN: %bsprun 2 %t 1000 | FileCheck %s
// RUN: %bsprun 3 %t 1000 | FileCheck %s
// RUN: %bsprun 4 %t 1000 | FileCheck %s
// RUN: %bsprun 5 %t 1000 | FileCheck %s
// RUN: %bsprun 5 %t 7 | FileCheck %s --check-prefix=FEW
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bsp.h>

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

static size_t global_n;

static void bspsort(void)
{
    bsp_begin(bsp_nprocs());
    bsp_pid_t p = bsp_nprocs(), s = bsp_pid(), t;
    size_t n = global_n, nloc = n / p + (s < n % p ? 1 : 0), first = s * (n / p) + (s < n % p ? s : n % p);
    long *x = malloc(sizeof(long) * (nloc + 1));
    for (size_t i = 0; i < nloc; i++)           /* key of global index first + i */
        x[i] = (long)(((first + i) * 7919u + 13u) % 10007u) - 5000;
    qsort(x, nloc, sizeof(long), cmp_long);

    /* p samples each, gathered everywhere */
    long *samples = malloc(sizeof(long) * p * p), *mine = malloc(sizeof(long) * p);
    bsp_push_reg(samples, sizeof(long) * p * p);
    bsp_sync();
    for (t = 0; t < p; t++)
        mine[t] = nloc > 0 ? x[t * nloc / p] : 5006;
    for (t = 0; t < p; t++)
        bsp_put(t, mine, samples, s * p * sizeof(long), p * sizeof(long));
    bsp_sync();
    qsort(samples, (size_t)p * p, sizeof(long), cmp_long);

    /* bucket t gets keys k with splitter[t-1] <= k < splitter[t] */
    bsp_size_t tagsize = sizeof(bsp_pid_t);
    bsp_set_tagsize(&tagsize);
    bsp_sync();
    size_t start = 0;
    for (t = 0; t < p; t++) {
        size_t end = start;
        while (end < nloc && (t == p - 1 || x[end] < samples[(t + 1) * p]))
            end++;
        if (end > start)
            bsp_send(t, &s, &x[start], (end - start) * sizeof(long));
        start = end;
    }
    bsp_sync();

    bsp_nprocs_t nmessages;
    bsp_size_t nbytes, status;
    bsp_qsize(&nmessages, &nbytes);
    long *y = malloc(nbytes + sizeof(long));
    size_t ny = 0;
    bsp_pid_t from;
    for (bsp_nprocs_t m = 0; m < nmessages; m++) {
        bsp_get_tag(&status, &from);            /* status: the payload size, a size_t */
        if (status == SIZE_MAX || status % sizeof(long) != 0 || from >= p)
            bsp_abort("bad message: status %zu from %u\n", status, from);
        bsp_move(&y[ny], status);
        ny += status / sizeof(long);
    }
    bsp_get_tag(&status, &from);
    if (ny * sizeof(long) != nbytes || status != SIZE_MAX)
        bsp_abort("queue: %zu keys for %zu bytes, status %zu after the last\n", ny, nbytes, status);
    qsort(y, ny, sizeof(long), cmp_long);

    /* checks: local order, order across processes, count and sums on process 0 */
    long stats[5] = { (long)ny, 0, 0, 1, 0 }, next_first = 0, *all = malloc(sizeof stats * p);
    for (size_t i = 0; i < ny; i++) {
        stats[1] += y[i];
        stats[2] += y[i] * y[i];
        if (i > 0 && y[i - 1] > y[i])
            stats[3] = 0;
    }
    long firstkey = ny > 0 ? y[0] : 5006;
    bsp_push_reg(&firstkey, sizeof firstkey);
    bsp_push_reg(all, sizeof stats * p);
    bsp_sync();
    if (s + 1 < p)
        bsp_get(s + 1, &firstkey, 0, &next_first, sizeof next_first);
    bsp_sync();
    if (s + 1 < p && ny > 0 && y[ny - 1] > next_first)
        stats[3] = 0;
    stats[4] = ny > 0;
    bsp_put(0, stats, all, s * sizeof stats, sizeof stats);
    bsp_sync();
    if (s == 0) {
        long tot[5] = { 0, 0, 0, 1, 0 }, want[3] = { (long)n, 0, 0 };
        for (t = 0; t < p; t++) {
            tot[0] += all[5 * t];
            tot[1] += all[5 * t + 1];
            tot[2] += all[5 * t + 2];
            tot[3] &= all[5 * t + 3];
            tot[4] += all[5 * t + 4];
        }
        for (size_t i = 0; i < n; i++) {
            long k = (long)((i * 7919u + 13u) % 10007u) - 5000;
            want[1] += k;
            want[2] += k * k;
        }
        printf("n %ld sum %ld squares %ld sorted %s, %s\n", tot[0], tot[1], tot[2],
               tot[3] ? "yes" : "NO",
               tot[0] == want[0] && tot[1] == want[1] && tot[2] == want[2] ? "same keys" : "KEYS DIFFER");
        printf("non-empty parts %s\n", tot[4] == (long)p || n < 2 * p ? "all" : "NOT ALL");
    }
    bsp_pop_reg(all);
    bsp_pop_reg(&firstkey);
    bsp_pop_reg(samples);
    bsp_end();
    free(x); free(y); free(samples); free(mine); free(all);
}

int main(int argc, char **argv)
{
    global_n = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : 1000;   /* on every process */
    bsp_init(bspsort, argc, argv);
    bspsort();
    return 0;
}
// CHECK: n 1000 sum 10054 squares 8352814504 sorted yes, same keys
// CHECK-NEXT: non-empty parts all
// FEW: n 7 sum 1299 squares 74114459 sorted yes, same keys
