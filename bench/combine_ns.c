/*
 * combine_ns.c - our side of tables "combine" and "prefix": one NestStep
 * superstep in which every process writes a shared double declared
 * sh<+> double x (the step's combine phase adds the contributions and
 * every process gets the sum), and one that ends with the combine clause
 * combine(y<+:pre>), which also gives each process the exclusive prefix
 * of the contributions in pre.  The code is what nsc emits for
 *     step { x = c; }                     (x declared sh<+> double)
 *     step { y = c; } combine(y<+:pre);   (y declared sh<+> double)
 * Every step's result is checked (one comparison, as on the MPI side).
 */
#include <stdlib.h>
#include <string.h>
#include <neststep.h>
#include "common.h"
#include "nscommon.h"

static double x, y, pre;
static ns_shvar sv_x, sv_y;
static int P, ME;
static long nsteps;                     /* steps so far: the same on all */

static void
step_combine(void)
{
    nsteps++;
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv_x, 0, NS_AT("x")), x = combine_value(ME, nsteps);
    ns_step_end();
    if (x != combine_sum(0, P, nsteps))
        bench_fail("sh<+> combine: process %d has %g in step %ld, expected %g", ME, x, nsteps,
                   combine_sum(0, P, nsteps));
}

static void
step_prefix(void)
{
    nsteps++;
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv_y, 0, NS_AT("y")), y = combine_value(ME, nsteps);
    ns_combine_prefix(&sv_y, NS_OP_ADD, NULL, &pre);        /* combine(y<+:pre>) */
    ns_step_end();
    if (pre != combine_sum(0, ME, nsteps) || y != combine_sum(0, P, nsteps))
        bench_fail("combine(y<+:pre>): process %d has pre %g, y %g in step %ld, expected %g, %g",
                   ME, pre, y, nsteps, combine_sum(0, ME, nsteps), combine_sum(0, P, nsteps));
}

static void
sweep_step(int k, void *ctx)
{
    (void)ctx;
    if (k == 0)
        step_combine();
    else
        step_prefix();
}

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    P = NestStep_size();
    ME = NestStep_rank();
    ns_sh_declare(&sv_x, "x", &x, 1, Type_double, sizeof x, NS_OP_ADD, NULL);
    ns_sh_declare(&sv_y, "y", &y, 1, Type_double, sizeof y, NS_OP_ADD, NULL);
    int iters = bench_env_int("BENCH_COMBINE_ITERS", 1000), rounds = 10;
    double med[2];
    bench_sweep(2, rounds, iters / rounds + 1, sweep_step, NULL, med);
    double us_combine = bench_ns_mean(med[0]), us_prefix = bench_ns_mean(med[1]);
    const char *node = getenv("NS_NODE_LOCAL");     /* column per node-local path */
    int mpi = node && !strcmp(node, "mpi");
    if (ME == 0) {
        bench_record("combine", P, "-", "ours", mpi ? "sh<+>_step/node-mpi" : "sh<+>_step",
                     us_combine);
        bench_record("prefix", P, "-", "ours",
                     mpi ? "combine(x<+:pre>)/node-mpi" : "combine(x<+:pre>)", us_prefix);
    }
    ns_sh_undeclare(&sv_y);
    ns_sh_undeclare(&sv_x);
    NestStep_finalize();
    return 0;
}
