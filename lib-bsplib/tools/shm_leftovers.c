/*
 * shm_leftovers.c - MPICH's MPI_Init makes a segment
 * /dev/shm/mpich_shar_tmpXXXXXX on each machine: the first process there
 * creates it, the others open it, and once they all have, the first
 * removes it.  A process killed in between (by a signal, or because the
 * job is stopped while others wait in MPI_Init) leaves it behind.  bsprun
 * removes those of its job: new since the job started, this user's, and
 * held by no process (a segment in use is held open or mapped by the
 * process that created it from the moment it exists until it is removed,
 * so one that nobody holds is left over, whoever made it).  One still held
 * when the job ends is looked at again for a while: the job's killed
 * processes may not have finished exiting.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "shm_leftovers.h"

#define SHM_DIR "/dev/shm/"
#define MPICH_PREFIX "mpich_shar_tmp"

static int
is_mpich_segment(const char *name)
{
    return strncmp(name, MPICH_PREFIX, sizeof MPICH_PREFIX - 1) == 0;
}

void
shm_note(struct shm_names *before)
{
    before->names = NULL;
    before->n = 0;
    DIR *d = opendir(SHM_DIR);
    if (!d)
        return;
    for (struct dirent *e; (e = readdir(d));) {
        if (!is_mpich_segment(e->d_name))
            continue;
        char **more = realloc(before->names, (size_t)(before->n + 1) * sizeof *more);
        if (!more)
            break;
        before->names = more;
        if ((before->names[before->n] = strdup(e->d_name)))
            before->n++;
    }
    closedir(d);
}

static int
noted(const struct shm_names *before, const char *name)
{
    for (int i = 0; i < before->n; i++)
        if (strcmp(before->names[i], name) == 0)
            return 1;
    return 0;
}

/* 1 if `text` (a link's target, or a line's file name) is `path`, or
 * "`path` (deleted)". */
static int
names(const char *text, const char *path, size_t len)
{
    return strncmp(text, path, len) == 0
           && (text[len] == '\0' || text[len] == '\n' || text[len] == ' ');
}

/* 1 if some process has `path` open (/proc/PID/fd) or mapped (/proc/PID/maps). */
static int
held(const char *path)
{
    DIR *procs = opendir("/proc");
    if (!procs)
        return 1;                       /* cannot tell: leave it */
    int found = 0;
    size_t len = strlen(path);
    for (struct dirent *p; !found && (p = readdir(procs));) {
        if (p->d_name[0] < '0' || p->d_name[0] > '9')
            continue;
        char dir[300], link[4096];
        snprintf(dir, sizeof dir, "/proc/%s/fd", p->d_name);
        DIR *fds = opendir(dir);
        for (struct dirent *f; fds && !found && (f = readdir(fds));) {
            char fd[600];
            snprintf(fd, sizeof fd, "%s/%s", dir, f->d_name);
            ssize_t n = readlink(fd, link, sizeof link - 1);
            if (n > 0) {
                link[n] = '\0';
                found = names(link, path, len);
            }
        }
        if (fds)
            closedir(fds);
        snprintf(dir, sizeof dir, "/proc/%s/maps", p->d_name);
        FILE *maps = found ? NULL : fopen(dir, "r");
        while (maps && !found && fgets(link, sizeof link, maps)) {
            char *at = strchr(link, '/');
            found = at && names(at, path, len);
        }
        if (maps)
            fclose(maps);
    }
    closedir(procs);
    return found;
}

/* One look: removes the new segments of mine that nobody holds; counts
 * in *still those somebody does. */
static int
remove_unheld(const struct shm_names *before, int *still)
{
    int removed = 0;
    DIR *d = opendir(SHM_DIR);
    *still = 0;
    for (struct dirent *e; d && (e = readdir(d));) {
        char path[sizeof SHM_DIR + 256];
        struct stat st;
        if (!is_mpich_segment(e->d_name) || noted(before, e->d_name))
            continue;
        snprintf(path, sizeof path, SHM_DIR "%s", e->d_name);
        if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid())
            continue;
        if (held(path))
            (*still)++;
        else if (unlink(path) == 0)
            removed++;
    }
    if (d)
        closedir(d);
    return removed;
}

int
shm_remove_leftovers(struct shm_names *before)
{
    /* mpiexec can return while a killed job's last processes are still
     * exiting, their mappings of the segment not yet gone: a new segment
     * still held is looked at again, every LOOK_AGAIN_MS for up to
     * HELD_WAIT_MS (a live job's segment stays held until MPICH removes
     * it, and is never taken). */
    enum { LOOK_AGAIN_MS = 20, HELD_WAIT_MS = 2000 };
    int still, removed = remove_unheld(before, &still);
    for (int waited = 0; still && waited < HELD_WAIT_MS; waited += LOOK_AGAIN_MS) {
        struct timespec ts = { 0, LOOK_AGAIN_MS * 1000000L };
        nanosleep(&ts, NULL);
        removed += remove_unheld(before, &still);
    }
    for (int i = 0; i < before->n; i++)
        free(before->names[i]);
    free(before->names);
    before->names = NULL;
    before->n = 0;
    return removed;
}
