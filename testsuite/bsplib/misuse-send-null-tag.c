// Misuse: bsp_send with a NULL tag while the tag size is 4 (NULL is allowed
// only for a tag size of 0, seed 000 bsp_send note 3).
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 2 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
#include <stddef.h>
#include "bsp.h"

int main(void)
{
    int t = 4, x = 1;
    bsp_begin(bsp_nprocs());
    bsp_set_tagsize(&t);
    bsp_sync();
    if (bsp_pid() == 1)
        // CHECK: misuse-send-null-tag.c:[[@LINE+1]]: error: [process 1, superstep 1] bsp_send: the tag is NULL but the tag size is 4; pass a tag of that size
        bsp_send(0, NULL, &x, sizeof x);
    bsp_sync();
    bsp_end();
    return 0;
}
