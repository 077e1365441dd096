/* fault_bsp.c - a BSPlib program that fails on purpose, for the fault tests.
 * Usage: fault_bsp MODE; process p-1 fails in superstep 1 while the others
 * wait in bsp_sync.  MODE: kill (SIGKILL), segv (writes through a null
 * pointer), exit (exit(3)), _exit (_exit(3), which skips the atexit check),
 * return (returns from main without bsp_end), abort (abort()), wait (every
 * process waits, for a signal to the job). */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "bsp.h"
#include "fault_pids.h"

int
main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    bsp_begin(bsp_nprocs());
    record_pid(bsp_pid());
    bsp_sync();
    if (bsp_pid() == bsp_nprocs() - 1) {
        if (!strcmp(mode, "kill"))
            raise(SIGKILL);
        if (!strcmp(mode, "segv"))
            *(int *volatile)NULL = 1;
        if (!strcmp(mode, "exit"))
            exit(3);
        if (!strcmp(mode, "_exit"))
            _exit(3);
        if (!strcmp(mode, "return"))
            return 0;
        if (!strcmp(mode, "abort"))
            abort();
    }
    if (!strcmp(mode, "wait") && bsp_pid() == 0)
        for (;;)
            pause();
    bsp_sync();
    bsp_end();
    return 0;
}
