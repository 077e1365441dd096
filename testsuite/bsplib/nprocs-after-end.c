// bsp_nprocs() after bsp_end (the standard leaves it open): the number of
// processes available again, as before bsp_begin (the N of bsprun -np N),
// not the p of the SPMD part that ended, so that a program may size a later
// sequential part on what it can use.  bsp_begin(2) keeps min(2, N)
// processes; those go on after bsp_end.  The same in MulticoreBSP 2.0's API.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
// RUN: %bspcc --mcbsp -Werror %s -o %t.mc
// RUN: %bsprun 3 %t.mc | sort | FileCheck %s --check-prefix=P3
#include <stdio.h>
#include <bsp.h>

int main(void)
{
    int before = (int)bsp_nprocs();
    bsp_begin(2);
    int me = (int)bsp_pid(), inside = (int)bsp_nprocs();
    bsp_end();
    printf("process %d: before %d inside %d after %d\n", me, before, inside, (int)bsp_nprocs());
    return 0;
}
// P1: process 0: before 1 inside 1 after 1
// P1-NOT: process
// P3: process 0: before 3 inside 2 after 3
// P3-NEXT: process 1: before 3 inside 2 after 3
// P3-NOT: process
// P5: process 0: before 5 inside 2 after 5
// P5-NEXT: process 1: before 5 inside 2 after 5
// P5-NOT: process
