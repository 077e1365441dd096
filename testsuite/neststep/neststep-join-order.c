// The inter-subgroup combine at the end of a neststep combines the
// subgroups' changes "with each variable's policy in @ order" (spec section
// 4).  With neststep(k, @ = e) the subgroups need not be in parent-rank
// order: here e = ($*7 + 2) % 4 gives @0 = {2}, @1 = {1}, @2 = {0, 4} at
// p = 5 (rank 3 skips).  Each subgroup writes its @ to the parent's
// `sh int who` (the lowest @ wins), its digit to a concatenating
// `sh<concat>` variable and to element @ of a concatenating array (the
// other elements unchanged), and adds to a <+> variable.  Then: the same
// inside a subgroup of a contiguous neststep (one level down); a neststep
// whose subgroups change nothing; an in-order split (@ = $ % 2).
// RUN: %nscc %s -o %t
// RUN: %nsrun 1 %t | FileCheck %s --check-prefixes=CHECK,P1
// RUN: %nsrun 2 %t | FileCheck %s --check-prefixes=CHECK,P2
// RUN: %nsrun 3 %t | FileCheck %s --check-prefixes=CHECK,P3
// RUN: %nsrun 4 %t | FileCheck %s --check-prefixes=CHECK,P4
// RUN: %nsrun 5 %t | FileCheck %s --check-prefixes=CHECK,P5
// RUN: env NS_DIRECT_MAX=16 %nsrun 5 %t | FileCheck %s --check-prefixes=CHECK,P5
// RUN: env NS_TREE_ARITY=1 NS_DIRECT_MAX=0 %nsrun 4 %t | FileCheck %s --check-prefixes=CHECK,P4
// MATRIX: barrier-mode
// e of ranks 0..4: 2 1 0 3 2
// P1: root: who=2 cat=2 arr=-,-,2 sum=1
// P2: root: who=1 cat=12 arr=-,1,2 sum=2
// P3: root: who=0 cat=012 arr=0,1,2 sum=3
// P4: root: who=0 cat=012 arr=0,1,2 sum=3
// P5: root: who=0 cat=012 arr=0,1,2 sum=4
// Inside the subgroups of neststep(2): ranks [0, ceil(p/2)) and the rest,
// e of their $ as above.
// P1-NEXT: sub 0: who=2 cat=2 arr=-,-,2 sum=1
// P2-NEXT: sub 0: who=2 cat=2 arr=-,-,2 sum=1
// P2-NEXT: sub 1: who=2 cat=2 arr=-,-,2 sum=1
// P3-NEXT: sub 0: who=1 cat=12 arr=-,1,2 sum=2
// P3-NEXT: sub 1: who=2 cat=2 arr=-,-,2 sum=1
// P4-NEXT: sub 0: who=1 cat=12 arr=-,1,2 sum=2
// P4-NEXT: sub 1: who=1 cat=12 arr=-,1,2 sum=2
// P5-NEXT: sub 0: who=0 cat=012 arr=0,1,2 sum=3
// P5-NEXT: sub 1: who=1 cat=12 arr=-,1,2 sum=2
// CHECK-NEXT: unchanged: who=-1 cat= arr=-,-,- sum=0
// P1-NEXT: in order: who=0 cat=0 arr=0,-,- sum=1
// P2-NEXT: in order: who=0 cat=01 arr=0,1,- sum=2
// P3-NEXT: in order: who=0 cat=01 arr=0,1,- sum=3
// P4-NEXT: in order: who=0 cat=01 arr=0,1,- sum=4
// P5-NEXT: in order: who=0 cat=01 arr=0,1,- sum=5
// CHECK-NEXT: wrong 0
#include <neststep.h>
#include <stdio.h>
#include <string.h>

struct word { char s[8]; };

static void
concat(void *inout, const void *in)     // associative, not commutative
{
    struct word *a = inout;
    const struct word *b = in;
    size_t n = strlen(a->s);
    for (size_t i = 0; b->s[i] && n + 1 < sizeof a->s; i++)
        a->s[n++] = b->s[i];
    a->s[n] = '\0';
}

struct result { int who, sum; struct word cat, arr[3]; };

// the shared variables of the current group, a neststep(3, @ = at) that
// writes them, and the results
static void
run(int at, struct result *res)
{
    int who = -1, sum = 0;              // sh int who;  sh<+> int sum;
    struct word cat = { "" }, arr[3];   // sh<concat> struct word cat, arr[3];
    ns_shvar sv_who, sv_cat, sv_arr, sv_sum;
    memset(arr, 0, sizeof arr);
    ns_sh_declare(&sv_who, "who", &who, 1, Type_int, sizeof who, NS_OP_FIRST, NULL);
    ns_sh_declare(&sv_cat, "cat", &cat, 1, Type_bytes, sizeof cat, NS_OP_FN, concat);
    ns_sh_declare(&sv_arr, "arr", arr, 3, Type_bytes, sizeof arr[0], NS_OP_FN, concat);
    ns_sh_declare(&sv_sum, "sum", &sum, 1, Type_int, sizeof sum, NS_OP_ADD, NULL);
    if (ns_neststep_begin(3, at, NULL, NS_AT("neststep"))) {
        int g = NestStep_group();
        struct word d = { { (char)('0' + g), 0 } };
        ns_step_begin(NS_AT("step"));
        ns_sh_w(&sv_who, 0, NS_AT("who")), who = g;
        if (NestStep_rank() == 0) {
            ns_sh_w(&sv_cat, 0, NS_AT("cat")), cat = d;
            ns_sh_w(&sv_arr, (size_t)g, NS_AT("arr")), arr[g] = d;
        }
        ns_sh_w(&sv_sum, 0, NS_AT("sum")), sum = 1;
        ns_step_end();
    }
    ns_neststep_end();
    res->who = who;
    res->sum = sum;
    res->cat = cat;
    memcpy(res->arr, arr, sizeof arr);
    ns_sh_undeclare(&sv_sum);
    ns_sh_undeclare(&sv_arr);
    ns_sh_undeclare(&sv_cat);
    ns_sh_undeclare(&sv_who);
}

// the expected results for a group of n whose member r chooses at(r)
static void
expect(int n, int (*at)(int), struct result *res)
{
    int first[3] = { -1, -1, -1 }, members[3] = { 0 };
    memset(res, 0, sizeof *res);
    res->who = -1;
    for (int r = 0; r < n; r++)
        if (at(r) >= 0 && at(r) < 3) {
            if (first[at(r)] < 0)
                first[at(r)] = r;
            members[at(r)]++;
        }
    for (int g = 2; g >= 0; g--)
        if (members[g]) {
            res->who = g;
            res->arr[g].s[0] = (char)('0' + g);
        }
    for (int g = 0, l = 0; g < 3; g++)
        if (members[g]) {
            res->cat.s[l++] = (char)('0' + g);
            res->sum += members[g];
        }
}

static int e(int r) { return (r * 7 + 2) % 4; }
static int half(int r) { return r % 2; }
static int none(int r) { (void)r; return -1; }

static int
show(const char *what, const struct result *r, const struct result *x)
{
    if (NestStep_rank() == 0 && what[0])
        printf("%s: who=%d cat=%s arr=%s,%s,%s sum=%d\n", what, r->who, r->cat.s,
               r->arr[0].s[0] ? r->arr[0].s : "-", r->arr[1].s[0] ? r->arr[1].s : "-",
               r->arr[2].s[0] ? r->arr[2].s : "-", r->sum);
    int bad = r->who != x->who || r->sum != x->sum || strcmp(r->cat.s, x->cat.s);
    for (int i = 0; i < 3; i++)
        bad += strcmp(r->arr[i].s, x->arr[i].s) != 0;
    return bad;
}

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    int p = NestStep_size(), me = NestStep_rank(), bad = 0;
    struct result res, exp;

    run(e(me), &res);
    expect(p, e, &exp);
    bad += show("root", &res, &exp);

    // one level down: inside each half of neststep(2), the same split of
    // the half; the halves' rank 0 members report to the root group
    struct result subres[2];            // sh struct result subres[2];
    int subbad = 0;                     // sh<+> int subbad;
    ns_shvar sv_subres, sv_subbad;
    memset(subres, 0, sizeof subres);
    ns_sh_declare(&sv_subres, "subres", subres, 2, Type_bytes, sizeof subres[0], NS_OP_FIRST,
                  NULL);
    ns_sh_declare(&sv_subbad, "subbad", &subbad, 1, Type_int, sizeof subbad, NS_OP_ADD, NULL);
    if (ns_neststep_begin(2, NS_SPLIT_EVEN, NULL, NS_AT("neststep"))) {
        run(e(NestStep_rank()), &res);
        expect(NestStep_size(), e, &exp);
        int b = show("", &res, &exp);
        ns_step_begin(NS_AT("step"));
        if (NestStep_rank() == 0)
            ns_sh_w(&sv_subres, (size_t)NestStep_group(), NS_AT("subres")),
                subres[NestStep_group()] = res;
        ns_sh_w(&sv_subbad, 0, NS_AT("subbad")), subbad = b;
        ns_step_end();
    }
    ns_neststep_end();
    for (int h = 0; h < 2 && h < p; h++) {
        char what[16];
        snprintf(what, sizeof what, "sub %d", h);
        show(what, &subres[h], &subres[h]);
    }
    bad += subbad;
    ns_sh_undeclare(&sv_subbad);
    ns_sh_undeclare(&sv_subres);

    run(none(me), &res);
    expect(p, none, &exp);
    bad += show("unchanged", &res, &exp);
    run(half(me), &res);
    expect(p, half, &exp);
    bad += show("in order", &res, &exp);

    int total = 0;                      // sh<+> int total;
    ns_shvar sv_total;
    ns_sh_declare(&sv_total, "total", &total, 1, Type_int, sizeof total, NS_OP_ADD, NULL);
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv_total, 0, NS_AT("total")), total = bad;
    ns_step_end();
    if (me == 0)
        printf("wrong %d\n", total);
    ns_sh_undeclare(&sv_total);
    NestStep_finalize();
    return total != 0;
}
