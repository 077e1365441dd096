/* parprefix.h - seed 002 Figure 2 (parprefix) translated by hand to the
 * runtime ABI as nsc emits it: the prefix sum comes from the step's combine
 * (combine(sum<+:myoffset>)), the loops are forall's plain-C shape.
 * Shared by testsuite/neststep/parprefix.c and bench/parprefix_ns.c.
 * Returns the total, on every process. */
#ifndef TESTSUITE_PARPREFIX_H
#define TESTSUITE_PARPREFIX_H
#include <neststep.h>

/* nsc emits one static site record per construct (NS_AT would build it on
 * the stack at every use, inside loops too). */
static const struct ns_site site_sum = { "sum", __FILE__, __LINE__ };

static int
parprefix(ns_darray *a)
{
    int *pre, myoffset, j = 0;
    long i;
    int sum = 0;                        // sh int sum = 0;  (constant initializer)
    ns_shvar sv_sum;
    ns_sh_declare(&sv_sum, "sum", &sum, 1, Type_int, sizeof sum, NS_OP_FIRST, NULL);

    ns_step_begin(NS_AT("step"));
    {
        pre = new_Array(DArray_Length(a), Type_int);
        ns_sh_w(&sv_sum, 0, &site_sum), sum = 0;
        const int *ns_la = (const int *)a->local;      // forall: local index it.cur
        for (ns_iter it = ns_forall(a, 0, ns_da_length(a) - 1, 1); ns_next(&it, &i); ) {
            pre[j++] = sum;
            ns_sh_w(&sv_sum, 0, &site_sum), sum += ns_la[it.cur];
        }
    }
    ns_combine_prefix(&sv_sum, NS_OP_ADD, NULL, &myoffset);     // combine(sum<+:myoffset>)
    ns_step_end();

    j = 0;
    ns_step_begin(NS_AT("step"));
    {
        int *ns_la = (int *)a->local;
        ns_iter it = ns_forall(a, 0, ns_da_length(a) - 1, 1);
        ns_da_mark_forall(a, it);               // the body writes a[i] every time
        while (ns_next(&it, &i))
            ns_la[it.cur] = pre[j++] + myoffset;
    }
    ns_step_end();
    free_Array(pre);
    ns_sh_undeclare(&sv_sum);
    return sum;
}
#endif
