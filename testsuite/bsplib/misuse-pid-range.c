// Misuse: a process id out of range, 0 <= pid < bsp_nprocs() (here 3), in
// bsp_put (pid = bsp_nprocs()), bsp_get (pid = -1), bsp_send (pid = 5) and
// bsp_hpput (pid = 3); process 2 makes the call, chosen by the argument.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 3 %t put 2> %t.err
// RUN: FileCheck %s --check-prefix=PUT --implicit-check-not=error: < %t.err
// RUN: not %bsprun 3 %t get 2> %t.err
// RUN: FileCheck %s --check-prefix=GET --implicit-check-not=error: < %t.err
// RUN: not %bsprun 3 %t send 2> %t.err
// RUN: FileCheck %s --check-prefix=SEND --implicit-check-not=error: < %t.err
// RUN: not %bsprun 3 %t hpput 2> %t.err
// RUN: FileCheck %s --check-prefix=HPPUT --implicit-check-not=error: < %t.err
#include <string.h>
#include "bsp.h"

int a[4];

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "";
    bsp_begin(bsp_nprocs());
    bsp_push_reg(a, sizeof a);
    bsp_sync();
    if (bsp_pid() == 2) {
        if (!strcmp(what, "put"))
            // PUT: misuse-pid-range.c:[[@LINE+1]]: error: [process 2, superstep 1] bsp_put: process id 3 is out of range; use 0 <= pid < bsp_nprocs() = 3
            bsp_put(bsp_nprocs(), a, a, 0, sizeof(int));
        if (!strcmp(what, "get"))
            // GET: misuse-pid-range.c:[[@LINE+1]]: error: [process 2, superstep 1] bsp_get: process id -1 is out of range; use 0 <= pid < bsp_nprocs() = 3
            bsp_get(-1, a, 0, a, sizeof(int));
        if (!strcmp(what, "send"))
            // SEND: misuse-pid-range.c:[[@LINE+1]]: error: [process 2, superstep 1] bsp_send: process id 5 is out of range; use 0 <= pid < bsp_nprocs() = 3
            bsp_send(5, a, a, sizeof(int));
        if (!strcmp(what, "hpput"))
            // HPPUT: misuse-pid-range.c:[[@LINE+1]]: error: [process 2, superstep 1] bsp_hpput: process id 3 is out of range; use 0 <= pid < bsp_nprocs() = 3
            bsp_hpput(3, a, a, 0, sizeof(int));
    }
    bsp_sync();
    bsp_end();
    return 0;
}
