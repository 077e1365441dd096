// bsp_set_tagsize returns the size the next superstep would have had without
// the call (docs/bsplib.md, open behaviours; BSPonMPI's choice), so the
// seed's idiom of setting a size and restoring the returned one nests: here
// the caller sets 8 and, in the same superstep, a library routine sets 4
// for its own messages and later restores what it got back, 8, not the 0
// valid at the time.  Every process prints the same lines; uniq -c counts
// them.
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | uniq -c | FileCheck %s --check-prefix=P1
// RUN: %bsprun 3 %t | sort | uniq -c | FileCheck %s --check-prefix=P3
// RUN: %bsprun 5 %t | sort | uniq -c | FileCheck %s --check-prefix=P5
#include <stdio.h>
#include "bsp.h"

/* A library routine in the seed's style: one superstep with its own tag
 * size, then the previous one back. */
static int routine_saved;
static void routine_start(void)
{
    routine_saved = 4;
    bsp_set_tagsize(&routine_saved);        /* now holds the previous size */
}
static void routine_end(void)
{
    int t = routine_saved;
    bsp_set_tagsize(&t);
}

int main(void)
{
    bsp_begin(bsp_nprocs());
    int mine = 8;
    bsp_set_tagsize(&mine);                 /* the caller: 8 from the next superstep */
    routine_start();                        /* same superstep */
    bsp_sync();
    int now = 0;
    bsp_set_tagsize(&now);                  /* the size in force (and sets 0) */
    int again = now;
    bsp_set_tagsize(&again);                /* sets it back; returns 0, the earlier call's */
    routine_end();                          /* restores 8 */
    bsp_sync();
    int after = 0;
    bsp_set_tagsize(&after);
    printf("caller got %d, routine saved %d, in force %d, again %d, then %d\n", mine,
           routine_saved, now, again, after);
    bsp_set_tagsize(&after);
    bsp_sync();
    bsp_end();
    return 0;
}
// P1: {{^ *}}1 caller got 0, routine saved 8, in force 4, again 0, then 8
// P1-NOT: caller
// P3: {{^ *}}3 caller got 0, routine saved 8, in force 4, again 0, then 8
// P3-NOT: caller
// P5: {{^ *}}5 caller got 0, routine saved 8, in force 4, again 0, then 8
// P5-NOT: caller
