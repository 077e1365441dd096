/*
 * engine.c - process start and stop: MPI initialisation, choosing the active
 * processes, the engine's own communicator, the clock, and the checks that a
 * process does not leave while others still count on it.
 */
#include <stdio.h>
#include <time.h>
#include <string.h>
#include "internal.h"
#include "node.h"
#include "profile.h"
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

/* The exit checks run whoever initialised MPI. */
static void
install_exit_checks(void)
{
    static int installed;
    if (!installed)
        atexit(at_exit);
    installed = 1;
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
    install_exit_checks();
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
    install_exit_checks();
}

enum ns_engine_state ns_engine_state(void) { return state; }

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

/* Processes beyond the requested count idle here, politely, until process 0
 * says the parallel part is over, and then leave quietly. */
static void
idle_until_end(void)
{
    int dummy;
    MPI_Request req;
    int done = 0;
    struct timespec nap = { 0, 1000000 };
    MPI_Irecv(&dummy, 1, MPI_INT, 0, NS_TAG_START, ns_eng.comm, &req);
    for (;;) {
        MPI_Test(&req, &done, MPI_STATUS_IGNORE);
        if (done)
            break;
        nanosleep(&nap, NULL);
    }
    ns_node_report();
    state = NS_STOPPED;
    ns_report_state(NS_WATCH_STOPPED);
    exit(0);
}

void
ns_engine_start(int maxprocs, const struct ns_site *site)
{
    MPI_Request req;
    int world_rank;

    ns_eng.site = *site;
    if (state != NS_NOT_STARTED)
        ns_fatal(site, "bsp_begin may be called only once in a program");
    ns_report_state(NS_WATCH_BEGIN);        /* waits for every process */
    install_exit_checks();
    ns_eng.world_size = ns_mpi_world_size();
    world_rank = ns_mpi_world_rank();
    ns_node_init();
    ns_wait_init(ns_node.size);     /* oversubscribed: more processes than cores on my node */

    MPI_Comm_idup(MPI_COMM_WORLD, &ns_eng.comm, &req);
    ns_wait(&req);
    if (world_rank == 0 && maxprocs < 1)
        ns_fatal(site, "asked for %d processes; ask for at least 1 (bsp_begin(bsp_nprocs()) "
                 "takes all that are available)", maxprocs);
    MPI_Ibcast(&maxprocs, 1, MPI_INT, 0, ns_eng.comm, &req);
    ns_wait(&req);

    ns_proc.nprocs = maxprocs < ns_eng.world_size ? maxprocs : ns_eng.world_size;
    ns_proc.pid = world_rank;
    state = NS_RUNNING;
    if (world_rank < ns_proc.nprocs)
        ns_sync_mode_init(site);    /* before the segments: the relaxed modes' pipes */
    ns_node_attach(ns_proc.nprocs, site);
    if (world_rank >= ns_proc.nprocs)
        idle_until_end();
    ns_report_state(NS_WATCH_RUNNING);

    ns_eng.superstep = 0;
    ns_eng.check_sites = ns_env_int("NS_CHECK_SITES", 0, 0, 1);
    ns_reg_init();
    ns_exchange_init();
    /* One round of p - 1 messages beats the tree's two waves while every
     * process has a core and p is small; measured: docs/engine.md.  The
     * same choice on every node: a protocol is the job's. */
    int direct_max = ns_exchange_choose(site, ns_node.any_oversubscribed ? 0 : 16);
    ns_group_init_root(ns_env_int("NS_TREE_ARITY", 8, 1, 1 << 20), direct_max);
    ns_proc.running = 1;
    ns_eng.t0 = MPI_Wtime();
    ns_prof_start();
}

void
ns_engine_stop(const struct ns_site *site)
{
    ns_eng.site = *site;
    NS_PROF(ns_prof_stop());
    ns_group_stop_root();
    ns_relaxed_stop();
    ns_exchange_stop();
    ns_reg_stop();
    ns_lend_stop();
    if (ns_proc.pid == 0 && ns_eng.world_size > ns_proc.nprocs) {
        int n = ns_eng.world_size - ns_proc.nprocs, one = 1;
        MPI_Request *reqs = ns_xmalloc(sizeof *reqs * n);
        for (int i = 0; i < n; i++)
            MPI_Isend(&one, 1, MPI_INT, ns_proc.nprocs + i, NS_TAG_START, ns_eng.comm, &reqs[i]);
        ns_wait_all(n, reqs);
        free(reqs);
    }
    ns_node_stop();
    MPI_Comm_free(&ns_eng.comm);
    ns_proc.running = 0;
    state = NS_STOPPED;
    ns_report_state(NS_WATCH_STOPPED);
}

long ns_superstep(void) { return ns_eng.superstep; }
double ns_time(void) { return MPI_Wtime() - ns_eng.t0; }
