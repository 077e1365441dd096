// bspx_read (READ of seed 003) used correctly: every process puts its pid
// into its right neighbour's `left` (1 put each) and into process 0's
// `all` (p puts there, 0 elsewhere), with bsp_put and bsp_hpput, to itself
// too at p = 1.  Counts add up over supersteps until the next bspx_read:
// `late` gets one put in superstep 2 and one in superstep 3 and is read
// once, in superstep 4, with nputs = 2.  A READ with nputs = 0 of an area
// nobody wrote passes.  The program checks the values it reads.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | FileCheck %s --check-prefix=P1
// RUN: %bsprun 2 %t | FileCheck %s --check-prefix=P2
// RUN: %bsprun 3 %t | FileCheck %s --check-prefix=P3
// RUN: %bsprun 5 %t | FileCheck %s --check-prefix=P5
// RUN: %bsprun 2 %valgrind %t | FileCheck %s --check-prefix=P2
#include <stdio.h>
#include "bsp.h"

int main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), me = bsp_pid(), right = (me + 1) % p, left_pid = (me + p - 1) % p;
    int left = -1, all[8] = { 0 }, late[2] = { 0 }, quiet = 0, bad = 0;
    bsp_push_reg(&left, sizeof left);
    bsp_push_reg(all, sizeof all);
    bsp_push_reg(late, sizeof late);
    bsp_push_reg(&quiet, sizeof quiet);
    bsp_sync();                                         /* superstep 1 */
    bsp_put(right, &me, &left, 0, sizeof me);
    bsp_hpput(0, &me, all, me * (int)sizeof(int), sizeof me);
    bsp_sync();                                         /* superstep 2 */
    bspx_read(&left, 1);
    bspx_read(all, me == 0 ? p : 0);
    bspx_read(&quiet, 0);
    bad |= left != left_pid;
    for (int i = 0; me == 0 && i < p; i++)
        bad |= all[i] != i;
    if (me == 0)
        bsp_put(right, &me, late, 0, sizeof me);
    bsp_sync();                                         /* superstep 3 */
    if (me == 0)
        bsp_put(right, &p, late, sizeof(int), sizeof p);
    bsp_sync();                                         /* superstep 4 */
    bspx_read(late, me == 1 % p ? 2 : 0);
    if (me == 1 % p)
        bad |= late[0] != 0 || late[1] != p;
    bsp_sync();
    printf("process %d: %s\n", me, bad ? "WRONG" : "OK");
    bsp_end();
    return 0;
}
// P1-COUNT-1: OK
// P1-NOT: {{.}}
// P2-COUNT-2: OK
// P2-NOT: {{.}}
// P3-COUNT-3: OK
// P3-NOT: {{.}}
// P5-COUNT-5: OK
// P5-NOT: {{.}}
