/* fault_start.c - a BSPlib program one of whose processes fails before
 * bsp_begin, for the fault tests of the start.
 * Usage: fault_start MODE FAILER [INPUT]: every process records its pid
 * (fault_pids.h) first; then process FAILER (PMI_RANK; "all": every
 * process), once every process has recorded its pid, fails as MODE says,
 * and the others go on into
 * bsp_begin(bsp_nprocs()), where they wait for every process.
 * MODE, before MPI is initialised:
 *   segv, kill        dies of SIGSEGV, SIGKILL
 *   exit1, exit0      exit(1), exit(0)
 *   fopen             fopen(INPUT) fails: perror, exit(1) (an input check)
 *   usage             prints a usage line, exit(2) (meant for "all")
 *   wait              waits for a signal (the job is still starting: the
 *                     others wait in MPI_Init for this one)
 * after bsp_nprocs(), which initialises MPI:
 *   mpi-segv, mpi-exit1, mpi-exit0, mpi-usage  as above
 * during the start:
 *   kill-in-init      (FAILER 0) dies of SIGKILL inside MPI_Init, when
 *                     MPICH removes its start-up segment in /dev/shm
 *                     (below); the others wait in MPI_Init
 * A process that goes on prints "process P of N" in the parallel part. */
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "bsp.h"
#include "fault_pids.h"

/* Before failing: every process has recorded its pid (fault_job.py counts
 * them; a process slow to start might otherwise be stopped before it does). */
static void
wait_for_pids(void)
{
    const char *dir = getenv("NS_FAULT_PIDS"), *size = getenv("PMI_SIZE");
    struct timespec nap = { 0, 1000 * 1000 };
    int want = size ? atoi(size) : 1;
    for (;;) {
        int n = 0;
        DIR *d = dir ? opendir(dir) : NULL;
        for (struct dirent *e; d && (e = readdir(d));)
            n += e->d_name[0] != '.' && !strstr(e->d_name, ".part");
        if (d)
            closedir(d);
        if (!dir || n >= want)
            return;
        nanosleep(&nap, NULL);
    }
}

static void
fail(const char *mode, const char *input)
{
    wait_for_pids();
    if (!strcmp(mode, "segv") || !strcmp(mode, "mpi-segv"))
        raise(SIGSEGV);
    if (!strcmp(mode, "kill"))
        raise(SIGKILL);
    if (!strcmp(mode, "exit1") || !strcmp(mode, "mpi-exit1"))
        exit(1);
    if (!strcmp(mode, "exit0") || !strcmp(mode, "mpi-exit0"))
        exit(0);
    if (!strcmp(mode, "usage") || !strcmp(mode, "mpi-usage")) {
        fprintf(stderr, "usage: fault_start MODE FAILER [INPUT]\n");
        exit(2);
    }
    if (!strcmp(mode, "wait"))
        for (;;)
            pause();
    if (!strcmp(mode, "fopen")) {
        FILE *f = fopen(input, "r");
        if (!f) {
            perror(input);
            exit(1);
        }
        fclose(f);
    }
}

/* kill-in-init: MPICH's MPI_Init makes a segment /dev/shm/mpich_shar_tmp*
 * on process 0, waits until every process of the machine has opened it,
 * and then removes it with unlink().  This definition stands in for libc's
 * (the program's own symbols come first), so the failing process 0 dies
 * of SIGKILL right there, inside MPI_Init, its segment made and the others
 * in MPI_Init. */
static int kill_at_unlink;

int
unlink(const char *path)
{
    if (kill_at_unlink && strncmp(path, "/dev/shm/mpich_shar_tmp", 23) == 0)
        raise(SIGKILL);
    return (int)syscall(SYS_unlink, path);
}

int
main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "", *failer = argc > 2 ? argv[2] : "";
    const char *rank = getenv("PMI_RANK");
    int me = rank ? atoi(rank) : 0;
    record_pid(me);
    int failing = !strcmp(failer, "all") || (*failer && atoi(failer) == me);
    if (failing && !strcmp(mode, "kill-in-init"))
        kill_at_unlink = 1;
    else if (failing && strncmp(mode, "mpi-", 4) != 0)
        fail(mode, argc > 3 ? argv[3] : "");
    int n = bsp_nprocs();               /* initialises MPI */
    if (failing && strcmp(mode, "kill-in-init") != 0)
        fail(mode, argc > 3 ? argv[3] : "");
    bsp_begin(n);
    printf("process %d of %d\n", bsp_pid(), bsp_nprocs());
    bsp_sync();
    bsp_end();
    return 0;
}
