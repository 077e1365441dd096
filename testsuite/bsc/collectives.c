// BSPonMPI's collectives API (bsc.h), written from its documentation and
// built with bspcc unchanged: every collective, on bsc_all, on a partition
// (even and odd process ids) and on a neighbourhood (each process with its
// ring neighbours); bsc_put and bsc_get; a user collective through
// bsc_collective (two algorithms: the cheaper by its cost function runs;
// two calls in one superstep reach it as one set of two); collectives that
// run side by side from bsc_start and one that reads what an earlier one
// wrote (bcast, then an allreduce of its result); the even group waits for
// its own result with bsc_sync(step) while the odd one goes straight to
// bsc_sync(bsc_flush); and a large broadcast in a second epoch (two
// supersteps from p = 3 on: two phases cost less than one there).  Reductions use a non-commutative operator
// (decimal concatenation), so the fold order shows; members contribute
// different numbers of elements.  Expected lines come from a model of the
// documented semantics, not from a run.
// UNSUPPORTED: relaxed
// bsc.h needs barrier mode (the misuse test checks the message).
// MATRIX: barrier-mode
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 3 %valgrind %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 4 %t | sort | FileCheck %s --check-prefix=P4
// RUN: %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
// RUN: %bsprun 6 %t | sort | FileCheck %s --check-prefix=P6
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "bsc.h"

#define BIG 10000               /* ints in the large broadcast */

/* A number written as its decimal digits: v, and 10^(number of digits). */
typedef struct { long v, p; } digits;

static void
sum_reduce(void *a, const void *a0, const void *xs, bsc_size_t size)
{
    int acc = *(const int *)a0;
    const int *x = xs;
    for (int i = 0; i < size / (int)sizeof(int); i++)
        acc += x[i];
    *(int *)a = acc;
}

static void
sum_scan(void *a, const void *a0, const void *xs, bsc_size_t size)
{
    int acc = *(const int *)a0, *out = a;
    const int *x = xs;
    for (int i = 0; i < size / (int)sizeof(int); i++)
        out[i] = acc += x[i];
}

static void
concat_reduce(void *a, const void *a0, const void *xs, bsc_size_t size)
{
    digits acc = *(const digits *)a0;
    const digits *x = xs;
    for (int i = 0; i < size / (int)sizeof(digits); i++) {
        acc.v = acc.v * x[i].p + x[i].v;
        acc.p *= x[i].p;
    }
    *(digits *)a = acc;
}

/* The user collective: member s gets its src plus the src of the process
 * before it (bsc_all, ring order).  Algorithm 0 is wrong on purpose and
 * costs more, so it must never run. */
static int set_size;

static bsc_step_t
shift_add_wrong(bsc_step_t depends, bsc_pid_t root, bsc_group_t group,
                bsc_coll_params_t *set, bsc_size_t n)
{
    (void)root; (void)group;
    for (int i = 0; i < n; i++)
        *(int *)set[i].dst = -1;
    return depends + 3;
}

static bsc_step_t
shift_add(bsc_step_t depends, bsc_pid_t root, bsc_group_t group,
          bsc_coll_params_t *set, bsc_size_t n)
{
    (void)root; (void)group;
    int p = bsp_nprocs(), next = (bsp_pid() + 1) % p;
    set_size = n;
    for (int i = 0; i < n; i++) {
        bsc_put(depends, next, set[i].src, set[i].tmp, 0, set[i].size);
        bsc_exec_reduce(depends, sum_reduce, set[i].dst, set[i].src, set[i].tmp, set[i].size);
    }
    return depends + 1;
}

static double cost_high(bsc_group_t g, bsc_coll_params_t *set, bsc_size_t n)
{ (void)g; (void)set; return 1e9 * n; }
static double cost_low(bsc_group_t g, bsc_coll_params_t *set, bsc_size_t n)
{ (void)g; return bsc_L(BSC_PUT) + n * set[0].size * bsc_g(BSC_PUT, set[0].size); }
static bsc_step_t steps_three(bsc_group_t g) { (void)g; return 3; }
static bsc_step_t steps_one(bsc_group_t g) { (void)g; return 1; }

static const bsc_collective_t shift_add_coll = {
    { shift_add_wrong, shift_add }, { cost_high, cost_low }, { steps_three, steps_one }, 2
};

/* registered areas */
static int bdst[3], sdst[2], gsrc[2], agsrc, a2adst[3], rtmp[8], btmp[8], ptok, gtok;
static int sctmp[6], utmp1, utmp2, big[BIG];
static digits ctmp[7];

/* "pS ..." as one write, so that lines of processes do not mix. */
static void __attribute__((format(printf, 1, 2)))
say(const char *fmt, ...)
{
    char line[256];
    int len = snprintf(line, sizeof line, "p%d ", bsp_pid());
    va_list ap;
    va_start(ap, fmt);
    len += vsnprintf(line + len, sizeof line - (size_t)len - 1, fmt, ap);
    va_end(ap);
    strcpy(line + len, "\n");
    fputs(line, stdout);
    fflush(stdout);
}

static void
print_ints(const char *what, const int *v, int n)
{
    char line[200];
    int len = 0;
    for (int i = 0; i < n; i++)
        len += snprintf(line + len, sizeof line - (size_t)len, " %d", v[i]);
    line[len] = 0;
    say("%s:%s", what, line);
}

int
main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), s = bsp_pid();
    int n = (p - s % 2 + 1) / 2, first = s % 2, last = first + 2 * (n - 1);
    bsc_group_t parity = bsc_group_create_partition(s % 2);

    int nb[3], nn = 0;          /* ring neighbours and self, ascending */
    for (int q = 0; q < p; q++)
        if (q == s || q == (s + 1) % p || q == (s + p - 1) % p)
            nb[nn++] = q;
    bsc_group_t ring = bsc_group_create_neighbourhood(nb, nn);

    bsp_push_reg(bdst, sizeof bdst);
    bsp_push_reg(sdst, sizeof sdst);
    bsp_push_reg(gsrc, sizeof gsrc);
    bsp_push_reg(&agsrc, sizeof agsrc);
    bsp_push_reg(a2adst, sizeof a2adst);
    bsp_push_reg(rtmp, sizeof rtmp);
    bsp_push_reg(btmp, sizeof btmp);
    bsp_push_reg(ctmp, sizeof ctmp);
    bsp_push_reg(sctmp, sizeof sctmp);
    bsp_push_reg(&ptok, sizeof ptok);
    bsp_push_reg(&gtok, sizeof gtok);
    bsp_push_reg(&utmp1, sizeof utmp1);
    bsp_push_reg(&utmp2, sizeof utmp2);
    bsp_push_reg(big, sizeof big);
    bsp_sync();

    /* ---- epoch 0: everything scheduled before the first bsc_sync ---- */
    int zero = 0;
    digits none = { 0, 1 };
    int bsrc[3] = { 10 * s + 1, 10 * s + 2, 10 * s + 3 };
    int ssrc[6], gdst[6], agdst[6], a2asrc[3], rsrc[2], rdst = -7, bsum = -7;
    int scsrc[3], scdst[3], token = 7 * s + 3, u1 = s + 1, u2 = 10 * s, ures1 = 0, ures2 = 0;
    digits csrc[2] = { { s, 10 }, { (s + 1) % 10, 10 } }, cdst = { -1, -1 };
    for (int i = 0; i < n; i++) {
        ssrc[2 * i] = 100 * (i + 1) + s;
        ssrc[2 * i + 1] = i * i;
    }
    gsrc[0] = s * s;
    gsrc[1] = s + 7;
    agsrc = 3 * s + 1;
    for (int i = 0; i < nn; i++)
        a2asrc[i] = 100 * s + nb[i];
    for (int k = 0; k < 2; k++)
        rsrc[k] = 10 * s + k;
    for (int k = 0; k < 3; k++)
        scsrc[k] = s + k + 1;
    gtok = 1000 + s;

    bsc_step_t t[12];
    t[0] = bsc_bcast(bsc_start, last, parity, bsrc, bdst, sizeof bsrc);
    t[1] = bsc_scatter(bsc_start, first, parity, ssrc, sdst, 2 * sizeof(int));
    t[2] = bsc_gather(bsc_start, first, parity, gsrc, gdst, 2 * sizeof(int));
    t[3] = bsc_allgather(bsc_start, bsc_all, &agsrc, agdst, sizeof(int));
    t[4] = bsc_alltoall(bsc_start, ring, a2asrc, a2adst, sizeof(int));
    t[5] = bsc_reduce(bsc_start, last, parity, rsrc, &rdst, rtmp, sum_reduce, &zero, s % 3,
                      sizeof(int));
    t[6] = bsc_allreduce(bsc_start, bsc_all, csrc, &cdst, ctmp, concat_reduce, &none,
                         1 + s % 2, sizeof(digits));
    t[7] = bsc_scan(bsc_start, bsc_all, scsrc, scdst, sctmp, sum_scan, &zero, 1 + s % 3,
                    sizeof(int));
    t[8] = bsc_put(bsc_start, (s + 1) % p, &token, &ptok, 0, sizeof token);
    /* reads the bcast's result, so it starts when that is there */
    t[9] = bsc_allreduce(t[0], parity, bdst, &bsum, btmp, sum_reduce, &zero, 3, sizeof(int));
    bsc_coll_params_t c1 = { .src = &u1, .dst = &ures1, .tmp = &utmp1, .size = sizeof(int) };
    bsc_coll_params_t c2 = { .src = &u2, .dst = &ures2, .tmp = &utmp2, .size = sizeof(int) };
    t[10] = bsc_collective(bsc_start, &shift_add_coll, 0, bsc_all, c1);
    t[11] = bsc_collective(bsc_start, &shift_add_coll, 0, bsc_all, c2);
    print_ints("returns", (int[]){ t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8],
                                   t[9], t[10], t[11] }, 12);

    int got = -1;
    if (s % 2 == 0) {           /* the even group waits for its sum only */
        bsc_step_t now = bsc_sync(t[9]);
        say("even group: bsc_sync -> %u, current %u, sum %d", now,
               bsc_current(), bsum);
        bsc_get(now, (s + 2) % p, &gtok, 0, &got, sizeof got);
    }
    bsc_step_t end = bsc_sync(bsc_flush);
    say("flush -> %u, current %u", end, bsc_current());

    print_ints("bcast", bdst, 3);
    print_ints("scatter", sdst, 2);
    if (s == first)
        print_ints("gather", gdst, 2 * n);
    print_ints("allgather", agdst, p);
    print_ints("alltoall", a2adst, nn);
    if (s == last)
        say("reduce: %d", rdst);
    say("allreduce: %ld", cdst.v);
    print_ints("scan", scdst, 1 + s % 3);
    say("put: %d", ptok);
    say("bcast-allreduce: %d", bsum);
    say("user: %d %d (set of %d)", ures1, ures2, set_size);
    if (s % 2 == 0)
        say("get: %d", got);

    /* ---- epoch 1: a large broadcast ---- */
    static int bigsrc[BIG];
    for (int i = 0; i < BIG; i++)
        bigsrc[i] = (p - 1) * 100000 + i;
    bsc_step_t done = bsc_bcast(bsc_start, p - 1, bsc_all, bigsrc, big, sizeof big);
    bsc_sync(done);
    long sum = 0, bad = 0;
    for (int i = 0; i < BIG; i++) {
        sum += big[i];
        bad += big[i] != (p - 1) * 100000 + i;
    }
    say("big bcast: %u supersteps, sum %ld, %ld wrong", done, sum, bad);
    bsc_sync(bsc_flush);

    bsc_group_destroy(ring);
    bsc_group_destroy(parity);
    bsp_end();
    return 0;
}
// P1: p0 allgather: 1
// P1-NEXT: p0 allreduce: 0
// P1-NEXT: p0 alltoall: 0
// P1-NEXT: p0 bcast-allreduce: 6
// P1-NEXT: p0 bcast: 1 2 3
// P1-NEXT: p0 big bcast: 1 supersteps, sum 49995000, 0 wrong
// P1-NEXT: p0 even group: bsc_sync -> 2, current 2, sum 6
// P1-NEXT: p0 flush -> 0, current 0
// P1-NEXT: p0 gather: 0 7
// P1-NEXT: p0 get: 1000
// P1-NEXT: p0 put: 3
// P1-NEXT: p0 reduce: 0
// P1-NEXT: p0 returns: 1 1 1 1 1 1 1 1 1 2 3 3
// P1-NEXT: p0 scan: 1
// P1-NEXT: p0 scatter: 100 0
// P1-NEXT: p0 user: 2 0 (set of 2)
// P1-NOT: p
// P2: p0 allgather: 1 4
// P2-NEXT: p0 allreduce: 12
// P2-NEXT: p0 alltoall: 0 100
// P2-NEXT: p0 bcast-allreduce: 6
// P2-NEXT: p0 bcast: 1 2 3
// P2-NEXT: p0 big bcast: 1 supersteps, sum 1049995000, 0 wrong
// P2-NEXT: p0 even group: bsc_sync -> 2, current 2, sum 6
// P2-NEXT: p0 flush -> 0, current 0
// P2-NEXT: p0 gather: 0 7
// P2-NEXT: p0 get: 1000
// P2-NEXT: p0 put: 10
// P2-NEXT: p0 reduce: 0
// P2-NEXT: p0 returns: 1 1 1 1 1 1 1 1 1 2 3 3
// P2-NEXT: p0 scan: 1
// P2-NEXT: p0 scatter: 100 0
// P2-NEXT: p0 user: 3 10 (set of 2)
// P2-NEXT: p1 allgather: 1 4
// P2-NEXT: p1 allreduce: 12
// P2-NEXT: p1 alltoall: 1 101
// P2-NEXT: p1 bcast-allreduce: 36
// P2-NEXT: p1 bcast: 11 12 13
// P2-NEXT: p1 big bcast: 1 supersteps, sum 1049995000, 0 wrong
// P2-NEXT: p1 flush -> 0, current 0
// P2-NEXT: p1 gather: 1 8
// P2-NEXT: p1 put: 3
// P2-NEXT: p1 reduce: 10
// P2-NEXT: p1 returns: 1 1 1 1 1 1 1 1 1 2 3 3
// P2-NEXT: p1 scan: 3 6
// P2-NEXT: p1 scatter: 101 0
// P2-NEXT: p1 user: 3 10 (set of 2)
// P2-NOT: p
// P3: p0 allgather: 1 4 7
// P3-NEXT: p0 allreduce: 122
// P3-NEXT: p0 alltoall: 0 100 200
// P3-NEXT: p0 bcast-allreduce: 132
// P3-NEXT: p0 bcast: 21 22 23
// P3-NEXT: p0 big bcast: 2 supersteps, sum 2049995000, 0 wrong
// P3-NEXT: p0 even group: bsc_sync -> 2, current 2, sum 132
// P3-NEXT: p0 flush -> 0, current 0
// P3-NEXT: p0 gather: 0 7 4 9
// P3-NEXT: p0 get: 1002
// P3-NEXT: p0 put: 17
// P3-NEXT: p0 returns: 1 1 1 1 1 1 1 1 1 2 3 3
// P3-NEXT: p0 scan: 1
// P3-NEXT: p0 scatter: 100 0
// P3-NEXT: p0 user: 4 20 (set of 2)
// P3-NEXT: p1 allgather: 1 4 7
// P3-NEXT: p1 allreduce: 122
// P3-NEXT: p1 alltoall: 1 101 201
// P3-NEXT: p1 bcast-allreduce: 36
// P3-NEXT: p1 bcast: 11 12 13
// P3-NEXT: p1 big bcast: 2 supersteps, sum 2049995000, 0 wrong
// P3-NEXT: p1 flush -> 0, current 0
// P3-NEXT: p1 gather: 1 8
// P3-NEXT: p1 put: 3
// P3-NEXT: p1 reduce: 10
// P3-NEXT: p1 returns: 1 1 1 1 1 1 1 1 1 2 3 3
// P3-NEXT: p1 scan: 3 6
// P3-NEXT: p1 scatter: 101 0
// P3-NEXT: p1 user: 3 10 (set of 2)
// P3-NEXT: p2 allgather: 1 4 7
// P3-NEXT: p2 allreduce: 122
// P3-NEXT: p2 alltoall: 2 102 202
// P3-NEXT: p2 bcast-allreduce: 132
// P3-NEXT: p2 bcast: 21 22 23
// P3-NEXT: p2 big bcast: 2 supersteps, sum 2049995000, 0 wrong
// P3-NEXT: p2 even group: bsc_sync -> 2, current 2, sum 132
// P3-NEXT: p2 flush -> 0, current 0
// P3-NEXT: p2 get: 1001
// P3-NEXT: p2 put: 10
// P3-NEXT: p2 reduce: 41
// P3-NEXT: p2 returns: 1 1 1 1 1 1 1 1 1 2 3 3
// P3-NEXT: p2 scan: 9 13 18
// P3-NEXT: p2 scatter: 200 1
// P3-NEXT: p2 user: 5 30 (set of 2)
// P3-NOT: p
// P4: p0 allgather: 1 4 7 10
// P4-NEXT: p0 allreduce: 12234
// P4-NEXT: p0 alltoall: 0 100 300
// P4-NEXT: p0 bcast-allreduce: 132
// P4-NEXT: p0 bcast: 21 22 23
// P4-NEXT: p0 big bcast: 2 supersteps, sum 3049995000, 0 wrong
// P4-NEXT: p0 even group: bsc_sync -> 2, current 2, sum 132
// P4-NEXT: p0 flush -> 0, current 0
// P4-NEXT: p0 gather: 0 7 4 9
// P4-NEXT: p0 get: 1002
// P4-NEXT: p0 put: 24
// P4-NEXT: p0 returns: 1 1 1 1 1 1 1 1 1 2 3 3
// P4-NEXT: p0 scan: 1
// P4-NEXT: p0 scatter: 100 0
// P4-NEXT: p0 user: 5 30 (set of 2)
// P4-NEXT: p1 allgather: 1 4 7 10
// P4-NEXT: p1 allreduce: 12234
// P4-NEXT: p1 alltoall: 1 101 201
// P4-NEXT: p1 bcast-allreduce: 192
// P4-NEXT: p1 bcast: 31 32 33
// P4-NEXT: p1 big bcast: 2 supersteps, sum 3049995000, 0 wrong
// P4-NEXT: p1 flush -> 0, current 0
// P4-NEXT: p1 gather: 1 8 9 10
// P4-NEXT: p1 put: 3
// P4-NEXT: p1 returns: 1 1 1 1 1 1 1 1 1 2 3 3
// P4-NEXT: p1 scan: 3 6
// P4-NEXT: p1 scatter: 101 0
// P4-NEXT: p1 user: 3 10 (set of 2)
// P4-NEXT: p2 allgather: 1 4 7 10
// P4-NEXT: p2 allreduce: 12234
// P4-NEXT: p2 alltoall: 102 202 302
// P4-NEXT: p2 bcast-allreduce: 132
// P4-NEXT: p2 bcast: 21 22 23
// P4-NEXT: p2 big bcast: 2 supersteps, sum 3049995000, 0 wrong
// P4-NEXT: p2 even group: bsc_sync -> 2, current 2, sum 132
// P4-NEXT: p2 flush -> 0, current 0
// P4-NEXT: p2 get: 1000
// P4-NEXT: p2 put: 10
// P4-NEXT: p2 reduce: 41
// P4-NEXT: p2 returns: 1 1 1 1 1 1 1 1 1 2 3 3
// P4-NEXT: p2 scan: 9 13 18
// P4-NEXT: p2 scatter: 200 1
// P4-NEXT: p2 user: 5 30 (set of 2)
// P4-NEXT: p3 allgather: 1 4 7 10
// P4-NEXT: p3 allreduce: 12234
// P4-NEXT: p3 alltoall: 3 203 303
// P4-NEXT: p3 bcast-allreduce: 192
// P4-NEXT: p3 bcast: 31 32 33
// P4-NEXT: p3 big bcast: 2 supersteps, sum 3049995000, 0 wrong
// P4-NEXT: p3 flush -> 0, current 0
// P4-NEXT: p3 put: 17
// P4-NEXT: p3 reduce: 10
// P4-NEXT: p3 returns: 1 1 1 1 1 1 1 1 1 2 3 3
// P4-NEXT: p3 scan: 22
// P4-NEXT: p3 scatter: 201 1
// P4-NEXT: p3 user: 7 50 (set of 2)
// P4-NOT: p
// P5: p0 allgather: 1 4 7 10 13
// P5-NEXT: p0 allreduce: 122344
// P5-NEXT: p0 alltoall: 0 100 400
// P5-NEXT: p0 bcast-allreduce: 378
// P5-NEXT: p0 bcast: 41 42 43
// P5-NEXT: p0 big bcast: 2 supersteps, sum 4049995000, 0 wrong
// P5-NEXT: p0 even group: bsc_sync -> 2, current 2, sum 378
// P5-NEXT: p0 flush -> 0, current 0
// P5-NEXT: p0 gather: 0 7 4 9 16 11
// P5-NEXT: p0 get: 1002
// P5-NEXT: p0 put: 31
// P5-NEXT: p0 returns: 1 1 1 1 1 1 1 1 1 2 3 3
// P5-NEXT: p0 scan: 1
// P5-NEXT: p0 scatter: 100 0
// P5-NEXT: p0 user: 6 40 (set of 2)
// P5-NEXT: p1 allgather: 1 4 7 10 13
// P5-NEXT: p1 allreduce: 122344
// P5-NEXT: p1 alltoall: 1 101 201
// P5-NEXT: p1 bcast-allreduce: 192
// P5-NEXT: p1 bcast: 31 32 33
// P5-NEXT: p1 big bcast: 2 supersteps, sum 4049995000, 0 wrong
// P5-NEXT: p1 flush -> 0, current 0
// P5-NEXT: p1 gather: 1 8 9 10
// P5-NEXT: p1 put: 3
// P5-NEXT: p1 returns: 1 1 1 1 1 1 1 1 1 2 3 3
// P5-NEXT: p1 scan: 3 6
// P5-NEXT: p1 scatter: 101 0
// P5-NEXT: p1 user: 3 10 (set of 2)
// P5-NEXT: p2 allgather: 1 4 7 10 13
// P5-NEXT: p2 allreduce: 122344
// P5-NEXT: p2 alltoall: 102 202 302
// P5-NEXT: p2 bcast-allreduce: 378
// P5-NEXT: p2 bcast: 41 42 43
// P5-NEXT: p2 big bcast: 2 supersteps, sum 4049995000, 0 wrong
// P5-NEXT: p2 even group: bsc_sync -> 2, current 2, sum 378
// P5-NEXT: p2 flush -> 0, current 0
// P5-NEXT: p2 get: 1004
// P5-NEXT: p2 put: 10
// P5-NEXT: p2 returns: 1 1 1 1 1 1 1 1 1 2 3 3
// P5-NEXT: p2 scan: 9 13 18
// P5-NEXT: p2 scatter: 200 1
// P5-NEXT: p2 user: 5 30 (set of 2)
// P5-NEXT: p3 allgather: 1 4 7 10 13
// P5-NEXT: p3 allreduce: 122344
// P5-NEXT: p3 alltoall: 203 303 403
// P5-NEXT: p3 bcast-allreduce: 192
// P5-NEXT: p3 bcast: 31 32 33
// P5-NEXT: p3 big bcast: 2 supersteps, sum 4049995000, 0 wrong
// P5-NEXT: p3 flush -> 0, current 0
// P5-NEXT: p3 put: 17
// P5-NEXT: p3 reduce: 10
// P5-NEXT: p3 returns: 1 1 1 1 1 1 1 1 1 2 3 3
// P5-NEXT: p3 scan: 22
// P5-NEXT: p3 scatter: 201 1
// P5-NEXT: p3 user: 7 50 (set of 2)
// P5-NEXT: p4 allgather: 1 4 7 10 13
// P5-NEXT: p4 allreduce: 122344
// P5-NEXT: p4 alltoall: 4 304 404
// P5-NEXT: p4 bcast-allreduce: 378
// P5-NEXT: p4 bcast: 41 42 43
// P5-NEXT: p4 big bcast: 2 supersteps, sum 4049995000, 0 wrong
// P5-NEXT: p4 even group: bsc_sync -> 2, current 2, sum 378
// P5-NEXT: p4 flush -> 0, current 0
// P5-NEXT: p4 get: 1001
// P5-NEXT: p4 put: 24
// P5-NEXT: p4 reduce: 81
// P5-NEXT: p4 returns: 1 1 1 1 1 1 1 1 1 2 3 3
// P5-NEXT: p4 scan: 27 33
// P5-NEXT: p4 scatter: 300 4
// P5-NEXT: p4 user: 9 70 (set of 2)
// P5-NOT: p
// P6: p0 allgather: 1 4 7 10 13 16
// P6-NEXT: p0 allreduce: 12234456
// P6-NEXT: p0 alltoall: 0 100 500
// P6-NEXT: p0 bcast-allreduce: 378
// P6-NEXT: p0 bcast: 41 42 43
// P6-NEXT: p0 big bcast: 2 supersteps, sum 5049995000, 0 wrong
// P6-NEXT: p0 even group: bsc_sync -> 2, current 2, sum 378
// P6-NEXT: p0 flush -> 0, current 0
// P6-NEXT: p0 gather: 0 7 4 9 16 11
// P6-NEXT: p0 get: 1002
// P6-NEXT: p0 put: 38
// P6-NEXT: p0 returns: 1 1 1 1 1 1 1 1 1 2 3 3
// P6-NEXT: p0 scan: 1
// P6-NEXT: p0 scatter: 100 0
// P6-NEXT: p0 user: 7 50 (set of 2)
// P6-NEXT: p1 allgather: 1 4 7 10 13 16
// P6-NEXT: p1 allreduce: 12234456
// P6-NEXT: p1 alltoall: 1 101 201
// P6-NEXT: p1 bcast-allreduce: 468
// P6-NEXT: p1 bcast: 51 52 53
// P6-NEXT: p1 big bcast: 2 supersteps, sum 5049995000, 0 wrong
// P6-NEXT: p1 flush -> 0, current 0
// P6-NEXT: p1 gather: 1 8 9 10 25 12
// P6-NEXT: p1 put: 3
// P6-NEXT: p1 returns: 1 1 1 1 1 1 1 1 1 2 3 3
// P6-NEXT: p1 scan: 3 6
// P6-NEXT: p1 scatter: 101 0
// P6-NEXT: p1 user: 3 10 (set of 2)
// P6-NEXT: p2 allgather: 1 4 7 10 13 16
// P6-NEXT: p2 allreduce: 12234456
// P6-NEXT: p2 alltoall: 102 202 302
// P6-NEXT: p2 bcast-allreduce: 378
// P6-NEXT: p2 bcast: 41 42 43
// P6-NEXT: p2 big bcast: 2 supersteps, sum 5049995000, 0 wrong
// P6-NEXT: p2 even group: bsc_sync -> 2, current 2, sum 378
// P6-NEXT: p2 flush -> 0, current 0
// P6-NEXT: p2 get: 1004
// P6-NEXT: p2 put: 10
// P6-NEXT: p2 returns: 1 1 1 1 1 1 1 1 1 2 3 3
// P6-NEXT: p2 scan: 9 13 18
// P6-NEXT: p2 scatter: 200 1
// P6-NEXT: p2 user: 5 30 (set of 2)
// P6-NEXT: p3 allgather: 1 4 7 10 13 16
// P6-NEXT: p3 allreduce: 12234456
// P6-NEXT: p3 alltoall: 203 303 403
// P6-NEXT: p3 bcast-allreduce: 468
// P6-NEXT: p3 bcast: 51 52 53
// P6-NEXT: p3 big bcast: 2 supersteps, sum 5049995000, 0 wrong
// P6-NEXT: p3 flush -> 0, current 0
// P6-NEXT: p3 put: 17
// P6-NEXT: p3 returns: 1 1 1 1 1 1 1 1 1 2 3 3
// P6-NEXT: p3 scan: 22
// P6-NEXT: p3 scatter: 201 1
// P6-NEXT: p3 user: 7 50 (set of 2)
// P6-NEXT: p4 allgather: 1 4 7 10 13 16
// P6-NEXT: p4 allreduce: 12234456
// P6-NEXT: p4 alltoall: 304 404 504
// P6-NEXT: p4 bcast-allreduce: 378
// P6-NEXT: p4 bcast: 41 42 43
// P6-NEXT: p4 big bcast: 2 supersteps, sum 5049995000, 0 wrong
// P6-NEXT: p4 even group: bsc_sync -> 2, current 2, sum 378
// P6-NEXT: p4 flush -> 0, current 0
// P6-NEXT: p4 get: 1000
// P6-NEXT: p4 put: 24
// P6-NEXT: p4 reduce: 81
// P6-NEXT: p4 returns: 1 1 1 1 1 1 1 1 1 2 3 3
// P6-NEXT: p4 scan: 27 33
// P6-NEXT: p4 scatter: 300 4
// P6-NEXT: p4 user: 9 70 (set of 2)
// P6-NEXT: p5 allgather: 1 4 7 10 13 16
// P6-NEXT: p5 allreduce: 12234456
// P6-NEXT: p5 alltoall: 5 405 505
// P6-NEXT: p5 bcast-allreduce: 468
// P6-NEXT: p5 bcast: 51 52 53
// P6-NEXT: p5 big bcast: 2 supersteps, sum 5049995000, 0 wrong
// P6-NEXT: p5 flush -> 0, current 0
// P6-NEXT: p5 put: 31
// P6-NEXT: p5 reduce: 111
// P6-NEXT: p5 returns: 1 1 1 1 1 1 1 1 1 2 3 3
// P6-NEXT: p5 scan: 39 46 54
// P6-NEXT: p5 scatter: 301 4
// P6-NEXT: p5 user: 11 90 (set of 2)
// P6-NOT: p
