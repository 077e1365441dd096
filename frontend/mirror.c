/*
 * mirror.c - mirror inference (seed 002: the compiler may insert mirrors
 * itself): which remote reads of a step's body nsc can cover with a
 * mirror it inserts, and the range each needs, as an affine function of a
 * forall or for loop index with known bounds.  rewrite.c places the
 * mirrors (in the step before, or in a superstep of their own) and says so
 * under -Wmirror; this file reports (-Wmirror) the reads it cannot cover.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "diag.h"
#include "nest.h"

/* Answers already found in one inference, by a pair of keys: whether a
 * variable is invariant in the step, whether a loop's body changes its
 * index.  Each is asked for every read, and a step may hold many. */
struct memo {
    struct memo_slot {
        const void *a, *b;
        int value;
    } *slot;                        /* open addressing; a == NULL: empty */
    size_t cap, n;
};

static size_t
memo_hash(const void *a, const void *b, size_t cap)
{
    size_t h = (size_t)(uintptr_t)a * 0x9e3779b97f4a7c15u ^ (size_t)(uintptr_t)b * 0xc2b2ae3d27d4eb4fu;
    return (h ^ (h >> 29)) & (cap - 1);
}

/* The slot of (a, b): found, or empty and where it goes. */
static struct memo_slot *
memo_slot(struct memo *m, const void *a, const void *b)
{
    if (2 * (m->n + 1) > m->cap) {
        struct memo old = *m;
        m->cap = old.cap ? 2 * old.cap : 64;
        m->slot = calloc(m->cap, sizeof *m->slot);
        if (!m->slot) {
            fputs("nsc: out of memory\n", stderr);
            exit(1);
        }
        m->n = 0;
        for (size_t i = 0; i < old.cap; i++)
            if (old.slot[i].a) {
                struct memo_slot *s = memo_slot(m, old.slot[i].a, old.slot[i].b);
                *s = old.slot[i];
                m->n++;
            }
        free(old.slot);
    }
    size_t i = memo_hash(a, b, m->cap);
    while (m->slot[i].a && (m->slot[i].a != a || m->slot[i].b != b))
        i = (i + 1) & (m->cap - 1);
    return &m->slot[i];
}

static void
memo_put(struct memo *m, const void *a, const void *b, int value)
{
    struct memo_slot *s = memo_slot(m, a, b);
    if (!s->a)
        m->n++;
    *s = (struct memo_slot){ a, b, value };
}

struct infer {
    struct unit *u;
    const struct node *step, *prev; /* the step, and where the mirror goes (or NULL) */
    int calls;                      /* a call in either: globals may change */
    struct memo memo;
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
static int invariant_var_found(const struct infer *c, const struct symbol *s);

static int
invariant_var(struct infer *c, const struct symbol *s)
{
    if (!s)
        return 0;
    struct memo_slot *m = memo_slot(&c->memo, s, c);
    if (m->a)
        return m->value;
    int v = invariant_var_found(c, s);
    memo_put(&c->memo, s, c, v);
    return v;
}

static int
invariant_var_found(const struct infer *c, const struct symbol *s)
{
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

/* Is e affine in v (v may be NULL), all else invariant?  *uses: v occurs.
 * An index expression deeper than AFFINE_DEPTH is taken as not affine. */
#define AFFINE_DEPTH 256

static int
affine_at(struct infer *c, const struct node *e, const struct symbol *v, int *uses, int depth)
{
    int ul = 0, ur = 0;
    if (depth > AFFINE_DEPTH)
        return 0;
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
        return affine_at(c, e->operand, v, uses, depth + 1);
    case N_UNARY:
        return (tok_is(c->u, e, "-") || tok_is(c->u, e, "+")) &&
               affine_at(c, e->operand, v, uses, depth + 1);
    case N_BINARY:
        if (!affine_at(c, e->lhs, v, &ul, depth + 1) || !affine_at(c, e->rhs, v, &ur, depth + 1))
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

static int
affine(struct infer *c, const struct node *e, const struct symbol *v, int *uses)
{
    return affine_at(c, e, v, uses, 0);
}

/* for_range without the test that the body leaves v alone */
static int
for_shape(const struct unit *u, const struct node *loop, const struct symbol *v,
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
    return 1;
}

int
for_range(const struct unit *u, const struct node *loop, const struct symbol *v,
          const struct node **init, const struct node **bound, int *adjust, int *up)
{
    return for_shape(u, loop, v, init, bound, adjust, up) && !modifies(u, loop->body, v);
}

/* for_range, with the answer of the body's test kept */
static int
for_range_memo(struct infer *c, const struct node *loop, const struct symbol *v,
               const struct node **init, const struct node **bound, int *adjust, int *up)
{
    if (!for_shape(c->u, loop, v, init, bound, adjust, up))
        return 0;
    struct memo_slot *m = memo_slot(&c->memo, loop, v);
    if (m->a)
        return m->value;
    int ok = !modifies(c->u, loop->body, v);
    memo_put(&c->memo, loop, v, ok);
    return ok;
}

/* The loop (forall or for, inside the step) whose index e reads, with the
 * index; a read of no index gives loop NULL; 0: none fits. */
static int
pick_index(struct infer *c, const struct node *read, const struct node *e,
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
            if (v && !for_range_memo(c, p, v, &init, &bound, &adjust, &up))
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

static int
walk_read(struct node *n, void *ctx)
{
    struct walk *w = ctx;
    if (n->kind == N_STEP || n->kind == N_NESTSTEP)
        return 0;
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
        for (const struct node *p = n->parent; p && !local && e && e->kind == N_IDENT;
             p = p->parent)
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
        } else if (function_mirrors(w->c.u, f, a)) {
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
    return 1;
}

int
mirror_needs(struct unit *u, const struct node *step, const struct node *prev,
             struct mirror_need *out, int max, int warn)
{
    struct walk w = { { u, step->body, prev ? prev->body : NULL, 0, { NULL, 0, 0 } }, out, 0,
                      max, warn };
    w.c.calls = has_call(w.c.step) || has_call(w.c.prev);
    node_walk((struct node *)step->body, walk_read, NULL, &w);
    free(w.c.memo.slot);
    return w.n;
}

/* The arrays a function mirrors by hand (#pragma mirror), collected once
 * per function: every read and every step asks. */
struct fn_mirrors {
    struct unit *u;
    const struct node *f;
    const struct symbol **arr;      /* in the unit's arena */
    int n, cap;
    int any;                        /* a #pragma mirror with an argument */
};

static int
collect_mirrors(struct node *n, void *ctx)
{
    struct fn_mirrors *m = ctx;
    if (n->kind != N_MIRROR || n->is_update)
        return 1;
    for (int i = 0; i < n->nitems; i++) {
        const struct symbol *a = root_symbol(m->u, n->items[i]);
        m->any = 1;
        int k = 0;
        while (k < m->n && m->arr[k] != a)
            k++;
        if (k < m->n)
            continue;
        if (m->n == m->cap) {
            m->cap = m->cap ? 2 * m->cap : 8;
            const struct symbol **arr = arena_alloc(m->u->arena, (size_t)m->cap * sizeof *arr);
            if (m->n)
                memcpy(arr, m->arr, (size_t)m->n * sizeof *arr);
            m->arr = arr;
        }
        m->arr[m->n++] = a;
    }
    return 1;
}

int
function_mirrors(struct unit *u, const struct node *f, const struct symbol *a)
{
    if (!f)
        return 0;
    struct fn_mirrors *m = u->fn_mirrors;
    if (!m) {
        m = arena_alloc(u->arena, sizeof *m);
        m->u = u;
        u->fn_mirrors = m;
    }
    if (m->f != f) {
        m->f = f;
        m->n = 0;
        m->any = 0;
        node_walk((struct node *)f, collect_mirrors, NULL, m);
    }
    if (!a)
        return m->any;
    for (int k = 0; k < m->n; k++)
        if (m->arr[k] == a)
            return 1;
    return 0;
}
