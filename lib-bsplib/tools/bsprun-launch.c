/*
 * bsprun-launch - runs the MPI launcher (mpiexec) for bsprun and answers for
 * the job's exit status.  bsprun execs `bsprun-launch mpiexec -n N ...`.
 * A SIGINT, SIGTERM, SIGHUP or SIGQUIT sent to bsprun is passed on to
 * mpiexec, which stops the job; one that a terminal sent (Ctrl-C reaches
 * the whole foreground process group, mpiexec included) is not passed on
 * again, since MPICH's mpiexec takes a second Ctrl-C as "kill everything
 * now".  The status is mpiexec's, except that a job stopped by such a
 * signal never ends with status 0 (MPICH's mpiexec sometimes returns 0
 * after it passed a Ctrl-C on): then it is 128 + the signal, as a shell's.
 * mpiexec gets SIGTERM if bsprun-launch dies (PR_SET_PDEATHSIG).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include "watched_signals.h"

static const int passed_on[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
#define NPASSED (sizeof passed_on / sizeof *passed_on)

int
main(int argc, char **argv)
{
    sigset_t watched, old_mask;
    int status, stopped_by = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: bsprun-launch launcher [args...] (started by bsprun)\n");
        return 2;
    }
    block_watched_signals(passed_on, NPASSED, &watched, &old_mask);

    pid_t me = getpid();
    pid_t launcher = fork();
    if (launcher < 0) {
        fprintf(stderr, "bsprun: cannot start '%s': %s\n", argv[1], strerror(errno));
        return 1;
    }
    if (launcher == 0) {
        sigprocmask(SIG_SETMASK, &old_mask, NULL);
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != me)
            _exit(1);
        execvp(argv[1], argv + 1);
        fprintf(stderr, "bsprun: cannot run the launcher '%s': %s\n", argv[1], strerror(errno));
        _exit(127);
    }

    for (;;) {
        siginfo_t info;
        int sig = sigwaitinfo(&watched, &info);
        if (sig == SIGCHLD) {
            if (waitpid(launcher, &status, WNOHANG) == launcher)
                break;
        } else if (sig > 0) {
            stopped_by = sig;
            if (info.si_code != SI_KERNEL)      /* not from the terminal */
                kill(launcher, sig);
        }
    }
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    if (WEXITSTATUS(status) == 0 && stopped_by)
        return 128 + stopped_by;
    return WEXITSTATUS(status);
}
