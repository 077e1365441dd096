/*
 * shared.c - what a `sh` declaration denotes (spec sections 3 and 5), the
 * runtime's codes for its element type and policy, and where a node sits
 * among steps and functions.
 */
#include <stdio.h>
#include <string.h>
#include "nest.h"

int
is_param(const struct symbol *s)
{
    return s->kind == SYM_PARAM || (s->decl && s->decl->kind == N_PARAM);
}

static int
count_derivs(const struct node *d, enum deriv_kind k)
{
    int n = 0;
    for (int i = 0; d && i < d->nderivs; i++)
        n += d->derivs[i].kind == k;
    return n;
}

/* Why a shared symbol is none of the kinds, or NULL if it is one. */
const char *
sh_bad_reason(const struct symbol *s)
{
    const struct node *d = s->declarator;
    int arrays = count_derivs(d, D_ARRAY), ptrs = count_derivs(d, D_POINTER);
    if (s->kind == SYM_TYPEDEF)
        return "'sh' in a typedef is not supported; put it in the declaration of the object";
    if (s->kind == SYM_FUNCTION || count_derivs(d, D_FUNCTION))
        return "a function cannot be shared";
    if (s->dist != DIST_NONE) {
        if (s->dist_dims == 0 && !(ptrs == 1 && arrays == 0))
            return "a distribution after the name needs the handle form 'sh T *a</>'";
        if (s->dist_dims > 0 && ptrs)
            return "distributed arrays of pointers are not supported: pointers are private "
                   "to a process";
        if (s->dist_dims > 3)
            return "at most 3 dimensions can be distributed";
        return NULL;
    }
    if (is_param(s)) {
        if (!arrays && !ptrs)
            return "a parameter of scalar type cannot be 'sh': pass the value, or make the "
                   "variable shared where it is declared";
        if (ptrs || !d || d->derivs[0].kind != D_ARRAY)
            return "a replicated array parameter is written 'sh T a[]' (a pointer cannot be "
                   "shared)";
        if (s->combine_op != CO_NONE)
            return "a replicated array parameter takes the combine policy of the array "
                   "passed: write 'sh T a[]' without a specifier";
        return NULL;
    }
    if (ptrs && (arrays || ptrs > 1 || !s->is_pointer))
        return "a shared pointer is not allowed: pointers are private to a process (a "
               "'sh T *h' handle of new_Array is the only shared pointer form)";
    return NULL;
}

enum sh_kind
sh_kind_of(const struct symbol *s)
{
    if (!s || !s->is_sh)
        return SH_NONE;
    if (sh_bad_reason(s))
        return SH_BAD;
    if (s->dist != DIST_NONE)
        return SH_DARRAY;
    if (s->is_pointer)
        return SH_HANDLE;
    return s->ndims ? SH_ARRAY : SH_SCALAR;
}

/* The spelling of a node's main token is op (one or two characters). */
int
tok_is(const struct unit *u, const struct node *n, const char *op)
{
    if (!n || n->tok < 0 || n->tok >= u->ntoks)
        return 0;
    const struct token *t = &u->toks[n->tok];
    return (size_t)t->len == strlen(op) && memcmp(t->text, op, (size_t)t->len) == 0;
}

struct symbol *
root_symbol(const struct unit *u, const struct node *e)
{
    while (e) {
        switch (e->kind) {
        case N_IDENT:
            return e->sym;
        case N_PAREN:
            e = e->operand;
            break;
        case N_INDEX: case N_SECTION:
            e = e->lhs;
            break;
        case N_MEMBER:              /* s.f, a[i].f, h->f */
            e = e->lhs;
            break;
        case N_UNARY:               /* *h: element 0 of a handle */
            if (!tok_is(u, e, "*"))
                return NULL;
            e = e->operand;
            break;
        default:
            return NULL;
        }
    }
    return NULL;
}

int
subscripts_of(const struct node *e, struct node **sub, int max)
{
    struct node *tmp[32];
    int n = 0;
    while (e && e->kind != N_IDENT) {
        if (e->kind == N_INDEX || e->kind == N_SECTION) {
            if (n == 32)
                return -1;
            tmp[n++] = (struct node *)e;
            e = e->lhs;
        } else if (e->kind == N_PAREN)
            e = e->operand;
        else
            return -1;
    }
    if (!e)
        return -1;
    int k = 0;
    for (int i = n - 1; i >= 0 && k < max; i--)
        sub[k++] = tmp[i];
    return k;
}

int
is_section_chain(const struct node *e)
{
    struct node *sub[32];
    if (!e || (e->kind != N_INDEX && e->kind != N_SECTION))
        return 0;
    int n = subscripts_of(e, sub, 32);
    for (int i = 0; i < n; i++)
        if (sub[i]->kind == N_SECTION)
            return 1;
    return 0;
}

const struct node *
chain_top(const struct node *n)
{
    while (n->parent && (n->parent->kind == N_INDEX || n->parent->kind == N_SECTION) &&
           n->parent->lhs == n)
        n = n->parent;
    return n;
}

/* Type_* of declaration specifiers, following typedef names. */
static const char *
specs_type_code(const struct node *sp, int depth)
{
    if (!sp || depth > 64)
        return "Type_bytes";
    unsigned t = sp->tspec;
    if (t & TS_TYPEDEF) {
        const struct node *ref = sp->type_node;
        const struct symbol *ts = ref ? ref->sym : NULL;
        if (!ts || !ts->specs || (ts->declarator && ts->declarator->nderivs))
            return "Type_bytes";
        return specs_type_code(ts->specs, depth + 1);
    }
    if (t & (TS_VOID | TS_BOOL | TS_COMPLEX | TS_IMAGINARY | TS_INT128 | TS_EXTFLOAT |
             TS_STRUCT | TS_UNION | TS_ENUM | TS_TYPEOF | TS_ATOMIC | TS_AUTO_TYPE))
        return "Type_bytes";
    int uns = (t & TS_UNSIGNED) != 0;
    if (t & TS_CHAR)
        return uns ? "Type_uchar" : (t & TS_SIGNED) ? "Type_schar" : "Type_char";
    if (t & TS_SHORT)
        return uns ? "Type_ushort" : "Type_short";
    if (t & TS_FLOAT)
        return "Type_float";
    if (t & TS_DOUBLE)
        return sp->nlong ? "Type_bytes" : "Type_double";
    if (sp->nlong == 1)
        return uns ? "Type_ulong" : "Type_long";
    if (sp->nlong >= 2)
        return uns ? "Type_ullong" : "Type_llong";
    if (t & (TS_INT | TS_SIGNED | TS_UNSIGNED))
        return uns ? "Type_uint" : "Type_int";
    return "Type_bytes";
}

const char *
elem_type_code(const struct symbol *s)
{
    if (s->declarator && count_derivs(s->declarator, D_POINTER) > (s->is_pointer ? 1 : 0))
        return "Type_bytes";
    return specs_type_code(s->specs, 0);
}

const char *
op_code(enum combine_op op)
{
    switch (op) {
    case CO_ADD: return "NS_OP_ADD";
    case CO_MUL: return "NS_OP_MUL";
    case CO_MAX: return "NS_OP_MAX";
    case CO_MIN: return "NS_OP_MIN";
    case CO_AND: return "NS_OP_AND";
    case CO_OR:  return "NS_OP_OR";
    case CO_XOR: return "NS_OP_XOR";
    case CO_EQ:  return "NS_OP_EQ";
    case CO_FN:  return "NS_OP_FN";
    case CO_ANY: case CO_NONE: default: return "NS_OP_FIRST";
    }
}

/* The step or neststep whose body contains n (not crossing a function or
 * a statement expression's own function: nested functions end the search). */
const struct node *
enclosing_step(const struct node *n)
{
    for (const struct node *c = n, *p = n ? n->parent : NULL; p; c = p, p = p->parent) {
        if (p->kind == N_FUNCTION_DEF)
            return NULL;
        if ((p->kind == N_STEP || p->kind == N_NESTSTEP) && p->body == c)
            return p;
    }
    return NULL;
}

const struct node *
enclosing_function(const struct node *n)
{
    for (const struct node *p = n ? n->parent : NULL; p; p = p->parent)
        if (p->kind == N_FUNCTION_DEF)
            return p;
    return NULL;
}

struct any_ctx {
    int (*pred)(const struct node *n, const void *ctx);
    const void *ctx;
    int found;
};

static int
any_pre(struct node *n, void *ctx)
{
    struct any_ctx *a = ctx;
    if (!a->pred(n, a->ctx))
        return 1;
    a->found = 1;
    return NODE_WALK_STOP;
}

int
node_any(const struct node *n, int (*pred)(const struct node *n, const void *ctx),
         const void *ctx)
{
    struct any_ctx a = { pred, ctx, 0 };
    node_walk((struct node *)n, any_pre, NULL, &a);
    return a.found;
}

static int
is_label(const struct node *n, const void *name)
{
    return n->kind == N_LABEL && n->name == name;
}

int
has_label(const struct node *n, const char *name)
{
    return node_any(n, is_label, name);
}

struct modifies_ctx {
    const struct unit *u;
    const struct symbol *v;
};

/* n assigns, increments or takes the address of the variable */
static int
is_modification(const struct node *n, const void *ctx)
{
    const struct modifies_ctx *m = ctx;
    const struct node *lv = NULL;
    if (n->kind == N_ASSIGN)
        lv = n->lhs;
    else if (n->kind == N_POSTFIX || (n->kind == N_UNARY && (tok_is(m->u, n, "++") ||
                                                             tok_is(m->u, n, "--") ||
                                                             tok_is(m->u, n, "&"))))
        lv = n->operand;
    while (lv && lv->kind == N_PAREN)
        lv = lv->operand;
    return lv && lv->kind == N_IDENT && lv->sym == m->v;
}

int
modifies(const struct unit *u, const struct node *n, const struct symbol *v)
{
    return node_any(n, is_modification, &(struct modifies_ctx){ u, v });
}
