/*
 * forall.c - the translation of forall, forall2 and forall3, and the
 * direct element accesses inside them.
 *
 * A forall over a is a counted C loop over the units of a that are mine
 * (ns_forall gives the first, the strides and the count): iteration k is
 * my local unit ns_l = it.l + k * it.lstep.  Inside it:
 *
 *  - a[i] (the forall's own element, when the body leaves i alone) is
 *    ns_la[ns_l], a load or store in my local storage;
 *  - a read b[i + c] of an array b laid out as a (ns_da_aligned: the same
 *    distribution of as many units over the same processes), with c
 *    constant (several dimensions: B[i + c][j + d], the forall's indices
 *    in order), is a load from b's local storage at ns_l plus the offset,
 *    where that unit is mine.  The loop is versioned: the iterations whose
 *    units, moved by every such offset, stay in my block run a copy of the
 *    body in which these reads are loads; the others (the block's borders,
 *    every iteration when b is not laid out as a) run the body with the
 *    general access, which finds mirrors and checks.  A cyclic array has
 *    only the offset 0 mine.
 *
 * So the body of a stencil over a block is a loop that gcc compiles as
 * it does hand-written C (and vectorizes at -O3).  What takes the general
 * path, and why, -Wperf says (forall_perf).
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "diag.h"
#include "rewrite.h"

/* A read of an aligned array at constant offsets, in a forall. */
struct aligned {
    const struct symbol *s;
    long c[3];                  /* offset per distributed dimension */
    int base;                   /* which of the forall's aligned arrays: ns_lb<id>_<base> */
};

/* ---- the shape of the body ---- */

/* A jump, or what may hide one (a label, a nested function, a statement
 * expression). */
static int
is_jump(const struct node *n, const void *ctx)
{
    (void)ctx;
    return n->kind == N_BREAK || n->kind == N_CONTINUE || n->kind == N_GOTO ||
           n->kind == N_RETURN || n->kind == N_LABEL || n->kind == N_FUNCTION_DEF ||
           n->kind == N_STMT_EXPR;
}

static int
jumps(const struct node *n)
{
    return node_any(n, is_jump, NULL);
}

/* Is the break n one that ends the forall (not an inner loop or switch)? */
static int
breaks_forall(const struct node *n, const struct node *body)
{
    for (const struct node *p = n->parent; p && p != body->parent; p = p->parent)
        if (p->kind == N_FOR || p->kind == N_WHILE || p->kind == N_DO || p->kind == N_SWITCH)
            return 0;
    return 1;
}

/* What the body must not hold to be printed twice (the loop's versions):
 * a label (defined twice), a static or shared declaration (two objects),
 * a break of the forall's loop (it would end one version's run only). */
static int
not_twice(const struct node *n, const void *ctx)
{
    const struct node *body = ctx;
    if (n->kind == N_LABEL || n->kind == N_LOCAL_LABEL || n->kind == N_FUNCTION_DEF)
        return 1;
    if (n->kind == N_DECLARATION && n->specs &&
        (n->specs->is_sh || n->specs->storage == SC_STATIC || n->specs->storage == SC_EXTERN ||
         n->specs->thread_local))
        return 1;
    return n->kind == N_BREAK && breaks_forall(n, body);
}

static int
can_print_twice(const struct node *body)
{
    return !node_any(body, not_twice, body);
}

/* What makes an iteration end other than at its end or by continue: then
 * a write's mark cannot wait for the loop's increment. */
static int
leaves_early(const struct node *n, const void *ctx)
{
    const struct node *body = ctx;
    if (n->kind == N_RETURN || n->kind == N_GOTO || n->kind == N_LABEL ||
        n->kind == N_LOCAL_LABEL || n->kind == N_FUNCTION_DEF)
        return 1;
    return n->kind == N_BREAK && breaks_forall(n, body);
}

/* The increment of forall id's counted loop: the late mark, then the count. */
static void
increment(struct rw *r, const struct fa *f, const char *a, int id)
{
    if (f && f->late_mark)
        E("ns_w%d ? (ns_da_mark(%s, ns_l%d), ns_w%d = 0) : 0, ", id, a, id, id);
    E("ns_k%d++", id);
}

/* Does the forall body write a[i] (the fast-path element) at its top
 * level, with no jump that could skip it? */
static int
writes_fast_element(struct rw *r, const struct node *st, const struct node *fa)
{
    if (!st || st->kind != N_EXPR_STMT || !st->operand || st->operand->kind != N_ASSIGN)
        return 0;
    const struct node *lv = st->operand->lhs;
    struct node *idx[16];
    int n = indices_of(lv, idx, 16);
    if (root_symbol(r->u, lv) != fa->array->sym || n < fa->ndims)
        return 0;
    for (int k = 0; k < fa->ndims; k++)
        if (idx[k]->kind != N_IDENT || idx[k]->sym != fa->vars[k]->sym)
            return 0;
    return 1;
}

int
forall_fast(struct rw *r, const struct node *n)
{
    for (int k = 0; k < n->ndims; k++)
        if (modifies(r->u, n->body, n->vars[k]->sym))
            return 0;
    return 1;
}

void
forall_decl(struct rw *r, const struct node *n, int id, int la)
{
    if (la) {
        elem_type(r, n->array->sym);
        E(" *");
    } else
        E("long ns_i%d, ns_k%d, ns_l%d; ns_iter ", id, id, id);
    if (r->pre_forall == n)             /* declared alone, by its step */
        E(la ? "ns_la%d; " : "ns_it%d; ", id);
}

/* ---- constant offsets of the indices ---- */

/* Is e an integer constant written as such (1, 0x10, -2, (3))?  Its value
 * in *v, which stays small: an offset of units. */
static int
int_const(struct rw *r, const struct node *e, long *v)
{
    int neg = 0;
    for (;;) {
        if (e->kind == N_PAREN)
            e = e->operand;
        else if (e->kind == N_UNARY && (tok_is(r->u, e, "-") || tok_is(r->u, e, "+"))) {
            neg ^= tok_is(r->u, e, "-");
            e = e->operand;
        } else
            break;
    }
    if (e->kind != N_CONSTANT)
        return 0;
    const struct token *t = &r->u->toks[e->tok];
    char buf[40], *end;
    if (t->len <= 0 || t->len >= (int)sizeof buf || t->text[0] < '0' || t->text[0] > '9')
        return 0;
    memcpy(buf, t->text, (size_t)t->len);
    buf[t->len] = '\0';
    errno = 0;
    unsigned long long x = strtoull(buf, &end, 0);
    if (errno || x > (1ULL << 40) || strspn(end, "uUlL") != strlen(end))
        return 0;                       /* too large, or a floating constant */
    *v = neg ? -(long)x : (long)x;
    return 1;
}

/* Is e the index v moved by a constant (v, v + 2, v - 1, 3 + v)?  The
 * constant in *c. */
static int
index_offset(struct rw *r, const struct node *e, const struct symbol *v, long *c)
{
    long k, m;
    while (e->kind == N_PAREN)
        e = e->operand;
    if (e->kind == N_IDENT) {
        *c = 0;
        return e->sym == v;
    }
    if (e->kind != N_BINARY)
        return 0;
    int plus = tok_is(r->u, e, "+");
    if (!plus && !tok_is(r->u, e, "-"))
        return 0;
    if (index_offset(r, e->lhs, v, &m) && int_const(r, e->rhs, &k)) {
        *c = plus ? m + k : m - k;
        return 1;
    }
    if (plus && int_const(r, e->lhs, &k) && index_offset(r, e->rhs, v, &m)) {
        *c = k + m;
        return 1;
    }
    return 0;
}

/* Is s[idx...] a read that forall fn can make direct: s distributed as
 * fn's array over as many dimensions, each subscript fn's index of that
 * dimension moved by a constant (c[]), not fn's own element (its fast
 * path), and for a cyclic distribution no offset? */
static int
aligned_offsets(struct rw *r, const struct node *fn, const struct symbol *s, struct node **idx,
                int n, long *c)
{
    const struct symbol *a = fn->array->sym;
    int d = fn->ndims, zero = 1;
    if (sh_kind_of(s) != SH_DARRAY || s->dist != a->dist || dist_dims(s) != d ||
        dist_dims(a) != d || n < d)
        return 0;
    for (int j = 0; j < d; j++) {
        const struct node *v = fn->vars[j];
        if (!v || v->kind != N_IDENT || !v->sym || !index_offset(r, idx[j], v->sym, &c[j]))
            return 0;
        zero = zero && c[j] == 0;
    }
    if (a->dist == DIST_CYCLIC && !zero)
        return 0;
    return !(s == a && zero);
}

/* Is the chain top e written (the target of =, op=, ++, --), or its
 * address taken, or an operand of owner()/owned()? */
static int
not_a_read(struct rw *r, const struct node *e)
{
    const struct node *p = e->parent;
    while (p && (p->kind == N_PAREN || p->kind == N_MEMBER || p->kind == N_INDEX)) {
        if (p->kind == N_INDEX && p->lhs != e)
            break;                      /* e is a subscript of another array */
        e = p;
        p = p->parent;
    }
    if (!p)
        return 0;
    switch (p->kind) {
    case N_ASSIGN: return p->lhs == e;
    case N_POSTFIX: return 1;
    case N_UNARY: return tok_is(r->u, p, "&") || tok_is(r->u, p, "++") || tok_is(r->u, p, "--");
    case N_OWNER: case N_OWNED: case N_SECTION: return 1;
    default: return 0;
    }
}

struct collect {
    struct rw *r;
    struct fa *f;
    int cap;
};

/* The distributed array of the element (not a section) the chain top n
 * names, or NULL. */
static struct symbol *
element_of(struct rw *r, struct node *n)
{
    struct node *sub[1];
    if (n->kind != N_INDEX || (n->parent && n->parent->kind == N_INDEX && n->parent->lhs == n))
        return NULL;
    struct symbol *s = root_symbol(r->u, n);
    if (sh_kind_of(s) != SH_DARRAY || subscripts_of(n, sub, 1) < 0 || is_section_chain(n))
        return NULL;
    return s;
}

/* The distributed array whose element the chain top n reads, or NULL. */
static struct symbol *
element_read_of(struct rw *r, struct node *n)
{
    struct symbol *s = element_of(r, n);
    return s && !not_a_read(r, n) ? s : NULL;
}

/* The array of element n where n is written (=, op=, ++, --), else NULL. */
static struct symbol *
element_write_of(struct rw *r, struct node *n)
{
    struct symbol *s = element_of(r, n);
    if (!s || !not_a_read(r, n))
        return NULL;
    const struct node *e = n, *p = n->parent;
    while (p && (p->kind == N_PAREN || p->kind == N_MEMBER || (p->kind == N_INDEX && p->lhs == e))) {
        e = p;
        p = p->parent;
    }
    if (!p || p->kind == N_OWNER || p->kind == N_OWNED || p->kind == N_SECTION
        || (p->kind == N_UNARY && tok_is(r->u, p, "&")))
        return NULL;                    /* not written: tested, or its address taken */
    return s;
}

/* Reads of aligned arrays at constant offsets, and writes of their
 * elements at the forall's own index (offset 0): these are mine wherever
 * the direct copy runs. */
static int
collect_read(struct node *n, void *ctx)
{
    struct collect *c = ctx;
    struct rw *r = c->r;
    struct fa *f = c->f;
    struct symbol *s = element_read_of(r, n);
    struct node *idx[16];
    long off[3] = { 0, 0, 0 };
    int wr = 0;
    if (!s && (s = element_write_of(r, n)) != NULL)
        wr = 1;
    if (!s || !aligned_offsets(r, f->n, s, idx, indices_of(n, idx, 16), off)
        || (wr && (off[0] || off[1] || off[2])))
        return 1;
    int base = f->nbase;
    for (int k = 0; k < f->nal; k++) {
        if (f->al[k].s != s)
            continue;
        base = f->al[k].base;
        if (!memcmp(f->al[k].c, off, sizeof off))
            return 1;                   /* the same read again */
    }
    if (base == f->nbase)
        f->nbase++;
    f->al = grow(f->al, &c->cap, f->nal, sizeof *f->al);
    f->al[f->nal].s = s;
    memcpy(f->al[f->nal].c, off, sizeof off);
    f->al[f->nal++].base = base;
    return 1;
}

/* ---- general reads of block arrays, with the array's fields in locals ---- */

/* Is n the identifier of symbol ctx used other than as the array of a
 * subscript or section (assigned, its address taken, passed on): then its
 * fields may not be kept for the loop.  (A section's runtime calls, and a
 * mirror's, leave the handle's fields alone.) */
static int
handle_used(const struct node *n, const void *ctx)
{
    return n->kind == N_IDENT && n->sym == ctx
           && !(n->parent && (n->parent->kind == N_INDEX || n->parent->kind == N_SECTION)
                && n->parent->lhs == n);
}

static int
inside(const struct node *n, const struct node *of)
{
    for (; n; n = n->parent)
        if (n == of)
            return 1;
    return 0;
}

/* The array of owned(a[i]) (not a read, but its test wants the view). */
static struct symbol *
owned_of(struct rw *r, struct node *n)
{
    if (n->kind != N_OWNED)
        return NULL;
    struct node *e = n->operand;
    while (e->kind == N_PAREN)
        e = e->operand;
    struct symbol *s = e->kind == N_INDEX ? root_symbol(r->u, e) : NULL;
    return s && sh_kind_of(s) == SH_DARRAY ? s : NULL;
}

static int
collect_view(struct node *n, void *ctx)
{
    struct collect *c = ctx;
    struct fa *f = c->f;
    struct symbol *s = element_read_of(c->r, n);
    if (!s)
        s = owned_of(c->r, n);
    if (!s || (s->dist != DIST_BLOCK && s->dist != DIST_CYCLIC))
        return 1;
    for (int k = 0; k < f->nview; k++)
        if (f->view[k] == s)
            return 1;
    if (f->nview == 8 || (s->decl && inside(s->decl, f->n)) || node_any(f->n->body, handle_used, s))
        return 1;
    f->view[f->nview++] = s;
    return 1;
}

/* Keeps the fields of the arrays forall f's body reads in general, or
 * tests with owned(), in locals for the loop (none when the array does not
 * exist yet): a block array's first unit and length (ns_vf, ns_vn), a
 * cyclic one's group size, my rank and its length (ns_vp, ns_vm, ns_vn),
 * and my units (ns_vl). */
static void
view_prologue(struct rw *r, struct fa *f)
{
    struct collect c = { r, f, 0 };
    node_walk(f->n->body, collect_view, NULL, &c);
    for (int k = 0; k < f->nview; k++) {
        const char *x = f->view[k]->name;
        int id = f->id;
        if (f->view[k]->dist == DIST_BLOCK)
            E("const long ns_vf%d_%d = %s ? %s->first : 0, ns_vn%d_%d = %s ? %s->nlocal : 0; "
              "(void)ns_vf%d_%d; ", id, k, x, x, id, k, x, x, id, k);
        else
            E("const long ns_vp%d_%d = %s ? %s->p : 1, ns_vm%d_%d = %s ? %s->me : 0, "
              "ns_vn%d_%d = %s ? %s->n : 0; (void)ns_vp%d_%d; (void)ns_vm%d_%d; ",
              id, k, x, x, id, k, x, x, id, k, x, x, id, k, id, k);
        E("const char *ns_vl%d_%d = %s ? %s->local : 0; (void)ns_vn%d_%d; (void)ns_vl%d_%d; ",
          id, k, x, x, id, k, id, k);
    }
}

int
forall_view(struct rw *r, const struct symbol *s, int *k)
{
    for (int i = r->nforalls - 1; i >= 0; i--)
        for (int j = 0; j < r->foralls[i].nview; j++)
            if (r->foralls[i].view[j] == s) {
                *k = j;
                return r->foralls[i].id;
            }
    return 0;
}

/* ---- direct accesses ---- */

struct fa *
fast_forall(struct rw *r, const struct node *idx[], int nidx, const struct symbol *a)
{
    for (const struct node *p = idx[0]->parent; p; p = p->parent) {
        if (p->kind == N_FUNCTION_DEF)
            return NULL;
        if (p->kind != N_FORALL || !p->array || p->array->sym != a || p->ndims > nidx)
            continue;
        int ok = 1;
        for (int k = 0; k < p->ndims && ok; k++)
            ok = idx[k]->kind == N_IDENT && p->vars[k] && idx[k]->sym == p->vars[k]->sym;
        for (int i = 0; ok && i < r->nforalls; i++)
            if (r->foralls[i].n == p)
                return &r->foralls[i];
        if (ok)
            return NULL;
    }
    return NULL;
}

/* The cast that makes a pointer to a unit's first element index the rest
 * of the unit's dimensions: "(T (*)[D2][D3])" for units T[D1][D2][D3]. */
static void
unit_cast(struct rw *r, const struct symbol *s)
{
    E("(");
    elem_type(r, s);
    E(" (*)");
    for (int i = dist_dims(s) + 1; i < s->ndims; i++) {
        E("[");
        flat(r, s->dims[i]);
        E("]");
    }
    E(")");
}

/* The aligned read of forall f that s[idx] is, in its direct version. */
static const struct aligned *
direct_read(struct rw *r, struct node **idx, int n, const struct symbol *s, struct fa **in)
{
    for (int i = r->nforalls - 1; i >= 0; i--) {
        struct fa *f = &r->foralls[i];
        long off[3] = { 0, 0, 0 };
        if (!f->direct || !aligned_offsets(r, f->n, s, idx, n, off))
            continue;
        for (int k = 0; k < f->nal; k++)
            if (f->al[k].s == s && !memcmp(f->al[k].c, off, sizeof off)) {
                *in = f;
                return &f->al[k];
            }
    }
    return NULL;
}

int
forall_access(struct rw *r, struct node *e, const struct symbol *s, struct node **idx, int n,
              int wr)
{
    int dd = dist_dims(s), trail = s->dist_dims ? s->ndims - dd : 0;
    struct fa *f = fast_forall(r, (const struct node **)idx, n, s);
    const struct aligned *al = NULL;
    (void)e;
    if (!f)
        al = direct_read(r, idx, n, s, &f);
    if (al && wr && (al->c[0] || al->c[1] || al->c[2])) {
        al = NULL;                      /* writes: at the forall's own index only */
        f = NULL;
    }
    if (!f)
        return 0;
    E("(");
    if (al) {                           /* b[i + c]: b's unit ns_l + offset is mine */
        int k = (int)(al - f->al);
        if (trail > 0) {
            E("(");
            unit_cast(r, s);
            E("&ns_lb%d_%d[(ns_l%d + ns_o%d_%d) * ns_u%d_%d])", f->id, al->base, f->id, f->id,
              k, f->id, al->base);
        } else
            E("ns_lb%d_%d[ns_l%d + ns_o%d_%d]", f->id, al->base, f->id, f->id, k);
    } else if (trail > 0) {             /* a[i]: my local storage */
        E("(");
        unit_cast(r, s);
        E("&ns_la%d[ns_l%d * (", f->id, f->id);
        dims_product(r, s, dd, s->ndims);
        E(")])");
    } else
        E("ns_la%d[ns_l%d]", f->id, f->id);
    for (int k = dd; k < n; k++) {      /* indices inside the unit */
        E("[");
        emit_flat(r->em, idx[k]);
        E("]");
    }
    E(")");
    return 1;
}

int
forall_direct_write(struct rw *r, struct node **idx, int n, const struct symbol *s)
{
    struct fa *f = NULL;
    const struct aligned *al = direct_read(r, idx, n, s, &f);
    return al && !al->c[0] && !al->c[1] && !al->c[2] ? f->id : 0;
}

/* ---- -Wperf: the accesses that keep the general path ---- */

struct perf {
    struct rw *r;
    const struct node *fn;          /* the forall */
    const struct fa *f;             /* its direct accesses; NULL when it has none */
    const char *unversioned;        /* why the body has no direct copy, or NULL */
};

static const char *
dist_name(enum dist d)
{
    return d == DIST_CYCLIC ? "cyclic" : "block";
}

/* Why a read of s[idx] is no aligned read of forall fn (into why), or 0
 * when it is one. */
static int
not_aligned_why(struct rw *r, const struct node *fn, const struct symbol *s, struct node **idx,
                int n, char *why, size_t len)
{
    const struct symbol *a = fn->array->sym;
    long c[3];
    if (s->dist != a->dist) {
        snprintf(why, len, "'%s' is %s, the forall's array '%s' is %s", s->name,
                 dist_name(s->dist), a->name, dist_name(a->dist));
        return 1;
    }
    if (dist_dims(s) != fn->ndims || dist_dims(a) != fn->ndims || n < fn->ndims) {
        snprintf(why, len, "'%s' has %d distributed dimensions, the forall runs over %d",
                 s->name, dist_dims(s), fn->ndims);
        return 1;
    }
    for (int j = 0; j < fn->ndims; j++) {
        const struct node *v = fn->vars[j];
        if (!v || v->kind != N_IDENT || !v->sym || !index_offset(r, idx[j], v->sym, &c[j])) {
            snprintf(why, len, "subscript %d is not the forall's index%s%s plus a constant",
                     j + 1, v && v->sym ? " " : "", v && v->sym ? v->sym->name : "");
            return 1;
        }
        if (a->dist == DIST_CYCLIC && c[j] != 0) {
            snprintf(why, len, "an element of a cyclic array at an offset from mine is another "
                               "process's");
            return 1;
        }
    }
    return 0;
}

/* Are the subscripts of the distributed dimensions forall fn's indices
 * themselves? */
static int
zero_offsets(struct rw *r, const struct node *fn, struct node **idx)
{
    long c = 0;
    for (int j = 0; j < fn->ndims; j++)
        if (!fn->vars[j] || !fn->vars[j]->sym || !index_offset(r, idx[j], fn->vars[j]->sym, &c)
            || c != 0)
            return 0;
    return 1;
}

static int
perf_access(struct node *n, void *ctx)
{
    struct perf *pf = ctx;
    struct rw *r = pf->r;
    const struct node *fn = pf->fn;
    if ((n->kind == N_FORALL && n != fn) || n->kind == N_OWNER || n->kind == N_OWNED ||
        n->kind == N_SECTION)
        return 0;       /* an inner forall speaks for itself; owner() is no access */
    if (n->kind != N_INDEX || (n->parent && n->parent->kind == N_INDEX && n->parent->lhs == n))
        return 1;
    struct symbol *s = root_symbol(r->u, n);
    struct node *idx[16], *sub[1];
    if (sh_kind_of(s) != SH_DARRAY || subscripts_of(n, sub, 1) < 0 || is_section_chain(n))
        return 1;
    int ni = indices_of(n, idx, 16), own = s == fn->array->sym && ni >= fn->ndims;
    for (int k = 0; own && k < fn->ndims; k++)
        own = idx[k]->kind == N_IDENT && fn->vars[k] && idx[k]->sym == fn->vars[k]->sym;
    char why[200];
    if (own) {
        if (pf->f)
            return 1;                   /* a[i]: my local storage */
        snprintf(why, sizeof why, "the body changes the forall's index");
    } else if (not_a_read(r, n) && !element_write_of(r, n)) {
        snprintf(why, sizeof why, "its address is taken");
    } else if (not_a_read(r, n) && (not_aligned_why(r, fn, s, idx, ni, why, sizeof why)
                                    || !zero_offsets(r, fn, idx))) {
        snprintf(why, sizeof why, "it is neither the forall's own element %s[%s] nor the "
                 "element at that index of an array laid out alike",
                 fn->array->sym->name, fn->vars[0] && fn->vars[0]->sym ? fn->vars[0]->sym->name
                                                                      : "i");
    } else if (not_aligned_why(r, fn, s, idx, ni, why, sizeof why)) {
        ;
    } else if (!pf->f) {
        snprintf(why, sizeof why, "the body changes the forall's index");
    } else if (pf->unversioned) {
        snprintf(why, sizeof why, "%s", pf->unversioned);
    } else
        return 1;                       /* direct where the neighbours are mine */
    diag_warning(n->loc, "%s '%s' takes the general path: %s [-Wperf]",
                 not_a_read(r, n) ? "write to" : "read of", s->name, why);
    return 1;
}

/* -Wperf: a warning at each access to a distributed array in forall n's
 * body that takes the general path, and why. */
static void
forall_perf(struct rw *r, const struct node *n, const struct fa *f, int rows)
{
    struct perf pf = { r, n, f, NULL };
    if (rows)
        pf.unversioned = "a forall2/forall3 with bound triples has no direct copy";
    else if (!can_print_twice(n->body))
        pf.unversioned = "the body has a label, a static or sh declaration, or a break out of "
                         "the forall, so it has no direct copy";
    node_walk(n->body, perf_access, NULL, &pf);
}

/* ---- the loop ---- */

/* Before the loop: the local storage of each aligned array, its unit
 * size, each read's offset in units; the iterations of the direct
 * version (ns_f .. ns_g) when every such array is laid out as a. */
static void
aligned_prologue(struct rw *r, const struct node *n, struct fa *f)
{
    const struct symbol *a = n->array->sym;
    int id = f->id, d = n->ndims;
    for (int b = 0; b < f->nbase; b++) {
        const struct symbol *s = NULL;
        for (int k = 0; k < f->nal && !s; k++)
            if (f->al[k].base == b)
                s = f->al[k].s;
        elem_type(r, s);
        E(" *ns_lb%d_%d = (", id, b);
        elem_type(r, s);
        E(" *)%s->local; ", s->name);
        if (s->ndims > dist_dims(s))
            E("long ns_u%d_%d = %s->unit; ", id, b, s->name);
    }
    for (int k = 0; k < f->nal; k++) {
        const struct aligned *al = &f->al[k];
        E("long ns_o%d_%d = 0", id, k);
        for (int j = 0; j < d; j++) {
            if (!al->c[j])
                continue;
            E(" + %ldL * (", al->c[j]);
            dims_product(r, al->s, j + 1, d);
            E(")");
        }
        E("; ");
    }
    E("ns_k%d = 0; long ns_f%d = 0, ns_g%d = 0; if (1", id, id, id);
    for (int b = 0; b < f->nbase; b++) {
        const struct symbol *s = NULL;
        for (int k = 0; k < f->nal && !s; k++)
            if (f->al[k].base == b)
                s = f->al[k].s;
        if (s == a)
            continue;
        E(" && ns_da_aligned(%s, %s)", s->name, a->name);
        for (int j = 1; j < d; j++) {   /* the same extents: the same linear units */
            if (!s->dims[j] || !a->dims[j]) {
                E(" && 0");
                continue;
            }
            E(" && (long)");
            flat(r, s->dims[j]);
            E(" == (long)");
            flat(r, a->dims[j]);
        }
    }
    E(") { long ns_lo%d = 0, ns_hi%d = 0; ", id, id);
    for (int k = 0; k < f->nal; k++)
        E("if (ns_o%d_%d < ns_lo%d) ns_lo%d = ns_o%d_%d; if (ns_o%d_%d > ns_hi%d) ns_hi%d = "
          "ns_o%d_%d; ", id, k, id, id, id, k, id, k, id, id, id, k);
    E("ns_forall_fast_range(&ns_it%d, ns_lo%d, ns_hi%d, %s->nlocal, &ns_f%d, &ns_g%d); } ", id,
      id, id, a->name, id, id);
}

/* The head of an iteration: its local unit, its unit, the indices. */
static void
iteration_head(struct rw *r, const struct node *n, int id, int fast, int unit_stride)
{
    const struct symbol *a = n->array->sym;
    if (unit_stride)                    /* it.lstep is 1 */
        E("ns_l%d = ns_it%d.l + ns_k%d; (void)ns_l%d; ", id, id, id, id);
    else
        E("ns_l%d = ns_it%d.l + ns_k%d * ns_it%d.lstep; (void)ns_l%d; ", id, id, id, id, id);
    E("ns_i%d = ns_it%d.i + ns_k%d * ns_it%d.step; ", id, id, id, id);
    if (n->ndims == 1) {
        emit_flat(r->em, n->vars[0]);
        E(" = ns_i%d; ", id);
    } else {
        for (int k = 0; k < n->ndims; k++) {    /* row-major: unit -> i, j, k */
            emit_flat(r->em, n->vars[k]);
            E(" = (ns_i%d", id);
            if (k + 1 < n->ndims) {
                E(" / (");
                dims_product(r, a, k + 1, n->ndims);
                E(")");
            }
            if (k > 0) {
                E(") %% (");
                flat(r, a->dims[k]);
            }
            E("); ");
        }
    }
    for (int k = 0; fast && k < n->ndims; k++) {   /* a body of a[i] only reads no i */
        E("(void)");
        flat(r, n->vars[k]);
        E("; ");
    }
}

void
rewrite_forall(struct rw *r, struct node *n)
{
    struct symbol *a = n->array->sym;
    int pre = r->pre_forall == n;       /* its variables declared by its step */
    int id = pre ? r->pre_id : ++r->ids, fast = forall_fast(r, n), mark_all = 0;
    long st = 1;
    int unit_stride = n->nitems != 3 || (int_const(r, n->items[2], &st) && st == 1);
    r->pre_forall = NULL;
    if (fast && !jumps(n->body)) {
        const struct node *b = n->body;
        if (b->kind == N_COMPOUND) {
            for (int i = 0; i < b->nitems && !mark_all; i++)
                mark_all = writes_fast_element(r, b->items[i], n);
        } else
            mark_all = writes_fast_element(r, b, n);
    }
    emit_lead(r->em, n);
    E("{ ");
    struct fa *f = NULL;
    int rows = n->nitems == 3 * n->ndims && n->ndims > 1;
    if (fast) {
        if (!pre)
            forall_decl(r, n, id, 1);
        E("ns_la%d = (", id);
        elem_type(r, a);
        E(" *)%s->local; (void)ns_la%d; ", a->name, id);
        r->foralls = grow(r->foralls, &r->capforalls, r->nforalls, sizeof *r->foralls);
        f = &r->foralls[r->nforalls++];
        *f = (struct fa){ .n = n, .id = id, .mark_all = mark_all,
                          .late_mark = !mark_all && !rows && !node_any(n->body, leaves_early,
                                                                       n->body) };
        if (!rows && can_print_twice(n->body)) {
            struct collect c = { r, f, 0 };
            node_walk(n->body, collect_read, NULL, &c);
        }
        view_prologue(r, f);
    }
    if (r->perf_warnings)
        forall_perf(r, n, f, rows);
    if (rows) {         /* a bound triple per dimension: row by row, a user's break ends all */
        if (!pre)
            E("long ns_i%d, ns_k%d, ns_l%d; ns_iter ns_it%d; ", id, id, id, id);
        E("int ns_more%d = 1; ns_rows ns_rw%d = ns_forall_sect(%s, &(const ns_sect){ %d, %d, ",
          id, id, a->name, n->ndims, n->ndims);
        for (int t = 0; t < 3; t++) {
            E("{ ");
            for (int k = 0; k < n->ndims; k++) {
                E(k ? ", " : "");
                flat(r, n->items[3 * k + t]);
            }
            E(" }, ");
        }
        E("{ 0");
        for (int k = 1; k < n->ndims; k++) {
            E(", ");
            flat(r, a->dims[k]);
        }
        E(" } }, ");
        site(r, n->ndims == 2 ? "forall2" : "forall3", n);
        E("); ");
        unit_stride = 0;
        E("while (ns_more%d && (ns_it%d = ns_next_rows(&ns_rw%d)).left > 0) { ", id, id, id);
        if (mark_all)
            E("ns_da_mark_forall(%s, ns_it%d); ", a->name, id);
        E("ns_more%d = 0; for (ns_k%d = 0; ; ns_k%d++) { if (ns_k%d >= ns_it%d.left) "
          "{ ns_more%d = 1; break; } ", id, id, id, id, id, id);
        iteration_head(r, n, id, fast, 0);
        emit_node(r->em, n->body);
        E(" } } }");
    } else {
        if (!pre)
            forall_decl(r, n, id, 0);
        E("ns_it%d = ns_forall(%s, ", id, a->name);
        if (n->nitems == 3) {
            flat(r, n->items[0]);
            E(", ");
            flat(r, n->items[1]);
            E(", ");
            flat(r, n->items[2]);
        } else
            E("0, ns_da_length(%s) - 1, 1", a->name);
        E("); ");
        if (f && f->nal)
            aligned_prologue(r, n, f);
        if (mark_all)
            E("ns_da_mark_forall(%s, ns_it%d); ", a->name, id);
        if (f && f->late_mark)
            E("int ns_w%d = 0; ", id);
        if (f && f->nal) {              /* two versions: direct reads where mine */
            E("while (ns_k%d < ns_it%d.left) { long ns_e%d = ns_k%d < ns_f%d ? ns_f%d : "
              "ns_k%d < ns_g%d ? ns_g%d : ns_it%d.left; if (ns_k%d >= ns_f%d && ns_k%d < "
              "ns_g%d) { for (; ns_k%d < ns_e%d; ", id, id, id, id, id, id, id, id, id, id,
              id, id, id, id, id, id);
            increment(r, f, a->name, id);
            E(") { ");
            iteration_head(r, n, id, fast, unit_stride);
            f->direct = 1;
            emit_node(r->em, n->body);
            f = &r->foralls[r->nforalls - 1];   /* (the body may have grown the stack) */
            f->direct = 0;
            E(" } } else { for (; ns_k%d < ns_e%d; ", id, id);
            increment(r, f, a->name, id);
            E(") { ");
            iteration_head(r, n, id, fast, unit_stride);
            emit_node(r->em, n->body);
            E(" } } } }");
        } else {
            E("for (ns_k%d = 0; ns_k%d < ns_it%d.left; ", id, id, id);
            increment(r, f, a->name, id);
            E(") { ");
            iteration_head(r, n, id, fast, unit_stride);
            emit_node(r->em, n->body);
            E(" } }");
        }
    }
    if (fast) {
        free(r->foralls[r->nforalls - 1].al);
        r->nforalls--;              /* its fast path ends with it */
    }
}
