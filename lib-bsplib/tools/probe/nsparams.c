/*
 * nsparams.c - the cost of NestStep supersteps by kind, and of their
 * distributed-array data per word (see nsparams.h).  The code of each
 * superstep is what nsc emits for
 *     step { x = 1; }                          (x declared sh<+> double)
 *     step { x = 1; } combine(x<+:pre>);
 *     neststep(2) { }
 *     step { v = a[i]; }                       (a distributed, a[i] remote)
 *     step { b[l:l+h-1] = buf[0:h-1]; }        (b's block of the next process)
 *     step { buf[0:h-1] = b[l:l+h-1]; }        (the previous process's)
 *     step { for (k...) #pragma mirror(b[l+k:l+k]) }   (one record each)
 * and each result is checked.
 */
#include <stdlib.h>
#include <neststep.h>
#include "measure.h"
#include "nsparams.h"

const char *const ns_cost_name[NS_NCOSTS] = { "l_step", "l_prefix", "l_split", "l_join", "l_da" };

static double x, pre;
static ns_shvar sv_x;
static ns_darray *a;                    /* one double per process: a[i] = value(i) */
static int nprocs;

static double value(long i) { return 0.5 * (double)i + 7.0; }

static void
step_plain(void)
{
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv_x, 0, NS_AT("x")), x = 1;
    ns_step_end();
    if (x != NestStep_size())
        bench_fail("sh<+> step: process in a group of %d has %g", NestStep_size(), x);
}

static void
step_prefix(void)
{
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv_x, 0, NS_AT("x")), x = 1;
    ns_combine_prefix(&sv_x, NS_OP_ADD, NULL, &pre);
    ns_step_end();
    if (pre != NestStep_rank() || x != NestStep_size())
        bench_fail("combine(x<+:pre>): rank %d of %d has pre %g, x %g", NestStep_rank(),
                   NestStep_size(), pre, x);
}

/* An empty neststep(2): the split and the join, timed apart (seconds). */
static void
step_nest(double *split, double *join)
{
    double t0 = bench_now();
    int in = ns_neststep_begin(2, NS_SPLIT_EVEN, NULL, NS_AT("neststep"));
    double t1 = bench_now();
    (void)in;
    ns_neststep_end();
    *split = t1 - t0;
    *join = bench_now() - t1;
}

/* Reads the element of the next member of the group (base: the world pid
 * of its rank 0; the groups of neststep(2) are contiguous). */
static void
step_da(int base)
{
    long i = base + (NestStep_rank() + 1) % NestStep_size();
    double v = -1;
    ns_step_begin(NS_AT("step"));
    ns_da_read_section(a, i, i, 1, &v, NS_AT("section"));
    ns_step_end();
    if (v != value(i))
        bench_fail("distributed read: a[%ld] is %g, expected %g", i, v, value(i));
}

/* Computation between the timed supersteps, as a program has: a DAXPY
 * over vectors of GAP doubles (a megabyte, which leaves the caches to the
 * program's data, not the engine's), untimed. */
#define GAP (1 << 16)
static double *gx, *gy;

static void
compute(void)
{
    static int k;
    double s = (k++ & 1) ? -0.25 : 0.25;
    for (int i = 0; i < GAP; i++)
        gy[i] += s * gx[i];
    __asm__ volatile("" : : "r"(gy) : "memory");
}

/* Times every kind in this group; med[k] gets this process's medians (us). */
static void
time_kinds(int base, int rounds, int per, double *med)
{
    int n = rounds * per;
    double *t = malloc(sizeof *t * (size_t)(NS_NCOSTS * n)), s, j;
    if (!t)
        bench_fail("out of memory");
    for (int r = 0; r < rounds; r++) {
        step_plain();                   /* one untimed of each kind */
        step_prefix();
        step_nest(&s, &j);
        step_da(base);
        for (int i = 0, at = r * per; i < per; i++, at++) {
            compute();
            double t0 = bench_now();
            step_plain();
            t[NS_COST_STEP * n + at] = bench_now() - t0;
            compute();
            t0 = bench_now();
            step_prefix();
            t[NS_COST_PREFIX * n + at] = bench_now() - t0;
            compute();
            step_nest(&t[NS_COST_SPLIT * n + at], &t[NS_COST_JOIN * n + at]);
            compute();
            t0 = bench_now();
            step_da(base);
            t[NS_COST_DA * n + at] = bench_now() - t0;
        }
    }
    for (int k = 0; k < NS_NCOSTS; k++)
        med[k] = 1e6 * bench_median(t + k * n, n);
    free(t);
}

/* This group, then the subgroups of neststep(2) down to single processes;
 * mine[s * (NS_NCOSTS + 1) + k]: my medians at size s, then a count. */
static void
level(int base, int rounds, int per, double *mine)
{
    int s = NestStep_size(), r = NestStep_rank();
    double *m = mine + s * (NS_NCOSTS + 1);
    time_kinds(base, rounds, per, m);
    m[NS_NCOSTS] = 1;
    if (s == 1)
        return;
    if (ns_neststep_begin(2, NS_SPLIT_EVEN, NULL, NS_AT("neststep"))) {
        int index = r * 2 / s;          /* runtime/src/neststep/step.c's contiguous split */
        level(base + (index * s + 1) / 2, rounds, per, mine);
    }
    ns_neststep_end();
}

/* The mean over the processes of v[0..n-1], in place. */
static void
mean_over_processes(double *v, int n)
{
    ns_shvar sv;
    ns_sh_declare(&sv, "v", v, (size_t)n, Type_double, sizeof *v, NS_OP_ADD, NULL);
    ns_step_begin(NS_AT("step"));
    for (int i = 0; i < n; i++)
        ns_sh_w(&sv, (size_t)i, NS_AT("v"));
    ns_step_end();
    ns_sh_undeclare(&sv);
    for (int i = 0; i < n; i++)
        v[i] /= NestStep_size();
}

/* One timed step with h elements of distributed-array data, after the
 * untimed computation (seconds): a section write into the next process's
 * block (from buf), a section read of the previous process's (into buf),
 * or h one-element mirrors of it. */
enum da_kind { DA_WRITE, DA_READ, DA_MIRROR, DA_NKINDS };

static double
da_step(enum da_kind kind, ns_darray *b, long next, long prev, long h, double *buf)
{
    compute();
    double t0 = bench_now();
    ns_step_begin(NS_AT("step"));
    if (kind == DA_WRITE && h)
        ns_da_write_section(b, next, next + h - 1, 1, buf, NS_AT("section write"));
    else if (kind == DA_READ && h)
        ns_da_read_section(b, prev, prev + h - 1, 1, buf, NS_AT("section read"));
    else if (kind == DA_MIRROR)
        for (long k = 0; k < h; k++)
            ns_da_mirror(b, prev + k, prev + k, 1, NS_AT("mirror"));
    ns_step_end();
    return bench_now() - t0;
}

/* One point of ns_params_da: my medians of the write, the read and the
 * mirror step of h elements (us), each result checked. */
static void
da_point(ns_darray *b, long hmax, long h, double *buf, int rounds, int per, double *med)
{
    int p = NestStep_size(), me = NestStep_rank(), n = rounds * per;
    long next = (me + 1) % p * hmax, prev = (me + p - 1) % p * hmax;
    long from = (me + p - 2) % p;           /* who writes into my previous's block */
    double *t = malloc(sizeof *t * (size_t)(DA_NKINDS * n));
    if (!t)
        bench_fail("out of memory");
    for (int r = 0; r < rounds; r++)
        for (int i = -1; i < per; i++) {        /* -1: untimed */
            double dt[DA_NKINDS];
            for (long k = 0; k < h; k++)
                buf[k] = (double)(me * hmax + k);
            dt[DA_WRITE] = da_step(DA_WRITE, b, next, prev, h, buf);
            dt[DA_READ] = da_step(DA_READ, b, next, prev, h, buf);
            for (long k = 0; k < h; k++)
                if (buf[k] != (double)(from * hmax + k))
                    bench_fail("section read: element %ld of process %d's block is %g, "
                               "expected %g", k, (me + p - 1) % p, buf[k],
                               (double)(from * hmax + k));
            dt[DA_MIRROR] = da_step(DA_MIRROR, b, next, prev, h, buf);
            ns_step_begin(NS_AT("step"));       /* the mirrors are readable now */
            for (long k = 0; k < h; k += 1 + h / 16) {
                double v = *(const double *)ns_da_rd(b, prev + k, NS_AT("mirrored"));
                if (v != (double)(from * hmax + k))
                    bench_fail("mirror: element %ld of process %d's block is %g, expected %g",
                               k, (me + p - 1) % p, v, (double)(from * hmax + k));
            }
            ns_step_end();
            for (int k = 0; k < DA_NKINDS && i >= 0; k++)
                t[k * n + r * per + i] = dt[k];
        }
    for (int k = 0; k < DA_NKINDS; k++)
        med[k] = 1e6 * bench_median(t + k * n, n);
    free(t);
}

void
ns_params_da(long hmax, long hstep, int rounds, int per, double *hs, double *tw, double *tr,
             double *tm)
{
    NestStep_init(NULL, NULL);
    int p = NestStep_size(), npts = (int)(hmax / hstep) + 1;
    ns_darray *b = ns_da_new("b", p * hmax, 1, Type_double, sizeof(double), NS_BLOCK,
                             NS_OP_FIRST, NULL);
    double *buf = malloc(sizeof *buf * (size_t)(hmax + 1));
    gx = malloc(sizeof *gx * GAP);
    gy = malloc(sizeof *gy * GAP);
    if (!buf || !gx || !gy)
        bench_fail("out of memory");
    for (int i = 0; i < GAP; i++)
        gx[i] = i & 7, gy[i] = 1;
    for (int k = 0; k < npts; k++) {
        hs[k] = (double)(k * hstep);
        double med[DA_NKINDS];
        da_point(b, hmax, k * hstep, buf, rounds, per, med);
        tw[k] = med[DA_WRITE];
        tr[k] = med[DA_READ];
        tm[k] = med[DA_MIRROR];
    }
    mean_over_processes(tw, npts);
    mean_over_processes(tr, npts);
    mean_over_processes(tm, npts);
    ns_da_free(b);
    free(buf);
    free(gx);
    free(gy);
}

void
ns_params_steps(int rounds, int per, double *cost)
{
    NestStep_init(NULL, NULL);
    nprocs = NestStep_size();
    int me = NestStep_rank(), w = NS_NCOSTS + 1, len = (nprocs + 1) * w;
    double *mine = calloc((size_t)len, sizeof *mine);      /* sh<+> double mine[len] */
    ns_shvar sv_mine;
    if (!mine)
        bench_fail("out of memory");
    gx = malloc(sizeof *gx * GAP);
    gy = malloc(sizeof *gy * GAP);
    if (!gx || !gy)
        bench_fail("out of memory");
    for (int i = 0; i < GAP; i++)
        gx[i] = i & 7, gy[i] = 1;
    ns_sh_declare(&sv_x, "x", &x, 1, Type_double, sizeof x, NS_OP_ADD, NULL);
    a = ns_da_new("a", nprocs, 1, Type_double, sizeof(double), NS_BLOCK, NS_OP_FIRST, NULL);
    *(double *)ns_da_wlocal(a, me) = value(me);
    level(0, rounds, per, mine);
    ns_sh_declare(&sv_mine, "mine", mine, (size_t)len, Type_double, sizeof *mine, NS_OP_ADD,
                  NULL);
    ns_step_begin(NS_AT("step"));       /* sums and counts over the processes */
    for (int i = 0; i < len; i++)
        ns_sh_w(&sv_mine, (size_t)i, NS_AT("mine"));
    ns_step_end();
    for (int s = 0; s <= nprocs; s++)
        for (int k = 0; k < NS_NCOSTS; k++)
            cost[s * NS_NCOSTS + k] = mine[s * w + NS_NCOSTS] > 0
                ? mine[s * w + k] / mine[s * w + NS_NCOSTS] : 0;
    ns_sh_undeclare(&sv_mine);
    ns_da_free(a);
    ns_sh_undeclare(&sv_x);
    free(mine);
    free(gx);
    free(gy);
}
