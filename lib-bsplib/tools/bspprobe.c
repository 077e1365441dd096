/*
 * bspprobe - measures the BSP parameters of this engine on this machine for
 * the number of processes it runs on, as bspbench does (seed 004 section
 * 4.1; the measuring is lib-bsplib/tools/probe/bspparams.c's, shared with make bench): r by
 * DAXPY, g and l by full h-relations of one-word bsp_put calls (a
 * Theil-Sen line through the points, which load cannot pull), and g_bulk,
 * l_bulk by the same h-relations sent as one put per destination; then the
 * cost of each kind of NestStep superstep at every group size that
 * neststep(2) reaches, and g_da_write and g_da_read, the cost per word of
 * distributed-array section writes and reads, and g_da_rec, the cost of a
 * request record beyond its data (element mirrors; probe/nsparams.c).  Unless NS_NODE_AFTER is set, it
 * first measures g and l as above on the all-MPI path, the one a job's
 * first NS_NODE_AFTER supersteps take (l_mpi; only where the job makes
 * node-local segments), then lets the engine make the segments and
 * measures everything else in the steady state through them.  Writes one
 * line "p=P r=R g=G l=L g_bulk=GB l_bulk=LB ... l_mpi=LM g_da_write=GW
 * g_da_read=GR g_da_rec=GC l_step=S:T,... l_prefix=... l_split=... l_join=... l_da=..."
 * into the parameter file
 * that bspprof reads, replacing an earlier line for the same P.
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
#include "measure.h"
#include "neststep.h"
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

struct options {
    const char *out;
    long hmax, hstep;
    int rounds, per, reps, nsrounds, nsper;
    long dahmax, dahstep;           /* the distributed-array h-relations */
    int darounds, daper;
    int help;
    char error[128];                /* a bad argument: the message */
};

static long
number(struct options *o, const char *opt, const char *s)
{
    char *end;
    long v = s ? strtol(s, &end, 10) : 0;
    if (!s || *end || v < 1) {
        if (!o->error[0])
            snprintf(o->error, sizeof o->error, "%s takes a positive number", opt);
        return 1;
    }
    return v;
}

/* Read before bsp_begin (the first phase's length sets NS_NODE_AFTER);
 * what is wrong is said once the processes run. */
static void
parse(int argc, char **argv, struct options *o)
{
    *o = (struct options){ "bspprobe.txt", 16000, 1000, 5, 10, 100000, 10, 20, 16000, 4000, 4, 5,
                           0, "" };
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-o")) {
            if (i + 1 < argc)
                o->out = argv[++i];
            else
                snprintf(o->error, sizeof o->error, "-o needs a file name");
        } else if (!strcmp(argv[i], "--hmax"))
            o->hmax = number(o, "--hmax", i + 1 < argc ? argv[++i] : NULL);
        else if (!strcmp(argv[i], "--hstep"))
            o->hstep = number(o, "--hstep", i + 1 < argc ? argv[++i] : NULL);
        else if (!strcmp(argv[i], "--quick")) {
            o->hmax = 2000, o->hstep = 250, o->rounds = 3, o->per = 5, o->reps = 10000;
            o->nsrounds = 3, o->nsper = 5;
            o->dahmax = 4000, o->dahstep = 1000, o->darounds = 2, o->daper = 3;
        } else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
            o->help = 1;
        else if (!o->error[0])
            snprintf(o->error, sizeof o->error, "unknown argument '%.64s'", argv[i]);
    }
}

/* The supersteps of bsp_params_gl, with room to spare: its sweep's, a
 * mean's three per point, a few more. */
static long
gl_supersteps(const struct options *o)
{
    long npts = o->hmax / o->hstep + 1;
    return npts * (o->rounds * (o->per + 1) + 3) + 32;
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
            "# p processes, r Mflop/s (DAXPY), g us per 8-byte word, l us (l_mpi: over MPI, "
            "before the node-local segments); "
            "g_flops and l_flops = g*r and l*r;\n# g_da_write, g_da_read: us per 8-byte word "
            "of distributed-array section writes and reads, g_da_rec us per request record;"
            "\n# l_KIND=S:T,...: a NestStep superstep of "
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
    struct options o;
    parse(argc, argv, &o);
    /* Unless the user sets NS_NODE_AFTER: the first phase's supersteps
     * run over MPI messages, as a job's first NS_NODE_AFTER combines do,
     * and give l_mpi; then the node-local segments are made, and the rest
     * measures the steady state through them (docs/engine.md). */
    const char *after = getenv("NS_NODE_AFTER");
    int own = !after || !*after;
    if (own) {
        char k[32];
        snprintf(k, sizeof k, "%ld", gl_supersteps(&o));
        setenv("NS_NODE_AFTER", k, 1);
    }
    bsp_begin(bsp_nprocs());
    if (o.help)
        usage(0);
    if (o.error[0]) {
        if (bsp_pid() == 0)
            fprintf(stderr, "bspprobe: %s\n", o.error);
        usage(2);
    }
    const char *out = o.out;
    long hmax = o.hmax, hstep = o.hstep;
    int rounds = o.rounds, per = o.per, nsrounds = o.nsrounds, nsper = o.nsper;
    int p = bsp_nprocs(), npts = (int)(hmax / hstep) + 1;
    double *hs = malloc(sizeof *hs * (size_t)npts), *ts = malloc(sizeof *ts * (size_t)npts);
    if (!hs || !ts)
        bench_fail("out of memory");
    double r = bench_bsp_mean(bsp_params_r(o.reps)), g, l, gb, lb, lmpi = 0;
    int have_lmpi = own && ns_node_local_pending();     /* a fit's l may be negative */
    if (have_lmpi) {
        bsp_params_gl(hmax, hstep, rounds, per, 0, hs, ts, &g, &l);
        bench_fit_line(hs, ts, npts, &g, &lmpi);
        if (!ns_node_local_pending())       /* the segments came too early */
            bench_fail("the node-local segments came during the MPI phase; "
                       "NS_NODE_AFTER=%s is too small", getenv("NS_NODE_AFTER"));
        while (ns_node_local_pending())     /* the same count everywhere */
            bsp_sync();
    }
    bsp_params_gl(hmax, hstep, rounds, per, 0, hs, ts, &g, &l);
    bench_fit_line(hs, ts, npts, &g, &l);
    bsp_params_gl(hmax, hstep, rounds, per, 1, hs, ts, &gb, &lb);
    bench_fit_line(hs, ts, npts, &gb, &lb);
    double *cost = malloc(sizeof *cost * (size_t)((p + 1) * NS_NCOSTS));
    if (!cost)
        bench_fail("out of memory");
    ns_params_steps(nsrounds, nsper, cost);
    int dapts = (int)(o.dahmax / o.dahstep) + 1;
    double *dh = malloc(sizeof *dh * (size_t)(4 * dapts)), gdw, gdr, gdm, icept;
    if (!dh)
        bench_fail("out of memory");
    ns_params_da(o.dahmax, o.dahstep, o.darounds, o.daper, dh, dh + dapts, dh + 2 * dapts,
                 dh + 3 * dapts);
    bench_fit_line(dh, dh + dapts, dapts, &gdw, &icept);
    bench_fit_line(dh, dh + 2 * dapts, dapts, &gdr, &icept);
    bench_fit_line(dh, dh + 3 * dapts, dapts, &gdm, &icept);
    double gdc = gdm > gdr ? gdm - gdr : 0;     /* a mirror record holds one word */
    free(dh);
    if (bsp_pid() == 0) {
        char line[4096];
        int n = snprintf(line, sizeof line, "p=%d r=%.1f g=%.5f l=%.3f g_bulk=%.5f l_bulk=%.3f "
                         "g_flops=%.1f l_flops=%.0f h=0..%ld", p, r, g, l, gb, lb, g * r, l * r,
                         hmax);
        if (have_lmpi)
            n += snprintf(line + n, sizeof line - (size_t)n, " l_mpi=%.3f", lmpi);
        n += snprintf(line + n, sizeof line - (size_t)n,
                      " g_da_write=%.5f g_da_read=%.5f g_da_rec=%.5f", gdw, gdr, gdc);
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
