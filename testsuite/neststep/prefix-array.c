// Element-wise prefix combining of replicated shared arrays (spec section
// 3, seed 002 Figure 3: combine(size[:]<+:preFSIZE[:]>)): each element has
// its own writer set, and target[i] gets the exclusive prefix of the
// contributions of lower-ranked writers of element i (identity when there
// is none, unchanged for a user function), on writers and non-writers.
//   size   sh<+> int *, new_Array(7): every process writes every element
//          (Figure 3: size[i] = 0, then counts its items per bucket)
//   sparse sh<+> int *, new_Array(7): only the buckets a process has items in
//   m      sh<max> int m[5]: element i written by ranks r with (r + i) even
//   q      sh<+> long q[3], clause <*>: element i written by all but rank i
//   w      sh<concat> struct word w[4]: element i written by ranks r % 4 != i
// Each process checks its prefixes against a sequential reference and puts
// them in its line of a replicated array; rank 0 prints the lines.
// RUN: %nscc %s -o %t
// RUN: %nsrun 1 %t | FileCheck %s --check-prefixes=CHECK,P1
// RUN: %nsrun 2 %t | FileCheck %s
// RUN: %nsrun 3 %t | FileCheck %s --check-prefixes=CHECK,P3
// RUN: %nsrun 4 %t | FileCheck %s
// RUN: %nsrun 5 %t | FileCheck %s --check-prefixes=CHECK,P5
// RUN: env NS_TREE_ARITY=2 NS_DIRECT_MAX=0 %nsrun 5 %t | FileCheck %s --check-prefixes=CHECK,P5
// RUN: env NS_DIRECT_MAX=16 %nsrun 5 %t | FileCheck %s --check-prefixes=CHECK,P5
//
// Items of rank r: 3 + r % 3 of them, item k in bucket (5r + 3k) % 7.
// r=0: 0 3 6   r=1: 5 1 4 0   r=2: 3 6 2 5 1   r=3: 1 4 0   r=4: 6 2 5 1
// m[i] of rank r: (3r + 2i) % 7; q[i]: r + 1 + i; w[i]: the digit r.
// P1: 0: size=0,0,0,0,0,0,0 sparse=0,0,0,0,0,0,0 m=min,min,min,min,min q=1,1,1 w=-,-,-,-
// P1-NEXT: totals: size=1,0,0,1,0,0,1 sparse=1,0,0,1,0,0,1 m=0,0,4,0,1 q=0,2,3 w=,0,0,0
// P3: 0: size=0,0,0,0,0,0,0 sparse=0,0,0,0,0,0,0 m=min,min,min,min,min q=1,1,1 w=-,-,-,-
// P3-NEXT: 1: size=1,0,0,1,0,0,1 sparse=1,0,0,1,0,0,1 m=0,min,4,min,1 q=1,2,3 w=-,0,0,0
// P3-NEXT: 2: size=2,1,0,1,1,1,1 sparse=2,1,0,1,1,1,1 m=0,5,4,2,1 q=2,2,12 w=1,0,01,01
// P3-NEXT: totals: size=2,2,1,2,1,2,2 sparse=2,2,1,2,1,2,2 m=6,5,4,2,1 q=6,8,12 w=12,02,01,012
// P5: 0: size=0,0,0,0,0,0,0 sparse=0,0,0,0,0,0,0 m=min,min,min,min,min q=1,1,1 w=-,-,-,-
// P5-NEXT: 1: size=1,0,0,1,0,0,1 sparse=1,0,0,1,0,0,1 m=0,min,4,min,1 q=1,2,3 w=-,0,0,0
// P5-NEXT: 2: size=2,1,0,1,1,1,1 sparse=2,1,0,1,1,1,1 m=0,5,4,2,1 q=2,2,12 w=1,0,01,01
// P5-NEXT: 3: size=2,2,1,2,1,2,2 sparse=2,2,1,2,1,2,2 m=6,5,4,2,1 q=6,8,12 w=12,02,01,012
// P5-NEXT: 4: size=3,3,1,2,2,2,2 sparse=3,3,1,2,2,2,2 m=6,5,4,2,1 q=24,40,72 w=123,023,013,012
// P5-NEXT: totals: size=3,4,2,2,2,3,3 sparse=3,4,2,2,2,3,3 m=6,5,4,2,6 q=120,240,504 w=123,0234,0134,0124
// CHECK: wrong 0
#include <limits.h>
#include <neststep.h>
#include <stdio.h>
#include <string.h>

#define NB 7
struct word { char s[8]; };
struct line { char s[256]; };

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

static int nitems(int r) { return 3 + r % 3; }
static int bucket(int r, int k) { return (5 * r + 3 * k) % 7; }
static int mwrites(int r, int i) { return (r + i) % 2 == 0; }
static int mval(int r, int i) { return (3 * r + 2 * i) % 7; }

struct pre {
    int size[NB], sparse[NB], m[5];
    long q[3];
    struct word w[4];
};

// the exclusive prefixes of rank me (me = p: the totals)
static void
reference(struct pre *t, int me, int totals)
{
    int seen[4] = { 0 }, mseen[5] = { 0 }, qseen[3] = { 0 };
    memset(t, 0, sizeof *t);
    for (int i = 0; i < 5; i++)
        t->m[i] = INT_MIN;
    for (int i = 0; i < 3; i++)
        t->q[i] = 1;
    for (int i = 0; i < 4; i++)
        strcpy(t->w[i].s, "-");
    for (int r = 0; r < me; r++) {
        for (int k = 0; k < nitems(r); k++) {
            t->size[bucket(r, k)]++;
            t->sparse[bucket(r, k)]++;
        }
        for (int i = 0; i < 5; i++)
            if (mwrites(r, i)) {
                if (mval(r, i) > t->m[i])
                    t->m[i] = mval(r, i);
                mseen[i] = 1;
            }
        for (int i = 0; i < 3; i++)
            if (r != i)
                t->q[i] *= r + 1 + i, qseen[i] = 1;
        for (int i = 0; i < 4; i++)
            if (r % 4 != i) {
                struct word c = { { (char)('0' + r), 0 } };
                if (!seen[i]) t->w[i] = c; else concat(&t->w[i], &c);
                seen[i] = 1;
            }
    }
    if (totals) {                       // unwritten elements keep their value 0 / ""
        for (int i = 0; i < 5; i++)
            if (!mseen[i]) t->m[i] = 0;
        for (int i = 0; i < 3; i++)
            if (!qseen[i]) t->q[i] = 0;
        for (int i = 0; i < 4; i++)
            if (!seen[i]) t->w[i].s[0] = '\0';
    }
}

static void
format(char *b, size_t n, const char *what, const int *size, const int *sparse, const int *m,
       const long *q, const struct word *w)
{
    size_t l = (size_t)snprintf(b, n, "%s: size=", what);
    for (int i = 0; i < NB; i++)
        l += (size_t)snprintf(b + l, n - l, "%s%d", i ? "," : "", size[i]);
    l += (size_t)snprintf(b + l, n - l, " sparse=");
    for (int i = 0; i < NB; i++)
        l += (size_t)snprintf(b + l, n - l, "%s%d", i ? "," : "", sparse[i]);
    l += (size_t)snprintf(b + l, n - l, " m=");
    for (int i = 0; i < 5; i++)
        if (m[i] == INT_MIN)
            l += (size_t)snprintf(b + l, n - l, "%smin", i ? "," : "");
        else
            l += (size_t)snprintf(b + l, n - l, "%s%d", i ? "," : "", m[i]);
    l += (size_t)snprintf(b + l, n - l, " q=%ld,%ld,%ld w=", q[0], q[1], q[2]);
    for (int i = 0; i < 4; i++)
        l += (size_t)snprintf(b + l, n - l, "%s%s", i ? "," : "", w[i].s);
}

static int
same(const struct pre *a, const int *size, const int *sparse, const int *m, const long *q,
     const struct word *w)
{
    int ok = !memcmp(a->size, size, sizeof a->size) && !memcmp(a->sparse, sparse, sizeof a->sparse)
          && !memcmp(a->m, m, sizeof a->m) && !memcmp(a->q, q, sizeof a->q);
    for (int i = 0; i < 4; i++)
        ok = ok && !strcmp(a->w[i].s, w[i].s);
    return ok;
}

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    int p = NestStep_size(), me = NestStep_rank();
    ns_shvar sv_size, sv_sparse, sv_m, sv_q, sv_w, sv_lines, sv_wrong;
    int *size, *sparse;                 // sh<+> int *size, *sparse;
    ns_sh_declare(&sv_size, "size", NULL, 0, Type_int, sizeof(int), NS_OP_ADD, NULL);
    ns_sh_handle(&sv_size, (void **)&size);
    ns_sh_declare(&sv_sparse, "sparse", NULL, 0, Type_int, sizeof(int), NS_OP_ADD, NULL);
    ns_sh_handle(&sv_sparse, (void **)&sparse);
    size = new_Array(NB, Type_int);
    sparse = new_Array(NB, Type_int);
    int m[5] = { 0 };                   // sh<max> int m[5];
    ns_sh_declare(&sv_m, "m", m, 5, Type_int, sizeof m[0], NS_OP_MAX, NULL);
    long q[3] = { 0 };                  // sh<+> long q[3];
    ns_sh_declare(&sv_q, "q", q, 3, Type_long, sizeof q[0], NS_OP_ADD, NULL);
    struct word w[4];                   // sh<concat> struct word w[4];
    memset(w, 0, sizeof w);
    ns_sh_declare(&sv_w, "w", w, 4, Type_bytes, sizeof w[0], NS_OP_FN, concat);
    struct line *lines;
    ns_sh_declare(&sv_lines, "lines", NULL, 0, Type_bytes, sizeof *lines, NS_OP_FIRST, NULL);
    ns_sh_handle(&sv_lines, (void **)&lines);
    lines = ns_new_array((size_t)p, sizeof *lines);
    int wrong = 0;
    ns_sh_declare(&sv_wrong, "wrong", &wrong, 1, Type_int, sizeof wrong, NS_OP_ADD, NULL);

    // private prefix targets; w's start at "-" to show the unchanged ones
    int *preFSIZE = new_Array(NB, Type_int), *presparse = new_Array(NB, Type_int), pm[5];
    long pq[3];
    struct word pw[4];
    for (int i = 0; i < 4; i++)
        strcpy(pw[i].s, "-");
    memset(pm, 0x55, sizeof pm);
    memset(pq, 0x55, sizeof pq);

    ns_step_begin(NS_AT("step"));
    {
        int got[NB] = { 0 };            // private: buckets I have items in
        for (int i = 0; i < NB; i++)
            ns_sh_w(&sv_size, (size_t)i, NS_AT("size")), size[i] = 0;
        for (int k = 0; k < nitems(me); k++) {
            int j = bucket(me, k);
            ns_sh_w(&sv_size, (size_t)j, NS_AT("size")), size[j]++;
            if (!got[j]++)
                ns_sh_w(&sv_sparse, (size_t)j, NS_AT("sparse")), sparse[j] = 0;
            ns_sh_w(&sv_sparse, (size_t)j, NS_AT("sparse")), sparse[j]++;
        }
        for (int i = 0; i < 5; i++)
            if (mwrites(me, i))
                ns_sh_w(&sv_m, (size_t)i, NS_AT("m")), m[i] = mval(me, i);
        for (int i = 0; i < 3; i++)
            if (me != i)
                ns_sh_w(&sv_q, (size_t)i, NS_AT("q")), q[i] = me + 1 + i;
        for (int i = 0; i < 4; i++)
            if (me % 4 != i)
                ns_sh_w(&sv_w, (size_t)i, NS_AT("w")),
                    w[i] = (struct word){ { (char)('0' + me), 0 } };
    }
    // combine(size[:]<+:preFSIZE[:]>, sparse[:]<+:presparse[:]>, m[:]<max:pm[:]>,
    //         q[:]<*:pq[:]>, w[:]<concat:pw[:]>)
    ns_combine_prefix(&sv_size, NS_OP_ADD, NULL, preFSIZE);
    ns_combine_prefix(&sv_sparse, NS_OP_DECLARED, NULL, presparse);
    ns_combine_prefix(&sv_m, NS_OP_MAX, NULL, pm);
    ns_combine_prefix(&sv_q, NS_OP_MUL, NULL, pq);
    ns_combine_prefix(&sv_w, NS_OP_FN, concat, pw);
    ns_step_end();

    struct pre ref, tot;
    reference(&ref, me, 0);
    reference(&tot, p, 1);
    int bad = !same(&ref, preFSIZE, presparse, pm, pq, pw) + !same(&tot, size, sparse, m, q, w);
    char what[16];
    snprintf(what, sizeof what, "%d", me);
    ns_step_begin(NS_AT("step"));
    ns_sh_w(&sv_lines, (size_t)me, NS_AT("lines")),
        format(lines[me].s, sizeof lines[me].s, what, preFSIZE, presparse, pm, pq, pw);
    ns_sh_w(&sv_wrong, 0, NS_AT("wrong")), wrong = bad;
    ns_step_end();
    if (me == 0) {
        for (int r = 0; r < p; r++)
            printf("%s\n", lines[r].s);
        char b[256];
        format(b, sizeof b, "totals", size, sparse, m, q, w);
        printf("%s\nwrong %d\n", b, wrong);
    }
    int failed = wrong != 0;

    free_Array(preFSIZE);
    free_Array(presparse);
    ns_sh_undeclare(&sv_wrong);
    ns_sh_undeclare(&sv_lines);
    free_Array(lines);
    ns_sh_undeclare(&sv_w);
    ns_sh_undeclare(&sv_q);
    ns_sh_undeclare(&sv_m);
    ns_sh_undeclare(&sv_sparse);
    ns_sh_undeclare(&sv_size);
    free_Array(sparse);
    free_Array(size);
    NestStep_finalize();
    return failed;
}
