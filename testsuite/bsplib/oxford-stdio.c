// A program written for the Oxford BSP toolset, whose bsp.h included
// <stdio.h>: it uses printf, fprintf, stdout, stderr and fflush without
// including <stdio.h> itself, and builds unchanged (with -Werror) against
// this bsp.h.  bsp_init's sequential part on process 0, then every process
// prints its line.  Output order is arbitrary: sorted.
// RUN: %bspcc -Werror %s -o %t
// RUN: %bsprun 1 %t | sort | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | FileCheck %s --check-prefix=P3
// RUN: %bsprun 5 %t 2> %t.err | sort | FileCheck %s --check-prefix=P5
// RUN: FileCheck %s --check-prefix=ERR < %t.err
#include "bsp.h"

static void spmd_part(void)
{
    bsp_begin(bsp_nprocs());
    printf("Hello BSP Worldwide from process %d of %d\n", bsp_pid(), bsp_nprocs());
    fflush(stdout);
    if (bsp_pid() == bsp_nprocs() - 1)
        fprintf(stderr, "last process is %d\n", bsp_pid());
    bsp_end();
}

int main(int argc, char *argv[])
{
    bsp_init(spmd_part, argc, argv);
    printf("sequential part on process 0 of %d\n", bsp_nprocs());
    fflush(stdout);
    spmd_part();
    return 0;
}
// P1: Hello BSP Worldwide from process 0 of 1
// P1-NEXT: sequential part on process 0 of 1
// P1-NOT: {{.}}
// P3: Hello BSP Worldwide from process 0 of 3
// P3-NEXT: Hello BSP Worldwide from process 1 of 3
// P3-NEXT: Hello BSP Worldwide from process 2 of 3
// P3-NEXT: sequential part on process 0 of 3
// P3-NOT: {{.}}
// P5: Hello BSP Worldwide from process 0 of 5
// P5-NEXT: Hello BSP Worldwide from process 1 of 5
// P5-NEXT: Hello BSP Worldwide from process 2 of 5
// P5-NEXT: Hello BSP Worldwide from process 3 of 5
// P5-NEXT: Hello BSP Worldwide from process 4 of 5
// P5-NEXT: sequential part on process 0 of 5
// P5-NOT: {{.}}
// ERR: {{^}}last process is 4{{$}}
