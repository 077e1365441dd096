// bsp_move copies at most reception_nbytes bytes: a longer payload is
// truncated (seed 000, bsp_move note 3) and the bytes after the reception
// area are not touched; a shorter payload fills only its own length.
// (Relies on our delivery order: one source's messages in send order.)
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
#include <stdio.h>
#include <string.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid();
    char a[11], b[11];
    bsp_send((me + 1) % p, NULL, "ABCDEFGHIJ", 10);
    bsp_send((me + 1) % p, NULL, "xyz", 3);
    bsp_sync();
    memset(a, '.', 10);
    a[10] = '\0';
    memcpy(b, a, sizeof b);
    bsp_move(a, 4);
    bsp_move(b, 8);
    int n, bytes;
    bsp_qsize(&n, &bytes);
    printf("process %d: [%s] [%s] left %d\n", me, a, b, n);
    bsp_end();
    return 0;
}
// P1: process 0: [ABCD......] [xyz.......] left 0
// P1-NOT: process
// P2: process 0: [ABCD......] [xyz.......] left 0
// P2-NEXT: process 1: [ABCD......] [xyz.......] left 0
// P2-NOT: process
