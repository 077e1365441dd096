// Prefix combining of replicated shared scalars (spec section 3, seed 002
// Figure 2): combine(x<op:t>) sets private t to the exclusive prefix of the
// contributions of lower-ranked writers, on writers and non-writers alike;
// the identity of op when there is none (+ * max min & | ^), unchanged for
// a user function.  The clause's policy also gives the total.  Each
// process formats its prefixes into its element of a replicated array of
// lines (each writes lines[$]), and rank 0 prints them all; each process
// also checks its own against a sequential reference.
// RUN: %nscc %s -o %t
// RUN: %nsrun 1 %t | FileCheck %s --check-prefixes=CHECK,P1
// RUN: %nsrun 2 %t | FileCheck %s
// RUN: %nsrun 3 %t | FileCheck %s
// RUN: %nsrun 4 %t | FileCheck %s
// RUN: %nsrun 5 %t | FileCheck %s --check-prefixes=CHECK,P5
// RUN: env NS_TREE_ARITY=1 NS_DIRECT_MAX=0 %nsrun 5 %t | FileCheck %s --check-prefixes=CHECK,P5
// RUN: env NS_TREE_ARITY=2 NS_DIRECT_MAX=0 %nsrun 5 %t | FileCheck %s --check-prefixes=CHECK,P5
// RUN: env NS_TREE_ARITY=2 NS_DIRECT_MAX=16 %nsrun 5 %t | FileCheck %s --check-prefixes=CHECK,P5
// RUN: env NS_DIRECT_MAX=16 %nsrun 4 %t | FileCheck %s
//
// Writers at p = 5: W1 = {r : r % 3 != 1} = {0,2,3}; W2 = odd r = {1,3}; all.
// add<+> W1 r+1 | max<max> W2 7r%5 | mul<*> all r+2 | fn<concat> W1 "r" |
// min: declared <+>, clause <min>, all (r-2)^2+.5 | and<&> W2 ~(1<<r) |
// or<|> W1 1<<r | xor<^> all (r+1)*0x11 (uchar) | sq: clause as declared
// <+>, all r*r | none<+>, nonefn<last>: nobody writes, targets start at 99.
// P1: 0: add=0 max=-2147483648 mul=1 fn=none min=inf and=0xffffffff or=0 xor=0 sq=0 none=0 nonefn=99
// P1-NEXT: totals: add=1 max=0 mul=2 fn=0 min=4.5 and=0 or=0x1 xor=0x11 sq=0 none=0 nonefn=0
// P5: 0: add=0 max=-2147483648 mul=1 fn=none min=inf and=0xffffffff or=0 xor=0 sq=0 none=0 nonefn=99
// P5-NEXT: 1: add=1 max=-2147483648 mul=2 fn=0 min=4.5 and=0xffffffff or=0x1 xor=0x11 sq=0 none=0 nonefn=99
// P5-NEXT: 2: add=1 max=2 mul=6 fn=0 min=1.5 and=0xfffffffd or=0x1 xor=0x33 sq=1 none=0 nonefn=99
// P5-NEXT: 3: add=4 max=2 mul=24 fn=02 min=0.5 and=0xfffffffd or=0x5 xor=0 sq=5 none=0 nonefn=99
// P5-NEXT: 4: add=8 max=2 mul=120 fn=023 min=0.5 and=0xfffffff5 or=0xd xor=0x44 sq=14 none=0 nonefn=99
// P5: totals: add=8 max=2 mul=720 fn=023 min=0.5 and=0xfffffff5 or=0xd xor=0x11 sq=30 none=0 nonefn=0
// P5-NEXT: declared min=12.5 none=25 nonefn=6
// CHECK: prefixes wrong 0
// CHECK-NEXT: after a step without clause wrong 0
#include <limits.h>
#include <math.h>
#include <neststep.h>
#include <stdio.h>
#include <string.h>

struct word { char s[16]; };
struct line { char s[256]; };

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

static void
last(void *inout, const void *in)
{
    *(int *)inout = *(const int *)in;
}

static int w1(int r) { return r % 3 != 1; }
static int w2(int r) { return r % 2 == 1; }

struct pre {
    int add, max; long mul; struct word fn; double min;
    unsigned and_, or_; unsigned char xor_; long sq; int none, nonefn;
};

// exclusive prefixes of rank me, sequentially
static void
reference(struct pre *t, int me)
{
    memset(t, 0, sizeof *t);
    t->max = INT_MIN; t->mul = 1; strcpy(t->fn.s, "none"); t->min = INFINITY;
    t->and_ = ~0u; t->none = 0; t->nonefn = 99;
    int fnset = 0;
    for (int r = 0; r < me; r++) {
        if (w1(r)) t->add += r + 1;
        if (w2(r) && 7 * r % 5 > t->max) t->max = 7 * r % 5;
        t->mul *= r + 2;
        if (w1(r)) {
            struct word c = { { (char)('0' + r), 0 } };
            if (!fnset) t->fn = c; else concat(&t->fn, &c);
            fnset = 1;
        }
        if ((r - 2) * (r - 2) + 0.5 < t->min) t->min = (r - 2) * (r - 2) + 0.5;
        if (w2(r)) t->and_ &= ~(1u << r);
        if (w1(r)) t->or_ |= 1u << r;
        t->xor_ ^= (unsigned char)((r + 1) * 0x11);
        t->sq += r * r;
    }
}

static void
format(char *buf, size_t n, const char *what, const struct pre *t)
{
    snprintf(buf, n, "%s: add=%d max=%d mul=%ld fn=%s min=%g and=%#x or=%#x xor=%#x sq=%ld "
             "none=%d nonefn=%d", what, t->add, t->max, t->mul, t->fn.s, t->min, t->and_,
             t->or_, t->xor_, t->sq, t->none, t->nonefn);
}

static int
same(const struct pre *a, const struct pre *b, int all)
{
    return a->add == b->add && a->max == b->max && a->mul == b->mul &&
           !strcmp(a->fn.s, b->fn.s) && a->min == b->min && a->and_ == b->and_ &&
           a->or_ == b->or_ && a->xor_ == b->xor_ && a->sq == b->sq &&
           (!all || (a->none == b->none && a->nonefn == b->nonefn));
}

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    int p = NestStep_size(), me = NestStep_rank();
    struct pre v, t, ref;               // v: the shared variables, t: private targets
    memset(&v, 0, sizeof v);
    memset(&t, 0, sizeof t);
    t.none = t.nonefn = 99;
    strcpy(t.fn.s, "none");
    ns_shvar sv[11], sv_lines, sv_wrong;
    ns_sh_declare(&sv[0], "add", &v.add, 1, Type_int, sizeof v.add, NS_OP_ADD, NULL);
    ns_sh_declare(&sv[1], "max", &v.max, 1, Type_int, sizeof v.max, NS_OP_MAX, NULL);
    ns_sh_declare(&sv[2], "mul", &v.mul, 1, Type_long, sizeof v.mul, NS_OP_MUL, NULL);
    ns_sh_declare(&sv[3], "fn", &v.fn, 1, Type_bytes, sizeof v.fn, NS_OP_FN, concat);
    ns_sh_declare(&sv[4], "min", &v.min, 1, Type_double, sizeof v.min, NS_OP_ADD, NULL);
    ns_sh_declare(&sv[5], "and", &v.and_, 1, Type_uint, sizeof v.and_, NS_OP_AND, NULL);
    ns_sh_declare(&sv[6], "or", &v.or_, 1, Type_uint, sizeof v.or_, NS_OP_OR, NULL);
    ns_sh_declare(&sv[7], "xor", &v.xor_, 1, Type_uchar, sizeof v.xor_, NS_OP_XOR, NULL);
    ns_sh_declare(&sv[8], "sq", &v.sq, 1, Type_long, sizeof v.sq, NS_OP_ADD, NULL);
    ns_sh_declare(&sv[9], "none", &v.none, 1, Type_int, sizeof v.none, NS_OP_ADD, NULL);
    ns_sh_declare(&sv[10], "nonefn", &v.nonefn, 1, Type_int, sizeof v.nonefn, NS_OP_FN, last);
    struct line *lines;                 // sh struct line *lines = ns_new_array(#, ...)
    ns_sh_declare(&sv_lines, "lines", NULL, 0, Type_bytes, sizeof *lines, NS_OP_FIRST, NULL);
    ns_sh_handle(&sv_lines, (void **)&lines);
    lines = ns_new_array((size_t)p, sizeof *lines);
    int wrong = 0;                      // sh<+> int wrong = 0;
    ns_sh_declare(&sv_wrong, "wrong", &wrong, 1, Type_int, sizeof wrong, NS_OP_ADD, NULL);

    // step { writes } combine(add<+:t.add>, max<max:t.max>, ..., sq<:t.sq>, ...);
    ns_step_begin(NS_AT("step"));
    if (w1(me)) ns_sh_w(&sv[0], 0, NS_AT("add")), v.add = me + 1;
    if (w2(me)) ns_sh_w(&sv[1], 0, NS_AT("max")), v.max = 7 * me % 5;
    ns_sh_w(&sv[2], 0, NS_AT("mul")), v.mul = me + 2;
    if (w1(me)) ns_sh_w(&sv[3], 0, NS_AT("fn")), v.fn = (struct word){ { (char)('0' + me), 0 } };
    ns_sh_w(&sv[4], 0, NS_AT("min")), v.min = (me - 2) * (me - 2) + 0.5;
    if (w2(me)) ns_sh_w(&sv[5], 0, NS_AT("and")), v.and_ = ~(1u << me);
    if (w1(me)) ns_sh_w(&sv[6], 0, NS_AT("or")), v.or_ = 1u << me;
    ns_sh_w(&sv[7], 0, NS_AT("xor")), v.xor_ = (unsigned char)((me + 1) * 0x11);
    ns_sh_w(&sv[8], 0, NS_AT("sq")), v.sq = me * me;
    ns_combine_prefix(&sv[0], NS_OP_ADD, NULL, &t.add);
    ns_combine_prefix(&sv[1], NS_OP_MAX, NULL, &t.max);
    ns_combine_prefix(&sv[2], NS_OP_MUL, NULL, &t.mul);
    ns_combine_prefix(&sv[3], NS_OP_FN, concat, &t.fn);
    ns_combine_prefix(&sv[4], NS_OP_MIN, NULL, &t.min);
    ns_combine_prefix(&sv[5], NS_OP_AND, NULL, &t.and_);
    ns_combine_prefix(&sv[6], NS_OP_OR, NULL, &t.or_);
    ns_combine_prefix(&sv[7], NS_OP_XOR, NULL, &t.xor_);
    ns_combine_prefix(&sv[8], NS_OP_DECLARED, NULL, &t.sq);
    ns_combine_prefix(&sv[9], NS_OP_ADD, NULL, &t.none);
    ns_combine_prefix(&sv[10], NS_OP_FN, last, &t.nonefn);
    ns_step_end();

    // totals with the clause's policies, on every process
    struct pre tot1 = v, tot;
    reference(&tot, p);
    if (p == 1)                         // max and and have no writer: unchanged
        tot.max = 0, tot.and_ = 0;
    int bad = !same(&v, &tot, 0) || v.none != 0 || v.nonefn != 0;   // none: unchanged
    reference(&ref, me);
    bad += !same(&t, &ref, 1);
    struct pre saved = t;

    // gather the lines (each writes lines[$]); write the unwritten ones now
    ns_step_begin(NS_AT("step"));
    {
        char what[16];
        snprintf(what, sizeof what, "%d", me);
        ns_sh_w(&sv_lines, (size_t)me, NS_AT("lines")),
            format(lines[me].s, sizeof lines[me].s, what, &t);
    }
    ns_sh_w(&sv_wrong, 0, NS_AT("wrong")), wrong = bad;
    ns_sh_w(&sv[9], 0, NS_AT("none")), v.none = 5;
    if (me == p - 1)
        ns_sh_w(&sv[10], 0, NS_AT("nonefn")), v.nonefn = 6;
    ns_sh_w(&sv[4], 0, NS_AT("min")), v.min = (me - 2) * (me - 2) + 0.5;
    ns_step_end();
    if (me == 0) {
        for (int r = 0; r < p; r++)
            printf("%s\n", lines[r].s);
        char tl[256];
        format(tl, sizeof tl, "totals", &tot1);
        printf("%s\n", tl);
        printf("declared min=%g none=%d nonefn=%d\n", v.min, v.none, v.nonefn);
        printf("prefixes wrong %d\n", wrong);
    }
    int failed = wrong;
    double minsum = 0;
    for (int r = 0; r < p; r++)
        minsum += (r - 2) * (r - 2) + 0.5;
    bad = v.none != 5 * p || v.nonefn != 6 || v.min != minsum;

    // a step without clause leaves the targets alone
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv[0], 0, NS_AT("add")), v.add = 1000;
    ns_sh_w(&sv[2], 0, NS_AT("mul")), v.mul = 3;
    ns_step_end();
    long pw = 1;
    for (int r = 0; r < p; r++)
        pw *= 3;
    bad += v.add != 1000 * p || v.mul != pw || !same(&t, &saved, 1);
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv_wrong, 0, NS_AT("wrong")), wrong = bad;
    ns_step_end();
    if (me == 0)
        printf("after a step without clause wrong %d\n", wrong);
    failed += wrong;

    ns_sh_undeclare(&sv_wrong);
    ns_sh_undeclare(&sv_lines);
    free_Array(lines);
    for (int k = 10; k >= 0; k--)
        ns_sh_undeclare(&sv[k]);
    NestStep_finalize();
    return failed != 0;
}
