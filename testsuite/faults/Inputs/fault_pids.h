/* fault_pids.h - for the fault tests: each process records its pid and its
 * parent's (bsprun's watch) in $NS_FAULT_PIDS/<rank>, so that fault_job.py
 * can check after the job that none of them is left. */
#ifndef TESTSUITE_FAULT_PIDS_H
#define TESTSUITE_FAULT_PIDS_H
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void
record_pid(int rank)
{
    const char *dir = getenv("NS_FAULT_PIDS");
    char path[4096], tmp[4096 + 8];
    if (!dir)
        return;
    snprintf(path, sizeof path, "%s/%d", dir, rank);
    snprintf(tmp, sizeof tmp, "%s.part", path);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        perror(tmp);
        exit(2);
    }
    fprintf(f, "%ld %ld\n", (long)getpid(), (long)getppid());
    fclose(f);
    rename(tmp, path);                  /* complete files only */
}

#endif
