/*
 * bsprun-watch - runs one process of a bsprun job and says how it ended.
 * mpiexec starts `bsprun-watch program args...` once per process; the watch
 * runs the program as its child, passes on the signals it gets, and when
 * the program is killed by a signal of its own (SIGKILL, SIGSEGV, abort())
 * prints one line naming the process before mpiexec stops the job:
 *
 *   error: [process 3] killed by signal 11 (Segmentation fault); ...
 *
 * Only the first process of the job to report prints (report_once.c).  The
 * child dies with the watch (PR_SET_PDEATHSIG), so when mpiexec kills the
 * watches with SIGKILL no process of the job is left behind.  The program's
 * own errors (a BSPlib misuse, bsp_abort, leaving without bsp_end) are
 * reported by the engine; the watch passes their exit status on.  The
 * engine also tells the watch through a socket (NS_WATCH_FD) when it enters
 * and leaves the parallel part, so a process that ends inside it without a
 * message (_exit) is named too, and hands the watch its claim of the report
 * when it stops the job (report_once.c).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "watched_signals.h"
#include "report_once.h"

/* How long a watch that lost the report waits for the reporter. */
#define REPORTER_WAIT_S 10.0

static const int passed_on[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2 };
#define NPASSED (sizeof passed_on / sizeof *passed_on)

static const char *
process_name(void)
{
    const char *rank = getenv("PMI_RANK");
    return rank && *rank ? rank : "?";
}

static void __attribute__((noreturn))
run_program(char **argv, const sigset_t *old_mask, pid_t watch, int state_fd)
{
    char fd[16];
    snprintf(fd, sizeof fd, "%d", state_fd);
    setenv(NS_WATCH_FD_ENV, fd, 1);
    sigprocmask(SIG_SETMASK, old_mask, NULL);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != watch)             /* the watch died before prctl */
        _exit(128 + SIGKILL);
    execvp(argv[0], argv);
    int err = errno;
    if (ns_report_claim())
        fprintf(stderr, "bsprun: cannot run '%s': %s\n", argv[0], strerror(err));
    _exit(127);
}

/* The reporter stays while mpiexec stops the job, so that no process whose
 * program dies later claims the report again after it (with SIGINT every
 * program dies, one after the other).  Closing our copy of the PMI socket
 * (the program's closed when it died) tells MPICH's proxy that the process
 * is gone: it kills the job, this watch included.  A job of one process
 * has nobody to keep out, and its proxy does not kill it: it just leaves. */
static void
stop_job_holding_claim(void)
{
    const char *pmi_fd = getenv("PMI_FD"), *size = getenv("PMI_SIZE");
    struct timespec nap = { 0, 10 * 1000 * 1000 };
    if (!pmi_fd || !*pmi_fd)
        return;                         /* not MPICH's hydra: just leave */
    if (size && strcmp(size, "1") == 0)
        return;                         /* nobody else could claim; MPICH's proxy would not
                                           stop a job of one (the wait took its 10 s) */
    fflush(stderr);
    close(atoi(pmi_fd));
    for (int i = 0; i < (int)(REPORTER_WAIT_S * 100); i++)
        nanosleep(&nap, NULL);
}

/* The last state the program sent, 0 if none.  A claim the program handed
 * over stays open in this process (it holds the report for the job). */
static char
last_state(int fd, int *got_claim)
{
    char buf[64], last = 0;
    union {
        struct cmsghdr align;
        char buf[CMSG_SPACE(4 * sizeof(int))];
    } control;
    for (;;) {
        struct iovec iov = { buf, sizeof buf };
        struct msghdr msg = { 0 };
        msg.msg_iov = &iov;
        msg.msg_iovlen = 1;
        msg.msg_control = control.buf;
        msg.msg_controllen = sizeof control.buf;
        ssize_t n = recvmsg(fd, &msg, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
        if (n <= 0)
            return last;
        last = buf[n - 1];
        for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c))
            if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS)
                *got_claim = 1;
    }
}

/* 1 if one of the signals that stop a job from outside is pending. */
static int
stop_pending(void)
{
    sigset_t pending;
    sigpending(&pending);
    for (size_t i = 0; i < NPASSED; i++)
        if (sigismember(&pending, passed_on[i]))
            return 1;
    return 0;
}

int
main(int argc, char **argv)
{
    sigset_t watched, old_mask;
    int status, passed = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: bsprun-watch program [args...] (started by bsprun)\n");
        return 2;
    }
    block_watched_signals(passed_on, NPASSED, &watched, &old_mask);

    /* The program sends its state (report_once.h) through this socket. */
    int state_channel[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, state_channel) != 0) {
        fprintf(stderr, "bsprun: process %s: cannot start '%s': %s\n", process_name(), argv[1],
                strerror(errno));
        return 1;
    }
    pid_t watch = getpid();
    pid_t child = fork();
    if (child < 0) {
        fprintf(stderr, "bsprun: process %s: cannot start '%s': %s\n", process_name(), argv[1],
                strerror(errno));
        return 1;
    }
    if (child == 0) {
        close(state_channel[0]);
        fcntl(state_channel[1], F_SETFD, 0);       /* the program inherits it */
        run_program(argv + 1, &old_mask, watch, state_channel[1]);
    }
    close(state_channel[1]);

    for (;;) {
        int sig = sigwaitinfo(&watched, NULL);
        if (sig == SIGCHLD) {
            if (waitpid(child, &status, WNOHANG) == child)
                break;
        } else if (sig > 0) {
            passed = sig;
            kill(child, sig);
        }
    }
    if (WIFEXITED(status)) {
        int got_claim = 0;
        char state = last_state(state_channel[0], &got_claim);
        if (got_claim) {                /* the program reported and stops the job */
            stop_job_holding_claim();
            return WEXITSTATUS(status);
        }
        if (state != NS_WATCH_RUNNING)
            return WEXITSTATUS(status);
        /* Ended inside the parallel part without a word: _exit, or exit
         * after the engine's exit check could run. */
        if (!ns_report_claim()) {
            ns_report_wait_reporter(REPORTER_WAIT_S);
            return WEXITSTATUS(status) ? WEXITSTATUS(status) : 1;
        }
        fprintf(stderr, "error: [process %s] ended with status %d inside the parallel part, "
                "without calling bsp_end or NestStep_finalize; the other processes are stopped\n",
                process_name(), WEXITSTATUS(status));
        stop_job_holding_claim();
        return WEXITSTATUS(status) ? WEXITSTATUS(status) : 1;
    }

    int sig = WTERMSIG(status);
    if (!ns_report_claim()) {
        /* Another process reports; stay until it has, so that mpiexec,
         * which stops the job when a process ends, does not cut it off. */
        ns_report_wait_reporter(REPORTER_WAIT_S);
        return 128 + sig;
    }
    if (passed || stop_pending())       /* the launcher got SIGINT or SIGTERM */
        fprintf(stderr, "error: [process %s] stopped by signal %d (%s) sent to the job\n",
                process_name(), sig, strsignal(sig));
    else
        fprintf(stderr, "error: [process %s] killed by signal %d (%s)%s; the other processes "
                "are stopped\n", process_name(), sig, strsignal(sig),
                WCOREDUMP(status) ? ", core dumped" : "");
    stop_job_holding_claim();
    return 128 + sig;
}
