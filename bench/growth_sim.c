/*
 * growth_sim.c - the cost of the engine's basic supersteps at one p on a
 * simulated machine (make bench-growth-sim, growth_sim.sh, docs/engine.md
 * "How the costs grow with p").  In one run, each operation N times, from
 * a common start (an MPI_Barrier), timed by the simulated clock
 * (MPI_Wtime):
 *   sync       an empty bsp_sync;
 *   combine    a NestStep step that writes sh<+> int x (the step's combine
 *              sums one int over the processes);
 *   prefix     the same step with combine(x<+:pre>) (also the exclusive
 *              prefix);
 *   hrel1      bsp_put of one int to the next process, bsp_sync (h = 1);
 *   da_read    a NestStep step that reads one element of a block-distributed
 *              array owned by the next process (ns_da_read_section): the
 *              request goes out at step end, counted in the N_DAMsgs
 *              histogram of the step's combine, and the owner answers;
 *   a2a1       bsp_put of one int to every other process, bsp_sync
 *              (h = p - 1); only up to p = BENCH_GROWTH_A2A_MAX (256).
 * Prints one line "growth_sim: p=P N=N sync=T combine=T ..." with, per
 * operation, the largest time over processes in us per operation.  Every
 * result is checked.  N: BENCH_GROWTH_ITERS (20); BENCH_GROWTH_OPS, a list
 * of the names above separated by commas, runs only those (all).  The count-exchange
 * protocol is the engine's (NS_EXCHANGE).  Only meaningful in a simulation
 * build (bspcc --simulate).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <neststep.h>
#include "bsp.h"
#include "common.h"

enum { SYNC, COMBINE, PREFIX, HREL1, DA_READ, A2A1, NOP };
static const char *const op_name[NOP] = { "sync", "combine", "prefix", "hrel1", "da_read",
                                          "a2a1" };

static int P, ME;
static int x, pre;                      /* sh<+> int x */
static ns_shvar sv_x;
static ns_darray *a;                    /* one int per process: a[i] = value(i) */
static int inbox, *a2a_box;             /* registered */

static int value(long i) { return 3 * (int)i + 1; }

static void
op_combine(void)
{
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv_x, 0, NS_AT("x")), x = ME + 1;
    ns_step_end();
    if (x != P * (P + 1) / 2)
        bench_fail("sh<+> combine: process %d has %d, expected %d", ME, x, P * (P + 1) / 2);
}

static void
op_prefix(void)
{
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv_x, 0, NS_AT("x")), x = 1;
    ns_combine_prefix(&sv_x, NS_OP_ADD, NULL, &pre);        /* combine(x<+:pre>) */
    ns_step_end();
    if (pre != ME || x != P)
        bench_fail("combine(x<+:pre>): process %d has pre %d, x %d", ME, pre, x);
}

static void
op_hrel1(int round)
{
    int word = ME * 7 + round, from = (ME + P - 1) % P;
    bsp_put((ME + 1) % P, &word, &inbox, 0, sizeof word);
    bsp_sync();
    if (inbox != from * 7 + round)
        bench_fail("h = 1: process %d got %d from %d, expected %d", ME, inbox, from,
                   from * 7 + round);
}

static void
op_da_read(void)
{
    long i = (ME + 1) % P;
    int v = -1;
    ns_step_begin(NS_AT("step"));
    ns_da_read_section(a, i, i, 1, &v, NS_AT("section"));
    ns_step_end();
    if (v != value(i))
        bench_fail("distributed read: process %d has a[%ld] = %d, expected %d", ME, i, v,
                   value(i));
}

static void
op_a2a1(int round)
{
    int word = ME * 5 + round;
    for (int d = 0; d < P; d++)
        if (d != ME)
            bsp_put(d, &word, a2a_box, ME * (int)sizeof word, sizeof word);
    bsp_sync();
    for (int s = 0; s < P; s++)
        if (s != ME && a2a_box[s] != s * 5 + round)
            bench_fail("all-to-all: process %d got %d from %d, expected %d", ME, a2a_box[s], s,
                       s * 5 + round);
}

/* Whether BENCH_GROWTH_OPS names op (or is unset). */
static int
chosen(int op)
{
    const char *list = getenv("BENCH_GROWTH_OPS");
    if (!list || !*list)
        return 1;
    size_t n = strlen(op_name[op]);
    for (const char *s = list; (s = strstr(s, op_name[op])); s += n)
        if ((s == list || s[-1] == ',') && (s[n] == ',' || s[n] == 0))
            return 1;
    return 0;
}

static void
run(int op, int round)
{
    switch (op) {
    case SYNC: bsp_sync(); break;
    case COMBINE: op_combine(); break;
    case PREFIX: op_prefix(); break;
    case HREL1: op_hrel1(round); break;
    case DA_READ: op_da_read(); break;
    case A2A1: op_a2a1(round); break;
    }
}

int
main(void)
{
    bsp_begin(bsp_nprocs());
    P = bsp_nprocs(), ME = bsp_pid();
    int iters = bench_env_int("BENCH_GROWTH_ITERS", 20);
    int a2a_max = bench_env_int("BENCH_GROWTH_A2A_MAX", 256);
    int nop = P <= a2a_max ? NOP : A2A1;
    if (iters < 1)
        bench_fail("BENCH_GROWTH_ITERS=%d: needs at least 1", iters);
    a2a_box = calloc((size_t)P, sizeof *a2a_box);
    if (!a2a_box)
        bench_fail("out of memory");
    bsp_push_reg(&inbox, sizeof inbox);
    bsp_push_reg(a2a_box, P * (int)sizeof *a2a_box);
    bsp_sync();
    ns_sh_declare(&sv_x, "x", &x, 1, Type_int, sizeof x, NS_OP_ADD, NULL);
    a = ns_da_new("a", P, 1, Type_int, sizeof(int), NS_BLOCK, NS_OP_FIRST, NULL);
    *(int *)ns_da_wlocal(a, ME) = value(ME);

    MPI_Comm comm;                              /* the timing's own barrier */
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    double us[NOP] = { 0 }, worst[NOP];
    int on[NOP];
    for (int op = 0; op < NOP; op++)
        on[op] = op < nop && chosen(op);
    for (int op = 0; op < nop; op++) {
        if (!on[op])
            continue;
        run(op, -1);                            /* one untimed */
        MPI_Barrier(comm);
        double t0 = MPI_Wtime();
        for (int i = 0; i < iters; i++)
            run(op, i);
        us[op] = 1e6 * (MPI_Wtime() - t0) / iters;
    }
    MPI_Allreduce(us, worst, NOP, MPI_DOUBLE, MPI_MAX, comm);
    MPI_Comm_free(&comm);
    if (ME == 0) {
        const char *proto = getenv("NS_EXCHANGE");
        printf("growth_sim: p=%d N=%d exchange=%s", P, iters, proto && *proto ? proto : "tree");
        for (int op = 0; op < nop; op++)
            if (on[op])
                printf(" %s=%.3f", op_name[op], worst[op]);
        printf("\n");
    }
    ns_da_free(a);
    ns_sh_undeclare(&sv_x);
    bsp_pop_reg(a2a_box);
    bsp_pop_reg(&inbox);
    bsp_end();
    free(a2a_box);
    return 0;
}
