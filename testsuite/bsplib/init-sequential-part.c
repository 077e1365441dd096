// bsp_init: process 0 returns from bsp_init, runs the sequential part, and
// its later call of the SPMD procedure joins the others, which started it at
// once.  Process 0 keeps its state (note 3 of bsp_begin: a global it set
// before is visible to it); the others do not inherit it (note 4: they see
// the initial value 0).  After bsp_end only process 0 goes on, once.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// MATRIX: every-mode
#include <stdio.h>
#include "bsp.h"

int nprocs;             /* set by process 0 only */
int secret;             /* likewise */

void spmd(void)
{
    bsp_begin(nprocs);
    printf("process %d of %d: secret=%d\n", bsp_pid(), bsp_nprocs(), secret);
    bsp_end();
}

int main(int argc, char **argv)
{
    bsp_init(spmd, argc, argv);
    printf("sequential part before: nprocs=%d\n", bsp_nprocs());
    nprocs = bsp_nprocs();
    secret = 42;
    spmd();
    fputs("sequential part after\n", stdout);
    return 0;
}
// P1: sequential part before: nprocs=1
// P1-NEXT: process 0 of 1: secret=42
// P1-NEXT: sequential part after
// P1-NOT: {{.}}
// P3: process 0 of 3: secret=42
// P3-NEXT: process 1 of 3: secret=0
// P3-NEXT: process 2 of 3: secret=0
// P3-NEXT: sequential part after
// P3-NEXT: sequential part before: nprocs=3
// P3-NOT: {{.}}
