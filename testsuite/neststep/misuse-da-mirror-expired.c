// Misuse (spec section 5, #pragma mirror): a mirror issued in step s makes
// the section readable in step s+1 only; reading it again in step s+2
// without a new mirror is an unmirrored read (the read in step s+1, a
// line earlier, passes).
// RUN: %nscc %s -o %t
// RUN: not %nsrun 3 %t 2>&1 | FileCheck %s --implicit-check-not=error:
#include <neststep.h>

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    ns_darray *a = ns_da_new("a", 12, 1, Type_int, sizeof(int), NS_CYCLIC, NS_OP_FIRST, NULL);
    int x = 0;
    long i;
    ns_step_begin(NS_AT("step"));
    for (ns_iter it = ns_forall(a, 0, 11, 1); ns_next(&it, &i); )
        *(int *)ns_da_wlocal(a, i) = (int)i;
    ns_da_mirror(a, 6, 11, 1, NS_AT("mirror"));     // #pragma mirror(a[6:11])
    ns_step_end();
    ns_step_begin(NS_AT("step"));
    x = *(const int *)ns_da_rd(a, 8, NS_AT("a"));  // step s+1: mirrored
    ns_step_end();
    ns_step_begin(NS_AT("step"));
    if (NestStep_rank() == 0)
        // CHECK: misuse-da-mirror-expired.c:[[@LINE+1]]: error: [process 0, superstep 2] a: read of remote element a[8] (owned by process 2) that is not mirrored in this step; add '#pragma mirror(a[8])' (or a section that covers it) in the previous step, or copy it with a section assignment ('t[0:n-1] = a[l:u];', whose values arrive at the end of this step)
        x += *(const int *)ns_da_rd(a, 8, NS_AT("a"));
    ns_step_end();
    NestStep_finalize();
    return x == 0;
}
