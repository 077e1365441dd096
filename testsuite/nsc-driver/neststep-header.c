// A C program written against the runtime ABI that includes "NestStep.h",
// the header name of the papers' programs (it includes neststep.h); nsc
// finds it and links the engine.  Rank 0 prints once, after the others.
// RUN: %nsc -O2 -Wall -Wextra -Werror %s -o %t
// RUN: %nsrun 1 %t | FileCheck %s --check-prefix=P1
// RUN: %nsrun 3 %t | FileCheck %s --check-prefix=P3
#include <stdio.h>
#include "NestStep.h"

int main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    if (NestStep_rank() == 0)
        printf("group %d has %d processes\n", NestStep_group(), NestStep_size());
    NestStep_finalize();
    return 0;
}
// P1: group 0 has 1 processes
// P1-NOT: group
// P3: group 0 has 3 processes
// P3-NOT: group
