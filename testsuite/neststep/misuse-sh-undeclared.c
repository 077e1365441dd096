// Misuse: declarations of shared variables are collective in the declaring
// group.  Process 2 alone declares and writes `sh<+> int y`; the processes
// that did not declare it stop the job when its combine item reaches them
// (they cannot know its name).
// RUN: %nscc %s -o %t
// RUN: not %nsrun 3 %t 2>&1 | FileCheck %s
// CHECK: misuse-sh-undeclared.c:[[@LINE+13]]: error: [process {{[01]}}, superstep 1] step: a combine item arrived for a shared variable this process has not declared (key {{[0-9a-f]+}}); every member of a group must declare the same shared variables
#include <neststep.h>

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    int me = NestStep_rank(), y = 0;
    ns_shvar sv_y;
    ns_step_begin(NS_AT("step"));
    ns_step_end();
    if (me == 2)
        ns_sh_declare(&sv_y, "y", &y, 1, Type_int, sizeof y, NS_OP_ADD, NULL);
    ns_step_begin(NS_AT("step"));
    if (me == 2)
        ns_sh_w(&sv_y, 0, NS_AT("y")), y = 1;
    ns_step_end();
    if (me == 2)
        ns_sh_undeclare(&sv_y);
    NestStep_finalize();
    return 0;
}
