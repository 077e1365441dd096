// bsp.h: the additions of later BSPlib headers that cost nothing, used the
// way programs written for them use them: BSP_VERSION, the bsp_pid_t,
// bsp_nprocs_t and bsp_size_t typedefs (int here), bsp_hpsend.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 2 %t | sort | FileCheck %s
#include <stdio.h>
#include "bsp.h"

#if !defined(BSP_VERSION) || BSP_VERSION < 199805L
#error "BSP_VERSION missing or older than BSPlib 1.0 (May 1998)"
#endif

int main(void)
{
    bsp_begin(bsp_nprocs());
    bsp_pid_t me = bsp_pid();
    bsp_nprocs_t p = bsp_nprocs();
    bsp_size_t n, bytes, tsize = sizeof(bsp_pid_t);
    bsp_set_tagsize(&tsize);
    bsp_sync();
    bsp_hpsend((me + 1) % p, &me, &p, sizeof p);
    bsp_sync();
    bsp_qsize(&n, &bytes);
    bsp_pid_t from = -1;
    bsp_size_t status;
    bsp_get_tag(&status, &from);
    printf("process %d of %d: %d message of %d bytes from %d\n", me, p, n, bytes, from);
    bsp_end();
    return 0;
}
// CHECK: process 0 of 2: 1 message of 4 bytes from 1
// CHECK-NEXT: process 1 of 2: 1 message of 4 bytes from 0
// CHECK-NOT: process
