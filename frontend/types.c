/*
 * types.c - the class of declared types and of expressions (types.h): a
 * declarator's derivations, outermost first, then the specifiers, through
 * typedef names; an expression's class from its operands as C's usual
 * conversions give it.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "nest.h"
#include "types.h"

#define MAX_TYPEDEF_DEPTH 64
/* An expression deeper than this (a sum of thousands of terms) is of
 * unknown class: no check fires on it. */
#define MAX_EXPR_DEPTH 256

static enum ty_class expr_class(const struct unit *u, const struct node *e, int depth);

static enum ty_class chain_class(const struct node *specs, const struct node *d, int strip,
                                 int depth);

static enum ty_class
base_class(const struct node *sp, int strip, int depth)
{
    if (!sp || depth > MAX_TYPEDEF_DEPTH)
        return TY_UNKNOWN;
    unsigned t = sp->tspec;
    if (t & TS_TYPEDEF) {
        const struct symbol *ts = sp->type_node ? sp->type_node->sym : NULL;
        return ts ? chain_class(ts->specs, ts->declarator, strip, depth + 1) : TY_UNKNOWN;
    }
    if (strip > 0 || (t & (TS_TYPEOF | TS_AUTO_TYPE | TS_ATOMIC)))
        return TY_UNKNOWN;
    if (t & TS_VOID)
        return TY_VOID;
    if (t & (TS_STRUCT | TS_UNION))
        return TY_RECORD;
    if (t & (TS_FLOAT | TS_DOUBLE | TS_COMPLEX | TS_IMAGINARY | TS_EXTFLOAT))
        return TY_FLOAT;
    if ((t & (TS_CHAR | TS_SHORT | TS_INT | TS_SIGNED | TS_UNSIGNED | TS_BOOL | TS_INT128 |
              TS_ENUM)) || sp->nlong)
        return TY_INT;
    return TY_UNKNOWN;
}

static enum ty_class
chain_class(const struct node *specs, const struct node *d, int strip, int depth)
{
    int nd = d ? d->nderivs : 0;
    if (strip < nd)
        return d->derivs[strip].kind == D_FUNCTION ? TY_FUNCTION : TY_POINTER;
    return base_class(specs, strip - nd, depth);
}

enum ty_class
ty_of_symbol(const struct symbol *s, int strip)
{
    if (!s)
        return TY_UNKNOWN;
    if (s->kind == SYM_ENUM_CONST)
        return strip ? TY_UNKNOWN : TY_INT;
    if (s->kind == SYM_TYPEDEF || s->kind == SYM_TAG)
        return TY_UNKNOWN;
    return chain_class(s->specs, s->declarator, strip, 0);
}

static const struct node *
unparen(const struct node *e)
{
    while (e && e->kind == N_PAREN)
        e = e->operand;
    return e;
}

static enum ty_class
constant_class(const struct unit *u, const struct node *e)
{
    const struct token *t = &u->toks[e->tok];
    const char *s = t->text;
    int n = t->len;
    if (memchr(s, '\'', (size_t)n))
        return TY_INT;
    int hex = n > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    for (int i = 0; i < n; i++)
        if (s[i] == '.' || (hex ? s[i] == 'p' || s[i] == 'P' : s[i] == 'e' || s[i] == 'E'))
            return TY_FLOAT;
    return TY_INT;
}

/* a[i][j]: the symbol at the root and the number of indices */
static enum ty_class
index_class(const struct unit *u, const struct node *e, int depth)
{
    int k = 0;
    const struct node *r = e;
    while (r && (r->kind == N_INDEX || r->kind == N_PAREN)) {
        if (r->kind == N_INDEX)
            k++;
        r = r->kind == N_INDEX ? r->lhs : r->operand;
    }
    if (r && r->kind == N_IDENT && r->sym)
        return ty_of_symbol(r->sym, k);
    if (k == 1 && expr_class(u, e->lhs, depth + 1) == TY_STRING)
        return TY_INT;
    return TY_UNKNOWN;
}

static enum ty_class
call_class(const struct node *e)
{
    const struct node *f = unparen(e->lhs);
    const struct symbol *s = f && f->kind == N_IDENT ? f->sym : NULL;
    const struct node *d = s ? s->declarator : NULL;
    for (int i = 0; d && i < d->nderivs; i++)
        if (d->derivs[i].kind == D_FUNCTION)
            return ty_of_symbol(s, i + 1);
    return TY_UNKNOWN;
}

static int
is_arith(enum ty_class c)
{
    return c == TY_INT || c == TY_FLOAT;
}

static int
is_ptr(enum ty_class c)
{
    return c == TY_POINTER || c == TY_STRING;
}

static enum ty_class
binary_class(const struct unit *u, const struct node *e, int depth)
{
    static const char *const to_int[] = { "==", "!=", "<", ">", "<=", ">=", "&&", "||" };
    for (size_t i = 0; i < sizeof to_int / sizeof *to_int; i++)
        if (tok_is(u, e, to_int[i]))
            return TY_INT;
    enum ty_class l = expr_class(u, e->lhs, depth + 1), r = expr_class(u, e->rhs, depth + 1);
    if (tok_is(u, e, "+") || tok_is(u, e, "-")) {
        if (is_ptr(l) && is_ptr(r))
            return tok_is(u, e, "-") ? TY_INT : TY_UNKNOWN;
        if ((is_ptr(l) && r == TY_INT) || (l == TY_INT && is_ptr(r)))
            return TY_POINTER;
    }
    if (!is_arith(l) || !is_arith(r))
        return TY_UNKNOWN;
    if (tok_is(u, e, "*") || tok_is(u, e, "/") || tok_is(u, e, "+") || tok_is(u, e, "-"))
        return l == TY_FLOAT || r == TY_FLOAT ? TY_FLOAT : TY_INT;
    return l == TY_INT && r == TY_INT ? TY_INT : TY_UNKNOWN;     /* % << >> & | ^ */
}

static enum ty_class
type_name_class(const struct node *tn)
{
    return tn && tn->kind == N_TYPE_NAME ? chain_class(tn->specs, tn->decl, 0, 0) : TY_UNKNOWN;
}

static enum ty_class
expr_class(const struct unit *u, const struct node *e, int depth)
{
    if (!e || depth > MAX_EXPR_DEPTH)
        return TY_UNKNOWN;
    switch (e->kind) {
    case N_IDENT:
        if (!e->sym)
            return TY_UNKNOWN;
        return e->sym->kind == SYM_FUNCTION ? TY_FUNCTION : ty_of_symbol(e->sym, 0);
    case N_CONSTANT: return constant_class(u, e);
    case N_STRING: return TY_STRING;
    case N_RANK: case N_SIZE: case N_GROUP: case N_OWNER: case N_OWNED:
    case N_SIZEOF: case N_ALIGNOF: case N_TYPES_COMPAT: case N_OFFSETOF:
        return TY_INT;
    case N_PAREN: case N_POSTFIX: return expr_class(u, e->operand, depth + 1);
    case N_INDEX: return index_class(u, e, depth);
    case N_CALL: return call_class(e);
    case N_CAST: case N_COMPOUND_LIT: case N_VA_ARG: return type_name_class(e->type);
    case N_ASSIGN: return expr_class(u, e->lhs, depth + 1);
    case N_COMMA: return expr_class(u, e->rhs, depth + 1);
    case N_BINARY: return binary_class(u, e, depth);
    case N_COND: {
        enum ty_class a = expr_class(u, e->then ? e->then : e->cond, depth + 1),
                     b = expr_class(u, e->els, depth + 1);
        if (a == b)
            return a;
        return is_arith(a) && is_arith(b) ? TY_FLOAT : TY_UNKNOWN;
    }
    case N_UNARY:
        if (tok_is(u, e, "!"))
            return TY_INT;
        if (tok_is(u, e, "&"))
            return TY_POINTER;
        if (tok_is(u, e, "*")) {
            const struct node *o = unparen(e->operand);
            if (o && o->kind == N_IDENT && o->sym && ty_of_symbol(o->sym, 0) == TY_POINTER)
                return ty_of_symbol(o->sym, 1);
            return expr_class(u, o, depth + 1) == TY_STRING ? TY_INT : TY_UNKNOWN;
        }
        if (tok_is(u, e, "-") || tok_is(u, e, "+") || tok_is(u, e, "~") ||
            tok_is(u, e, "++") || tok_is(u, e, "--") || tok_is(u, e, "__extension__"))
            return expr_class(u, e->operand, depth + 1);
        return TY_UNKNOWN;
    default:
        return TY_UNKNOWN;
    }
}

enum ty_class
ty_of_expr(const struct unit *u, const struct node *e)
{
    return expr_class(u, e, 0);
}

/* An integer constant: decimal, octal or hex, with any u/l suffix. */
static int
constant_value(const struct unit *u, const struct node *e, long long *v)
{
    const struct token *t = &u->toks[e->tok];
    char buf[64];
    if (t->len <= 0 || t->len >= (int)sizeof buf || expr_class(u, e, 0) != TY_INT ||
        memchr(t->text, '\'', (size_t)t->len))
        return 0;
    memcpy(buf, t->text, (size_t)t->len);
    buf[t->len] = '\0';
    char *end;
    errno = 0;
    unsigned long long x = strtoull(buf, &end, 0);
    while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
        end++;
    if (*end || errno || x > LLONG_MAX)
        return 0;
    *v = (long long)x;
    return 1;
}

static int
const_at(const struct unit *u, const struct node *e, long long *v, int depth)
{
    long long a, b;
    if (!e || depth > MAX_EXPR_DEPTH)
        return 0;
    switch (e->kind) {
    case N_CONSTANT:
        return constant_value(u, e, v);
    case N_PAREN:
        return const_at(u, e->operand, v, depth + 1);
    case N_UNARY:
        if (!const_at(u, e->operand, &a, depth + 1))
            return 0;
        if (tok_is(u, e, "+"))
            *v = a;
        else if (tok_is(u, e, "-") && a != LLONG_MIN)
            *v = -a;
        else
            return 0;
        return 1;
    case N_BINARY:
        if (!const_at(u, e->lhs, &a, depth + 1) || !const_at(u, e->rhs, &b, depth + 1))
            return 0;
        if (tok_is(u, e, "+"))
            return !__builtin_add_overflow(a, b, v);
        if (tok_is(u, e, "-"))
            return !__builtin_sub_overflow(a, b, v);
        if (tok_is(u, e, "*"))
            return !__builtin_mul_overflow(a, b, v);
        if ((tok_is(u, e, "/") || tok_is(u, e, "%")) && b != 0 && !(a == LLONG_MIN && b == -1)) {
            *v = tok_is(u, e, "/") ? a / b : a % b;
            return 1;
        }
        return 0;
    default:
        return 0;
    }
}

int
ty_const_int(const struct unit *u, const struct node *e, long long *v)
{
    return const_at(u, e, v, 0);
}

const char *
ty_words(enum ty_class c)
{
    switch (c) {
    case TY_INT: return "an integer";
    case TY_FLOAT: return "floating-point";
    case TY_POINTER: return "a pointer or an array";
    case TY_STRING: return "a string";
    case TY_RECORD: return "a struct or union";
    case TY_VOID: return "void";
    case TY_FUNCTION: return "a function";
    default: return "of unknown type";
    }
}

/* The specifiers of s's base type, through typedef names that add no
 * derivation. */
static const struct node *
base_specs(const struct node *sp)
{
    for (int depth = 0; sp && (sp->tspec & TS_TYPEDEF) && depth < MAX_TYPEDEF_DEPTH; depth++) {
        const struct symbol *ts = sp->type_node ? sp->type_node->sym : NULL;
        if (!ts || (ts->declarator && ts->declarator->nderivs))
            return NULL;
        sp = ts->specs;
    }
    return sp;
}

/* "signed", "int" and "signed int" are one type, as are "unsigned" and
 * "unsigned int", "short" and "short int" */
static unsigned
norm_int(unsigned t, int nlong)
{
    if ((t & (TS_CHAR | TS_DOUBLE)) || !((t & (TS_SIGNED | TS_INT | TS_UNSIGNED | TS_SHORT)) ||
                                         nlong))
        return t;
    return (t & ~(unsigned)TS_SIGNED) | TS_INT;
}

int
ty_same_base(const struct symbol *a, const struct symbol *b)
{
    return a && b ? ty_same_specs(a->specs, b->specs) : -1;
}

int
ty_same_specs(const struct node *a, const struct node *b)
{
    const struct node *x = base_specs(a), *y = base_specs(b);
    if (!x || !y || ((x->tspec | y->tspec) & (TS_TYPEOF | TS_ATOMIC | TS_AUTO_TYPE | TS_TYPEDEF)))
        return -1;
    unsigned tx = norm_int(x->tspec, x->nlong), ty = norm_int(y->tspec, y->nlong);
    if (tx != ty || x->nlong != y->nlong)
        return 0;
    if (tx & (TS_STRUCT | TS_UNION | TS_ENUM)) {
        const struct node *p = x->type_node, *q = y->type_node;
        if (p == q)
            return 1;
        if (!p || !q || !p->name || !q->name)
            return -1;
        return p->name == q->name;
    }
    return 1;
}

const char *
ty_base_spelling(struct unit *u, const struct symbol *s)
{
    return ty_specs_spelling(u, s ? s->specs : NULL);
}

const char *
ty_specs_spelling(struct unit *u, const struct node *sp)
{
    char buf[256];
    size_t n = 0;
    for (int i = 0; sp && i < sp->ntype_ranges; i++)
        for (int t = sp->type_ranges[i].first; t <= sp->type_ranges[i].last; t++) {
            const struct token *k = &u->toks[t];
            if (n + (size_t)k->len + 2 >= sizeof buf)
                break;
            if (n)
                buf[n++] = ' ';
            memcpy(buf + n, k->text, (size_t)k->len);
            n += (size_t)k->len;
        }
    return arena_strndup(u->arena, buf, n);
}
