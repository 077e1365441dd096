// nsc builds a BSPlib program (a .c input) like bspcc: it finds bsp.h and
// links libbsp.a and libnsengine.a.  Every process prints once; the order
// is arbitrary, so the output is sorted.
// RUN: %nsc -O2 -Wall -Wextra -Werror %s -o %t
// RUN: %nsrun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %nsrun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: %nsrun 5 %t | sort | FileCheck %s --check-prefix=P5
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    printf("hello from process %d of %d\n", bsp_pid(), bsp_nprocs());
    bsp_end();
    return 0;
}
// P1: hello from process 0 of 1
// P1-NOT: hello
// P3: hello from process 0 of 3
// P3-NEXT: hello from process 1 of 3
// P3-NEXT: hello from process 2 of 3
// P3-NOT: hello
// P5: hello from process 0 of 5
// P5-NEXT: hello from process 1 of 5
// P5-NEXT: hello from process 2 of 5
// P5-NEXT: hello from process 3 of 5
// P5-NEXT: hello from process 4 of 5
// P5-NOT: hello
