// Example 5 of the bsp_get man page (seed 001): bsp_allsums, running sums of
// p values in log2(p) supersteps with bsp_get.  Process i passes y=i+1 and
// gets 1+2+...+(i+1).  The man page's run on four processors printed
// y=4 sums=10, y=2 sums=3, y=1 sums=1, y=3 sums=6 (in that order): sorted
// here.  Only change: `void main()` is `int main(void)`.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 2 %t | sort | FileCheck %s --check-prefix=P2
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 4 %t | sort | FileCheck %s --check-prefix=P4
// RUN: %bsprun 5 %t | sort | FileCheck %s --check-prefix=P5
#include "bsp.h"
#include <stdio.h>

int bsp_allsums(int x)
{
    int i, left, right;
    bsp_push_reg(&right, sizeof(int));
    bsp_sync();
    right = x;
    for (i = 1; i < bsp_nprocs(); i *= 2) {
        if (bsp_pid() >= i)
            bsp_get(bsp_pid() - i, &right, 0, &left, sizeof(int));
        bsp_sync();
        if (bsp_pid() >= i)
            right = left + right;
    }
    bsp_pop_reg(&right);
    return right;
}

int main(void)
{
    int y;
    bsp_begin(bsp_nprocs());
    y = bsp_pid() + 1;
    printf("y=%d sums=%d\n", y, bsp_allsums(y));
    bsp_end();
    return 0;
}
// P1: y=1 sums=1
// P1-NOT: y=
// P2: y=1 sums=1
// P2-NEXT: y=2 sums=3
// P2-NOT: y=
// P3: y=1 sums=1
// P3-NEXT: y=2 sums=3
// P3-NEXT: y=3 sums=6
// P3-NOT: y=
// P4: y=1 sums=1
// P4-NEXT: y=2 sums=3
// P4-NEXT: y=3 sums=6
// P4-NEXT: y=4 sums=10
// P4-NOT: y=
// P5: y=1 sums=1
// P5-NEXT: y=2 sums=3
// P5-NEXT: y=3 sums=6
// P5-NEXT: y=4 sums=10
// P5-NEXT: y=5 sums=15
// P5-NOT: y=
