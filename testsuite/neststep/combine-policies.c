// Every combine policy of spec section 3 on replicated shared scalars, as
// nsc emits them: + * max min & | ^ on several element types, <?> (the
// lowest-ranked writer wins; also the default), <=> (all writers equal), and
// a user function that is associative but not commutative (string
// concatenation: the result spells the writers in rank order).  In each
// variable some processes write and others do not; the old value takes no
// part (new-value semantics); with no writer the value stays.  Rank 0
// checks every result against a sequential reference and prints it; at
// p = 3 and 5 the values are also checked here, worked out by hand.
// RUN: %nscc %s -o %t
// RUN: %nsrun 1 %t | FileCheck %s --check-prefixes=CHECK,P1
// RUN: %nsrun 2 %t | FileCheck %s
// RUN: %nsrun 3 %t | FileCheck %s --check-prefixes=CHECK,P3
// RUN: %nsrun 4 %t | FileCheck %s
// RUN: %nsrun 5 %t | FileCheck %s --check-prefixes=CHECK,P5
// The same results from every combine protocol: trees of arity 1 (a chain)
// and 2, and the direct one-round exchange.
// RUN: env NS_TREE_ARITY=1 NS_DIRECT_MAX=0 %nsrun 5 %t | FileCheck %s --check-prefixes=CHECK,P5
// RUN: env NS_TREE_ARITY=2 NS_DIRECT_MAX=0 %nsrun 5 %t | FileCheck %s --check-prefixes=CHECK,P5
// RUN: env NS_TREE_ARITY=2 NS_DIRECT_MAX=16 %nsrun 5 %t | FileCheck %s --check-prefixes=CHECK,P5
// RUN: env NS_TREE_ARITY=1 NS_DIRECT_MAX=0 %nsrun 3 %t | FileCheck %s --check-prefixes=CHECK,P3
// RUN: env NS_DIRECT_MAX=16 %nsrun 3 %t | FileCheck %s --check-prefixes=CHECK,P3
//
// p = 1: only variables whose writers include rank 0 change (k % 3 != 0).
// P1: add 1000
// P1: first -1
// P1: fn 'old->'
// P1: mulll 3
//
// Writers of variable k: ranks r with (r + k) % 3 != 0.
// p = 3: k=0: {1,2}  k=1: {0,1}  k=2: {0,2}  (k mod 3 repeats)
// p = 5: k=0: {1,2,4}  k=1: {0,1,3,4}  k=2: {0,2,3}
// P3: add 40
// P3-NEXT: mul 6
// P3-NEXT: max -1
// P3-NEXT: min 1.5
// P3-NEXT: and 0xfffffffc
// P3-NEXT: or 0x10001
// P3-NEXT: xor 0x33
// P3-NEXT: first 101
// P3-NEXT: firstd 0.25
// P3-NEXT: eq 42
// P3-NEXT: fn '12'
// P3-NEXT: addf 3
// P3-NEXT: mulll 6
// P3-NEXT: none 77
// P3-NEXT: eqs 'same'
// P3-NEXT: keep 5
// P5: add 85
// P5-NEXT: mul 180
// P5-NEXT: max -1
// P5-NEXT: min 1.5
// P5-NEXT: and 0xffffffe4
// P5-NEXT: or 0x1010001
// P5-NEXT: xor 0x22
// P5-NEXT: first 101
// P5-NEXT: firstd 0.25
// P5-NEXT: eq 42
// P5-NEXT: fn '124'
// P5-NEXT: addf 6.5
// P5-NEXT: mulll -30
// P5-NEXT: none 77
// P5-NEXT: eqs 'same'
// P5-NEXT: keep 5
// CHECK: after step 1: wrong 0
// CHECK-NEXT: after an empty step: wrong 0
// CHECK-NEXT: last rank alone: wrong 0
// CHECK-NEXT: done
#include <neststep.h>
#include <stdio.h>
#include <string.h>

struct word { char s[24]; };

// <concat>: inout := inout followed by in (associative, not commutative)
static void
concat(void *inout, const void *in)
{
    struct word *a = inout;
    const struct word *b = in;
    size_t n = strlen(a->s);
    for (size_t i = 0; b->s[i] && n + 1 < sizeof a->s; i++)
        a->s[n++] = b->s[i];
    a->s[n] = '\0';
}

static int
writes(int r, int k)
{
    return (r + k) % 3 != 0;
}

// all results; the shared copies live in main, the reference here
struct vals {
    int add; long mul; short max; double min; unsigned and_;
    unsigned long long or_; unsigned char xor_; int first; double firstd;
    int eq; struct word fn; float addf; long long mulll; int none;
    struct word eqs; int keep;
};

static void
init(struct vals *v)
{
    memset(v, 0, sizeof *v);
    v->add = 1000; v->mul = 7; v->max = 100; v->min = -100.0; v->and_ = 0;
    v->or_ = 0xf0000000000000ull; v->xor_ = 0; v->first = -1; v->firstd = -1.0;
    v->eq = 7; strcpy(v->fn.s, "old->"); v->addf = 0; v->mulll = 3; v->none = 77;
    strcpy(v->eqs.s, "old"); v->keep = 5;
}

// contribution of rank r to each variable, as the step computes it
static void
contribute(struct vals *c, int r)
{
    memset(c, 0, sizeof *c);                // <=> on a struct compares every byte
    c->add = 5; c->add += 10 * r;           // two writes: the last value counts
    c->mul = r + 2;
    c->max = (short)(-(r - 2) * (r - 2) - 1);
    c->min = r * r + 0.5;
    c->and_ = ~(1u << r);
    c->or_ = 1ull << (8 * r);
    c->xor_ = (unsigned char)((r + 1) * 0x11);
    c->first = 100 + r;
    c->firstd = r + 0.25;
    c->eq = 42;
    c->fn.s[0] = (char)('0' + r); c->fn.s[1] = '\0';
    c->addf = (float)r + 0.5f;
    c->mulll = -(r + 1);
    strcpy(c->eqs.s, "same");
    c->keep = r == 0 ? 5 : 9;               // rank 0 writes the old value back
}

// sequential reference: fold the writers' contributions in rank order
static void
reference(struct vals *v, int p, int only)
{
    int seen[16] = { 0 };
    for (int r = 0; r < p; r++) {
        struct vals c;
        if (only >= 0 && r != only)
            continue;
        contribute(&c, r);
#define FOLD(k, field, expr)                                                  \
        if (only >= 0 || (k) == 15 || writes(r, (k))) {                       \
            if (!seen[k]) v->field = c.field; else { expr; }                  \
            seen[k] = 1;                                                      \
        }
        FOLD(0, add, v->add += c.add)
        FOLD(1, mul, v->mul *= c.mul)
        FOLD(2, max, if (c.max > v->max) v->max = c.max)
        FOLD(3, min, if (c.min < v->min) v->min = c.min)
        FOLD(4, and_, v->and_ &= c.and_)
        FOLD(5, or_, v->or_ |= c.or_)
        FOLD(6, first, (void)0)
        FOLD(7, xor_, v->xor_ ^= c.xor_)
        FOLD(8, firstd, (void)0)
        FOLD(9, fn, concat(&v->fn, &c.fn))
        FOLD(10, eq, (void)0)
        FOLD(11, addf, v->addf += c.addf)
        FOLD(12, mulll, v->mulll *= c.mulll)
        FOLD(14, eqs, (void)0)
        FOLD(15, keep, (void)0)
#undef FOLD
    }
}

// differing fields, each named when `when` is given
static int
compare(const struct vals *a, const struct vals *b, const char *when)
{
    int wrong = 0;
#define CMP(field)                                                            \
    if (memcmp(&a->field, &b->field, sizeof a->field)) {                      \
        if (when)                                                             \
            printf("%s: wrong " #field "\n", when);                          \
        wrong++;                                                              \
    }
    CMP(add) CMP(mul) CMP(max) CMP(min) CMP(and_) CMP(or_) CMP(xor_) CMP(first)
    CMP(firstd) CMP(eq) CMP(fn) CMP(addf) CMP(mulll) CMP(none) CMP(eqs) CMP(keep)
#undef CMP
    if (when)
        printf("%s: wrong %d\n", when, wrong);
    return wrong;
}

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    int p = NestStep_size(), me = NestStep_rank();
    struct vals s, ref;                 // s: the shared variables
    init(&s);
    ns_shvar sv[16];
    ns_sh_declare(&sv[0], "add", &s.add, 1, Type_int, sizeof s.add, NS_OP_ADD, NULL);
    ns_sh_declare(&sv[1], "mul", &s.mul, 1, Type_long, sizeof s.mul, NS_OP_MUL, NULL);
    ns_sh_declare(&sv[2], "max", &s.max, 1, Type_short, sizeof s.max, NS_OP_MAX, NULL);
    ns_sh_declare(&sv[3], "min", &s.min, 1, Type_double, sizeof s.min, NS_OP_MIN, NULL);
    ns_sh_declare(&sv[4], "and", &s.and_, 1, Type_uint, sizeof s.and_, NS_OP_AND, NULL);
    ns_sh_declare(&sv[5], "or", &s.or_, 1, Type_ullong, sizeof s.or_, NS_OP_OR, NULL);
    ns_sh_declare(&sv[7], "xor", &s.xor_, 1, Type_uchar, sizeof s.xor_, NS_OP_XOR, NULL);
    ns_sh_declare(&sv[6], "first", &s.first, 1, Type_int, sizeof s.first, NS_OP_ANY, NULL);
    ns_sh_declare(&sv[8], "firstd", &s.firstd, 1, Type_double, sizeof s.firstd, NS_OP_FIRST,
                  NULL);
    ns_sh_declare(&sv[10], "eq", &s.eq, 1, Type_int, sizeof s.eq, NS_OP_EQ, NULL);
    ns_sh_declare(&sv[9], "fn", &s.fn, 1, Type_bytes, sizeof s.fn, NS_OP_FN, concat);
    ns_sh_declare(&sv[11], "addf", &s.addf, 1, Type_float, sizeof s.addf, NS_OP_ADD, NULL);
    ns_sh_declare(&sv[12], "mulll", &s.mulll, 1, Type_llong, sizeof s.mulll, NS_OP_MUL, NULL);
    ns_sh_declare(&sv[13], "none", &s.none, 1, Type_int, sizeof s.none, NS_OP_ADD, NULL);
    ns_sh_declare(&sv[14], "eqs", &s.eqs, 1, Type_bytes, sizeof s.eqs, NS_OP_EQ, NULL);
    ns_sh_declare(&sv[15], "keep", &s.keep, 1, Type_int, sizeof s.keep, NS_OP_FIRST, NULL);

    // step 1: the writers of each variable write their contributions
    ns_step_begin(NS_AT("step"));
    {
        struct vals c;
        contribute(&c, me);
        if (writes(me, 0)) {
            ns_sh_w(&sv[0], 0, NS_AT("add")), s.add = 5;
            ns_sh_w(&sv[0], 0, NS_AT("add")), s.add += 10 * me;
        }
        if (writes(me, 1)) ns_sh_w(&sv[1], 0, NS_AT("mul")), s.mul = c.mul;
        if (writes(me, 2)) ns_sh_w(&sv[2], 0, NS_AT("max")), s.max = c.max;
        if (writes(me, 3)) ns_sh_w(&sv[3], 0, NS_AT("min")), s.min = c.min;
        if (writes(me, 4)) ns_sh_w(&sv[4], 0, NS_AT("and")), s.and_ = c.and_;
        if (writes(me, 5)) ns_sh_w(&sv[5], 0, NS_AT("or")), s.or_ = c.or_;
        if (writes(me, 7)) ns_sh_w(&sv[7], 0, NS_AT("xor")), s.xor_ = c.xor_;
        if (writes(me, 6)) ns_sh_w(&sv[6], 0, NS_AT("first")), s.first = c.first;
        if (writes(me, 8)) ns_sh_w(&sv[8], 0, NS_AT("firstd")), s.firstd = c.firstd;
        if (writes(me, 10)) ns_sh_w(&sv[10], 0, NS_AT("eq")), s.eq = c.eq;
        if (writes(me, 9)) ns_sh_w(&sv[9], 0, NS_AT("fn")), s.fn = c.fn;
        if (writes(me, 11)) ns_sh_w(&sv[11], 0, NS_AT("addf")), s.addf = c.addf;
        if (writes(me, 12)) ns_sh_w(&sv[12], 0, NS_AT("mulll")), s.mulll = c.mulll;
        if (writes(me, 14)) ns_sh_w(&sv[14], 0, NS_AT("eqs")), s.eqs = c.eqs;
        ns_sh_w(&sv[15], 0, NS_AT("keep")), s.keep = c.keep;   // everyone writes keep
    }
    ns_step_end();
    init(&ref);
    reference(&ref, p, -1);
    int wrong = 0;
    if (me == 0) {
        printf("add %d\nmul %ld\nmax %d\nmin %g\nand %#x\nor %#llx\nxor %#x\n", s.add, s.mul,
               s.max, s.min, s.and_, s.or_, s.xor_);
        printf("first %d\nfirstd %g\neq %d\nfn '%s'\naddf %g\nmulll %lld\nnone %d\n",
               s.first, s.firstd, s.eq, s.fn.s, s.addf, s.mulll, s.none);
        printf("eqs '%s'\nkeep %d\n", s.eqs.s, s.keep);
        wrong += compare(&s, &ref, "after step 1");
    }
    // every copy holds the same values
    struct vals mine = s;

    // step 2: nobody writes: everything stays
    ns_step_begin(NS_AT("step"));
    ns_step_end();
    if (compare(&mine, &s, NULL))
        printf("process %d: changed by an empty step\n", me), wrong++;
    if (me == 0)
        wrong += compare(&s, &ref, "after an empty step");

    // step 3: the highest rank alone writes everything, on top of the old values
    ns_step_begin(NS_AT("step"));
    if (me == p - 1) {
        struct vals c;
        contribute(&c, me);
        ns_sh_w(&sv[0], 0, NS_AT("add")), s.add = c.add;
        ns_sh_w(&sv[1], 0, NS_AT("mul")), s.mul = c.mul;
        ns_sh_w(&sv[2], 0, NS_AT("max")), s.max = c.max;
        ns_sh_w(&sv[3], 0, NS_AT("min")), s.min = c.min;
        ns_sh_w(&sv[4], 0, NS_AT("and")), s.and_ = c.and_;
        ns_sh_w(&sv[5], 0, NS_AT("or")), s.or_ = c.or_;
        ns_sh_w(&sv[7], 0, NS_AT("xor")), s.xor_ = c.xor_;
        ns_sh_w(&sv[6], 0, NS_AT("first")), s.first = c.first;
        ns_sh_w(&sv[8], 0, NS_AT("firstd")), s.firstd = c.firstd;
        ns_sh_w(&sv[10], 0, NS_AT("eq")), s.eq = c.eq;
        ns_sh_w(&sv[9], 0, NS_AT("fn")), s.fn = c.fn;
        ns_sh_w(&sv[11], 0, NS_AT("addf")), s.addf = c.addf;
        ns_sh_w(&sv[12], 0, NS_AT("mulll")), s.mulll = c.mulll;
        ns_sh_w(&sv[14], 0, NS_AT("eqs")), s.eqs = c.eqs;
        ns_sh_w(&sv[15], 0, NS_AT("keep")), s.keep = c.keep;
    }
    ns_step_end();
    struct vals alone = ref;
    reference(&alone, p, p - 1);
    if (compare(&alone, &s, NULL))
        printf("process %d: wrong after step 3\n", me), wrong++;
    if (me == 0)
        wrong += compare(&s, &alone, "last rank alone");

    for (int k = 15; k >= 0; k--)
        ns_sh_undeclare(&sv[k]);
    if (me == 0)
        printf("done\n");
    NestStep_finalize();
    return wrong != 0;
}
