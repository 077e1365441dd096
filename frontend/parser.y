/*
 * parser.y - nsc's pure bison parser: C11 as it appears after
 * preprocessing glibc and MPI headers, the GNU extensions common programs
 * use, and NestStep-C (spec sections 2-5).  Builds the AST (ast.h) and the
 * scopes (scope.h).
 *
 * Locations are token ranges (struct tokrange), so every node gets the
 * range of tokens it covers from @$.  Tokens come from the token array that
 * lexer.l filled, through yylex() below, which
 *   - tells typedef names from identifiers by asking the scopes open now
 *     (the lexer hack; a declarator's name is bound at the end of the
 *     declarator, parameters in a prototype scope, blocks and for
 *     statements in their own, and the lookahead is classified again after
 *     a scope closes);
 *   - hands __attribute__((...)) over as one ATTRIBUTE token covering its
 *     balanced parentheses (its contents are kept verbatim);
 *   - makes _Atomic followed by '(' the type specifier ATOMIC_SPEC.
 *
 * Typedef names redeclared as ordinary identifiers: declaration specifiers
 * either hold one "unique" type specifier (a typedef name, struct, void ...)
 * or only "non-unique" ones (int, long, unsigned ...), following Jourdan and
 * Pottier's C11 grammar; after a type specifier a TYPEDEF_NAME can only be
 * the declarator's name (general_identifier).  In parameters, a name in
 * parentheses must be an IDENTIFIER ("int (T)" with T a typedef is an
 * abstract function declarator, C11 6.7.6.3p11).  Member names (in struct
 * declarations, after . and ->, in designators) may also be NestStep's
 * words: the runtime header has a member "step".
 *
 * Not accepted: implicit int ("main() {}"), old-style definitions and
 * nested functions (both parsed, then reported), a label named like a
 * typedef name.
 *
 * Conflicts (%expect 3), all shift/reduce resolved by shifting:
 *   1. the dangling else: else binds to the nearest if;
 *   2. "step S combine(...);" and 3. "neststep(k) S combine(...);": a
 *      combine clause binds to the nearest step or neststep, as else does
 *      ("step neststep(2) S combine(x);" gives the clause to the neststep).
 * One more is resolved by %prec: __attribute__ after a declarator belongs
 * to it, not to the declarations of an old-style definition (which are
 * parsed only to be reported as unsupported).
 */

%code requires {
#include "ast.h"
struct parser;
struct nlist {
    struct node **v;
    int n, cap;
};
/* one declaration specifier, before it joins its N_DECL_SPECS */
struct specitem {
    int what;                   /* SI_* */
    int tok;                    /* its keyword token */
    struct node *node;          /* struct/enum/typeof/typedef ref/attribute/alignas/sh<f> */
    int op;                     /* SI_SH: enum combine_op */
};
/* a pointer prefix "* const * __attribute__((x))": derivations in source order */
struct ptrlist {
    struct deriv *d;
    int n, cap;
    struct nlist attrs;
};
struct ptrquals {
    unsigned quals;
    struct nlist *attrs;
};
struct arrayinfo {
    unsigned quals;
    int is_static, is_star;
    struct node *size;
};
}

%code {
#include "diag.h"
#include "scope.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SI_STORAGE, SI_THREAD, SI_QUAL, SI_INLINE, SI_NORETURN, SI_ALIGNAS, SI_ATTR, SI_SH,
       SI_TYPE_KW, SI_TYPE_NODE };

struct parser {
    struct unit *u;
    struct scopes *sc;
    int next;                   /* the next token to hand out */
    struct node **specs;        /* declaration specifiers of the declarations being parsed */
    int nspecs, capspecs;
};

static int yylex(YYSTYPE *lval, YYLTYPE *lloc, struct parser *p);
static void yyerror(YYLTYPE *loc, struct parser *p, const char *msg);

#define U (p->u)
#define MK(kind, r) node_new(U, (kind), (r).first, (r).last)
#define RANGE(n, r) node_set_range(U, (n), (r).first, (r).last)
#define KID(n, c) node_add_kid(U, (n), (c))
#define ITEM(n, c) node_add_item(U, (n), (c))

/* After a scope closes, the lookahead (already classified) may name
 * something else. */
#define RECLASSIFY() do {                                                       \
        if (yychar == IDENTIFIER || yychar == TYPEDEF_NAME) {                  \
            struct token *t_ = &U->toks[yylval.tok];                           \
            yychar = scope_is_typedef(p->sc, t_->name) ? TYPEDEF_NAME : IDENTIFIER; \
            t_->kind = yychar;                                                 \
            YY_LAC_DISCARD("reclassify");                                      \
        }                                                                      \
    } while (0)

#define YYLLOC_DEFAULT(Cur, Rhs, N) do {                                        \
        if (N) {                                                               \
            (Cur).first = YYRHSLOC(Rhs, 1).first;                              \
            (Cur).last = YYRHSLOC(Rhs, N).last;                                \
        } else {                                                               \
            (Cur).first = YYRHSLOC(Rhs, 0).last + 1;                           \
            (Cur).last = YYRHSLOC(Rhs, 0).last;                                \
        }                                                                      \
    } while (0)

/* The parser's stack (on the heap, grown as needed): a symbol per open
 * construct, so about 6 per branch of an else-if chain (some 300,000
 * branches), 1 per parenthesis.  Deeper input gets a located error. */
#define YYMAXDEPTH 2000000

/* ---- helpers ---- */

static struct nlist *
list1(struct parser *p, struct node *n)
{
    struct nlist *l = arena_alloc(U->arena, sizeof *l);
    if (n) {
        l->cap = 4;
        l->v = arena_alloc(U->arena, (size_t)l->cap * sizeof *l->v);
        l->v[l->n++] = n;
    }
    return l;
}

static struct nlist *
append(struct parser *p, struct nlist *l, struct node *n)
{
    if (!l)
        l = list1(p, NULL);
    if (!n)
        return l;
    if (l->n == l->cap) {
        int ncap = l->cap ? l->cap * 2 : 4;
        struct node **v = arena_alloc(U->arena, (size_t)ncap * sizeof *v);
        if (l->n)
            memcpy(v, l->v, (size_t)l->n * sizeof *v);
        l->v = v;
        l->cap = ncap;
    }
    l->v[l->n++] = n;
    return l;
}

static void
items(struct parser *p, struct node *n, struct nlist *l)
{
    if (l)
        for (int i = 0; i < l->n; i++)
            ITEM(n, l->v[i]);
}

static struct node *
leaf(struct parser *p, enum node_kind k, int tok)
{
    struct node *n = node_new(U, k, tok, tok);
    n->tok = tok;
    return n;
}

static struct node *
ident(struct parser *p, int tok)
{
    struct node *n = leaf(p, N_IDENT, tok);
    n->name = U->toks[tok].name;
    n->sym = scope_lookup(p->sc, n->name);
    return n;
}

static struct node *
unary(struct parser *p, enum node_kind k, YYLTYPE r, int tok, struct node *operand)
{
    struct node *n = MK(k, r);
    n->tok = tok;
    n->operand = operand;
    KID(n, operand);
    return n;
}

static struct node *
binary(struct parser *p, enum node_kind k, YYLTYPE r, struct node *lhs, int tok,
       struct node *rhs)
{
    struct node *n = MK(k, r);
    n->tok = tok;
    n->lhs = lhs;
    n->rhs = rhs;
    KID(n, lhs);
    KID(n, rhs);
    return n;
}

static struct node *
with_type(struct parser *p, enum node_kind k, YYLTYPE r, int tok, struct node *type,
          struct node *operand)
{
    struct node *n = MK(k, r);
    n->tok = tok;
    n->type = type;
    n->operand = operand;
    KID(n, type);
    KID(n, operand);
    return n;
}

static const char *
tokname(struct parser *p, int tok)
{
    return U->toks[tok].name;
}

/* -- declaration specifiers -- */

static struct node *
specs_new(struct parser *p, YYLTYPE r)
{
    struct node *n = MK(N_DECL_SPECS, r);
    return n;
}

static void
specs_add(struct parser *p, struct node *s, const struct specitem *si, YYLTYPE r)
{
    int kind = si->tok >= 0 ? U->toks[si->tok].kind : 0;
    switch (si->what) {
    case SI_STORAGE:
        s->storage = kind == TYPEDEF ? SC_TYPEDEF : kind == EXTERN ? SC_EXTERN :
                     kind == STATIC ? SC_STATIC : kind == AUTO ? SC_AUTO : SC_REGISTER;
        break;
    case SI_THREAD:
        s->thread_local = 1;
        break;
    case SI_QUAL:
        s->quals |= kind == CONST ? Q_CONST : kind == VOLATILE ? Q_VOLATILE :
                    kind == RESTRICT ? Q_RESTRICT : Q_ATOMIC;
        node_add_type_range(U, s, r.first, r.last);
        break;
    case SI_INLINE:
        s->is_inline = 1;
        break;
    case SI_NORETURN:
        s->is_noreturn = 1;
        break;
    case SI_ALIGNAS:
        ITEM(s, si->node);
        break;
    case SI_ATTR:
        node_add_attr(U, s, si->node);
        break;
    case SI_SH:
        if (s->is_sh)
            diag_error(U->toks[r.first].loc, "duplicate 'sh'");
        s->is_sh = 1;
        s->sh_range.first = r.first;
        s->sh_range.last = r.last;
        s->combine_op = (enum combine_op)si->op;
        s->combine_fn = si->node;
        KID(s, si->node);
        break;
    case SI_TYPE_KW:
        switch (kind) {
        case VOID: s->tspec |= TS_VOID; break;
        case CHAR: s->tspec |= TS_CHAR; break;
        case SHORT: s->tspec |= TS_SHORT; break;
        case INT: s->tspec |= TS_INT; break;
        case LONG: s->tspec |= TS_LONG; s->nlong++; break;
        case FLOAT: s->tspec |= TS_FLOAT; break;
        case DOUBLE: s->tspec |= TS_DOUBLE; break;
        case SIGNED: s->tspec |= TS_SIGNED; break;
        case UNSIGNED: s->tspec |= TS_UNSIGNED; break;
        case BOOL: s->tspec |= TS_BOOL; break;
        case COMPLEX: s->tspec |= TS_COMPLEX; break;
        case IMAGINARY: s->tspec |= TS_IMAGINARY; break;
        case INT128: s->tspec |= TS_INT128; break;
        case EXT_FLOAT: s->tspec |= TS_EXTFLOAT; break;
        case AUTO_TYPE: s->tspec |= TS_AUTO_TYPE; break;
        }
        node_add_type_range(U, s, r.first, r.last);
        break;
    case SI_TYPE_NODE: {
        struct node *t = si->node;
        s->type_node = t;
        switch (t->kind) {
        case N_STRUCT:
            s->tspec |= U->toks[t->tok].kind == UNION ? TS_UNION : TS_STRUCT;
            break;
        case N_ENUM: s->tspec |= TS_ENUM; break;
        case N_TYPEDEF_REF: s->tspec |= TS_TYPEDEF; break;
        case N_TYPEOF: s->tspec |= TS_TYPEOF; break;
        case N_ATOMIC_TYPE: s->tspec |= TS_ATOMIC; break;
        default: break;
        }
        KID(s, t);
        node_add_type_range(U, s, r.first, r.last);
        break;
    }
    }
}

static struct specitem
si_tok(int what, int tok)
{
    struct specitem si = { what, tok, NULL, 0 };
    return si;
}

static struct specitem
si_node(int what, struct node *n)
{
    struct specitem si = { what, -1, n, 0 };
    return si;
}

static void
specs_push(struct parser *p, struct node *s)
{
    if (p->nspecs == p->capspecs) {
        p->capspecs = p->capspecs ? p->capspecs * 2 : 32;
        struct node **v = realloc(p->specs, (size_t)p->capspecs * sizeof *v);
        if (!v) {
            fputs("nsc: out of memory\n", stderr);
            exit(1);
        }
        p->specs = v;
    }
    p->specs[p->nspecs++] = s;
}

static struct node *
specs_top(struct parser *p)
{
    return p->nspecs ? p->specs[p->nspecs - 1] : NULL;
}

/* removes s (and anything pushed after it) from the specifier stack */
static void
specs_pop(struct parser *p, struct node *s)
{
    for (int i = p->nspecs - 1; i >= 0; i--)
        if (p->specs[i] == s) {
            p->nspecs = i;
            return;
        }
}

/* -- declarators -- */

static struct node *
declarator_new(struct parser *p, YYLTYPE r, int name_tok)
{
    struct node *d = MK(N_DECLARATOR, r);
    if (name_tok >= 0) {
        d->name = tokname(p, name_tok);
        d->name_tok = name_tok;
    }
    return d;
}

static void
decl_array(struct parser *p, struct node *d, const struct arrayinfo *ai, YYLTYPE open,
           YYLTYPE close)
{
    struct deriv dv;
    memset(&dv, 0, sizeof dv);
    dv.kind = D_ARRAY;
    dv.first = open.first;
    dv.last = close.last;
    dv.quals = ai->quals;
    dv.size = ai->size;
    dv.is_static = ai->is_static;
    dv.is_star = ai->is_star;
    node_add_deriv(U, d, &dv);
    KID(d, ai->size);
}

static void
decl_func(struct parser *p, struct node *d, struct node *params, YYLTYPE open, YYLTYPE close)
{
    struct deriv dv;
    memset(&dv, 0, sizeof dv);
    dv.kind = D_FUNCTION;
    dv.first = open.first;
    dv.last = close.last;
    RANGE(params, ((YYLTYPE){ open.first, close.last }));
    dv.params = params;
    node_add_deriv(U, d, &dv);
    KID(d, params);
}

static void
decl_dist(struct parser *p, struct node *d, int tok)
{
    if (d->dist != DIST_NONE) {
        diag_error(U->toks[tok].loc, "more than one distribution specifier");
        return;
    }
    int dims = 0;       /* more than 3 is an error of the checks (spec section 5) */
    for (int i = 0; i < d->nderivs; i++)
        if (d->derivs[i].kind == D_ARRAY)
            dims++;
    d->dist = U->toks[tok].kind == BLOCK_DIST ? DIST_BLOCK : DIST_CYCLIC;
    d->dist_dims = dims;
    d->dist_tok = tok;
}

/* "pointer direct_declarator": the pointers derive after what the direct
 * declarator derived, the one nearest the name first */
static void
decl_pointer(struct parser *p, struct node *d, struct ptrlist *pl)
{
    for (int i = pl->n - 1; i >= 0; i--)
        node_add_deriv(U, d, &pl->d[i]);
    for (int i = 0; i < pl->attrs.n; i++)
        node_add_attr(U, d, pl->attrs.v[i]);
}

static struct ptrlist *
ptr_new(struct parser *p, YYLTYPE star, unsigned quals, struct nlist *attrs, YYLTYPE r)
{
    struct ptrlist *pl = arena_alloc(U->arena, sizeof *pl);
    pl->cap = 4;
    pl->d = arena_alloc(U->arena, (size_t)pl->cap * sizeof *pl->d);
    pl->d[0].kind = D_POINTER;
    pl->d[0].first = star.first;
    pl->d[0].last = r.last >= star.first ? r.last : star.first;
    pl->d[0].quals = quals;
    pl->n = 1;
    if (attrs)
        pl->attrs = *attrs;
    return pl;
}

/* "pointer * quals": the next star goes last, in place (the array doubles:
 * a long run of stars costs linear time and memory) */
static struct ptrlist *
ptr_append(struct parser *p, struct ptrlist *pl, struct ptrlist *next)
{
    if (pl->n == pl->cap) {
        int ncap = pl->cap * 2;
        struct deriv *d = arena_alloc(U->arena, (size_t)ncap * sizeof *d);
        memcpy(d, pl->d, (size_t)pl->n * sizeof *d);
        pl->d = d;
        pl->cap = ncap;
    }
    pl->d[pl->n++] = next->d[0];
    for (int i = 0; i < next->attrs.n; i++)
        append(p, &pl->attrs, next->attrs.v[i]);
    return pl;
}

static void
decl_tail(struct parser *p, struct node *d, struct nlist *tail)
{
    if (!tail)
        return;
    for (int i = 0; i < tail->n; i++) {
        struct node *t = tail->v[i];
        if (t->kind == N_ASM_LABEL) {
            d->asm_label = t;
            KID(d, t);
        } else {
            node_add_attr(U, d, t);
        }
    }
}

/* binds a declarator's name in the current scope (end of the declarator) */
static void
declare(struct parser *p, struct node *d)
{
    if (!d || !d->name)
        return;
    struct node *specs = specs_top(p);
    enum sym_kind k = SYM_OBJECT;
    if (specs && specs->storage == SC_TYPEDEF)
        k = SYM_TYPEDEF;
    else if (d->nderivs > 0 && d->derivs[0].kind == D_FUNCTION)
        k = SYM_FUNCTION;
    struct symbol *sym = symbol_new(p->sc, d->name, k);
    symbol_set_decl(sym, specs, d, U);
    d->sym = sym;
    scope_bind(p->sc, sym);
}

static struct node *
param_new(struct parser *p, YYLTYPE r, struct node *specs, struct node *d)
{
    struct node *n = MK(N_PARAM, r);
    n->specs = specs;
    n->decl = d;
    KID(n, specs);
    KID(n, d);
    if (d && d->name) {
        struct symbol *sym = symbol_new(p->sc, d->name, SYM_PARAM);
        symbol_set_decl(sym, specs, d, U);
        sym->decl = n;
        d->sym = sym;
        n->sym = sym;
        scope_bind(p->sc, sym);
    }
    return n;
}

/* the parameters of the function a definition's declarator defines */
static void
bind_params(struct parser *p, struct node *d)
{
    if (!d || d->nderivs == 0 || d->derivs[0].kind != D_FUNCTION) {
        if (d)
            diag_error(d->loc, "a function definition needs a function declarator");
        return;
    }
    struct node *params = d->derivs[0].params;
    if (params->is_kr) {
        diag_error(params->loc, "old-style (K&R) function definitions are not supported");
        return;
    }
    for (int i = 0; i < params->nitems; i++)
        if (params->items[i]->sym)
            scope_bind(p->sc, params->items[i]->sym);
}

static void
set_decl_syms(struct node *decl)
{
    for (int i = 0; i < decl->nitems; i++)
        if (decl->items[i]->sym)
            decl->items[i]->sym->decl = decl;
}

static struct node *
forall_new(struct parser *p, YYLTYPE r, int kw, struct nlist *args, struct node *body)
{
    struct node *n = MK(N_FORALL, r);
    int k = U->toks[kw].kind;
    int nd = k == FORALL ? 1 : k == FORALL2 ? 2 : 3;
    n->tok = kw;
    n->ndims = nd;
    int na = args ? args->n : 0;
    int nb = na - nd - 1;
    if (nb < 0 || nb % 3 != 0 || nb > 3 * nd) {
        if (nd == 1)
            diag_error(U->toks[kw].loc, "forall expects (i, a) or (i, a, lb, ub, st), "
                       "not %d operands", na);
        else
            diag_error(U->toks[kw].loc, "%s expects %d index variables, the array and "
                       "optionally bound triples (lb, ub, st), not %d operands",
                       token_str(U, kw), nd, na);
    }
    for (int i = 0; i < na; i++) {
        struct node *a = args->v[i];
        if (i < nd)
            n->vars[i] = a;
        else if (i == nd)
            n->array = a;
        if (i > nd && nb >= 0)
            ITEM(n, a);
        else
            KID(n, a);
    }
    n->body = body;
    KID(n, body);
    return n;
}

static struct node *
combine_item(struct parser *p, YYLTYPE r, struct node *var, struct node *spec)
{
    /* var: N_COMBINE_ITEM made by combine_var; spec: a carrier node or NULL */
    RANGE(var, r);
    if (spec) {
        var->combine_op = spec->combine_op;
        var->combine_fn = spec->combine_fn;
        var->target = spec->target;
        var->target_whole = spec->target_whole;
        KID(var, spec->combine_fn);
        KID(var, spec->target);
    }
    return var;
}

static struct node *
combine_spec(struct parser *p, YYLTYPE r, struct specitem *op, struct node *target, int whole)
{
    struct node *n = MK(N_COMBINE_ITEM, r);      /* a carrier, not in the tree */
    if (op) {
        n->combine_op = (enum combine_op)op->op;
        n->combine_fn = op->node;
    }
    n->target = target;
    n->target_whole = whole;
    if (target)
        target->whole = 0;      /* was only carried here by combine_target */
    return n;
}

static struct specitem
combine_name(struct parser *p, int tok)
{
    struct specitem si = { SI_SH, tok, NULL, CO_FN };
    const char *s = tokname(p, tok);
    if (strcmp(s, "max") == 0)
        si.op = CO_MAX;
    else if (strcmp(s, "min") == 0)
        si.op = CO_MIN;
    else
        si.node = ident(p, tok);
    return si;
}

static struct node *
error_node(struct parser *p, YYLTYPE r)
{
    return MK(N_ERROR, r);
}

static struct node *
compound(struct parser *p, YYLTYPE r, struct nlist *l)
{
    struct node *n = MK(N_COMPOUND, r);
    items(p, n, l);
    return n;
}
}

/* a K&R definition's declarations cannot start with __attribute__: those
 * after a declarator belong to it (shift) */
%precedence NAMED_DECLARATOR
%precedence ATTRIBUTE

%define api.pure full
%define api.location.type {struct tokrange}
%locations
%define parse.error custom
%define parse.lac full
%param {struct parser *p}
%expect 3

%initial-action {
    @$.first = 0;
    @$.last = -1;
}

%union {
    int tok;
    int ival;
    struct node *node;
    struct nlist *list;
    struct specitem si;
    struct ptrlist *ptr;
    struct arrayinfo ai;
    struct ptrquals pq;
}

%token <tok> IDENTIFIER "identifier" TYPEDEF_NAME "type name" CONSTANT "constant"
%token <tok> STRING_LITERAL "string literal"
%token <tok> PTR_OP "'->'" INC_OP "'++'" DEC_OP "'--'" LEFT_OP "'<<'" RIGHT_OP "'>>'"
%token <tok> LE_OP "'<='" GE_OP "'>='" EQ_OP "'=='" NE_OP "'!='" AND_OP "'&&'" OR_OP "'||'"
%token <tok> MUL_ASSIGN "'*='" DIV_ASSIGN "'/='" MOD_ASSIGN "'%='" ADD_ASSIGN "'+='"
%token <tok> SUB_ASSIGN "'-='" LEFT_ASSIGN "'<<='" RIGHT_ASSIGN "'>>='" AND_ASSIGN "'&='"
%token <tok> XOR_ASSIGN "'^='" OR_ASSIGN "'|='" ELLIPSIS "'...'"
%token <tok> TYPEDEF "'typedef'" EXTERN "'extern'" STATIC "'static'" AUTO "'auto'"
%token <tok> REGISTER "'register'" THREAD_LOCAL "'_Thread_local'" INLINE "'inline'"
%token <tok> NORETURN "'_Noreturn'" CONST "'const'" RESTRICT "'restrict'"
%token <tok> VOLATILE "'volatile'" ATOMIC "'_Atomic'" ATOMIC_SPEC "'_Atomic('"
%token <tok> BOOL "'_Bool'" CHAR "'char'" SHORT "'short'" INT "'int'" LONG "'long'"
%token <tok> SIGNED "'signed'" UNSIGNED "'unsigned'" FLOAT "'float'" DOUBLE "'double'"
%token <tok> VOID "'void'" COMPLEX "'_Complex'" IMAGINARY "'_Imaginary'"
%token <tok> INT128 "'__int128'" EXT_FLOAT "'_FloatN'" AUTO_TYPE "'__auto_type'"
%token <tok> STRUCT "'struct'" UNION "'union'" ENUM "'enum'" TYPEOF "'typeof'"
%token <tok> ALIGNAS "'_Alignas'" ALIGNOF "'_Alignof'" SIZEOF "'sizeof'"
%token <tok> GENERIC "'_Generic'" STATIC_ASSERT "'_Static_assert'"
%token <tok> CASE "'case'" DEFAULT "'default'" IF "'if'" ELSE "'else'" SWITCH "'switch'"
%token <tok> WHILE "'while'" DO "'do'" FOR "'for'" GOTO "'goto'" CONTINUE "'continue'"
%token <tok> BREAK "'break'" RETURN "'return'"
%token <tok> ATTRIBUTE "'__attribute__'" ASM "'asm'" EXTENSION "'__extension__'"
%token <tok> LABEL_KW "'__label__'" REAL "'__real__'" IMAG "'__imag__'"
%token <tok> VA_ARG "'__builtin_va_arg'" OFFSETOF "'__builtin_offsetof'"
%token <tok> TYPES_COMPATIBLE_P "'__builtin_types_compatible_p'"
%token <tok> SH "'sh'" STEP "'step'" NESTSTEP "'neststep'" COMBINE "'combine'"
%token <tok> FORALL "'forall'" FORALL2 "'forall2'" FORALL3 "'forall3'"
%token <tok> OWNER "'owner'" OWNED "'owned'"
%token <tok> DOLLAR "'$'" HASH "'#'" AT "'@'" BLOCK_DIST "'</>'" CYCLIC_DIST "'<%>'"
%token <tok> PRAGMA "'#pragma'" PRAGMA_MIRROR "'#pragma mirror'"
%token <tok> PRAGMA_UPDATE "'#pragma update'" PRAGMA_END "end of the pragma line"
%token <tok> STRAY "stray character"
%token <tok> ';' '{' '}' ',' ':' '=' '(' ')' '[' ']' '.' '&' '!' '~' '-' '+' '*' '/' '%'
%token <tok> '<' '>' '^' '|' '?'

%type <node> external_declaration function_definition declaration static_assert_declaration
%type <node> decl_specs_push declaration_specifiers ds_quals ds_unique ds_nonunique
%type <node> sq_list sq_quals sq_unique sq_nonunique
%type <si> declaration_specifier storage_class_specifier type_qualifier function_specifier
%type <si> alignment_specifier sh_specifier type_specifier_unique type_specifier_nonunique
%type <si> sq_qual combine_opspec
%type <node> attribute asm_label struct_or_union_specifier enum_specifier enumerator
%type <node> typeof_specifier atomic_type_specifier
%type <list> init_declarator_list_opt init_declarator_list struct_declaration_list
%type <list> struct_declarator_list enumerator_list decl_tail attrs_opt
%type <node> init_declarator named_declarator struct_declaration struct_declarator
%type <node> declarator direct_declarator param_declarator param_direct_declarator
%type <node> id_declarator id_direct_declarator abstract_declarator
%type <node> member_declarator member_direct_declarator
%type <node> direct_abstract_declarator parameter_type_list parameter_list
%type <node> parameter_declaration identifier_list type_name
%type <ptr> pointer
%type <pq> ptr_quals
%type <ival> type_qualifier_list
%type <ai> array_inner
%type <ival> param_open block_open for_open fn_begin kr_begin
%type <tok> general_identifier member_name nest_keyword struct_or_union dist_spec forall_kw
%type <node> initializer designator
%type <list> initializer_list designator_list
%type <node> primary_expression postfix_expression unary_expression cast_expression
%type <node> multiplicative_expression additive_expression shift_expression
%type <node> relational_expression equality_expression and_expression
%type <node> exclusive_or_expression inclusive_or_expression logical_and_expression
%type <node> logical_or_expression conditional_expression assignment_expression
%type <node> expression expression_opt constant_expression string_seq generic_selection
%type <node> generic_association
%type <list> argument_expression_list generic_assoc_list offsetof_member
%type <tok> unary_operator assignment_operator
%type <node> statement labeled_statement compound_statement expression_statement
%type <node> selection_statement iteration_statement jump_statement asm_statement
%type <node> step_statement neststep_statement neststep_head forall_statement
%type <node> mirror_statement combine_clause combine_item combine_var combine_spec
%type <node> combine_target block_item block_declaration for_init compound_tail
%type <node> kr_declarations
%type <list> block_item_list block_item_list_opt combine_item_list
%type <list> asm_operands asm_operands_opt asm_clobbers asm_clobbers_opt asm_labels_opt
%type <list> asm_part
%type <node> asm_operand

%destructor { scope_pop_to(p->sc, $$); } param_open block_open for_open fn_begin kr_begin
%destructor { specs_pop(p, $$); } decl_specs_push

%start translation_unit

%%

/* ---------------- external definitions ---------------- */

translation_unit
    : %empty
    | translation_unit external_declaration
        { ITEM(U->root, $2); scope_pop_to(p->sc, 0); p->nspecs = 0; }
    ;

external_declaration
    : function_definition
    | declaration
    | ';'                           { $$ = leaf(p, N_EMPTY_DECL, $1); }
    | PRAGMA                        { $$ = leaf(p, N_PRAGMA, $1); }
    | EXTENSION external_declaration { $$ = $2; RANGE($$, @$); }
    | ASM '(' string_seq ')' ';'    { $$ = MK(N_FILE_ASM, @$); $$->tok = $1; KID($$, $3); }
    | error ';'                     { $$ = error_node(p, @$); }
    | error '}'                     { $$ = error_node(p, @$); }
    | error compound_statement      { $$ = error_node(p, @$); }
    ;

function_definition
    : decl_specs_push named_declarator fn_begin '{' compound_tail
        { $$ = MK(N_FUNCTION_DEF, @$);
          $$->specs = $1; $$->decl = $2; $$->sym = $2->sym;
          RANGE($5, ((YYLTYPE){ @4.first, @5.last }));
          $$->body = $5;
          KID($$, $1); KID($$, $2); KID($$, $5);
          if ($2->sym) $2->sym->decl = $$;
          scope_pop_to(p->sc, $3); specs_pop(p, $1); RECLASSIFY(); }

    /* old-style definitions: "int f(a) int a; { ... }" is parsed to say so */
    | decl_specs_push named_declarator kr_declarations kr_begin '{' compound_tail
        { $$ = MK(N_FUNCTION_DEF, @$);
          $$->specs = $1; $$->decl = $2; $$->sym = $2->sym;
          RANGE($6, ((YYLTYPE){ @5.first, @6.last }));
          $$->body = $6;
          KID($$, $1); KID($$, $2); KID($$, $6);
          if ($2->sym) $2->sym->decl = $$;
          scope_pop_to(p->sc, $4); specs_pop(p, $1); RECLASSIFY(); }
    ;

kr_declarations
    : declaration
        { diag_error($1->loc, "old-style (K&R) function definitions are not supported"); }
    | kr_declarations declaration
    ;

kr_begin
    : %empty    { $$ = scope_depth(p->sc); scope_push(p->sc); }
    ;

fn_begin
    : %empty    { $$ = scope_depth(p->sc); scope_push(p->sc); bind_params(p, $<node>0); }
    ;

/* ---------------- declarations ---------------- */

declaration
    : decl_specs_push init_declarator_list_opt ';'
        { $$ = MK(N_DECLARATION, @$); $$->specs = $1; KID($$, $1); items(p, $$, $2);
          set_decl_syms($$); specs_pop(p, $1); }
    | static_assert_declaration
    ;

static_assert_declaration
    : STATIC_ASSERT '(' constant_expression ',' string_seq ')' ';'
        { $$ = MK(N_STATIC_ASSERT, @$); $$->cond = $3; $$->msg = $5; KID($$, $3); KID($$, $5); }
    | STATIC_ASSERT '(' constant_expression ')' ';'
        { $$ = MK(N_STATIC_ASSERT, @$); $$->cond = $3; KID($$, $3); }
    ;

decl_specs_push
    : declaration_specifiers        { $$ = $1; specs_push(p, $1); }
    ;

init_declarator_list_opt
    : %empty                        { $$ = NULL; }
    | init_declarator_list
    ;

init_declarator_list
    : init_declarator               { $$ = list1(p, $1); }
    | init_declarator_list ',' init_declarator { $$ = append(p, $1, $3); }
    ;

init_declarator
    : named_declarator
    | named_declarator '=' initializer
        { $$ = $1; $$->init = $3; KID($$, $3); RANGE($$, @$); }
    ;

named_declarator
    : declarator decl_tail %prec NAMED_DECLARATOR { $$ = $1; decl_tail(p, $$, $2); RANGE($$, @$); declare(p, $$); }
    ;

decl_tail
    : %empty                        { $$ = NULL; }
    | decl_tail attribute           { $$ = append(p, $1, $2); }
    | decl_tail asm_label           { $$ = append(p, $1, $2); }
    ;

asm_label
    : ASM '(' string_seq ')'        { $$ = MK(N_ASM_LABEL, @$); $$->tok = $1; KID($$, $3); }
    ;

attribute
    : ATTRIBUTE                     { $$ = MK(N_ATTRIBUTE, @$); $$->tok = $1; }
    ;

attrs_opt
    : %empty                        { $$ = NULL; }
    | attrs_opt attribute           { $$ = append(p, $1, $2); }
    ;

/* declaration specifiers: see the comment at the top */
declaration_specifiers
    : ds_unique
    | ds_nonunique
    ;

ds_quals
    : declaration_specifier         { $$ = specs_new(p, @$); specs_add(p, $$, &$1, @1); }
    | ds_quals declaration_specifier { $$ = $1; specs_add(p, $$, &$2, @2); RANGE($$, @$); }
    ;

ds_unique
    : type_specifier_unique         { $$ = specs_new(p, @$); specs_add(p, $$, &$1, @1); }
    | ds_quals type_specifier_unique { $$ = $1; specs_add(p, $$, &$2, @2); RANGE($$, @$); }
    | ds_unique declaration_specifier { $$ = $1; specs_add(p, $$, &$2, @2); RANGE($$, @$); }
    ;

ds_nonunique
    : type_specifier_nonunique      { $$ = specs_new(p, @$); specs_add(p, $$, &$1, @1); }
    | ds_quals type_specifier_nonunique { $$ = $1; specs_add(p, $$, &$2, @2); RANGE($$, @$); }
    | ds_nonunique type_specifier_nonunique { $$ = $1; specs_add(p, $$, &$2, @2); RANGE($$, @$); }
    | ds_nonunique declaration_specifier { $$ = $1; specs_add(p, $$, &$2, @2); RANGE($$, @$); }
    ;

declaration_specifier
    : storage_class_specifier
    | type_qualifier
    | function_specifier
    | alignment_specifier
    | attribute                     { $$ = si_node(SI_ATTR, $1); }
    | sh_specifier
    ;

storage_class_specifier
    : TYPEDEF                       { $$ = si_tok(SI_STORAGE, $1); }
    | EXTERN                        { $$ = si_tok(SI_STORAGE, $1); }
    | STATIC                        { $$ = si_tok(SI_STORAGE, $1); }
    | AUTO                          { $$ = si_tok(SI_STORAGE, $1); }
    | REGISTER                      { $$ = si_tok(SI_STORAGE, $1); }
    | THREAD_LOCAL                  { $$ = si_tok(SI_THREAD, $1); }
    ;

type_qualifier
    : CONST                         { $$ = si_tok(SI_QUAL, $1); }
    | RESTRICT                      { $$ = si_tok(SI_QUAL, $1); }
    | VOLATILE                      { $$ = si_tok(SI_QUAL, $1); }
    | ATOMIC                        { $$ = si_tok(SI_QUAL, $1); }
    ;

function_specifier
    : INLINE                        { $$ = si_tok(SI_INLINE, $1); }
    | NORETURN                      { $$ = si_tok(SI_NORETURN, $1); }
    ;

alignment_specifier
    : ALIGNAS '(' type_name ')'
        { struct node *n = MK(N_ALIGNAS, @$); n->tok = $1; n->type = $3; KID(n, $3);
          $$ = si_node(SI_ALIGNAS, n); }
    | ALIGNAS '(' constant_expression ')'
        { struct node *n = MK(N_ALIGNAS, @$); n->tok = $1; n->operand = $3; KID(n, $3);
          $$ = si_node(SI_ALIGNAS, n); }
    ;

/* sh, sh<op>; "<=>" arrives as '<=' '>' */
sh_specifier
    : SH                            { $$ = si_tok(SI_SH, $1); $$.op = CO_NONE; }
    | SH '<' combine_opspec '>'     { $$ = $3; $$.what = SI_SH; $$.tok = $1; }
    | SH LE_OP '>'                  { $$ = si_tok(SI_SH, $1); $$.op = CO_EQ; }
    ;

combine_opspec
    : '+'                           { $$ = si_tok(SI_SH, $1); $$.op = CO_ADD; }
    | '*'                           { $$ = si_tok(SI_SH, $1); $$.op = CO_MUL; }
    | '&'                           { $$ = si_tok(SI_SH, $1); $$.op = CO_AND; }
    | '|'                           { $$ = si_tok(SI_SH, $1); $$.op = CO_OR; }
    | '^'                           { $$ = si_tok(SI_SH, $1); $$.op = CO_XOR; }
    | '?'                           { $$ = si_tok(SI_SH, $1); $$.op = CO_ANY; }
    | '='                           { $$ = si_tok(SI_SH, $1); $$.op = CO_EQ; }
    | IDENTIFIER                    { $$ = combine_name(p, $1); }
    ;

type_specifier_unique
    : VOID                          { $$ = si_tok(SI_TYPE_KW, $1); }
    | BOOL                          { $$ = si_tok(SI_TYPE_KW, $1); }
    | AUTO_TYPE                     { $$ = si_tok(SI_TYPE_KW, $1); }
    | struct_or_union_specifier     { $$ = si_node(SI_TYPE_NODE, $1); }
    | enum_specifier                { $$ = si_node(SI_TYPE_NODE, $1); }
    | typeof_specifier              { $$ = si_node(SI_TYPE_NODE, $1); }
    | atomic_type_specifier         { $$ = si_node(SI_TYPE_NODE, $1); }
    | TYPEDEF_NAME
        { struct node *n = leaf(p, N_TYPEDEF_REF, $1); n->name = tokname(p, $1);
          n->sym = scope_lookup(p->sc, n->name); $$ = si_node(SI_TYPE_NODE, n); }
    ;

type_specifier_nonunique
    : CHAR                          { $$ = si_tok(SI_TYPE_KW, $1); }
    | SHORT                         { $$ = si_tok(SI_TYPE_KW, $1); }
    | INT                           { $$ = si_tok(SI_TYPE_KW, $1); }
    | LONG                          { $$ = si_tok(SI_TYPE_KW, $1); }
    | FLOAT                         { $$ = si_tok(SI_TYPE_KW, $1); }
    | DOUBLE                        { $$ = si_tok(SI_TYPE_KW, $1); }
    | SIGNED                        { $$ = si_tok(SI_TYPE_KW, $1); }
    | UNSIGNED                      { $$ = si_tok(SI_TYPE_KW, $1); }
    | COMPLEX                       { $$ = si_tok(SI_TYPE_KW, $1); }
    | IMAGINARY                     { $$ = si_tok(SI_TYPE_KW, $1); }
    | INT128                        { $$ = si_tok(SI_TYPE_KW, $1); }
    | EXT_FLOAT                     { $$ = si_tok(SI_TYPE_KW, $1); }
    ;

typeof_specifier
    : TYPEOF '(' expression ')'     { $$ = unary(p, N_TYPEOF, @$, $1, $3); }
    | TYPEOF '(' type_name ')'      { $$ = with_type(p, N_TYPEOF, @$, $1, $3, NULL); }
    ;

atomic_type_specifier
    : ATOMIC_SPEC '(' type_name ')' { $$ = with_type(p, N_ATOMIC_TYPE, @$, $1, $3, NULL); }
    ;

/* specifier-qualifier lists (members, type names), split like declaration_specifiers */
sq_list
    : sq_unique
    | sq_nonunique
    ;

sq_qual
    : type_qualifier
    | attribute                     { $$ = si_node(SI_ATTR, $1); }
    | alignment_specifier
    ;

sq_quals
    : sq_qual                       { $$ = specs_new(p, @$); specs_add(p, $$, &$1, @1); }
    | sq_quals sq_qual              { $$ = $1; specs_add(p, $$, &$2, @2); RANGE($$, @$); }
    ;

sq_unique
    : type_specifier_unique         { $$ = specs_new(p, @$); specs_add(p, $$, &$1, @1); }
    | sq_quals type_specifier_unique { $$ = $1; specs_add(p, $$, &$2, @2); RANGE($$, @$); }
    | sq_unique sq_qual             { $$ = $1; specs_add(p, $$, &$2, @2); RANGE($$, @$); }
    ;

sq_nonunique
    : type_specifier_nonunique      { $$ = specs_new(p, @$); specs_add(p, $$, &$1, @1); }
    | sq_quals type_specifier_nonunique { $$ = $1; specs_add(p, $$, &$2, @2); RANGE($$, @$); }
    | sq_nonunique type_specifier_nonunique { $$ = $1; specs_add(p, $$, &$2, @2); RANGE($$, @$); }
    | sq_nonunique sq_qual          { $$ = $1; specs_add(p, $$, &$2, @2); RANGE($$, @$); }
    ;

struct_or_union
    : STRUCT
    | UNION
    ;

struct_or_union_specifier
    : struct_or_union attrs_opt '{' struct_declaration_list '}'
        { $$ = MK(N_STRUCT, @$); $$->tok = $1; $$->has_body = 1;
          if ($2) for (int i = 0; i < $2->n; i++) node_add_attr(U, $$, $2->v[i]);
          items(p, $$, $4); }
    | struct_or_union attrs_opt '{' '}'
        { $$ = MK(N_STRUCT, @$); $$->tok = $1; $$->has_body = 1;
          if ($2) for (int i = 0; i < $2->n; i++) node_add_attr(U, $$, $2->v[i]); }
    | struct_or_union attrs_opt general_identifier '{' struct_declaration_list '}'
        { $$ = MK(N_STRUCT, @$); $$->tok = $1; $$->has_body = 1;
          $$->name = tokname(p, $3); $$->name_tok = $3;
          if ($2) for (int i = 0; i < $2->n; i++) node_add_attr(U, $$, $2->v[i]);
          items(p, $$, $5);
          struct symbol *s = symbol_new(p->sc, $$->name, SYM_TAG); s->decl = $$;
          scope_bind(p->sc, s); $$->sym = s; }
    | struct_or_union attrs_opt general_identifier '{' '}'
        { $$ = MK(N_STRUCT, @$); $$->tok = $1; $$->has_body = 1;
          $$->name = tokname(p, $3); $$->name_tok = $3;
          if ($2) for (int i = 0; i < $2->n; i++) node_add_attr(U, $$, $2->v[i]);
          struct symbol *s = symbol_new(p->sc, $$->name, SYM_TAG); s->decl = $$;
          scope_bind(p->sc, s); $$->sym = s; }
    | struct_or_union attrs_opt general_identifier
        { $$ = MK(N_STRUCT, @$); $$->tok = $1;
          $$->name = tokname(p, $3); $$->name_tok = $3;
          if ($2) for (int i = 0; i < $2->n; i++) node_add_attr(U, $$, $2->v[i]);
          $$->sym = scope_lookup_tag(p->sc, $$->name);
          if (!$$->sym) {
              struct symbol *s = symbol_new(p->sc, $$->name, SYM_TAG); s->decl = $$;
              scope_bind(p->sc, s); $$->sym = s;
          } }
    ;

struct_declaration_list
    : struct_declaration            { $$ = list1(p, $1); }
    | struct_declaration_list struct_declaration { $$ = append(p, $1, $2); }
    ;

struct_declaration
    : sq_list struct_declarator_list ';'
        { $$ = MK(N_MEMBER_DECL, @$); $$->specs = $1; KID($$, $1); items(p, $$, $2); }
    | sq_list ';'
        { $$ = MK(N_MEMBER_DECL, @$); $$->specs = $1; KID($$, $1); }
    | static_assert_declaration
    | EXTENSION struct_declaration  { $$ = $2; RANGE($$, @$); }
    | PRAGMA                        { $$ = leaf(p, N_PRAGMA, $1); }
    | ';'                           { $$ = leaf(p, N_EMPTY_DECL, $1); }
    | error ';'                     { $$ = error_node(p, @$); }
    ;

struct_declarator_list
    : struct_declarator             { $$ = list1(p, $1); }
    | struct_declarator_list ',' struct_declarator { $$ = append(p, $1, $3); }
    ;

struct_declarator
    : member_declarator decl_tail   { $$ = $1; decl_tail(p, $$, $2); RANGE($$, @$); }
    | ':' constant_expression decl_tail
        { $$ = declarator_new(p, @$, -1); $$->width = $2; KID($$, $2); decl_tail(p, $$, $3); }
    | member_declarator ':' constant_expression decl_tail
        { $$ = $1; $$->width = $3; KID($$, $3); decl_tail(p, $$, $4); RANGE($$, @$); }
    ;

enum_specifier
    : ENUM attrs_opt '{' enumerator_list '}'
        { $$ = MK(N_ENUM, @$); $$->tok = $1; $$->has_body = 1;
          if ($2) for (int i = 0; i < $2->n; i++) node_add_attr(U, $$, $2->v[i]);
          items(p, $$, $4); }
    | ENUM attrs_opt '{' enumerator_list ',' '}'
        { $$ = MK(N_ENUM, @$); $$->tok = $1; $$->has_body = 1;
          if ($2) for (int i = 0; i < $2->n; i++) node_add_attr(U, $$, $2->v[i]);
          items(p, $$, $4); }
    | ENUM attrs_opt general_identifier '{' enumerator_list '}'
        { $$ = MK(N_ENUM, @$); $$->tok = $1; $$->has_body = 1;
          $$->name = tokname(p, $3); $$->name_tok = $3;
          if ($2) for (int i = 0; i < $2->n; i++) node_add_attr(U, $$, $2->v[i]);
          items(p, $$, $5);
          struct symbol *s = symbol_new(p->sc, $$->name, SYM_TAG); s->decl = $$;
          scope_bind(p->sc, s); $$->sym = s; }
    | ENUM attrs_opt general_identifier '{' enumerator_list ',' '}'
        { $$ = MK(N_ENUM, @$); $$->tok = $1; $$->has_body = 1;
          $$->name = tokname(p, $3); $$->name_tok = $3;
          if ($2) for (int i = 0; i < $2->n; i++) node_add_attr(U, $$, $2->v[i]);
          items(p, $$, $5);
          struct symbol *s = symbol_new(p->sc, $$->name, SYM_TAG); s->decl = $$;
          scope_bind(p->sc, s); $$->sym = s; }
    | ENUM attrs_opt general_identifier
        { $$ = MK(N_ENUM, @$); $$->tok = $1;
          $$->name = tokname(p, $3); $$->name_tok = $3;
          if ($2) for (int i = 0; i < $2->n; i++) node_add_attr(U, $$, $2->v[i]);
          $$->sym = scope_lookup_tag(p->sc, $$->name); }
    ;

enumerator_list
    : enumerator                    { $$ = list1(p, $1); }
    | enumerator_list ',' enumerator { $$ = append(p, $1, $3); }
    ;

enumerator
    : general_identifier attrs_opt
        { $$ = MK(N_ENUMERATOR, @$); $$->name = tokname(p, $1); $$->name_tok = $1;
          if ($2) for (int i = 0; i < $2->n; i++) node_add_attr(U, $$, $2->v[i]);
          struct symbol *s = symbol_new(p->sc, $$->name, SYM_ENUM_CONST); s->decl = $$;
          scope_bind(p->sc, s); $$->sym = s; }
    | general_identifier attrs_opt '=' constant_expression
        { $$ = MK(N_ENUMERATOR, @$); $$->name = tokname(p, $1); $$->name_tok = $1;
          if ($2) for (int i = 0; i < $2->n; i++) node_add_attr(U, $$, $2->v[i]);
          $$->init = $4; KID($$, $4);
          struct symbol *s = symbol_new(p->sc, $$->name, SYM_ENUM_CONST); s->decl = $$;
          scope_bind(p->sc, s); $$->sym = s; }
    ;

general_identifier
    : IDENTIFIER
    | TYPEDEF_NAME
    ;

/* member names may be NestStep's words (the runtime's ns_iter has a "step") */
member_name
    : general_identifier
    | nest_keyword                  { $$ = $1; U->toks[$1].kind = IDENTIFIER; }
    ;

nest_keyword
    : SH | STEP | NESTSTEP | COMBINE | FORALL | FORALL2 | FORALL3 | OWNER | OWNED
    ;

/* ---- declarators ----
 * declarator: the general form (declarations, members): its name may be a
 * typedef name being redeclared.  param_declarator: a named parameter; the
 * same, but a name inside parentheses must be an identifier. */

declarator
    : direct_declarator
    | pointer direct_declarator     { $$ = $2; decl_pointer(p, $$, $1); RANGE($$, @$); }
    ;

direct_declarator
    : general_identifier            { $$ = declarator_new(p, @$, $1); }
    | '(' declarator ')'            { $$ = $2; RANGE($$, @$); }
    | '(' attribute attrs_opt declarator ')'
        { $$ = $4; node_add_attr(U, $$, $2);
          if ($3) for (int i = 0; i < $3->n; i++) node_add_attr(U, $$, $3->v[i]);
          RANGE($$, @$); }
    | direct_declarator '[' array_inner ']'
        { $$ = $1; decl_array(p, $$, &$3, @2, @4); RANGE($$, @$); }
    | direct_declarator '(' param_open parameter_type_list ')'
        { $$ = $1; decl_func(p, $$, $4, @2, @5); RANGE($$, @$); scope_pop_to(p->sc, $3); RECLASSIFY(); }
    | direct_declarator '(' param_open ')'
        { $$ = $1; decl_func(p, $$, MK(N_PARAMS, @$), @2, @4); RANGE($$, @$);
          scope_pop_to(p->sc, $3); RECLASSIFY(); }
    | direct_declarator '(' param_open identifier_list ')'
        { $$ = $1; decl_func(p, $$, $4, @2, @5); RANGE($$, @$); scope_pop_to(p->sc, $3); RECLASSIFY(); }
    | direct_declarator dist_spec   { $$ = $1; decl_dist(p, $$, $2); RANGE($$, @$); }
    ;

/* a struct member's declarator: its name is a member_name */
member_declarator
    : member_direct_declarator
    | pointer member_direct_declarator { $$ = $2; decl_pointer(p, $$, $1); RANGE($$, @$); }
    ;

member_direct_declarator
    : member_name                   { $$ = declarator_new(p, @$, $1); }
    | '(' member_declarator ')'     { $$ = $2; RANGE($$, @$); }
    | '(' attribute attrs_opt member_declarator ')'
        { $$ = $4; node_add_attr(U, $$, $2);
          if ($3) for (int i = 0; i < $3->n; i++) node_add_attr(U, $$, $3->v[i]);
          RANGE($$, @$); }
    | member_direct_declarator '[' array_inner ']'
        { $$ = $1; decl_array(p, $$, &$3, @2, @4); RANGE($$, @$); }
    | member_direct_declarator '(' param_open parameter_type_list ')'
        { $$ = $1; decl_func(p, $$, $4, @2, @5); RANGE($$, @$); scope_pop_to(p->sc, $3); RECLASSIFY(); }
    | member_direct_declarator '(' param_open ')'
        { $$ = $1; decl_func(p, $$, MK(N_PARAMS, @$), @2, @4); RANGE($$, @$);
          scope_pop_to(p->sc, $3); RECLASSIFY(); }
    | member_direct_declarator dist_spec { $$ = $1; decl_dist(p, $$, $2); RANGE($$, @$); }
    ;

param_declarator
    : param_direct_declarator
    | pointer param_direct_declarator { $$ = $2; decl_pointer(p, $$, $1); RANGE($$, @$); }
    ;

param_direct_declarator
    : general_identifier            { $$ = declarator_new(p, @$, $1); }
    | '(' id_declarator ')'         { $$ = $2; RANGE($$, @$); }
    | param_direct_declarator '[' array_inner ']'
        { $$ = $1; decl_array(p, $$, &$3, @2, @4); RANGE($$, @$); }
    | param_direct_declarator '(' param_open parameter_type_list ')'
        { $$ = $1; decl_func(p, $$, $4, @2, @5); RANGE($$, @$); scope_pop_to(p->sc, $3); RECLASSIFY(); }
    | param_direct_declarator '(' param_open ')'
        { $$ = $1; decl_func(p, $$, MK(N_PARAMS, @$), @2, @4); RANGE($$, @$);
          scope_pop_to(p->sc, $3); RECLASSIFY(); }
    | param_direct_declarator dist_spec { $$ = $1; decl_dist(p, $$, $2); RANGE($$, @$); }
    ;

id_declarator
    : id_direct_declarator
    | pointer id_direct_declarator  { $$ = $2; decl_pointer(p, $$, $1); RANGE($$, @$); }
    ;

id_direct_declarator
    : IDENTIFIER                    { $$ = declarator_new(p, @$, $1); }
    | '(' id_declarator ')'         { $$ = $2; RANGE($$, @$); }
    | id_direct_declarator '[' array_inner ']'
        { $$ = $1; decl_array(p, $$, &$3, @2, @4); RANGE($$, @$); }
    | id_direct_declarator '(' param_open parameter_type_list ')'
        { $$ = $1; decl_func(p, $$, $4, @2, @5); RANGE($$, @$); scope_pop_to(p->sc, $3); RECLASSIFY(); }
    | id_direct_declarator '(' param_open ')'
        { $$ = $1; decl_func(p, $$, MK(N_PARAMS, @$), @2, @4); RANGE($$, @$);
          scope_pop_to(p->sc, $3); RECLASSIFY(); }
    | id_direct_declarator dist_spec { $$ = $1; decl_dist(p, $$, $2); RANGE($$, @$); }
    ;

dist_spec
    : BLOCK_DIST
    | CYCLIC_DIST
    ;

param_open
    : %empty                        { $$ = scope_depth(p->sc); scope_push(p->sc); }
    ;

pointer
    : '*' ptr_quals                 { $$ = ptr_new(p, @1, $2.quals, $2.attrs, @2); }
    | pointer '*' ptr_quals         { $$ = ptr_append(p, $1, ptr_new(p, @2, $3.quals, $3.attrs, @3)); }
    ;

ptr_quals
    : %empty                        { $$.quals = 0; $$.attrs = NULL; }
    | ptr_quals type_qualifier
        { int k = U->toks[$2.tok].kind;
          $$ = $1;
          $$.quals |= k == CONST ? Q_CONST : k == VOLATILE ? Q_VOLATILE :
                      k == RESTRICT ? Q_RESTRICT : Q_ATOMIC; }
    | ptr_quals attribute           { $$ = $1; $$.attrs = append(p, $$.attrs, $2); }
    ;

type_qualifier_list
    : type_qualifier
        { int k = U->toks[$1.tok].kind;
          $$ = k == CONST ? Q_CONST : k == VOLATILE ? Q_VOLATILE : k == RESTRICT ? Q_RESTRICT : Q_ATOMIC; }
    | type_qualifier_list type_qualifier
        { int k = U->toks[$2.tok].kind;
          $$ = $1 | (k == CONST ? Q_CONST : k == VOLATILE ? Q_VOLATILE :
                     k == RESTRICT ? Q_RESTRICT : Q_ATOMIC); }
    ;

array_inner
    : %empty                        { memset(&$$, 0, sizeof $$); }
    | assignment_expression         { memset(&$$, 0, sizeof $$); $$.size = $1; }
    | '*'                           { memset(&$$, 0, sizeof $$); $$.is_star = 1; }
    | type_qualifier_list           { memset(&$$, 0, sizeof $$); $$.quals = (unsigned)$1; }
    | type_qualifier_list assignment_expression
        { memset(&$$, 0, sizeof $$); $$.quals = (unsigned)$1; $$.size = $2; }
    | type_qualifier_list '*'
        { memset(&$$, 0, sizeof $$); $$.quals = (unsigned)$1; $$.is_star = 1; }
    | STATIC assignment_expression
        { memset(&$$, 0, sizeof $$); $$.is_static = 1; $$.size = $2; }
    | STATIC type_qualifier_list assignment_expression
        { memset(&$$, 0, sizeof $$); $$.is_static = 1; $$.quals = (unsigned)$2; $$.size = $3; }
    | type_qualifier_list STATIC assignment_expression
        { memset(&$$, 0, sizeof $$); $$.is_static = 1; $$.quals = (unsigned)$1; $$.size = $3; }
    ;

parameter_type_list
    : parameter_list
    | parameter_list ',' ELLIPSIS   { $$ = $1; $$->variadic = 1; RANGE($$, @$); }
    ;

parameter_list
    : parameter_declaration         { $$ = MK(N_PARAMS, @$); ITEM($$, $1); }
    | parameter_list ',' parameter_declaration { $$ = $1; ITEM($$, $3); RANGE($$, @$); }
    ;

parameter_declaration
    : declaration_specifiers param_declarator decl_tail
        { decl_tail(p, $2, $3); RANGE($2, ((YYLTYPE){ @2.first, @3.last }));
          $$ = param_new(p, @$, $1, $2); }
    | declaration_specifiers abstract_declarator { $$ = param_new(p, @$, $1, $2); }
    | declaration_specifiers        { $$ = param_new(p, @$, $1, NULL); }
    ;

identifier_list
    : IDENTIFIER
        { $$ = MK(N_PARAMS, @$); $$->is_kr = 1; ITEM($$, ident(p, $1)); }
    | identifier_list ',' IDENTIFIER { $$ = $1; ITEM($$, ident(p, $3)); RANGE($$, @$); }
    ;

type_name
    : sq_list
        { $$ = MK(N_TYPE_NAME, @$); $$->specs = $1; KID($$, $1); }
    | sq_list abstract_declarator
        { $$ = MK(N_TYPE_NAME, @$); $$->specs = $1; $$->decl = $2; KID($$, $1); KID($$, $2); }
    ;

abstract_declarator
    : pointer                       { $$ = declarator_new(p, @$, -1); decl_pointer(p, $$, $1); }
    | direct_abstract_declarator
    | pointer direct_abstract_declarator { $$ = $2; decl_pointer(p, $$, $1); RANGE($$, @$); }
    ;

direct_abstract_declarator
    : '(' abstract_declarator ')'   { $$ = $2; RANGE($$, @$); }
    | '[' array_inner ']'
        { $$ = declarator_new(p, @$, -1); decl_array(p, $$, &$2, @1, @3); }
    | '(' param_open parameter_type_list ')'
        { $$ = declarator_new(p, @$, -1); decl_func(p, $$, $3, @1, @4);
          scope_pop_to(p->sc, $2); RECLASSIFY(); }
    | '(' param_open ')'
        { $$ = declarator_new(p, @$, -1); decl_func(p, $$, MK(N_PARAMS, @$), @1, @3);
          scope_pop_to(p->sc, $2); RECLASSIFY(); }
    | direct_abstract_declarator '[' array_inner ']'
        { $$ = $1; decl_array(p, $$, &$3, @2, @4); RANGE($$, @$); }
    | direct_abstract_declarator '(' param_open parameter_type_list ')'
        { $$ = $1; decl_func(p, $$, $4, @2, @5); RANGE($$, @$); scope_pop_to(p->sc, $3); RECLASSIFY(); }
    | direct_abstract_declarator '(' param_open ')'
        { $$ = $1; decl_func(p, $$, MK(N_PARAMS, @$), @2, @4); RANGE($$, @$);
          scope_pop_to(p->sc, $3); RECLASSIFY(); }
    | direct_abstract_declarator dist_spec { $$ = $1; decl_dist(p, $$, $2); RANGE($$, @$); }
    ;

/* ---------------- initializers ---------------- */

initializer
    : assignment_expression
    | '{' initializer_list '}'      { $$ = MK(N_INIT_LIST, @$); items(p, $$, $2); }
    | '{' initializer_list ',' '}'  { $$ = MK(N_INIT_LIST, @$); items(p, $$, $2); }
    | '{' '}'                       { $$ = MK(N_INIT_LIST, @$); }
    ;

initializer_list
    : initializer                   { $$ = list1(p, $1); }
    | designator_list '=' initializer
        { struct node *n = MK(N_DESIG_INIT, @$); items(p, n, $1); n->init = $3; KID(n, $3);
          $$ = list1(p, n); }
    | initializer_list ',' initializer { $$ = append(p, $1, $3); }
    | initializer_list ',' designator_list '=' initializer
        { YYLTYPE r = { @3.first, @5.last };
          struct node *n = MK(N_DESIG_INIT, r); items(p, n, $3); n->init = $5; KID(n, $5);
          $$ = append(p, $1, n); }
    ;

designator_list
    : designator                    { $$ = list1(p, $1); }
    | designator_list designator    { $$ = append(p, $1, $2); }
    ;

designator
    : '[' constant_expression ']'
        { $$ = MK(N_DESIG_INDEX, @$); $$->lo = $2; KID($$, $2); }
    | '[' constant_expression ELLIPSIS constant_expression ']'
        { $$ = MK(N_DESIG_INDEX, @$); $$->lo = $2; $$->hi = $4; KID($$, $2); KID($$, $4); }
    | '.' member_name
        { $$ = MK(N_DESIG_FIELD, @$); $$->name = tokname(p, $2); $$->name_tok = $2; }
    ;

/* ---------------- expressions ---------------- */

primary_expression
    : IDENTIFIER                    { $$ = ident(p, $1); }
    | CONSTANT                      { $$ = leaf(p, N_CONSTANT, $1); }
    | string_seq
    | '(' expression ')'            { $$ = unary(p, N_PAREN, @$, -1, $2); }
    | '(' compound_statement ')'
        { $$ = MK(N_STMT_EXPR, @$); $$->body = $2; KID($$, $2); }
    | generic_selection
    | VA_ARG '(' assignment_expression ',' type_name ')'
        { $$ = with_type(p, N_VA_ARG, @$, $1, $5, $3); }
    | OFFSETOF '(' type_name ',' offsetof_member ')'
        { $$ = with_type(p, N_OFFSETOF, @$, $1, $3, NULL); items(p, $$, $5); }
    | TYPES_COMPATIBLE_P '(' type_name ',' type_name ')'
        { $$ = with_type(p, N_TYPES_COMPAT, @$, $1, $3, NULL); $$->type2 = $5; KID($$, $5); }
    | DOLLAR                        { $$ = leaf(p, N_RANK, $1); }
    | HASH                          { $$ = leaf(p, N_SIZE, $1); }
    | AT                            { $$ = leaf(p, N_GROUP, $1); }
    | OWNER '(' expression ')'      { $$ = unary(p, N_OWNER, @$, $1, $3); }
    | OWNED '(' expression ')'      { $$ = unary(p, N_OWNED, @$, $1, $3); }
    ;

string_seq
    : STRING_LITERAL                { $$ = leaf(p, N_STRING, $1); }
    | string_seq STRING_LITERAL     { $$ = $1; RANGE($$, @$); }
    ;

offsetof_member
    : member_name
        { struct node *n = MK(N_DESIG_FIELD, @$); n->name = tokname(p, $1); n->name_tok = $1;
          $$ = list1(p, n); }
    | offsetof_member '.' member_name
        { YYLTYPE r = { @2.first, @3.last };
          struct node *n = MK(N_DESIG_FIELD, r); n->name = tokname(p, $3); n->name_tok = $3;
          $$ = append(p, $1, n); }
    | offsetof_member '[' expression ']'
        { YYLTYPE r = { @2.first, @4.last };
          struct node *n = MK(N_DESIG_INDEX, r); n->lo = $3; KID(n, $3);
          $$ = append(p, $1, n); }
    ;

generic_selection
    : GENERIC '(' assignment_expression ',' generic_assoc_list ')'
        { $$ = unary(p, N_GENERIC, @$, $1, $3); items(p, $$, $5); }
    ;

generic_assoc_list
    : generic_association           { $$ = list1(p, $1); }
    | generic_assoc_list ',' generic_association { $$ = append(p, $1, $3); }
    ;

generic_association
    : type_name ':' assignment_expression { $$ = with_type(p, N_GENERIC_ASSOC, @$, -1, $1, $3); }
    | DEFAULT ':' assignment_expression { $$ = with_type(p, N_GENERIC_ASSOC, @$, $1, NULL, $3); }
    ;

postfix_expression
    : primary_expression
    | postfix_expression '[' expression ']'
        { $$ = binary(p, N_INDEX, @$, $1, $2, $3); }
    | postfix_expression '[' expression ':' expression ']'
        { $$ = MK(N_SECTION, @$); $$->tok = $2; $$->lhs = $1; $$->lo = $3; $$->hi = $5;
          KID($$, $1); KID($$, $3); KID($$, $5); }
    | postfix_expression '[' expression ':' expression ':' expression ']'
        { $$ = MK(N_SECTION, @$); $$->tok = $2; $$->lhs = $1; $$->lo = $3; $$->hi = $5;
          $$->stride = $7; KID($$, $1); KID($$, $3); KID($$, $5); KID($$, $7); }
    | postfix_expression '(' ')'
        { $$ = MK(N_CALL, @$); $$->tok = $2; $$->lhs = $1; KID($$, $1); }
    | postfix_expression '(' argument_expression_list ')'
        { $$ = MK(N_CALL, @$); $$->tok = $2; $$->lhs = $1; KID($$, $1); items(p, $$, $3); }
    | postfix_expression '.' member_name
        { $$ = MK(N_MEMBER, @$); $$->tok = $2; $$->lhs = $1; KID($$, $1);
          $$->name = tokname(p, $3); $$->name_tok = $3; }
    | postfix_expression PTR_OP member_name
        { $$ = MK(N_MEMBER, @$); $$->tok = $2; $$->lhs = $1; KID($$, $1);
          $$->name = tokname(p, $3); $$->name_tok = $3; }
    | postfix_expression INC_OP     { $$ = unary(p, N_POSTFIX, @$, $2, $1); }
    | postfix_expression DEC_OP     { $$ = unary(p, N_POSTFIX, @$, $2, $1); }
    | '(' type_name ')' '{' initializer_list '}'
        { YYLTYPE r = { @4.first, @6.last };
          struct node *il = MK(N_INIT_LIST, r); items(p, il, $5);
          $$ = with_type(p, N_COMPOUND_LIT, @$, -1, $2, NULL); $$->init = il; KID($$, il); }
    | '(' type_name ')' '{' initializer_list ',' '}'
        { YYLTYPE r = { @4.first, @7.last };
          struct node *il = MK(N_INIT_LIST, r); items(p, il, $5);
          $$ = with_type(p, N_COMPOUND_LIT, @$, -1, $2, NULL); $$->init = il; KID($$, il); }
    | '(' type_name ')' '{' '}'
        { YYLTYPE r = { @4.first, @5.last };
          struct node *il = MK(N_INIT_LIST, r);
          $$ = with_type(p, N_COMPOUND_LIT, @$, -1, $2, NULL); $$->init = il; KID($$, il); }
    ;

argument_expression_list
    : assignment_expression         { $$ = list1(p, $1); }
    | argument_expression_list ',' assignment_expression { $$ = append(p, $1, $3); }
    ;

unary_expression
    : postfix_expression
    | INC_OP unary_expression       { $$ = unary(p, N_UNARY, @$, $1, $2); }
    | DEC_OP unary_expression       { $$ = unary(p, N_UNARY, @$, $1, $2); }
    | unary_operator cast_expression { $$ = unary(p, N_UNARY, @$, $1, $2); }
    | SIZEOF unary_expression       { $$ = unary(p, N_SIZEOF, @$, $1, $2); }
    | SIZEOF '(' type_name ')'      { $$ = with_type(p, N_SIZEOF, @$, $1, $3, NULL); }
    | ALIGNOF unary_expression      { $$ = unary(p, N_ALIGNOF, @$, $1, $2); }
    | ALIGNOF '(' type_name ')'     { $$ = with_type(p, N_ALIGNOF, @$, $1, $3, NULL); }
    | AND_OP general_identifier
        { $$ = MK(N_LABEL_ADDR, @$); $$->tok = $1; $$->name = tokname(p, $2); $$->name_tok = $2; }
    | EXTENSION cast_expression     { $$ = unary(p, N_UNARY, @$, $1, $2); }
    | REAL cast_expression          { $$ = unary(p, N_UNARY, @$, $1, $2); }
    | IMAG cast_expression          { $$ = unary(p, N_UNARY, @$, $1, $2); }
    ;

unary_operator
    : '&' | '*' | '+' | '-' | '~' | '!'
    ;

cast_expression
    : unary_expression
    | '(' type_name ')' cast_expression { $$ = with_type(p, N_CAST, @$, -1, $2, $4); }
    ;

multiplicative_expression
    : cast_expression
    | multiplicative_expression '*' cast_expression { $$ = binary(p, N_BINARY, @$, $1, $2, $3); }
    | multiplicative_expression '/' cast_expression { $$ = binary(p, N_BINARY, @$, $1, $2, $3); }
    | multiplicative_expression '%' cast_expression { $$ = binary(p, N_BINARY, @$, $1, $2, $3); }
    ;

additive_expression
    : multiplicative_expression
    | additive_expression '+' multiplicative_expression { $$ = binary(p, N_BINARY, @$, $1, $2, $3); }
    | additive_expression '-' multiplicative_expression { $$ = binary(p, N_BINARY, @$, $1, $2, $3); }
    ;

shift_expression
    : additive_expression
    | shift_expression LEFT_OP additive_expression { $$ = binary(p, N_BINARY, @$, $1, $2, $3); }
    | shift_expression RIGHT_OP additive_expression { $$ = binary(p, N_BINARY, @$, $1, $2, $3); }
    ;

relational_expression
    : shift_expression
    | relational_expression '<' shift_expression { $$ = binary(p, N_BINARY, @$, $1, $2, $3); }
    | relational_expression '>' shift_expression { $$ = binary(p, N_BINARY, @$, $1, $2, $3); }
    | relational_expression LE_OP shift_expression { $$ = binary(p, N_BINARY, @$, $1, $2, $3); }
    | relational_expression GE_OP shift_expression { $$ = binary(p, N_BINARY, @$, $1, $2, $3); }
    ;

equality_expression
    : relational_expression
    | equality_expression EQ_OP relational_expression { $$ = binary(p, N_BINARY, @$, $1, $2, $3); }
    | equality_expression NE_OP relational_expression { $$ = binary(p, N_BINARY, @$, $1, $2, $3); }
    ;

and_expression
    : equality_expression
    | and_expression '&' equality_expression { $$ = binary(p, N_BINARY, @$, $1, $2, $3); }
    ;

exclusive_or_expression
    : and_expression
    | exclusive_or_expression '^' and_expression { $$ = binary(p, N_BINARY, @$, $1, $2, $3); }
    ;

inclusive_or_expression
    : exclusive_or_expression
    | inclusive_or_expression '|' exclusive_or_expression { $$ = binary(p, N_BINARY, @$, $1, $2, $3); }
    ;

logical_and_expression
    : inclusive_or_expression
    | logical_and_expression AND_OP inclusive_or_expression { $$ = binary(p, N_BINARY, @$, $1, $2, $3); }
    ;

logical_or_expression
    : logical_and_expression
    | logical_or_expression OR_OP logical_and_expression { $$ = binary(p, N_BINARY, @$, $1, $2, $3); }
    ;

conditional_expression
    : logical_or_expression
    | logical_or_expression '?' expression ':' conditional_expression
        { $$ = MK(N_COND, @$); $$->tok = $2; $$->cond = $1; $$->then = $3; $$->els = $5;
          KID($$, $1); KID($$, $3); KID($$, $5); }
    | logical_or_expression '?' ':' conditional_expression
        { $$ = MK(N_COND, @$); $$->tok = $2; $$->cond = $1; $$->els = $4;
          KID($$, $1); KID($$, $4); }
    ;

assignment_expression
    : conditional_expression
    | unary_expression assignment_operator assignment_expression
        { $$ = binary(p, N_ASSIGN, @$, $1, $2, $3); }
    ;

assignment_operator
    : '=' | MUL_ASSIGN | DIV_ASSIGN | MOD_ASSIGN | ADD_ASSIGN | SUB_ASSIGN
    | LEFT_ASSIGN | RIGHT_ASSIGN | AND_ASSIGN | XOR_ASSIGN | OR_ASSIGN
    ;

expression
    : assignment_expression
    | expression ',' assignment_expression { $$ = binary(p, N_COMMA, @$, $1, $2, $3); }
    ;

expression_opt
    : %empty                        { $$ = NULL; }
    | expression
    ;

constant_expression
    : conditional_expression
    ;

/* ---------------- statements ---------------- */

statement
    : labeled_statement
    | compound_statement
    | expression_statement
    | selection_statement
    | iteration_statement
    | jump_statement
    | asm_statement
    | step_statement
    | neststep_statement
    | forall_statement
    | mirror_statement
    | ds_quals ';'
        { $$ = MK(N_ATTR_STMT, @$);
          for (int i = 0; i < $1->nattrs; i++) node_add_attr(U, $$, $1->attrs[i]);
          if ($1->nattrs == 0 || $1->storage || $1->quals || $1->is_sh || $1->is_inline
              || $1->is_noreturn || $1->thread_local || $1->nitems)
              diag_error($1->loc, "expected a declaration or statement"); }
    ;

labeled_statement
    : IDENTIFIER ':' statement
        { $$ = MK(N_LABEL, @$); $$->name = tokname(p, $1); $$->name_tok = $1;
          $$->body = $3; KID($$, $3); }
    | CASE constant_expression ':' statement
        { $$ = MK(N_CASE, @$); $$->tok = $1; $$->lo = $2; $$->body = $4; KID($$, $2); KID($$, $4); }
    | CASE constant_expression ELLIPSIS constant_expression ':' statement
        { $$ = MK(N_CASE, @$); $$->tok = $1; $$->lo = $2; $$->hi = $4; $$->body = $6;
          KID($$, $2); KID($$, $4); KID($$, $6); }
    | DEFAULT ':' statement
        { $$ = MK(N_DEFAULT, @$); $$->tok = $1; $$->body = $3; KID($$, $3); }
    ;

compound_statement
    : block_open compound_tail
        { $$ = $2; RANGE($$, @$); scope_pop_to(p->sc, $1); RECLASSIFY(); }
    ;

block_open
    : '{'                           { $$ = scope_depth(p->sc); scope_push(p->sc); }
    ;

/* the items and the '}' of a block */
compound_tail
    : block_item_list_opt '}'       { $$ = compound(p, @$, $1); }
    | block_item_list error '}'
        { $$ = compound(p, @$, $1); ITEM($$, error_node(p, ((YYLTYPE){ @2.first, @2.last }))); }
    | error '}'                     { $$ = compound(p, @$, NULL); }
    ;

block_item_list_opt
    : %empty                        { $$ = NULL; }
    | block_item_list
    ;

block_item_list
    : block_item                    { $$ = list1(p, $1); }
    | block_item_list block_item    { $$ = append(p, $1, $2); }
    ;

block_item
    : block_declaration
    | statement
    | PRAGMA                        { $$ = leaf(p, N_PRAGMA, $1); }
    | LABEL_KW identifier_list ';'  { $$ = MK(N_LOCAL_LABEL, @$); $$->tok = $1; }
    | function_definition
        { $$ = $1; diag_error($1->loc, "nested function definitions are not supported"); }
    | error ';'                     { $$ = error_node(p, @$); }
    | error compound_statement      { $$ = error_node(p, @$); }
    ;

block_declaration
    : declaration
    | EXTENSION block_declaration   { $$ = $2; RANGE($$, @$); }
    ;

expression_statement
    : ';'                           { $$ = MK(N_EXPR_STMT, @$); }
    | expression ';'                { $$ = unary(p, N_EXPR_STMT, @$, -1, $1); }
    ;

selection_statement
    : IF '(' expression ')' statement ELSE statement
        { $$ = MK(N_IF, @$); $$->tok = $1; $$->cond = $3; $$->then = $5; $$->els = $7;
          KID($$, $3); KID($$, $5); KID($$, $7); }
    | IF '(' expression ')' statement
        { $$ = MK(N_IF, @$); $$->tok = $1; $$->cond = $3; $$->then = $5; KID($$, $3); KID($$, $5); }
    | SWITCH '(' expression ')' statement
        { $$ = MK(N_SWITCH, @$); $$->tok = $1; $$->cond = $3; $$->body = $5; KID($$, $3); KID($$, $5); }
    ;

iteration_statement
    : WHILE '(' expression ')' statement
        { $$ = MK(N_WHILE, @$); $$->tok = $1; $$->cond = $3; $$->body = $5; KID($$, $3); KID($$, $5); }
    | DO statement WHILE '(' expression ')' ';'
        { $$ = MK(N_DO, @$); $$->tok = $1; $$->body = $2; $$->cond = $5; KID($$, $2); KID($$, $5); }
    | for_open for_init expression_opt ';' expression_opt ')' statement
        { $$ = MK(N_FOR, @$); $$->init = $2; $$->cond = $3; $$->incr = $5; $$->body = $7;
          $$->tok = @1.first;
          KID($$, $2); KID($$, $3); KID($$, $5); KID($$, $7);
          scope_pop_to(p->sc, $1); RECLASSIFY(); }
    ;

for_open
    : FOR '('                       { $$ = scope_depth(p->sc); scope_push(p->sc); }
    ;

for_init
    : expression_opt ';'            { $$ = $1; }
    | block_declaration
    ;

jump_statement
    : GOTO general_identifier ';'
        { $$ = MK(N_GOTO, @$); $$->tok = $1; $$->name = tokname(p, $2); $$->name_tok = $2; }
    | GOTO '*' expression ';'       { $$ = unary(p, N_GOTO, @$, $1, $3); }
    | CONTINUE ';'                  { $$ = MK(N_CONTINUE, @$); $$->tok = $1; }
    | BREAK ';'                     { $$ = MK(N_BREAK, @$); $$->tok = $1; }
    | RETURN ';'                    { $$ = MK(N_RETURN, @$); $$->tok = $1; }
    | RETURN expression ';'         { $$ = unary(p, N_RETURN, @$, $1, $2); }
    ;

/* asm [volatile|inline|goto]... ( "..." [: outputs [: inputs [: clobbers [: labels]]]] ); */
asm_statement
    : ASM asm_quals '(' string_seq asm_part ')' ';'
        { $$ = MK(N_ASM_STMT, @$); $$->tok = $1; KID($$, $4); items(p, $$, $5); }
    ;

asm_quals
    : %empty
    | asm_quals VOLATILE
    | asm_quals INLINE
    | asm_quals GOTO
    ;

asm_part
    : %empty                        { $$ = NULL; }
    | ':' asm_operands_opt          { $$ = $2; }
    | ':' asm_operands_opt ':' asm_operands_opt
        { $$ = $2; if ($4) for (int i = 0; i < $4->n; i++) $$ = append(p, $$, $4->v[i]); }
    | ':' asm_operands_opt ':' asm_operands_opt ':' asm_clobbers_opt
        { $$ = $2; if ($4) for (int i = 0; i < $4->n; i++) $$ = append(p, $$, $4->v[i]); }
    | ':' asm_operands_opt ':' asm_operands_opt ':' asm_clobbers_opt ':' asm_labels_opt
        { $$ = $2; if ($4) for (int i = 0; i < $4->n; i++) $$ = append(p, $$, $4->v[i]); }
    ;

asm_operands_opt
    : %empty                        { $$ = NULL; }
    | asm_operands
    ;

asm_operands
    : asm_operand                   { $$ = list1(p, $1); }
    | asm_operands ',' asm_operand  { $$ = append(p, $1, $3); }
    ;

asm_operand
    : string_seq '(' expression ')' { $$ = $3; }
    | '[' general_identifier ']' string_seq '(' expression ')' { $$ = $6; }
    ;

asm_clobbers_opt
    : %empty                        { $$ = NULL; }
    | asm_clobbers
    ;

asm_clobbers
    : string_seq                    { $$ = NULL; }
    | asm_clobbers ',' string_seq   { $$ = NULL; }
    ;

asm_labels_opt
    : %empty                        { $$ = NULL; }
    | identifier_list               { $$ = NULL; }
    ;

/* ---------------- NestStep statements ---------------- */

step_statement
    : STEP statement
        { $$ = MK(N_STEP, @$); $$->tok = $1; $$->body = $2; KID($$, $2); }
    | STEP statement combine_clause
        { $$ = MK(N_STEP, @$); $$->tok = $1; $$->body = $2; $$->combine = $3;
          KID($$, $2); KID($$, $3); }
    ;

neststep_statement
    : neststep_head statement
        { $$ = $1; $$->body = $2; KID($$, $2); RANGE($$, @$); }
    | neststep_head statement combine_clause
        { $$ = $1; $$->body = $2; $$->combine = $3; KID($$, $2); KID($$, $3); RANGE($$, @$); }
    ;

neststep_head
    : NESTSTEP '(' assignment_expression ')'
        { $$ = unary(p, N_NESTSTEP, @$, $1, $3); }
    | NESTSTEP '(' assignment_expression ',' AT '=' assignment_expression ')'
        { $$ = unary(p, N_NESTSTEP, @$, $1, $3); $$->at = $7; KID($$, $7); }
    | NESTSTEP '(' assignment_expression ';' assignment_expression ')'
        { $$ = unary(p, N_NESTSTEP, @$, $1, $3); $$->weights = $5; KID($$, $5); }
    ;

combine_clause
    : COMBINE '(' combine_item_list ')' ';'
        { $$ = MK(N_COMBINE, @$); $$->tok = $1; items(p, $$, $3); }
    ;

combine_item_list
    : combine_item                  { $$ = list1(p, $1); }
    | combine_item_list ',' combine_item { $$ = append(p, $1, $3); }
    ;

combine_item
    : combine_var                   { $$ = combine_item(p, @$, $1, NULL); }
    | combine_var combine_spec      { $$ = combine_item(p, @$, $1, $2); }
    ;

combine_var
    : IDENTIFIER
        { $$ = MK(N_COMBINE_ITEM, @$); $$->name = tokname(p, $1); $$->name_tok = $1;
          $$->sym = scope_lookup(p->sc, $$->name); }
    | IDENTIFIER '[' ':' ']'
        { $$ = MK(N_COMBINE_ITEM, @$); $$->name = tokname(p, $1); $$->name_tok = $1;
          $$->sym = scope_lookup(p->sc, $$->name); $$->whole = 1; }
    ;

/* <op> <op:target> <:target> <op:target[:]>; "<=>" and "<=:t>" start with '<=' */
combine_spec
    : '<' combine_opspec '>'        { $$ = combine_spec(p, @$, &$2, NULL, 0); }
    | LE_OP '>'
        { struct specitem eq = { SI_SH, $1, NULL, CO_EQ }; $$ = combine_spec(p, @$, &eq, NULL, 0); }
    | '<' combine_opspec ':' combine_target '>'
        { $$ = combine_spec(p, @$, &$2, $4, $4->whole); }
    | LE_OP ':' combine_target '>'
        { struct specitem eq = { SI_SH, $1, NULL, CO_EQ }; $$ = combine_spec(p, @$, &eq, $3, $3->whole); }
    | '<' ':' combine_target '>'    { $$ = combine_spec(p, @$, NULL, $3, $3->whole); }
    ;

combine_target
    : postfix_expression            { $$ = $1; $$->whole = 0; }
    | postfix_expression '[' ':' ']' { $$ = $1; $$->whole = 1; }
    ;

forall_statement
    : forall_kw '(' argument_expression_list ')' statement
        { $$ = forall_new(p, @$, $1, $3, $5); }
    ;

forall_kw
    : FORALL
    | FORALL2
    | FORALL3
    ;

mirror_statement
    : PRAGMA_MIRROR '(' argument_expression_list ')' PRAGMA_END
        { $$ = MK(N_MIRROR, @$); $$->tok = $1; items(p, $$, $3); }
    | PRAGMA_UPDATE '(' argument_expression_list ')' PRAGMA_END
        { $$ = MK(N_MIRROR, @$); $$->tok = $1; $$->is_update = 1; items(p, $$, $3); }
    | PRAGMA_MIRROR error PRAGMA_END { $$ = error_node(p, @$); }
    | PRAGMA_UPDATE error PRAGMA_END { $$ = error_node(p, @$); }
    ;

%%

/* ---- the token feed: the lexer hack, attributes, _Atomic( ---- */

static int
next_real(struct parser *p, int i)
{
    while (i < U->ntoks - 1 && U->toks[i].kind == STRAY)
        i++;
    return i;
}

/* the last token of __attribute__((...)) starting at i */
static int
attribute_end(struct parser *p, int i)
{
    int j = next_real(p, i + 1);
    if (j >= U->ntoks - 1 || U->toks[j].kind != '(') {
        diag_error(U->toks[i].loc, "expected '(' after '%s'", U->toks[i].name);
        return i;
    }
    int depth = 0;
    for (; j < U->ntoks - 1; j++) {
        int k = U->toks[j].kind;
        if (k == '(')
            depth++;
        else if (k == ')' && --depth == 0)
            return j;
    }
    diag_error(U->toks[i].loc, "unterminated '%s'", U->toks[i].name);
    return U->ntoks - 2;
}

static int
yylex(YYSTYPE *lval, YYLTYPE *lloc, struct parser *p)
{
    for (;;) {
        int i = p->next;
        if (i >= U->ntoks - 1 || diag_stopped()) {
            i = U->ntoks - 1;
            p->next = i;
            lval->tok = i;
            lloc->first = lloc->last = i;
            return YYEOF;
        }
        p->next++;
        struct token *t = &U->toks[i];
        int k = t->kind, last = i;
        switch (k) {
        case STRAY:
            continue;
        case IDENTIFIER:
        case TYPEDEF_NAME:
            k = scope_is_typedef(p->sc, t->name) ? TYPEDEF_NAME : IDENTIFIER;
            t->kind = k;
            break;
        case ATTRIBUTE:
            last = attribute_end(p, i);
            p->next = last + 1;
            break;
        case ATOMIC:
        case ATOMIC_SPEC: {
            int j = next_real(p, i + 1);
            k = j < U->ntoks - 1 && U->toks[j].kind == '(' ? ATOMIC_SPEC : ATOMIC;
            t->kind = k;
            break;
        }
        default:
            break;
        }
        lval->tok = i;
        lloc->first = i;
        lloc->last = last;
        return k;
    }
}

static void
yyerror(YYLTYPE *loc, struct parser *p, const char *msg)
{
    int i = loc->first;
    if (i < 0 || i >= U->ntoks)
        i = U->ntoks - 1;
    if (!strcmp(msg, "memory exhausted"))       /* the stack reached YYMAXDEPTH */
        diag_error(U->toks[i].loc, "nesting too deep for the parser (%d symbols open at "
                   "once)", YYMAXDEPTH);
    else
        diag_error(U->toks[i].loc, "%s", msg);
}

/* gcc-like: "expected expression before ';'", "expected ')' before '{'",
 * "expected ';', ',' or ':' before 'b'", else "syntax error before 'x'" */
static int
yyreport_syntax_error(const yypcontext_t *ctx, struct parser *p)
{
    if (diag_stopped())
        return 0;
    const YYLTYPE *loc = yypcontext_location(ctx);
    int i = loc->first;
    if (i < 0 || i >= U->ntoks)
        i = U->ntoks - 1;
    const struct token *t = &U->toks[i];
    char before[96];
    if (yypcontext_token(ctx) == YYSYMBOL_YYEOF || t->kind == 0) {
        snprintf(before, sizeof before, "at end of input");
    } else if (t->kind == PRAGMA_END) {
        snprintf(before, sizeof before, "at the end of the pragma line");
    } else {
        int n = t->len, cut = 0;
        if (n > 40) {
            n = 40;
            cut = 1;
        }
        char text[48];
        int k = 0;
        for (int c = 0; c < n; c++) {
            unsigned char ch = (unsigned char)t->text[c];
            text[k++] = ch >= 0x20 && ch < 0x7f ? (char)ch : '?';
        }
        text[k] = '\0';
        snprintf(before, sizeof before, "before '%s%s'", text, cut ? "..." : "");
    }
    yysymbol_kind_t exp[YYNTOKENS];
    int n = yypcontext_expected_tokens(ctx, exp, YYNTOKENS);
    int has_id = 0, has_const = 0, has_type = 0, has_ellipsis = 0;
    /* the token that would close what is open, the first of these expected */
    static const int closer_order[] = { ';', ')', ']', '}', ':', '>', ',' };
    yysymbol_kind_t closer = YYSYMBOL_YYEMPTY;
    int closer_rank = 99;
    for (int e = 0; e < n; e++) {
        switch (exp[e]) {
        case YYSYMBOL_IDENTIFIER: has_id = 1; break;
        case YYSYMBOL_CONSTANT: has_const = 1; break;
        case YYSYMBOL_INT: has_type = 1; break;
        case YYSYMBOL_ELLIPSIS: has_ellipsis = 1; break;
        case YYSYMBOL_YYACCEPT: break;
        default:
            for (int c = 0; c < (int)(sizeof closer_order / sizeof closer_order[0]); c++)
                if (exp[e] == YYTRANSLATE(closer_order[c]) && c < closer_rank) {
                    closer = exp[e];
                    closer_rank = c;
                }
            break;
        }
    }
    const yysymbol_kind_t *list = exp;
    int nlist = n;
    const char *what = NULL;
    if (has_id && has_const && has_type)
        what = "declaration or statement";
    else if (has_id && has_const)
        what = "expression";
    else if (has_type)
        what = has_ellipsis ? "declaration specifiers or '...'" : "declaration specifiers";
    else if (closer != YYSYMBOL_YYEMPTY && n > 4) {
        list = &closer;
        nlist = 1;
    }
    if (what) {
        diag_error(t->loc, "expected %s %s", what, before);
    } else if (nlist >= 1 && nlist <= 4) {
        char text[400];
        size_t len = 0;
        text[0] = '\0';
        for (int e = 0; e < nlist; e++) {
            const char *sep = e == 0 ? "" : e == nlist - 1 ? " or " : ", ";
            int w = snprintf(text + len, sizeof text - len, "%s%s", sep, yysymbol_name(list[e]));
            if (w < 0 || (size_t)w >= sizeof text - len)
                break;
            len += (size_t)w;
        }
        diag_error(t->loc, "expected %s %s", text, before);
    } else {
        diag_error(t->loc, "syntax error %s", before);
    }
    return 0;
}

int
parse_unit(struct unit *u)
{
    struct parser ps;
    struct parser *p = &ps;
    memset(p, 0, sizeof *p);
    p->u = u;
    p->sc = u->scopes;
    static const char *const builtin_types[] = {
        "__builtin_va_list", "__int128_t", "__uint128_t", "__builtin_ms_va_list",
    };
    for (size_t i = 0; i < sizeof builtin_types / sizeof builtin_types[0]; i++) {
        const char *name = unit_intern(u, builtin_types[i], strlen(builtin_types[i]));
        scope_bind(p->sc, symbol_new(p->sc, name, SYM_TYPEDEF));
    }
    u->root = node_new(u, N_TRANSLATION_UNIT, 0, u->ntoks - 1);
    int e0 = diag_errors();
    int r = yyparse(p);
    if (r != 0 && diag_errors() == e0)
        diag_error(u->toks[u->ntoks - 1].loc, "cannot parse this input");
    scope_pop_to(p->sc, 0);
    node_set_range(u, u->root, 0, u->ntoks - 1);
    if (!diag_stopped())
        unit_check_nesting(u);
    free(p->specs);
    return diag_errors() - e0;
}
