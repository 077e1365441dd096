/*
 * bspprobe - measures the BSP parameters of this engine on this machine for
 * the number of processes it runs on, as bspbench does (seed 004 section
 * 4.1; the measuring is bench/bspparams.c's, shared with make bench): r by
 * DAXPY, g and l by full h-relations of one-word bsp_put calls (a
 * Theil-Sen line through the points, which load cannot pull), and g_bulk,
 * l_bulk by the same h-relations sent as one put per destination; then the
 * cost of each kind of NestStep superstep at every group size that
 * neststep(2) reaches (bench/nsparams.c).  It measures the steady state,
 * with the node-local segments from the first superstep
 * (NS_NODE_AFTER=0 unless set).  Writes one line "p=P r=R g=G
 * l=L g_bulk=GB l_bulk=LB ... l_step=S:T,... l_prefix=... l_split=...
 * l_join=... l_da=..." into the parameter file that bspprof reads,
 * replacing an earlier line for the same P.
 * Run: bsprun -np P bspprobe.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "bsp.h"
#include "bspcommon.h"
#include "bspparams.h"
#include "common.h"
#include "nsparams.h"

static void __attribute__((noreturn))
usage(int status)
{
    if (bsp_pid() == 0)
        fprintf(status ? stderr : stdout,
                "usage: bsprun -np P bspprobe [-o FILE] [--quick] [--hmax H] [--hstep S]\n"
                "Measures r (Mflop/s), g (us per 8-byte word) and l (us) at P processes and\n"
                "writes them to FILE (default bspprobe.txt) for bspprof.  See bspprobe(1).\n");
    bsp_end();
    exit(status);
}

static long
number(const char *opt, const char *s)
{
    char *end;
    long v = s ? strtol(s, &end, 10) : 0;
    if (!s || *end || v < 1) {
        if (bsp_pid() == 0)
            fprintf(stderr, "bspprobe: %s takes a positive number\n", opt);
        usage(2);
    }
    return v;
}

/* The Theil-Sen line through (h, t): the median of the slopes between all
 * pairs of points, and the median of t - slope*h.  On a machine that other
 * jobs load, a few points are far off, and the least-squares line follows
 * them (it gave negative intercepts here); the medians do not. */
static void
robust_fit(const double *h, const double *t, int n, double *g, double *l)
{
    double *v = malloc(sizeof *v * (size_t)(n * (n - 1) / 2 + n + 1));
    int k = 0;
    if (!v)
        bench_fail("out of memory");
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (h[j] != h[i])
                v[k++] = (t[j] - t[i]) / (h[j] - h[i]);
    *g = bench_median(v, k);
    for (int i = 0; i < n; i++)
        v[i] = t[i] - *g * h[i];
    *l = bench_median(v, n);
    free(v);
}

/* Keeps the lines of path except one for p, then adds line. */
static void
update(const char *path, int p, const char *line)
{
    char **keep = NULL, buf[4096];
    int nkeep = 0, q;
    FILE *f = fopen(path, "r");
    if (f) {
        while (fgets(buf, sizeof buf, f)) {
            if (buf[0] == '#' || (sscanf(buf, "p=%d", &q) == 1 && q == p))
                continue;
            keep = realloc(keep, sizeof *keep * (size_t)(nkeep + 1));
            if (!keep || !(keep[nkeep++] = strdup(buf)))
                bench_fail("out of memory");
        }
        fclose(f);
    }
    char host[256] = "?";
    gethostname(host, sizeof host - 1);
    f = fopen(path, "w");
    if (!f) {
        perror(path);
        bsp_abort("bspprobe: cannot write the parameter file %s", path);
    }
    time_t now = time(NULL);
    fprintf(f, "# bspprobe: BSP parameters of the NestStep-C engine on %s, last measured %s"
            "# p processes, r Mflop/s (DAXPY), g us per 8-byte word, l us; "
            "g_flops and l_flops = g*r and l*r;\n# l_KIND=S:T,...: a NestStep superstep of "
            "that kind in a group of S processes costs T us\n", host, ctime(&now));
    for (int i = 0; i < nkeep; i++) {
        fputs(keep[i], f);
        free(keep[i]);
    }
    fputs(line, f);
    free(keep);
    if (fclose(f))
        bsp_abort("bspprobe: cannot write the parameter file %s", path);
}

int
main(int argc, char **argv)
{
    /* the steady state: through the node-local segments from the first
     * superstep, unless the user says otherwise (docs/engine.md) */
    setenv("NS_NODE_AFTER", "0", 0);
    bsp_begin(bsp_nprocs());
    const char *out = "bspprobe.txt";
    long hmax = 16000, hstep = 1000;
    int rounds = 5, per = 10, reps = 100000, nsrounds = 10, nsper = 20;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-o"))
            out = i + 1 < argc ? argv[++i] : (usage(2), "");
        else if (!strcmp(argv[i], "--hmax"))
            hmax = number("--hmax", i + 1 < argc ? argv[++i] : NULL);
        else if (!strcmp(argv[i], "--hstep"))
            hstep = number("--hstep", i + 1 < argc ? argv[++i] : NULL);
        else if (!strcmp(argv[i], "--quick")) {
            hmax = 2000, hstep = 250, rounds = 3, per = 5, reps = 10000;
            nsrounds = 3, nsper = 5;
        } else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
            usage(0);
        else {
            if (bsp_pid() == 0)
                fprintf(stderr, "bspprobe: unknown argument '%s'\n", argv[i]);
            usage(2);
        }
    }
    int p = bsp_nprocs(), npts = (int)(hmax / hstep) + 1;
    double *hs = malloc(sizeof *hs * (size_t)npts), *ts = malloc(sizeof *ts * (size_t)npts);
    if (!hs || !ts)
        bench_fail("out of memory");
    double r = bench_bsp_mean(bsp_params_r(reps)), g, l, gb, lb;
    bsp_params_gl(hmax, hstep, rounds, per, 0, hs, ts, &g, &l);
    robust_fit(hs, ts, npts, &g, &l);
    bsp_params_gl(hmax, hstep, rounds, per, 1, hs, ts, &gb, &lb);
    robust_fit(hs, ts, npts, &gb, &lb);
    double *cost = malloc(sizeof *cost * (size_t)((p + 1) * NS_NCOSTS));
    if (!cost)
        bench_fail("out of memory");
    ns_params_steps(nsrounds, nsper, cost);
    if (bsp_pid() == 0) {
        char line[4096];
        int n = snprintf(line, sizeof line, "p=%d r=%.1f g=%.5f l=%.3f g_bulk=%.5f l_bulk=%.3f "
                         "g_flops=%.1f l_flops=%.0f h=0..%ld", p, r, g, l, gb, lb, g * r, l * r,
                         hmax);
        for (int k = 0; k < NS_NCOSTS; k++) {
            char sep = '=';
            n += snprintf(line + n, sizeof line - (size_t)n, " %s", ns_cost_name[k]);
            for (int s = p; s >= 1; s--)
                if (cost[s * NS_NCOSTS + k] > 0 && n < (int)sizeof line - 64) {
                    n += snprintf(line + n, sizeof line - (size_t)n, "%c%d:%.3f", sep, s,
                                  cost[s * NS_NCOSTS + k]);
                    sep = ',';
                }
        }
        snprintf(line + n, sizeof line - (size_t)n, "\n");
        update(out, p, line);
        printf("bspprobe: %s", line);
    }
    bsp_end();
    free(hs);
    free(ts);
    free(cost);
    return 0;
}
