/*
 * engine.c - the process's engine state (ns_eng, ns_proc, started or not),
 * MPI initialisation, the environment knobs, the clock, and the checks that
 * a process does not leave while others still count on it.  Starting and
 * stopping every layer is sync/start.c's.
 */
#include <stdio.h>
#include <time.h>
#include <string.h>
#include "internal.h"
#include "report_once.h"

struct ns_engine ns_eng;
struct ns_proc ns_proc;
const char *ns_end_call = "bsp_end";

static enum ns_engine_state state;
static int mpi_is_ours;         /* we called MPI_Init, so we finalize */
static int start_expected;      /* others wait for process 0 to start */

static void
at_exit(void)
{
    int fin = 0, init = 0;
    if (state == NS_RUNNING)
        ns_fatal(NS_SITE(ns_end_call, NULL, 0),
                 "process %d is ending without calling %s; every process must call "
                 "%s (after the same number of %s)", ns_proc.pid, ns_end_call, ns_end_call,
                 strcmp(ns_end_call, "bsp_end") ? "steps" : "bsp_sync calls");
    if (state == NS_NOT_STARTED && start_expected && ns_mpi_world_rank() == 0)
        ns_fatal(NS_SITE("bsp_init", NULL, 0),
                 "process 0 is ending without calling the SPMD procedure given to bsp_init, "
                 "while the other processes wait in it; call it (it starts with bsp_begin)");
    MPI_Finalized(&fin);
    MPI_Initialized(&init);
    if (state == NS_NOT_STARTED && init && !fin)
        ns_report_state(NS_WATCH_LEAVING);  /* MPI_Finalize waits for every process */
    if (mpi_is_ours && !fin)
        MPI_Finalize();
}

/* The exit checks run whoever initialised MPI.  In a simulation build
 * they run when the engine stops instead (ns_engine_leave). */
void
ns_install_exit_checks(void)
{
    static int installed;
    if (!installed && !NS_FINALIZE_AT_STOP)
        atexit(at_exit);
    installed = 1;
}

void
ns_engine_leave(void)
{
    if (NS_FINALIZE_AT_STOP)
        at_exit();
}

static void
ensure_mpi(void)
{
    int init = 0;
    MPI_Initialized(&init);
    if (init)
        return;
    ns_report_state(NS_WATCH_MPI_INIT);     /* MPI_Init waits for every process */
    if (MPI_Init(NULL, NULL) != MPI_SUCCESS) {
        fprintf(stderr, "error: bsplib: MPI_Init failed; start the program with bsprun\n");
        exit(1);
    }
    ns_report_state(NS_WATCH_MPI_READY);
    mpi_is_ours = 1;
    ns_install_exit_checks();
}

int
ns_mpi_world_size(void)
{
    int n;
    ensure_mpi();
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    return n;
}

int
ns_mpi_world_rank(void)
{
    int r;
    ensure_mpi();
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    return r;
}

void
ns_engine_expect_start(void)
{
    start_expected = 1;
    ns_install_exit_checks();
}

enum ns_engine_state ns_engine_state(void) { return state; }
void ns_engine_set_state(enum ns_engine_state s) { state = s; }

int
ns_env_choice(const char *name, const char *const *names, int n, int dflt)
{
    const char *s = getenv(name);
    if (!s || !*s)
        return dflt;
    for (int i = 0; i < n; i++)
        if (!strcmp(s, names[i]))
            return i;
    return -1;
}

int
ns_env_int(const char *name, int dflt, int lo, int hi)
{
    const char *s = getenv(name);
    if (!s || !*s)
        return dflt;
    char *end;
    long v = strtol(s, &end, 10);
    if (*end || v < lo || v > hi) {
        if (ns_mpi_world_rank() == 0)
            fprintf(stderr, "warning: %s=%s is not a number in [%d, %d]; using %d\n",
                    name, s, lo, hi, dflt);
        return dflt;
    }
    return (int)v;
}

long ns_superstep(void) { return ns_eng.superstep; }
double ns_time(void) { return MPI_Wtime() - ns_eng.t0; }
