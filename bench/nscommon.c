/*
 * nscommon.c - NestStep-side helpers of the benchmarks (see nscommon.h).
 */
#include <neststep.h>
#include "nscommon.h"

double
bench_ns_mean(double v)
{
    double sum = 0;                         /* sh<+> double sum; */
    ns_shvar sv;
    ns_sh_declare(&sv, "sum", &sum, 1, Type_double, sizeof sum, NS_OP_ADD, NULL);
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv, 0, NS_AT("sum")), sum = v;
    ns_step_end();
    ns_sh_undeclare(&sv);
    return sum / NestStep_size();
}
