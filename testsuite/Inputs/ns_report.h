/* ns_report.h - for NestStep tests: every process's count of wrong results
 * added up in one step (a sh<+> int), printed by process 0 as "wrong N". */
#ifndef TESTSUITE_NS_REPORT_H
#define TESTSUITE_NS_REPORT_H
#include <stdio.h>
#include <neststep.h>

static void
report_wrong(int bad)
{
    int wrong = 0;                          // sh<+> int wrong;
    ns_shvar sv_wrong;
    ns_sh_declare(&sv_wrong, "wrong", &wrong, 1, Type_int, sizeof wrong, NS_OP_ADD, NULL);
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv_wrong, 0, NS_AT("wrong")), wrong = bad;
    ns_step_end();
    if (NestStep_rank() == 0)
        printf("wrong %d\n", wrong);
    ns_sh_undeclare(&sv_wrong);
}
#endif
