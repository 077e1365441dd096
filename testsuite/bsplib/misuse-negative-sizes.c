// Misuse: negative sizes and offsets (seed 000, Registration note 7 for the
// registration size; the others are nonsense too).  The argument chooses
// the call; process 1 makes it, in superstep 1.  Each run must stop with
// one error line naming the call site and the argument.
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 2 %t push_reg 2> %t.err
// RUN: FileCheck %s --check-prefix=PUSH --implicit-check-not=error: < %t.err
// RUN: not %bsprun 2 %t put_nbytes 2> %t.err
// RUN: FileCheck %s --check-prefix=PUTN --implicit-check-not=error: < %t.err
// RUN: not %bsprun 2 %t put_offset 2> %t.err
// RUN: FileCheck %s --check-prefix=PUTO --implicit-check-not=error: < %t.err
// RUN: not %bsprun 2 %t hpget_nbytes 2> %t.err
// RUN: FileCheck %s --check-prefix=GETN --implicit-check-not=error: < %t.err
// RUN: not %bsprun 2 %t get_offset 2> %t.err
// RUN: FileCheck %s --check-prefix=GETO --implicit-check-not=error: < %t.err
// RUN: not %bsprun 2 %t send 2> %t.err
// RUN: FileCheck %s --check-prefix=SEND --implicit-check-not=error: < %t.err
// RUN: not %bsprun 2 %t tagsize 2> %t.err
// RUN: FileCheck %s --check-prefix=TAG --implicit-check-not=error: < %t.err
#include <string.h>
#include "bsp.h"

int a[4];

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "";
    int t;
    bsp_begin(bsp_nprocs());
    bsp_push_reg(a, sizeof a);
    bsp_sync();
    if (bsp_pid() == 1) {
        if (!strcmp(what, "push_reg"))
            // PUSH: misuse-negative-sizes.c:[[@LINE+1]]: error: [process 1, superstep 1] bsp_push_reg: the size to register is -16; it must not be negative
            bsp_push_reg(a, -16);
        if (!strcmp(what, "put_nbytes"))
            // PUTN: misuse-negative-sizes.c:[[@LINE+1]]: error: [process 1, superstep 1] bsp_put: nbytes is -4; it must not be negative
            bsp_put(0, a, a, 0, -4);
        if (!strcmp(what, "put_offset"))
            // PUTO: misuse-negative-sizes.c:[[@LINE+1]]: error: [process 1, superstep 1] bsp_put: offset is -4; it must not be negative
            bsp_put(0, a, a, -4, 4);
        if (!strcmp(what, "hpget_nbytes"))
            // GETN: misuse-negative-sizes.c:[[@LINE+1]]: error: [process 1, superstep 1] bsp_hpget: nbytes is -1; it must not be negative
            bsp_hpget(0, a, 0, a, -1);
        if (!strcmp(what, "get_offset"))
            // GETO: misuse-negative-sizes.c:[[@LINE+1]]: error: [process 1, superstep 1] bsp_get: offset is -8; it must not be negative
            bsp_get(0, a, -8, a, 4);
        if (!strcmp(what, "send"))
            // SEND: misuse-negative-sizes.c:[[@LINE+1]]: error: [process 1, superstep 1] bsp_send: payload_nbytes is -4; it must not be negative
            bsp_send(0, a, a, -4);
        t = -2;
        if (!strcmp(what, "tagsize"))
            // TAG: misuse-negative-sizes.c:[[@LINE+1]]: error: [process 1, superstep 1] bsp_set_tagsize: the tag size is -2; it must not be negative
            bsp_set_tagsize(&t);
    }
    bsp_sync();
    bsp_end();
    return 0;
}
