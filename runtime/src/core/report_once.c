/*
 * report_once.c - the job's single error report.  The claim is a Unix
 * socket bound to an abstract name made from the job's key: binding is
 * atomic, so exactly one process of the job gets it, and the name vanishes
 * with the process that holds it (nothing is left in /tmp or /dev/shm, even
 * after SIGKILL).  The key is NS_JOB_KEY, which bsprun sets once per job;
 * under a bare mpiexec it is the parent's pid, that is MPICH's proxy, the
 * same for all processes of the job on one machine.  Processes on different
 * machines do not share abstract names: there each machine reports once.
 * ns_report_state writes one byte per change of state to the socket that
 * bsprun's watch gave the process; ns_report_hand_over sends the watch the
 * claim itself (SCM_RIGHTS), so that the claim outlives the reporter: a
 * socket in flight or held by the watch keeps its name bound, and no
 * process that fails a moment after the reporter has ended prints again.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>
#include "report_once.h"

static int claim_fd = -1;       /* held until the process ends */

/* Binds a new socket to the job's name: the socket if that worked, -1 if
 * the name is taken, -2 if there is no job or no socket to claim with. */
static int
bind_job_name(void)
{
    struct sockaddr_un addr;
    const char *key = getenv("NS_JOB_KEY");
    char ppid[32];

    if (!key || !*key) {
        if (!getenv("PMI_RANK"))        /* not started by mpiexec */
            return -2;
        snprintf(ppid, sizeof ppid, "mpiexec-%ld", (long)getppid());
        key = ppid;
    }
    memset(&addr, 0, sizeof addr);
    addr.sun_family = AF_UNIX;
    /* sun_path[0] stays '\0': the abstract namespace */
    int n = snprintf(addr.sun_path + 1, sizeof addr.sun_path - 1, "neststep-report-%s", key);
    if (n < 0 || (size_t)n >= sizeof addr.sun_path - 1)
        return -2;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -2;
    if (bind(fd, (struct sockaddr *)&addr, (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + n)) == 0)
        return fd;
    int err = errno;
    close(fd);
    return err == EADDRINUSE ? -1 : -2;
}

int
ns_report_claim(void)
{
    if (claim_fd >= 0)
        return 1;
    int fd = bind_job_name();
    if (fd == -1)
        return 0;
    claim_fd = fd;
    return 1;
}

void
ns_report_wait_reporter(double max_s)
{
    struct timespec nap = { 0, 10 * 1000 * 1000 };
    for (double waited = 0; waited < max_s; waited += 0.01) {
        int fd = bind_job_name();
        if (fd != -1) {             /* the reporter is gone */
            if (fd >= 0)
                close(fd);
            return;
        }
        nanosleep(&nap, NULL);
    }
}

/* The socket to bsprun's watch, -1 if there is none. */
static int
watch_channel(void)
{
    static int fd = -2;
    if (fd == -2) {
        const char *s = getenv(NS_WATCH_FD_ENV);
        char *end;
        long v = s ? strtol(s, &end, 10) : -1;
        fd = s && *s && !*end && v >= 0 && v < 1 << 20 ? (int)v : -1;
    }
    return fd;
}

void
ns_report_state(char state)
{
    int fd = watch_channel();
    if (fd >= 0)
        send(fd, &state, 1, MSG_NOSIGNAL | MSG_DONTWAIT);
}

void
ns_report_hand_over(void)
{
    int fd = watch_channel();
    if (fd < 0 || claim_fd < 0)
        return;
    char state = NS_WATCH_REPORTED;
    struct iovec iov = { &state, 1 };
    union {
        struct cmsghdr align;
        char buf[CMSG_SPACE(sizeof(int))];
    } control;
    struct msghdr msg = { 0 };
    memset(&control, 0, sizeof control);
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control.buf;
    msg.msg_controllen = sizeof control.buf;
    struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(c), &claim_fd, sizeof claim_fd);
    sendmsg(fd, &msg, MSG_NOSIGNAL | MSG_DONTWAIT);
}
