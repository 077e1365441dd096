/*
 * mirror.c - mirror inference (seed 002: the compiler may insert mirrors
 * itself): which remote reads of a step's body nsc can cover with a
 * mirror it inserts, and the range each needs, as an affine function of a
 * forall or for loop index with known bounds.  rewrite.c places the
 * mirrors (in the step before, or in a superstep of their own) and says so
 * under -Wmirror; this file reports (-Wmirror) the reads it cannot cover.
 */
#include <string.h>
#include "diag.h"
#include "nest.h"

struct infer {
    struct unit *u;
    const struct node *step, *prev; /* the step, and where the mirror goes (or NULL) */
    int calls;                      /* a call in either: globals may change */
};

static int
is_call(const struct node *n, const void *ctx)
{
    (void)ctx;
    return n->kind == N_CALL;
}

static int
has_call(const struct node *n)
{
    return node_any(n, is_call, NULL);
}

/* Is s (ctx) the index of forall n? (set by the loop, not by an assignment) */
static int
is_forall_of(const struct node *n, const void *s)
{
    for (int k = 0; n->kind == N_FORALL && k < n->ndims; k++)
        if (n->vars[k] && n->vars[k]->sym == s)
            return 1;
    return 0;
}

static int
forall_index(const struct node *n, const struct symbol *s)
{
    return node_any(n, is_forall_of, s);
}

/* A variable with the same value all through the step (and prev). */
static int
invariant_var(const struct infer *c, const struct symbol *s)
{
    if (!s)
        return 0;
    if (s->kind == SYM_ENUM_CONST)
        return 1;
    if (s->kind != SYM_OBJECT && s->kind != SYM_PARAM)
        return 0;
    if (c->calls && (s->file_scope || s->storage == SC_STATIC || s->storage == SC_EXTERN))
        return 0;
    const struct node *in[2] = { c->step, c->prev };
    for (int k = 0; k < 2; k++)
        if (in[k] && (modifies(c->u, in[k], s) || forall_index(in[k], s) ||
                      (s->decl && s->decl->first >= in[k]->first &&
                       s->decl->last <= in[k]->last)))
            return 0;                   /* changes there, or is not in scope before */
    return sh_kind_of(s) == SH_NONE || sh_kind_of(s) == SH_SCALAR;
}

/* Is e affine in v (v may be NULL), all else invariant?  *uses: v occurs. */
static int
affine(const struct infer *c, const struct node *e, const struct symbol *v, int *uses)
{
    int ul = 0, ur = 0;
    switch (e->kind) {
    case N_CONSTANT: case N_RANK: case N_SIZE: case N_GROUP: case N_SIZEOF:
        return 1;
    case N_IDENT:
        if (v && e->sym == v) {
            *uses = 1;
            return 1;
        }
        return invariant_var(c, e->sym);
    case N_PAREN: case N_CAST:
        return affine(c, e->operand, v, uses);
    case N_UNARY:
        return (tok_is(c->u, e, "-") || tok_is(c->u, e, "+")) && affine(c, e->operand, v, uses);
    case N_BINARY:
        if (!affine(c, e->lhs, v, &ul) || !affine(c, e->rhs, v, &ur))
            return 0;
        *uses |= ul | ur;
        if (tok_is(c->u, e, "+") || tok_is(c->u, e, "-"))
            return 1;
        if (tok_is(c->u, e, "*"))
            return !(ul && ur);
        return !ul && !ur;              /* / % << ...: of invariants only */
    default:
        return 0;
    }
}

int
for_range(const struct unit *u, const struct node *loop, const struct symbol *v,
          const struct node **init, const struct node **bound, int *adjust, int *up)
{
    const struct node *in = loop->init, *cond = loop->cond, *inc = loop->incr;
    *init = NULL;
    if (in && in->kind == N_ASSIGN && tok_is(u, in, "=") && in->lhs->kind == N_IDENT &&
        in->lhs->sym == v)
        *init = in->rhs;
    else if (in && in->kind == N_DECLARATION && in->nitems == 1 && in->items[0]->sym == v)
        *init = in->items[0]->init;
    if (!*init || !cond || cond->kind != N_BINARY || cond->lhs->kind != N_IDENT ||
        cond->lhs->sym != v || !inc)
        return 0;
    const struct node *iv = inc->kind == N_ASSIGN ? inc->lhs : inc->operand;
    if (!iv || iv->kind != N_IDENT || iv->sym != v)
        return 0;
    if (inc->kind == N_POSTFIX || inc->kind == N_UNARY)
        *up = tok_is(u, inc, "++");
    else if (tok_is(u, inc, "+=") || tok_is(u, inc, "-="))
        *up = tok_is(u, inc, "+=");
    else
        return 0;
    *bound = cond->rhs;
    if (*up && (tok_is(u, cond, "<") || tok_is(u, cond, "<=")))
        *adjust = tok_is(u, cond, "<") ? -1 : 0;
    else if (!*up && (tok_is(u, cond, ">") || tok_is(u, cond, ">=")))
        *adjust = tok_is(u, cond, ">") ? 1 : 0;
    else
        return 0;
    return !modifies(u, loop->body, v);
}

/* The loop (forall or for, inside the step) whose index e reads, with the
 * index; a read of no index gives loop NULL; 0: none fits. */
static int
pick_index(const struct infer *c, const struct node *read, const struct node *e,
           const struct node **loop, const struct symbol **var)
{
    int uses = 0;
    *loop = NULL;
    *var = NULL;
    if (affine(c, e, NULL, &uses))
        return 1;
    const struct node *kid = read;
    for (const struct node *p = read->parent; p && p != c->step->parent;
         kid = p, p = p->parent) {
        const struct symbol *v = NULL;
        const struct node *init, *bound;
        int adjust, up;
        if (p->kind == N_FORALL && p->ndims == 1 && p->body == kid && p->vars[0])
            v = p->vars[0]->sym;
        else if (p->kind == N_FOR && p->body == kid && p->init) {
            const struct node *in = p->init;
            v = in->kind == N_ASSIGN && in->lhs->kind == N_IDENT ? in->lhs->sym :
                in->kind == N_DECLARATION && in->nitems == 1 ? in->items[0]->sym : NULL;
            if (v && !for_range(c->u, p, v, &init, &bound, &adjust, &up))
                v = NULL;
            if (v && (!affine(c, init, NULL, &uses) || !affine(c, bound, NULL, &uses)))
                v = NULL;
        }
        if (p->kind == N_FORALL && v) {
            for (int k = 0; k < p->nitems; k++)
                if (!affine(c, p->items[k], NULL, &uses))
                    v = NULL;
            const struct symbol *b = p->array ? p->array->sym : NULL;
            if (!b || sh_kind_of(b) != SH_DARRAY || b->dist_dims > 1)
                v = NULL;
        }
        uses = 0;
        if (v && affine(c, e, v, &uses) && uses) {
            *loop = p;
            *var = v;
            return 1;
        }
    }
    return 0;
}

int
is_mirror_of(const struct node *n, const void *ctx)
{
    const struct mirror_of *m = ctx;
    if (n->kind != N_MIRROR || n->is_update)
        return 0;
    for (int i = 0; i < n->nitems; i++)
        if (!m->a || root_symbol(m->u, n->items[i]) == m->a)
            return 1;
    return 0;
}

/* A read (or read-modify-write) of a distributed element: not a section,
 * not an operand of owner/owned/sizeof, not the target of a plain '='. */
static int
is_element_read(const struct unit *u, const struct node *n)
{
    const struct node *p = n->parent, *c = n;
    if (chain_top(n) != n || is_section_chain(n))
        return 0;
    while (p && p->kind == N_PAREN)
        c = p, p = p->parent;
    if (p && (p->kind == N_OWNER || p->kind == N_OWNED || p->kind == N_SIZEOF ||
              p->kind == N_TYPEOF || p->kind == N_ALIGNOF))
        return 0;
    return !(p && p->kind == N_ASSIGN && p->lhs == c && tok_is(u, p, "="));
}

struct walk {
    struct infer c;
    struct mirror_need *out;
    int n, max, warn;
};

static void
walk(struct walk *w, const struct node *n)
{
    if (!n || n->kind == N_STEP || n->kind == N_NESTSTEP)
        return;
    const struct symbol *a = n->kind == N_INDEX ? root_symbol(w->c.u, n) : NULL;
    if (a && sh_kind_of(a) == SH_DARRAY && is_element_read(w->c.u, n)) {
        struct node *sub[2];
        const struct node *loop;
        const struct symbol *v;
        int ns = subscripts_of(n, sub, 2);
        const struct node *e = ns > 0 ? sub[0]->rhs : NULL;
        const struct node *f = enclosing_function(n);
        /* forall (i, a): a[i] is mine */
        int local = 0;
        for (const struct node *p = n->parent; p && e && e->kind == N_IDENT; p = p->parent)
            if (p->kind == N_FORALL && p->array && p->array->sym == a && p->ndims == 1 &&
                p->vars[0] && p->vars[0]->sym == e->sym)
                local = 1;
        if (local || !e)
            ;
        else if (a->dist_dims > 1) {
            if (w->warn)
                diag_warning(n->loc, "no mirror inferred for this read of '%s': inference "
                             "covers arrays of one distributed dimension; mirror it in the "
                             "step before [-Wmirror]", a->name);
        } else if (node_any(f, is_mirror_of, &(struct mirror_of){ w->c.u, a })) {
            if (w->warn)
                diag_warning(n->loc, "no mirror inferred for this read of '%s': the function "
                             "mirrors '%s' itself [-Wmirror]", a->name, a->name);
        } else if (!pick_index(&w->c, n, e, &loop, &v)) {
            if (w->warn)
                diag_warning(n->loc, "no mirror inferred for this read of '%s': its index is "
                             "not an affine function of a forall or for loop index with known "
                             "bounds (or it changes in the step); mirror it in the step before "
                             "[-Wmirror]", a->name);
        } else if (w->n < w->max)
            w->out[w->n++] = (struct mirror_need){ n, a, e, v, loop };
    }
    for (int i = 0; i < n->nkids; i++)
        walk(w, n->kids[i]);
}

int
mirror_needs(struct unit *u, const struct node *step, const struct node *prev,
             struct mirror_need *out, int max, int warn)
{
    struct walk w = { { u, step->body, prev ? prev->body : NULL, 0 }, out, 0, max, warn };
    w.c.calls = has_call(w.c.step) || has_call(w.c.prev);
    walk(&w, step->body);
    return w.n;
}
