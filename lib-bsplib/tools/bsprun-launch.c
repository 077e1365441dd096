/*
 * bsprun-launch - runs the MPI launcher (mpiexec) for bsprun, stops the
 * job on a signal, and answers for the job's exit status.  bsprun execs
 * `bsprun-launch mpiexec -n N ...`.
 *
 * mpiexec runs in a process group of its own, so a signal for bsprun's
 * process group (Ctrl-C or Ctrl-\ on the terminal, a hang-up, kill -INT
 * -PGID) reaches bsprun-launch alone, exactly once: MPICH's mpiexec would
 * print its own lines for a SIGINT, take a second one as "kill everything
 * now", and die silently of a SIGHUP.  When standard input is the terminal
 * and bsprun runs in the foreground, bsprun-launch copies it to mpiexec
 * through a pipe (mpiexec, no longer in the terminal's foreground, would
 * not read it), which passes it on to process 0 as before.
 *
 * bsprun-launch is also the job's hub (job_hub.c): the watches of the job
 * on this machine report to it, it stops a start that cannot complete,
 * and it passes a SIGINT, SIGTERM, SIGHUP or SIGQUIT on to every watch,
 * which passes it on to its program: the first to die prints the job's one
 * line ("stopped by signal 2 (Interrupt) sent to the job") and ends the
 * job with status 128 + the signal.  Where the hub does not reach every
 * process (other machines, or no watch has started yet), mpiexec gets a
 * SIGTERM too, which MPICH's mpiexec passes on to every process without a
 * word; a second signal goes to mpiexec as SIGINT (MPICH's mpiexec then
 * kills the job at once, after one SIGTERM or SIGINT), a third kills it.
 *
 * The status: 128 + the signal for a job stopped by a signal to bsprun,
 * as a shell says; else the one the watch that stopped the job gave (128 +
 * the signal for a process killed by one); else, when every process ended
 * by itself, the first non-zero status in process order; else mpiexec's
 * (128 + its signal if it died of one).  After the job,
 * bsprun-launch removes what MPICH left in /dev/shm when a process was
 * killed during MPI_Init (shm_leftovers.c).  mpiexec gets SIGTERM if
 * bsprun-launch dies (PR_SET_PDEATHSIG).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <unistd.h>
#include "job_hub_server.h"
#include "shm_leftovers.h"
#include "watched_signals.h"

static const int watched_sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT };
#define NWATCHED (sizeof watched_sigs / sizeof *watched_sigs)

/* Standard input on its way to mpiexec (only when it is the terminal). */
static struct {
    int from, to;               /* -1 when done */
    char buf[4096];
    size_t len, off;
} in = { -1, -1, { 0 }, 0, 0 };

static void
copy_input(int readable, int writable)
{
    if (readable && in.len == 0) {
        ssize_t n = read(in.from, in.buf, sizeof in.buf);
        if (n > 0) {
            in.len = (size_t)n;
            in.off = 0;
        } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
            in.from = -1;               /* end of input: mpiexec reads its end too */
            close(in.to);
            in.to = -1;
        }
    }
    if (writable && in.len > 0 && in.to >= 0) {
        ssize_t n = write(in.to, in.buf + in.off, in.len - in.off);
        if (n > 0) {
            in.off += (size_t)n;
            if (in.off == in.len)
                in.len = 0;
        } else if (n < 0 && errno != EINTR && errno != EAGAIN) {
            close(in.to);               /* mpiexec no longer reads */
            in.to = in.from = -1;
        }
    }
}

/* More open files than the default 1024 for the watches' connections. */
static void
raise_file_limit(void)
{
    struct rlimit r;
    if (getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur < r.rlim_max) {
        r.rlim_cur = r.rlim_max;
        setrlimit(RLIMIT_NOFILE, &r);
    }
}

int
main(int argc, char **argv)
{
    sigset_t watched, old_mask;
    int status, stopped_by = 0, stops = 0;
    struct hub hub;
    struct shm_names shm_before;

    if (argc < 2) {
        fprintf(stderr, "usage: bsprun-launch launcher [args...] (started by bsprun)\n");
        return 2;
    }
    raise_file_limit();
    if (hub_open(&hub, getenv("NS_JOB_KEY")) != 0)
        hub.listen_fd = -1;             /* the watches go without a hub */
    shm_note(&shm_before);
    block_watched_signals(watched_sigs, NWATCHED, &watched, &old_mask);
    int sigfd = signalfd(-1, &watched, SFD_CLOEXEC | SFD_NONBLOCK);

    /* The terminal's input goes through a pipe when we read it in the
     * foreground; otherwise mpiexec gets our standard input as it is. */
    int pipefd[2] = { -1, -1 };
    if (isatty(STDIN_FILENO) && tcgetpgrp(STDIN_FILENO) == getpgrp()
        && pipe2(pipefd, O_CLOEXEC) == 0) {
        in.from = STDIN_FILENO;
        in.to = pipefd[1];
    }

    pid_t me = getpid();
    pid_t launcher = sigfd < 0 ? -1 : fork();
    if (launcher < 0) {
        fprintf(stderr, "bsprun: cannot start '%s': %s\n", argv[1], strerror(errno));
        return 1;
    }
    if (launcher == 0) {
        setpgid(0, 0);
        if (pipefd[0] >= 0)
            dup2(pipefd[0], STDIN_FILENO);
        signal(SIGTTOU, SIG_IGN);       /* writes to the terminal from the background */
        sigprocmask(SIG_SETMASK, &old_mask, NULL);
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != me)
            _exit(1);
        execvp(argv[1], argv + 1);
        fprintf(stderr, "bsprun: cannot run the launcher '%s': %s\n", argv[1], strerror(errno));
        _exit(127);
    }
    setpgid(launcher, launcher);        /* as the child does: whoever runs first */
    if (pipefd[0] >= 0) {
        close(pipefd[0]);
        fcntl(in.to, F_SETFL, O_NONBLOCK);
        signal(SIGPIPE, SIG_IGN);       /* a write to a closed pipe fails instead */
    }

    int done = 0;
    while (!done) {
        int max = 3 + hub_npollfds(&hub);
        struct pollfd p[max];
        int n = 0;
        p[n++] = (struct pollfd){ sigfd, POLLIN, 0 };
        p[n++] = (struct pollfd){ in.len == 0 ? in.from : -1, POLLIN, 0 };
        p[n++] = (struct pollfd){ in.len > 0 ? in.to : -1, POLLOUT, 0 };
        int first_hub = n;
        n += hub_pollfds(&hub, p + n, max - n);
        if (poll(p, (nfds_t)n, -1) < 0 && errno != EINTR)
            break;
        if (p[1].revents || p[2].revents)
            copy_input(p[1].revents != 0, p[2].revents != 0);
        hub_handle(&hub, p + first_hub, n - first_hub);

        struct signalfd_siginfo si;
        while (read(sigfd, &si, sizeof si) == (ssize_t)sizeof si) {
            int sig = (int)si.ssi_signo;
            if (sig == SIGCHLD) {
                if (waitpid(launcher, &status, WNOHANG) == launcher)
                    done = 1;
            } else if (sig == SIGTSTP) {       /* Ctrl-Z: the job stops with us */
                kill(-launcher, SIGTSTP);
                raise(SIGSTOP);
            } else if (sig == SIGCONT) {
                kill(-launcher, SIGCONT);
            } else {
                stops++;
                if (!stopped_by)
                    stopped_by = sig;
                if (stops == 1)
                    hub_signal(&hub, sig);
                if (stops >= 3)
                    kill(launcher, SIGKILL);
                else if (stops == 2)
                    kill(launcher, SIGINT);     /* MPICH: the second stops at once */
                else if (!hub_covers_job(&hub))
                    kill(launcher, SIGTERM);    /* MPICH passes it on without a word */
            }
        }
    }
    if (!done)
        waitpid(launcher, &status, 0);

    /* The watches' last words, if any are still on their way. */
    for (;;) {
        int max = hub_npollfds(&hub);
        struct pollfd p[max > 0 ? max : 1];
        int n = hub_pollfds(&hub, p, max);
        if (n == 0 || poll(p, (nfds_t)n, 0) <= 0)
            break;
        hub_handle(&hub, p, n);
    }
    int job_status;
    if (!hub_job_status(&hub, &job_status))
        job_status = WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
    if (stopped_by)                     /* stopped by a signal to bsprun: as a shell says */
        job_status = 128 + stopped_by;
    hub_close(&hub);
    shm_remove_leftovers(&shm_before);
    return job_status;
}
