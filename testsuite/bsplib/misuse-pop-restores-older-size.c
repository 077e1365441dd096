// Misuse: buf registered with 4 bytes, then again with 16 (newest wins);
// after the pop and a sync the 4-byte registration is back, so a 16-byte
// put is now a bounds error (the positive half is reg-newest-wins.c).
// RUN: %bspcc %s -o %t
// RUN: not %bsprun 2 %t 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
// MATRIX: barrier-mode
#include "bsp.h"

int buf[4], src[4];

int main(void)
{
    bsp_begin(bsp_nprocs());
    bsp_push_reg(buf, sizeof(int));
    bsp_sync();
    bsp_push_reg(buf, sizeof buf);
    bsp_sync();
    bsp_put(0, src, buf, 0, sizeof src);
    bsp_pop_reg(buf);
    bsp_sync();
    if (bsp_pid() == 1)
        // CHECK: misuse-pop-restores-older-size.c:[[@LINE+1]]: error: [process 1, superstep 3] bsp_put: offset 0 + nbytes 16 = 16 is beyond the registered destination area, which is 4 bytes
        bsp_put(0, src, buf, 0, sizeof src);
    bsp_sync();
    bsp_end();
    return 0;
}
