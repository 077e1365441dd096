// MulticoreBSP for C 2.0's API (bspcc --mcbsp), every call with its types,
// built with -Werror: unsigned ids and counts, size_t sizes; bsp_qsize with
// and without the byte count; bsp_get_tag's status and bsp_hpmove's result
// SIZE_MAX on an empty queue, bsp_move doing nothing there; bsp_set_tagsize
// with size_t; bsp_hpput, bsp_hpget, bsp_hpsend; MulticoreBSP 1.x's type
// macros and the checkpointing hints.  The results are the BSPlib API's.
// RUN: %bspcc --mcbsp -Werror %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
// The same through -DBSP_MCBSP_API and <mcbsp.h>, for other build systems.
// RUN: %bspcc -DBSP_MCBSP_API -Werror %s -o %t.d && %bsprun 3 %t.d | sort | FileCheck %s --check-prefix=P3
// RUN: %bspcc -DUSE_MCBSP_H -Werror %s -o %t.h && %bsprun 3 %t.h | sort | FileCheck %s --check-prefix=P3
#include <stdint.h>
#include <stdio.h>
#ifdef USE_MCBSP_H
#include <mcbsp.h>
#else
#include <bsp.h>
#endif

int main(void)
{
    mcbsp_disable_checkpointing();
    bsp_begin(bsp_nprocs());
    bsp_nprocs_t p = bsp_nprocs();
    bsp_pid_t s = bsp_pid(), right = (s + 1) % p, left = (s + p - 1) % p;
    MCBSP_BYTESIZE_TYPE sz = sizeof(size_t);
    size_t a[2] = { 0, 0 }, b = 0, src[2] = { 100 + s, 200 + s }, got = 0;
    bsp_push_reg(a, 2 * sz);
    bsp_push_reg(&b, sizeof b);
    bsp_sync();
    bsp_put(right, &src[0], a, 0, sz);
    bsp_hpput(right, &src[1], a, sz, sz);
    bsp_sync();
    bsp_get(left, a, sz, &got, sz);
    bsp_hpget(left, a, 0, &b, sz);
    bsp_size_t tagsize = sizeof(unsigned), old;
    bsp_set_tagsize(&tagsize);
    old = tagsize;
    bsp_sync();
    /* empty queue */
    bsp_size_t status = 0;
    bsp_nprocs_t packets = 99;
    void *tp, *pp;
    bsp_get_tag(&status, NULL);
    bsp_qsize(&packets, NULL);
    bsp_move(NULL, 0);
    bsp_size_t h = bsp_hpmove(&tp, &pp);
    printf("process %u: put %zu %zu get %zu %zu tagsize was %zu, empty: status max %d "
           "packets %u hpmove max %d\n", s, a[0], a[1], got, b, old, status == SIZE_MAX,
           packets, h == SIZE_MAX);
    unsigned tag = 7 * s;
    size_t v = 1000 + s;
    bsp_send(right, &tag, &v, sizeof v);
    bsp_hpsend(left, &tag, "hi", 3);
    bsp_sync();
    bsp_size_t bytes;
    bsp_qsize(&packets, &bytes);
    printf("process %u: %u messages, %zu bytes\n", s, packets, bytes);
    for (unsigned m = 0; m < packets; m++) {
        unsigned t;
        bsp_get_tag(&status, &t);
        if (status == sizeof v) {
            bsp_move(&v, status);
            printf("process %u: tag %u value %zu\n", s, t, v);
        } else {
            unsigned *tagp;
            char *text;
            bsp_size_t n = bsp_hpmove((void **)&tagp, (void **)&text);
            printf("process %u: tag %u text %s (%zu bytes)\n", s, *tagp, text, n);
        }
    }
    bsp_pop_reg(&b);
    bsp_pop_reg(a);
    bsp_end();
    return 0;
}
// P1: process 0: 2 messages, 11 bytes
// P1-NEXT: process 0: put 100 200 get 200 100 tagsize was 0, empty: status max 1 packets 0 hpmove max 1
// P1-NEXT: process 0: tag 0 text hi (3 bytes)
// P1-NEXT: process 0: tag 0 value 1000
// P1-NOT: process
// P3: process 0: 2 messages, 11 bytes
// P3-NEXT: process 0: put 102 202 get 201 101 tagsize was 0, empty: status max 1 packets 0 hpmove max 1
// P3-NEXT: process 0: tag 14 value 1002
// P3-NEXT: process 0: tag 7 text hi (3 bytes)
// P3-NEXT: process 1: 2 messages, 11 bytes
// P3-NEXT: process 1: put 100 200 get 202 102 tagsize was 0, empty: status max 1 packets 0 hpmove max 1
// P3-NEXT: process 1: tag 0 value 1000
// P3-NEXT: process 1: tag 14 text hi (3 bytes)
// P3-NEXT: process 2: 2 messages, 11 bytes
// P3-NEXT: process 2: put 101 201 get 200 100 tagsize was 0, empty: status max 1 packets 0 hpmove max 1
// P3-NEXT: process 2: tag 0 text hi (3 bytes)
// P3-NEXT: process 2: tag 7 value 1001
// P3-NOT: process
// P5: process 0: 2 messages, 11 bytes
// P5-NEXT: process 0: put 104 204 get 203 103 tagsize was 0, empty: status max 1 packets 0 hpmove max 1
// P5-NEXT: process 0: tag 28 value 1004
// P5-NEXT: process 0: tag 7 text hi (3 bytes)
// P5: process 4: put 103 203 get 202 102 tagsize was 0, empty: status max 1 packets 0 hpmove max 1
// P5-NEXT: process 4: tag 0 text hi (3 bytes)
// P5-NEXT: process 4: tag 21 value 1003
// P5-NOT: process
