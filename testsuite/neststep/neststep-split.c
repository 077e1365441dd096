// neststep (spec section 4): group splitting and the inter-subgroup combine.
//   A  neststep(2): contiguous, @ = $*k/# (p = 5: sizes 3 and 2); $ # @
//      inside; steps inside synchronize only the subgroup (subgroup 1 does
//      one step more); a shared variable declared inside is the subgroup's;
//      after the neststep the subgroups' changes to the parent's shared
//      variables are combined with each variable's policy (<+> total:
//      sums of the subgroup sums; a combine clause inside the subgroup,
//      <max>, applies to the subgroup's step only).
//   B  neststep(3, @ = e), e = ($*7 + 2) % 4 computed privately: e = 3 joins
//      no subgroup and skips the body; members are ordered by parent rank.
//      (The order of the subgroups' contributions, @ order, is the subject
//      of neststep-join-order.c.)
//   C  weighted splits ns_neststep_begin(k, NS_SPLIT_EVEN, w): w = {1, 3} and
//      {2, 0, 1} (an empty subgroup).
//   D  a neststep inside a neststep: the innermost subgroups' changes to a
//      root variable reach the root group through both levels.
// Each member records its (@, $, #) in where[parent rank] inside a subgroup
// step; rank 0 prints them after the neststep.
// RUN: %nscc %s -o %t
// RUN: %nsrun 1 %t | FileCheck %s --check-prefixes=CHECK,P1
// RUN: %nsrun 2 %t | FileCheck %s --check-prefixes=CHECK,P2
// RUN: %nsrun 3 %t | FileCheck %s --check-prefixes=CHECK,P3
// RUN: %nsrun 4 %t | FileCheck %s --check-prefixes=CHECK,P4
// RUN: %nsrun 5 %t | FileCheck %s --check-prefixes=CHECK,P5
// RUN: env NS_TREE_ARITY=1 NS_DIRECT_MAX=0 %nsrun 5 %t | FileCheck %s --check-prefixes=CHECK,P5
// RUN: env NS_DIRECT_MAX=16 %nsrun 5 %t | FileCheck %s --check-prefixes=CHECK,P5
//
// P1: A 0: @=0 $=0 #=1 sub=0
// P1-NEXT: A total=1 total2=0 lead=0 untouched=7
// P2: A 0: @=0 $=0 #=1 sub=0
// P2-NEXT: A 1: @=1 $=0 #=1 sub=1
// P2-NEXT: A total=2 total2=1 lead=0 untouched=7
// P3: A 0: @=0 $=0 #=2 sub=1
// P3-NEXT: A 1: @=0 $=1 #=2 sub=1
// P3-NEXT: A 2: @=1 $=0 #=1 sub=2
// P3-NEXT: A total=4 total2=3 lead=1 untouched=7
// P4: A 0: @=0 $=0 #=2 sub=1
// P4-NEXT: A 1: @=0 $=1 #=2 sub=1
// P4-NEXT: A 2: @=1 $=0 #=2 sub=10
// P4-NEXT: A 3: @=1 $=1 #=2 sub=10
// P4-NEXT: A total=6 total2=4 lead=4 untouched=7
// P5: A 0: @=0 $=0 #=3 sub=3
// P5-NEXT: A 1: @=0 $=1 #=3 sub=3
// P5-NEXT: A 2: @=0 $=2 #=3 sub=3
// P5-NEXT: A 3: @=1 $=0 #=2 sub=14
// P5-NEXT: A 4: @=1 $=1 #=2 sub=14
// P5-NEXT: A total=9 total2=6 lead=6 untouched=7
// CHECK: A ok
//
// B: e of ranks 0..4 = 2 1 0 3 2
// P1: B 0: @=2 $=0 #=1
// P1-NEXT: B n=1 sum=200
// P3: B 0: @=2 $=0 #=1
// P3-NEXT: B 1: @=1 $=0 #=1
// P3-NEXT: B 2: @=0 $=0 #=1
// P3-NEXT: B n=3 sum=303
// P5: B 0: @=2 $=0 #=2
// P5-NEXT: B 1: @=1 $=0 #=1
// P5-NEXT: B 2: @=0 $=0 #=1
// P5-NEXT: B 3: skipped
// P5-NEXT: B 4: @=2 $=1 #=2
// P5-NEXT: B n=4 sum=507
// CHECK: B ok
//
// P1: C 0: @=1 $=0 #=1
// P1-NEXT: C 0: @=0 $=0 #=1
// P5: C 0: @=0 $=0 #=1
// P5-NEXT: C 1: @=1 $=0 #=4
// P5-NEXT: C 2: @=1 $=1 #=4
// P5-NEXT: C 3: @=1 $=2 #=4
// P5-NEXT: C 4: @=1 $=3 #=4
// P5-NEXT: C 0: @=0 $=0 #=3
// P5-NEXT: C 1: @=0 $=1 #=3
// P5-NEXT: C 2: @=0 $=2 #=3
// P5-NEXT: C 3: @=2 $=0 #=2
// P5-NEXT: C 4: @=2 $=1 #=2
// CHECK: C ok
//
// P1: D deep=1
// P3: D deep=14
// P5: D 0: @=0 $=0 #=2
// P5-NEXT: D 1: @=0 $=1 #=2
// P5-NEXT: D 2: @=1 $=0 #=1
// P5-NEXT: D 3: @=0 $=0 #=1
// P5-NEXT: D 4: @=1 $=0 #=1
// P5-NEXT: D deep=27
// CHECK: D ok
// CHECK-NEXT: wrong 0
#include <neststep.h>
#include <stdio.h>

static int p, me, wrong;
static int *where;                      // sh int *where = new_Array(#): (@, $, #) codes
static ns_shvar sv_where;

static int code(void) { return 10000 * NestStep_group() + 100 * NestStep_rank() + NestStep_size(); }

// in a step of the current subgroup: where[my parent-group rank] = code
static void
record(int parent_rank)
{
    ns_sh_w(&sv_where, (size_t)parent_rank, NS_AT("where")), where[parent_rank] = code();
}

static void
show(const char *part, int r)
{
    int c = where[r];
    if (c < 0)
        printf("%s %d: skipped", part, r);
    else
        printf("%s %d: @=%d $=%d #=%d", part, r, c / 10000, c / 100 % 100, c % 100);
}

static void
clear_where(void)
{
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv_where, (size_t)me, NS_AT("where")), where[me] = -1;
    ns_step_end();
}

static void
verdict(const char *part, int bad)
{
    int sum = 0;                        // sh<+> int sum;
    ns_shvar sv_sum;
    ns_sh_declare(&sv_sum, "sum", &sum, 1, Type_int, sizeof sum, NS_OP_ADD, NULL);
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv_sum, 0, NS_AT("sum")), sum = bad;
    ns_step_end();
    if (me == 0)
        printf("%s %s\n", part, sum ? "WRONG" : "ok");
    wrong += sum;
    ns_sh_undeclare(&sv_sum);
}

static void
part_a(void)
{
    int total = 0, total2 = 0, lead = 0, untouched = 7;     // sh<+> int total, ...
    int *subsum = new_Array((size_t)p, Type_int);           // sh int *subsum
    ns_shvar sv_total, sv_total2, sv_lead, sv_untouched, sv_subsum;
    ns_sh_declare(&sv_total, "total", &total, 1, Type_int, sizeof total, NS_OP_ADD, NULL);
    ns_sh_declare(&sv_total2, "total2", &total2, 1, Type_int, sizeof total2, NS_OP_ADD, NULL);
    ns_sh_declare(&sv_lead, "lead", &lead, 1, Type_int, sizeof lead, NS_OP_ADD, NULL);
    ns_sh_declare(&sv_untouched, "untouched", &untouched, 1, Type_int, sizeof untouched,
                  NS_OP_ADD, NULL);
    ns_sh_declare(&sv_subsum, "subsum", NULL, 0, Type_int, sizeof(int), NS_OP_FIRST, NULL);
    ns_sh_handle(&sv_subsum, (void **)&subsum);
    int bad = 0;

    if (ns_neststep_begin(2, NS_SPLIT_EVEN, NULL, NS_AT("neststep"))) {
        int s = 0;                      // sh<+> int s;  (the subgroup's own)
        ns_shvar sv_s;
        ns_sh_declare(&sv_s, "s", &s, 1, Type_int, sizeof s, NS_OP_ADD, NULL);
        ns_step_begin(NS_AT("step"));
        record(me);
        ns_sh_w(&sv_total, 0, NS_AT("total")), total = NestStep_rank() + 1;
        ns_sh_w(&sv_total2, 0, NS_AT("total2")), total2 = me;
        ns_combine_policy(&sv_total2, NS_OP_MAX, NULL);         // combine(total2<max>)
        ns_sh_w(&sv_s, 0, NS_AT("s")), s = me;
        if (NestStep_rank() == NestStep_size() - 1 && NestStep_size() > 1)
            ns_sh_w(&sv_lead, 0, NS_AT("lead")), lead = me;   // not the subgroup's rank 0
        ns_step_end();
        // inside: the subgroup's results only
        int lo = me - NestStep_rank(), n = NestStep_size();
        bad += total != n * (n + 1) / 2 || total2 != lo + n - 1 || s != n * (2 * lo + n - 1) / 2;
        for (int i = 0; i < NestStep_group(); i++) {    // subgroup 1 does one step more
            ns_step_begin(NS_AT("step"));
            ns_sh_w(&sv_s, 0, NS_AT("s")), s += 0;
            ns_step_end();
            bad += s != n * n * (2 * lo + n - 1) / 2;
        }
        ns_step_begin(NS_AT("step"));
        ns_sh_w(&sv_subsum, (size_t)me, NS_AT("subsum")), subsum[me] = s;
        ns_step_end();
        ns_sh_undeclare(&sv_s);
    }
    ns_neststep_end();

    // sizes: subgroup 0 is ranks [0, ceil(p/2)), subgroup 1 the rest
    int n0 = (p + 1) / 2, n1 = p - n0;
    int etotal = n0 * (n0 + 1) / 2 + n1 * (n1 + 1) / 2;
    int etotal2 = (n0 - 1) + (n1 ? p - 1 : 0);
    int elead = (n0 > 1 ? n0 - 1 : 0) + (n1 > 1 ? p - 1 : 0);
    bad += total != etotal || total2 != etotal2 || lead != elead || untouched != 7;
    for (int r = 0; r < p; r++) {
        int g = r * 2 / p, lo = g ? n0 : 0, n = g ? n1 : n0;
        bad += where[r] != 10000 * g + 100 * (r - lo) + n;
    }
    if (me == 0) {
        for (int r = 0; r < p; r++) {
            show("A", r);
            printf(" sub=%d\n", subsum[r]);
        }
        printf("A total=%d total2=%d lead=%d untouched=%d\n", total, total2, lead, untouched);
    }
    verdict("A", bad);
    ns_sh_undeclare(&sv_subsum);
    ns_sh_undeclare(&sv_untouched);
    ns_sh_undeclare(&sv_lead);
    ns_sh_undeclare(&sv_total2);
    ns_sh_undeclare(&sv_total);
    free_Array(subsum);
}

static void
part_b(void)
{
    int n = 0, sum = 0;                 // sh<+> int n, sum;
    ns_shvar sv_n, sv_sum;
    ns_sh_declare(&sv_n, "n", &n, 1, Type_int, sizeof n, NS_OP_ADD, NULL);
    ns_sh_declare(&sv_sum, "bsum", &sum, 1, Type_int, sizeof sum, NS_OP_ADD, NULL);
    clear_where();
    int e = (me * 7 + 2) % 4, bad = 0, ran = 0;

    if (ns_neststep_begin(3, e, NULL, NS_AT("neststep"))) {
        ran = 1;
        bad += NestStep_group() != e;
        ns_step_begin(NS_AT("step"));
        record(me);
        ns_sh_w(&sv_n, 0, NS_AT("n")), n = 1;
        ns_sh_w(&sv_sum, 0, NS_AT("bsum")), sum = 100 * NestStep_group() + me;
        ns_step_end();
        bad += n != NestStep_size();
    }
    ns_neststep_end();
    bad += ran != (e < 3);

    // reference
    int members[3] = { 0 }, nran = 0, esum = 0;
    for (int r = 0; r < p; r++)
        if ((r * 7 + 2) % 4 < 3)
            members[(r * 7 + 2) % 4]++, nran++, esum += 100 * ((r * 7 + 2) % 4) + r;
    for (int r = 0, seen[3] = { 0 }; r < p; r++) {
        int g = (r * 7 + 2) % 4;
        bad += where[r] != (g < 3 ? 10000 * g + 100 * seen[g]++ + members[g] : -1);
    }
    bad += n != nran || sum != esum;
    if (me == 0) {
        for (int r = 0; r < p; r++)
            show("B", r), printf("\n");
        printf("B n=%d sum=%d\n", n, sum);
    }
    verdict("B", bad);
    ns_sh_undeclare(&sv_sum);
    ns_sh_undeclare(&sv_n);
}

static int
weighted(const double *w, int k)
{
    int bad = 0;
    clear_where();
    if (ns_neststep_begin(k, NS_SPLIT_EVEN, w, NS_AT("neststep"))) {
        ns_step_begin(NS_AT("step"));
        record(me);
        ns_step_end();
    }
    ns_neststep_end();
    // reference: subgroup j is ranks [round(W_j / W * p), round(W_{j+1} / W * p))
    double tot = 0, cum = 0;
    for (int j = 0; j < k; j++)
        tot += w[j];
    for (int j = 0; j < k; j++) {
        int lo = (int)(cum / tot * p + 0.5);
        cum += w[j];
        int hi = (int)(cum / tot * p + 0.5);
        for (int r = lo; r < hi; r++)
            bad += where[r] != 10000 * j + 100 * (r - lo) + hi - lo;
    }
    if (me == 0)
        for (int r = 0; r < p; r++)
            show("C", r), printf("\n");
    return bad;
}

static void
part_c(void)
{
    static const double w1[2] = { 1, 3 }, w2[3] = { 2, 0, 1 };
    int bad = weighted(w1, 2);
    bad += weighted(w2, 3);
    verdict("C", bad);
}

static void
part_d(void)
{
    int deep = 0;                       // sh<+> int deep;
    ns_shvar sv_deep;
    ns_sh_declare(&sv_deep, "deep", &deep, 1, Type_int, sizeof deep, NS_OP_ADD, NULL);
    clear_where();
    if (ns_neststep_begin(2, NS_SPLIT_EVEN, NULL, NS_AT("neststep"))) {
        int outer = NestStep_group();
        if (ns_neststep_begin(2, NS_SPLIT_EVEN, NULL, NS_AT("neststep"))) {
            ns_step_begin(NS_AT("step"));
            record(me);
            ns_sh_w(&sv_deep, 0, NS_AT("deep")), deep = 10 * outer + NestStep_group() + 1;
            ns_step_end();
        }
        ns_neststep_end();
    }
    ns_neststep_end();
    // reference
    int edeep = 0, bad = 0;
    for (int r = 0; r < p; r++) {
        int g = r * 2 / p, lo = g ? (p + 1) / 2 : 0, n = g ? p - (p + 1) / 2 : (p + 1) / 2;
        int rr = r - lo, h = rr * 2 / n, lo2 = h ? (n + 1) / 2 : 0;
        int n2 = h ? n - (n + 1) / 2 : (n + 1) / 2;
        edeep += 10 * g + h + 1;
        bad += where[r] != 10000 * h + 100 * (rr - lo2) + n2;
    }
    bad += deep != edeep;
    if (me == 0) {
        for (int r = 0; r < p; r++)
            show("D", r), printf("\n");
        printf("D deep=%d\n", deep);
    }
    verdict("D", bad);
    ns_sh_undeclare(&sv_deep);
}

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    p = NestStep_size();
    me = NestStep_rank();
    ns_sh_declare(&sv_where, "where", NULL, 0, Type_int, sizeof(int), NS_OP_FIRST, NULL);
    ns_sh_handle(&sv_where, (void **)&where);
    where = new_Array((size_t)p, Type_int);
    part_a();
    part_b();
    part_c();
    part_d();
    if (me == 0)
        printf("wrong %d\n", wrong);
    ns_sh_undeclare(&sv_where);
    free_Array(where);
    NestStep_finalize();
    return wrong != 0;
}
