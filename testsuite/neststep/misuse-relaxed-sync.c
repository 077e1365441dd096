// NestStep programs run in barrier mode only: with a relaxed mode of
// NS_SYNC (nsrun --sync=MODE) they stop at start with one line that names
// the mode and the fix; NS_SYNC=barrier runs them.
// RUN: %nscc %s -o %t
// RUN: not %nsrun 3 --sync=relaxed %t 2>&1 | FileCheck %s --check-prefix=RELAXED
// RUN: env NS_SYNC=relaxed-eager not %nsrun 2 %t 2>&1 | FileCheck %s --check-prefix=EAGER
// RUN: %nsrun 3 --sync=barrier %t | FileCheck %s --check-prefix=BARRIER
#include <stdio.h>
#include "neststep.h"

int main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    if (NestStep_rank() == 0)
        printf("ran on %d processes\n", NestStep_size());
    NestStep_finalize();
    return 0;
}
// RELAXED: error: [process {{[0-9]}}] NestStep_init: NS_SYNC=relaxed: the relaxed modes are for BSPlib programs; NestStep programs run in barrier mode only (unset NS_SYNC or set NS_SYNC=barrier)
// RELAXED-NOT: error:
// EAGER: error: [process {{[0-9]}}] NestStep_init: NS_SYNC=relaxed-eager: the relaxed modes
// BARRIER: ran on 3 processes
