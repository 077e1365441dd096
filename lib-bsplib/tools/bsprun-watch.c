/*
 * bsprun-watch - runs one process of a bsprun job, says how it ended, and
 * stops the job when it cannot go on.  mpiexec starts `bsprun-watch
 * program args...` once per process; the watch runs the program as its
 * child (which dies with the watch: PR_SET_PDEATHSIG), passes on the
 * signals it gets, and prints one line naming the process when:
 *
 *   - the program is killed by a signal (SIGKILL, SIGSEGV, abort()), at any
 *     time, before bsp_begin too:
 *     error: [process 3] killed by signal 11 (Segmentation fault); ...
 *   - it ends inside the parallel part without a word (_exit);
 *   - it ends before bsp_begin while another process went on into MPI_Init
 *     or bsp_begin, which wait for every process (the hub decides: below).
 *
 * Only the first process of the job to report prints (report_once.c).  The
 * watch that prints stops the job through MPICH's process manager: it sends
 * "cmd=abort exitcode=S" on the PMI socket it shares with its program
 * (PMI_FD), which hydra honours at any time, before the program initialised
 * MPI too, and which makes mpiexec end with status S (139 for SIGSEGV, as a
 * shell says).  The program's own errors (a BSPlib misuse, bsp_abort,
 * leaving without bsp_end) are reported by the engine; the watch passes
 * their status on.  The engine tells the watch through a socket
 * (NS_WATCH_FD) what it is doing (report_once.h: MPI_Init, bsp_begin, the
 * parallel part, its end), and hands the watch its claim of the report when
 * it stops the job.  The watch passes these states on to bsprun-launch's
 * hub (job_hub.h) when it can reach it; a watch whose program left before
 * bsp_begin stays until the hub says whether the others left too (the job
 * ends with their statuses) or went on (the watch stops the job).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "job_hub.h"
#include "report_once.h"
#include "watched_signals.h"

/* How long a watch that lost the report waits for the reporter, and the
 * reporter for the process manager to stop the job. */
#define REPORTER_WAIT_S 10.0

static const int passed_on[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2 };
#define NPASSED (sizeof passed_on / sizeof *passed_on)

/* What the watch knows about its program. */
static struct {
    pid_t child;
    int ended, status;          /* status: waitpid's */
    int state_fd;               /* the program's reports, -1 once closed */
    int hub_fd;                 /* bsprun-launch's hub, -1 if none */
    int passed;                 /* a signal passed on to the program (0: none) */
    int job_signal;             /* passed is the one bsprun got (through the hub) */
    int go;                     /* the hub let a process that left before bsp_begin go */
    int got_claim;              /* the program handed over its claim of the report */
    unsigned mpi_done : 1, begun : 1, running : 1, stopped : 1, leaving : 1, reported : 1;
} w = { .state_fd = -1, .hub_fd = -1 };

static const char *
process_name(void)
{
    const char *rank = getenv("PMI_RANK");
    return rank && *rank ? rank : "?";
}

static void
tell_hub(int kind, int a)
{
    struct ns_hub_msg m = { kind, atoi(process_name()), a, 0 };
    if (w.hub_fd >= 0)
        send(w.hub_fd, &m, sizeof m, MSG_NOSIGNAL);
}

/* Connects to bsprun-launch's hub and says hello; -1 if there is none
 * (not started by bsprun, or not by MPICH's hydra, or on another machine). */
static int
connect_hub(void)
{
    const char *key = getenv("NS_JOB_KEY"), *rank = getenv("PMI_RANK"),
               *size = getenv("PMI_SIZE"), *local = getenv("MPI_LOCALNRANKS");
    struct sockaddr_un addr;
    socklen_t len = key && *key && rank && size ? ns_hub_address(&addr, key) : 0;
    if (!len)
        return -1;
    int fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    if (connect(fd, (struct sockaddr *)&addr, len) != 0) {
        close(fd);
        return -1;
    }
    /* every process on this machine: hydra's count of the ranks here */
    struct ns_hub_msg hello = { NS_HUB_HELLO, atoi(rank), atoi(size),
                                local && strcmp(local, size) == 0 };
    if (send(fd, &hello, sizeof hello, MSG_NOSIGNAL) != (ssize_t)sizeof hello) {
        close(fd);
        return -1;
    }
    return fd;
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

/* Takes one state from the program, and passes it on to the hub. */
static void
take_state(char s)
{
    switch (s) {
    case NS_WATCH_MPI_INIT: break;
    case NS_WATCH_MPI_READY: w.mpi_done = 1; break;
    case NS_WATCH_BEGIN: w.begun = 1; break;
    case NS_WATCH_RUNNING: w.begun = w.running = 1; break;
    case NS_WATCH_STOPPED: w.stopped = 1; w.running = 0; break;
    case NS_WATCH_LEAVING: w.leaving = 1; break;
    case NS_WATCH_REPORTED: w.reported = 1; break;
    default: return;
    }
    tell_hub(NS_HUB_STATE, s);
}

/* Reads what the program has sent.  A claim the program handed over stays
 * open in this process (it holds the report for the job). */
static void
read_states(void)
{
    char buf[64];
    union {
        struct cmsghdr align;
        char buf[CMSG_SPACE(4 * sizeof(int))];
    } control;
    while (w.state_fd >= 0) {
        struct iovec iov = { buf, sizeof buf };
        struct msghdr msg = { 0 };
        msg.msg_iov = &iov;
        msg.msg_iovlen = 1;
        msg.msg_control = control.buf;
        msg.msg_controllen = sizeof control.buf;
        ssize_t n = recvmsg(w.state_fd, &msg, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
        if (n < 0 && (errno == EAGAIN || errno == EINTR))
            return;
        if (n <= 0) {                   /* the program closed its end */
            close(w.state_fd);
            w.state_fd = -1;
            return;
        }
        for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c))
            if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS)
                w.got_claim = 1;
        for (ssize_t i = 0; i < n; i++)
            take_state(buf[i]);
    }
}

/* Stops the whole job with exit status `status`, this watch holding the
 * report meanwhile, and returns that status.  hydra's proxy takes the
 * abort from the PMI socket whether or not the program initialised MPI;
 * it kills every process of the job, this watch included.  A job of one
 * process has nobody else to stop: the watch just ends. */
static int
stop_job(int status)
{
    const char *pmi_fd = getenv("PMI_FD"), *size = getenv("PMI_SIZE");
    struct timespec nap = { 0, 10 * 1000 * 1000 };
    tell_hub(NS_HUB_STOPPING, status);
    fflush(stderr);
    if (!pmi_fd || !*pmi_fd || (size && strcmp(size, "1") == 0))
        return status;                  /* not MPICH's hydra, or nobody else */
    /* MPICH's launcher tears the job down on an abort, sometimes before it
     * has forwarded the last output (the engine measured it: fatal.c).
     * Give it a moment: this path runs once, to end the job. */
    struct timespec drain = { 0, 150 * 1000 * 1000 };
    nanosleep(&drain, NULL);
    char line[64];
    int n = snprintf(line, sizeof line, "cmd=abort exitcode=%d\n", status);
    if (write(atoi(pmi_fd), line, (size_t)n) != n)
        close(atoi(pmi_fd));            /* still ends the job once MPI is up */
    for (int i = 0; i < (int)(REPORTER_WAIT_S * 100); i++)
        nanosleep(&nap, NULL);
    return status;
}

/* Another process reports: stay until it has (mpiexec, which stops the job
 * when a process ends, would cut it off), then end with `status`. */
static int
leave_to_reporter(int status)
{
    ns_report_wait_reporter(REPORTER_WAIT_S);
    return status;
}

/* The hub found that this process left before bsp_begin while process q
 * went on into MPI_Init or bsp_begin (q_state), where it waits for every
 * process: stop the job with one line. */
static int
stop_start(int q, int q_state)
{
    int code = w.ended ? WEXITSTATUS(w.status) : 0;
    if (!ns_report_claim())
        return stop_job(code ? code : 1);
    const char *where = q_state == NS_WATCH_BEGIN ? "bsp_begin"
                                                  : "MPI_Init (bsp_nprocs, bsp_init or bsp_begin)";
    if (w.ended)
        fprintf(stderr, "error: [process %s] ended with status %d before bsp_begin, while "
                "process %d went on into %s; every process must call bsp_begin, or none; "
                "the other processes are stopped\n", process_name(), code, q, where);
    else
        fprintf(stderr, "error: [process %s] is ending without calling bsp_begin, while "
                "process %d went on into %s; every process must call bsp_begin, or none; "
                "the other processes are stopped\n", process_name(), q, where);
    return stop_job(code ? code : 1);
}

/* A signal for the job, from mpiexec, or from bsprun through the hub:
 * `sig` was sent to the job, `deliver` goes to the program. */
static int
pass_signal(int sig, int deliver, int from_hub)
{
    if (from_hub || !w.job_signal)      /* bsprun's own signal names the stop */
        w.passed = sig;
    w.job_signal |= from_hub;
    if (!w.ended) {
        kill(w.child, deliver);
        return -1;
    }
    /* The program has ended already.  The job is being stopped: the
     * reporter's line and status stand. */
    return leave_to_reporter(128 + sig);
}

/* Takes the hub's word; >= 0 when the watch is to end with that status. */
static int
read_hub(void)
{
    for (;;) {
        struct ns_hub_msg m;
        ssize_t n = recv(w.hub_fd, &m, sizeof m, MSG_DONTWAIT);
        if (n < 0 && (errno == EAGAIN || errno == EINTR))
            return -1;
        if (n != (ssize_t)sizeof m) {   /* the hub is gone: nobody to wait for */
            close(w.hub_fd);
            w.hub_fd = -1;
            w.go = 1;
            return -1;
        }
        if (m.kind == NS_HUB_GO)
            w.go = 1;
        else if (m.kind == NS_HUB_STOP)
            return stop_start(m.a, m.b);
        else if (m.kind == NS_HUB_SIGNAL) {
            int end = pass_signal(m.a, m.b, 1);
            if (end >= 0)
                return end;
        }
    }
}

/* Takes the signals that arrived; >= 0 when the watch is to end. */
static int
read_signals(int sigfd)
{
    struct signalfd_siginfo si;
    while (read(sigfd, &si, sizeof si) == (ssize_t)sizeof si) {
        int sig = (int)si.ssi_signo;
        if (sig == SIGCHLD) {
            if (!w.ended && waitpid(w.child, &w.status, WNOHANG) == w.child)
                w.ended = 1;
            continue;
        }
        int end = pass_signal(sig, sig, 0);
        if (end >= 0)
            return end;
    }
    return -1;
}

/* Takes bsprun's signal if the hub has sent one (the program is dead: the
 * hub's other words no longer matter). */
static void
read_hub_signal(void)
{
    struct ns_hub_msg m;
    while (w.hub_fd >= 0 && recv(w.hub_fd, &m, sizeof m, MSG_DONTWAIT) == (ssize_t)sizeof m)
        if (m.kind == NS_HUB_SIGNAL) {
            w.passed = m.a;
            w.job_signal = 1;
        }
}

/* The program was killed by a signal: name it, and stop the job. */
static int
killed(int sigfd)
{
    int sig = WTERMSIG(w.status);
    struct signalfd_siginfo si;         /* a stop signal still queued counts */
    while (read(sigfd, &si, sizeof si) == (ssize_t)sizeof si)
        if (si.ssi_signo != SIGCHLD && !w.job_signal)
            w.passed = (int)si.ssi_signo;
    if (w.hub_fd >= 0)                  /* and bsprun's signal on its way */
        read_hub_signal();
    if (w.passed)                       /* the job was sent a signal: the job's status */
        sig = w.passed;
    if (!ns_report_claim())
        return leave_to_reporter(128 + sig);
    if (w.passed)
        fprintf(stderr, "error: [process %s] stopped by signal %d (%s) sent to the job\n",
                process_name(), sig, strsignal(sig));
    else
        fprintf(stderr, "error: [process %s] killed by signal %d (%s)%s; the other processes "
                "are stopped\n", process_name(), sig, strsignal(sig),
                WCOREDUMP(w.status) ? ", core dumped" : "");
    return stop_job(128 + sig);
}

/* The program ended with a status; >= 0: the watch ends with it now, -1:
 * it waits for the hub's word. */
static int
exited(void)
{
    int code = WEXITSTATUS(w.status);
    if (w.got_claim)                    /* the program reported and stops the job */
        return stop_job(code);
    if (w.reported)                     /* another process reports for it */
        return code;
    if (w.begun && !w.stopped) {
        /* Ended inside the parallel part (or bsp_begin) without a word:
         * _exit, or exit after the engine's exit check could run. */
        if (!ns_report_claim())
            return leave_to_reporter(code ? code : 1);
        fprintf(stderr, "error: [process %s] ended with status %d inside the parallel part, "
                "without calling bsp_end or NestStep_finalize; the other processes are "
                "stopped\n", process_name(), code);
        return stop_job(code ? code : 1);
    }
    if (w.begun || w.hub_fd < 0 || w.go) {
        tell_hub(NS_HUB_END, code);
        return code;
    }
    /* Left before bsp_begin: whether that is fine depends on the others. */
    tell_hub(NS_HUB_LEFT, code);
    return -1;
}

int
main(int argc, char **argv)
{
    sigset_t watched, old_mask;

    if (argc < 2) {
        fprintf(stderr, "usage: bsprun-watch program [args...] (started by bsprun)\n");
        return 2;
    }
    block_watched_signals(passed_on, NPASSED, &watched, &old_mask);
    int sigfd = signalfd(-1, &watched, SFD_CLOEXEC | SFD_NONBLOCK);

    /* The program sends its state (report_once.h) through this socket. */
    int state_channel[2];
    if (sigfd < 0 || socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, state_channel) != 0) {
        fprintf(stderr, "bsprun: process %s: cannot start '%s': %s\n", process_name(), argv[1],
                strerror(errno));
        return 1;
    }
    w.hub_fd = connect_hub();
    pid_t watch = getpid();
    w.child = fork();
    if (w.child < 0) {
        fprintf(stderr, "bsprun: process %s: cannot start '%s': %s\n", process_name(), argv[1],
                strerror(errno));
        return 1;
    }
    if (w.child == 0) {
        close(state_channel[0]);
        if (w.hub_fd >= 0)
            close(w.hub_fd);
        fcntl(state_channel[1], F_SETFD, 0);       /* the program inherits it */
        run_program(argv + 1, &old_mask, watch, state_channel[1]);
    }
    close(state_channel[1]);
    w.state_fd = state_channel[0];

    int decided = 0;            /* the program ended and the watch said so */
    for (;;) {
        struct pollfd p[3] = { { sigfd, POLLIN, 0 }, { w.state_fd, POLLIN, 0 },
                               { w.hub_fd, POLLIN, 0 } };
        if (poll(p, 3, -1) < 0 && errno != EINTR)
            return 1;
        int end = read_signals(sigfd);
        if (end < 0)
            read_states();              /* once it ended: all it sent, before the verdict */
        if (end < 0 && w.hub_fd >= 0)
            end = read_hub();
        if (end < 0 && w.ended && !decided) {
            decided = 1;
            end = WIFSIGNALED(w.status) ? killed(sigfd) : exited();
        }
        if (end < 0 && decided && w.go)
            end = WEXITSTATUS(w.status);
        if (end >= 0)
            return end;
    }
}
