// BSMP defaults (seed 000, bsp_set_tagsize notes 6; bsp_qsize): the tag size
// is 0 until changed, so the first bsp_set_tagsize returns 0, messages sent
// in the first superstep carry no tag (a NULL tag is allowed, note 3 of
// bsp_send), and the queue of the first superstep is empty.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), n = -1, bytes = -1, status = -7, payload = 40 + me, got = 0;
    char tag[4] = "abc";
    bsp_qsize(&n, &bytes);
    int n0 = n, bytes0 = bytes;
    bsp_get_tag(&status, tag);
    int status0 = status;
    bsp_send((me + 1) % p, NULL, &payload, sizeof payload);
    int ts = 0;
    bsp_set_tagsize(&ts);       /* asks for 0 again, returns the default */
    bsp_sync();
    bsp_qsize(&n, &bytes);
    bsp_get_tag(&status, tag);
    bsp_move(&got, sizeof got);
    printf("process %d: first superstep qsize %d/%d status %d; default tag size %d; "
           "then qsize %d/%d status %d tag %s payload %d\n",
           me, n0, bytes0, status0, ts, n, bytes, status, tag, got);
    bsp_end();
    return 0;
}
// P1: process 0: first superstep qsize 0/0 status -1; default tag size 0; then qsize 1/4 status 4 tag abc payload 40
// P1-NOT: process
// P3: process 0: first superstep qsize 0/0 status -1; default tag size 0; then qsize 1/4 status 4 tag abc payload 42
// P3-NEXT: process 1: first superstep qsize 0/0 status -1; default tag size 0; then qsize 1/4 status 4 tag abc payload 40
// P3-NEXT: process 2: first superstep qsize 0/0 status -1; default tag size 0; then qsize 1/4 status 4 tag abc payload 41
// P3-NOT: process
