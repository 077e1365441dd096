/*
 * check.c - the compile-time checks of spec section 7: every misuse of a
 * NestStep construct that nsc can see is reported on the user's source
 * (diag.c), so that the generated C never fails to compile for a reason
 * the user did not write.
 */
#include <stdio.h>
#include <string.h>
#include "diag.h"
#include "nest.h"
#include "types.h"

struct checker {
    struct unit *u;
};

static const char *
dist_name(enum dist d)
{
    return d == DIST_BLOCK ? "block-distributed (</>)" : d == DIST_CYCLIC ?
           "cyclically distributed (<%>)" : "not distributed";
}

static int
is_arith_code(const char *code)
{
    return strcmp(code, "Type_bytes") != 0;
}

static int
is_float_code(const char *code)
{
    return !strcmp(code, "Type_float") || !strcmp(code, "Type_double");
}

/* A combine operator op (with function node fn) applied to objects of s's
 * element type: reports what does not fit; loc is where op is written. */
/* A combine function's prototype, if it has one: two pointers to the
 * element type of s (or to void, as ns_combine_fn). */
static void
check_combine_fn(struct checker *c, struct loc loc, const struct symbol *f,
                 const struct symbol *s)
{
    const struct node *d = f->declarator, *ps = NULL;
    for (int i = 0; d && i < d->nderivs && !ps; i++)
        if (d->derivs[i].kind == D_FUNCTION)
            ps = d->derivs[i].params;
    if (!ps || ps->is_kr)
        return;
    int ok = ps->nitems == 2 && !ps->variadic;
    for (int i = 0; ok && i < 2; i++) {
        const struct node *p = ps->items[i], *pd = p->kind == N_PARAM ? p->decl : NULL;
        int nd = pd ? pd->nderivs : 0;
        if (nd == 0 && p->kind == N_PARAM && p->specs && (p->specs->tspec & TS_TYPEDEF))
            continue;                   /* a pointer typedef: cannot tell */
        ok = nd == 1 && pd->derivs[0].kind != D_FUNCTION &&
             (!s || (p->specs && (p->specs->tspec & TS_VOID)) ||      /* void *: any */
              ty_same_specs(p->specs, s->specs) != 0);
    }
    if (!ok) {
        const char *t = s ? ty_base_spelling(c->u, s) : "T";
        diag_error(loc, "combine function '%s' must be declared 'void %s(%s *inout, const %s "
                   "*in)'", f->name, f->name, t, t);
    }
}

static void
check_op(struct checker *c, struct loc loc, enum combine_op op, const struct node *fn,
         const struct symbol *s)
{
    if (op == CO_FN) {
        const struct symbol *f = fn ? fn->sym : NULL;
        if (!f)
            diag_error(loc, "unknown combine function '%s': declare 'void %s(T *inout, "
                       "const T *in)' before this line", fn ? fn->name : "?",
                       fn ? fn->name : "f");
        else if (f->kind != SYM_FUNCTION)
            diag_error(loc, "'%s' is not a function; a combine specifier <f> names a function "
                       "'void f(T *inout, const T *in)'", f->name);
        else
            check_combine_fn(c, fn->loc, f, s);
        return;
    }
    if (!s || op == CO_NONE || op == CO_ANY || op == CO_EQ)
        return;
    const char *code = elem_type_code(s);
    if (!is_arith_code(code))
        diag_error(loc, "combine operator <%s> needs an arithmetic element type; '%s' takes "
                   "only <?>, <=> or a combine function", combine_op_name(op), s->name);
    else if (is_float_code(code) && (op == CO_AND || op == CO_OR || op == CO_XOR))
        diag_error(loc, "combine operator <%s> needs an integer element type; '%s' is "
                   "floating-point", combine_op_name(op), s->name);
}

static void
check_declarator(struct checker *c, struct node *d)
{
    struct symbol *s = d->sym;
    if (!s || !s->is_sh)
        return;
    const char *why = sh_bad_reason(s);
    if (why) {
        diag_error(d->loc, "'%s': %s", s->name ? s->name : "?", why);
        return;
    }
    if (s->specs)
        check_op(c, s->specs->loc, s->combine_op, s->combine_fn, s);
    if (s->thread_local)
        diag_error(d->loc, "'%s': a shared variable cannot be thread-local", s->name);
    const struct node *decl = d->parent;
    if (decl && decl->kind == N_DECLARATION && decl->parent && decl->parent->kind == N_FOR)
        diag_error(d->loc, "'%s': a shared variable cannot be declared in a for statement; "
                   "declare it before the loop", s->name);
    else if (!s->file_scope && s->storage == SC_STATIC && s->kind != SYM_PARAM)
        diag_error(d->loc, "'%s': a shared variable in a block cannot be static; declare it "
                   "at file scope", s->name);
    if (s->storage == SC_EXTERN && sh_kind_of(s) == SH_DARRAY)
        diag_error(d->loc, "'%s': an extern distributed array is not supported; declare it "
                   "in one file and pass it as a parameter", s->name);
    (void)c;
}

static const struct node *
step_body_of(const struct node *step)
{
    return step ? step->body : NULL;
}

/* break/continue: the statement it leaves is inside the step body? */
static void
check_jump(struct checker *c, const struct node *n)
{
    const struct node *step = enclosing_step(n);
    if (!step)
        return;
    const char *what = n->kind == N_RETURN ? "return" : n->kind == N_GOTO ? "goto" :
                       n->kind == N_BREAK ? "break" : "continue";
    if (n->kind == N_RETURN) {
        diag_error(n->loc, "'return' leaves the body of the %s at line %d; end the step "
                   "first", step->kind == N_STEP ? "step" : "neststep", step->loc.line);
        return;
    }
    if (n->kind == N_GOTO) {
        if (!n->name || !has_label(step_body_of(step), n->name))
            diag_error(n->loc, "'goto' leaves the body of the %s at line %d",
                       step->kind == N_STEP ? "step" : "neststep", step->loc.line);
        return;
    }
    for (const struct node *p = n->parent; p && p != step; p = p->parent) {
        int loop = p->kind == N_WHILE || p->kind == N_DO || p->kind == N_FOR ||
                   p->kind == N_FORALL;
        if (loop || (n->kind == N_BREAK && p->kind == N_SWITCH))
            return;
    }
    diag_error(n->loc, "'%s' leaves the body of the %s at line %d", what,
               step->kind == N_STEP ? "step" : "neststep", step->loc.line);
    (void)c;
}

/* "'k'" for a name, "it" for any other expression: the subject of "is". */
static const char *
subject(struct checker *c, const struct node *e)
{
    while (e && e->kind == N_PAREN)
        e = e->operand;
    if (e && e->kind == N_IDENT && e->name) {
        size_t n = strlen(e->name) + 3;
        char *s = arena_alloc(c->u->arena, n);
        snprintf(s, n, "'%s'", e->name);
        return s;
    }
    return "it";
}

/* An operand that must be an integer: reports what else it is. */
static void
check_integer(struct checker *c, const struct node *e, const char *what)
{
    enum ty_class k = ty_of_expr(c->u, e);
    if (e && k != TY_UNKNOWN && k != TY_INT)
        diag_error(e->loc, "%s must be an integer, but %s is %s", what, subject(c, e),
                   ty_words(k));
}

/* neststep(k; w): w is an array of double (or a pointer to double). */
static void
check_weights(struct checker *c, const struct node *w)
{
    const struct node *e = w;
    while (e && e->kind == N_PAREN)
        e = e->operand;
    const struct symbol *s = e && e->kind == N_IDENT ? e->sym : NULL;
    enum ty_class k = ty_of_expr(c->u, e);
    if (k == TY_UNKNOWN)
        return;
    if (k != TY_POINTER) {
        diag_error(w->loc, "the weights of neststep(k; w) must be an array of double, but %s "
                   "is %s", subject(c, w), ty_words(k));
        return;
    }
    const struct node *sp = s ? s->specs : NULL;
    enum ty_class el = s ? ty_of_symbol(s, 1) : TY_UNKNOWN;
    int plain = sp && !(sp->tspec & TS_TYPEDEF) && s->declarator &&
                s->declarator->nderivs == 1;
    if (el == TY_UNKNOWN || (el == TY_FLOAT && !plain))
        return;
    if (el != TY_FLOAT || !(sp->tspec & TS_DOUBLE) || sp->nlong)
        diag_error(w->loc, "the weights of neststep(k; w) must be an array of double, but "
                   "the elements of %s are %s", subject(c, w), plain ?
                   ty_base_spelling(c->u, s) : ty_words(el));
}

static void
check_step(struct checker *c, const struct node *n)
{
    if (n->kind == N_NESTSTEP) {
        check_integer(c, n->operand, "the number of subgroups in neststep(k)");
        check_integer(c, n->at, "the subgroup index e in neststep(k, @ = e)");
        if (n->weights)
            check_weights(c, n->weights);
    }
    const struct node *outer = enclosing_step(n);
    if (outer && outer->kind == N_STEP)
        diag_error(n->loc, "a %s inside the step at line %d of the same group; end that "
                   "step first, or split the group with neststep",
                   n->kind == N_STEP ? "step" : "neststep", outer->loc.line);
}

static void
check_combine_item(struct checker *c, const struct node *it)
{
    struct symbol *s = it->sym;
    if (!s) {
        diag_error(it->loc, "'%s' in a combine clause is not declared", it->name ? it->name
                   : "?");
        return;
    }
    enum sh_kind k = sh_kind_of(s);
    if (k == SH_NONE) {
        diag_error(it->loc, "'%s' in a combine clause is not a shared variable", s->name);
        return;
    }
    if (k == SH_DARRAY) {
        diag_error(it->loc, it->target ? "prefix combining is not allowed for the "
                   "distributed array '%s'" : "a combine clause cannot change the policy of "
                   "the distributed array '%s'; declare it with sh<op>", s->name);
        return;
    }
    if (k == SH_BAD)
        return;
    if (it->whole && k == SH_SCALAR)
        diag_error(it->loc, "'%s[:]': '%s' is not an array", s->name, s->name);
    check_op(c, it->loc, it->combine_op, it->combine_fn, s);
    if (it->target) {
        const struct node *t = it->target;
        if (t->kind != N_IDENT || !t->sym)
            diag_error(t->loc, "the prefix target must be a declared variable");
        else if (t->sym->is_sh)
            diag_error(t->loc, "the prefix target '%s' must be private, not shared",
                       t->sym->name);
        else if (it->target_whole != it->whole)
            diag_error(t->loc, it->whole ? "an element-wise prefix needs an array target: "
                       "write '%s[:]'" : "'%s[:]' is element-wise, but the combined "
                       "variable is not", t->sym->name);
        else if (ty_of_symbol(t->sym, it->whole) != TY_UNKNOWN &&
                 (ty_of_symbol(t->sym, it->whole + 1) != TY_UNKNOWN ||
                  ty_same_base(t->sym, s) == 0))
            diag_error(t->loc, "the prefix target '%s' must %s the element type of '%s' "
                       "(%s), not %s", t->sym->name, it->whole ? "be an array of" : "have",
                       s->name, ty_base_spelling(c->u, s),
                       ty_of_symbol(t->sym, it->whole + 1) != TY_UNKNOWN ?
                       ty_words(ty_of_symbol(t->sym, it->whole)) :
                       ty_base_spelling(c->u, t->sym));
    }
    (void)c;
}

/* The identifier an operand (a, a[i], a[l:u], (a)) is rooted at when it
 * is not declared, else NULL: reported as gcc would, "'a' undeclared". */
static const struct node *
undeclared_root(const struct node *e)
{
    while (e && (e->kind == N_PAREN || e->kind == N_INDEX || e->kind == N_SECTION))
        e = e->kind == N_PAREN ? e->operand : e->lhs;
    return e && e->kind == N_IDENT && !e->sym ? e : NULL;
}

static void
check_forall(struct checker *c, const struct node *n)
{
    for (int i = 0; i < n->ndims; i++) {
        const struct node *v = n->vars[i];
        enum ty_class k = v && v->kind == N_IDENT ? ty_of_expr(c->u, v) : TY_UNKNOWN;
        if (v && v->kind == N_IDENT && !v->sym)
            diag_error(v->loc, "'%s' undeclared: declare the index of %s as an integer "
                       "variable before the loop", v->name, token_str(c->u, n->tok));
        else if (!v || v->kind != N_IDENT ||
            (v->sym->kind != SYM_OBJECT && v->sym->kind != SYM_PARAM))
            diag_error(v ? v->loc : n->loc, "forall needs a variable as its index");
        else if (v->sym->is_sh)
            diag_error(v->loc, "the forall index '%s' must be private, not shared",
                       v->sym->name);
        else if (k != TY_UNKNOWN && k != TY_INT)
            diag_error(v->loc, "the index of %s must be an integer variable, but '%s' is %s",
                       token_str(c->u, n->tok), v->sym->name, ty_words(k));
    }
    static const char *const bound[] = { "lower bound", "upper bound", "stride" };
    for (int i = 0; i < n->nitems; i++) {
        char what[64];
        snprintf(what, sizeof what, "the %s of %s", bound[i % 3], token_str(c->u, n->tok));
        check_integer(c, n->items[i], what);
    }
    const struct node *a = n->array;
    const struct symbol *s = a && a->kind == N_IDENT ? a->sym : NULL;
    const struct node *und = undeclared_root(a);
    if (und) {
        diag_error(und->loc, "'%s' undeclared: %s needs a distributed array (declared with "
                   "</> or <%%>)", und->name, token_str(c->u, n->tok));
        return;
    }
    if (!s || sh_kind_of(s) != SH_DARRAY) {
        diag_error(a ? a->loc : n->loc, "forall needs a distributed array (declared with "
                   "</> or <%%>) after the index%s", n->ndims > 1 ? "es" : "");
        return;
    }
    int dd = s->dist_dims ? s->dist_dims : 1;
    if (dd != n->ndims)
        diag_error(n->loc, "'%s' has %d distributed dimension%s: use %s", s->name, dd,
                   dd > 1 ? "s" : "", dd == 1 ? "forall" : dd == 2 ? "forall2" : "forall3");
    if (n->nitems != 0 && n->nitems != 3 && (n->ndims == 1 || n->nitems != 3 * n->ndims))
        diag_error(n->loc, n->ndims == 1 ? "forall takes the bounds as 'lb, ub, st' (three "
                   "expressions), or none" : "%s takes the bounds as 'lb, ub, st' over the "
                   "units (three expressions), as one triple per dimension (%d expressions), "
                   "or none", n->ndims == 2 ? "forall2" : "forall3", 3 * n->ndims);
    (void)c;
}

/* The object an argument for a 'sh T a[]' parameter points into: a, a[i],
 * &a[i], a + k, *h ...; NULL when it cannot be told. */
static const struct symbol *
replicated_root(const struct unit *u, const struct node *e)
{
    for (;;) {
        while (e && e->kind == N_PAREN)
            e = e->operand;
        if (e && e->kind == N_UNARY && tok_is(u, e, "&"))
            e = e->operand;
        else if (e && e->kind == N_BINARY && (tok_is(u, e, "+") || tok_is(u, e, "-")))
            e = e->lhs;
        else
            break;
    }
    return e ? root_symbol(u, e) : NULL;
}

/* The shape of a distributed array as a declarator gives it (sh T
 * b[N]</>, sh T C[R][S]<%>[U], sh T *A</>, sh T a[]</>): its distributed
 * dimensions, all its dimensions, and dimension k's extent (NULL: [] or
 * the handle's). */
static int
da_ndist(const struct node *d)
{
    return d->dist_dims ? d->dist_dims : 1;
}

static int
da_ndims(const struct node *d)
{
    int n = 0;
    while (n < d->nderivs && d->derivs[n].kind == D_ARRAY)
        n++;
    return d->dist_dims ? n : 1;
}

static const struct node *
da_extent(const struct node *d, int k)
{
    return d->dist_dims && k < d->nderivs && d->derivs[k].kind == D_ARRAY ?
           d->derivs[k].size : NULL;
}

/* "int", "double[U]", "struct pt[2][3]": the element type and the
 * undistributed dimensions of a distributed array, as written. */
static const char *
unit_spelling(struct checker *c, const struct node *specs, const struct node *d)
{
    const char *base = ty_specs_spelling(c->u, specs);
    size_t n = strlen(base) + 1;
    for (int k = da_ndist(d); k < da_ndims(d); k++)
        for (int t = d->derivs[k].first; t <= d->derivs[k].last; t++)
            n += (size_t)c->u->toks[t].len;
    char *s = arena_alloc(c->u->arena, n), *p = s;
    p = stpcpy(p, base);
    for (int k = da_ndist(d); k < da_ndims(d); k++)
        for (int t = d->derivs[k].first; t <= d->derivs[k].last; t++) {
            memcpy(p, c->u->toks[t].text, (size_t)c->u->toks[t].len);
            p += c->u->toks[t].len;
        }
    *p = '\0';
    return s;
}

/* Argument arg (distributed array a) for distributed parameter number i
 * of function f (specifiers pspecs, declarator pd): the element type, the
 * number of distributed dimensions, the unit's shape and the extents that
 * both give as constants must agree, as C's pointer types must: otherwise
 * the function would read the array's bytes as other elements or units. */
static void
check_darray_arg(struct checker *c, const struct node *arg, int i, const struct symbol *f,
                 const struct node *pspecs, const struct node *pd, const struct symbol *a)
{
    const struct node *ad = a->declarator;
    if (!ad || !pd)
        return;
    if (da_ndist(ad) != da_ndist(pd)) {
        diag_error(arg->loc, "argument %d of '%s': '%s' has %d distributed dimension%s, but "
                   "parameter %d has %d", i + 1, f->name, a->name, da_ndist(ad),
                   da_ndist(ad) > 1 ? "s" : "", i + 1, da_ndist(pd));
        return;
    }
    if (da_ndims(ad) != da_ndims(pd)) {
        diag_error(arg->loc, "argument %d of '%s': the units of '%s' are %s, but parameter %d "
                   "takes units of %s", i + 1, f->name, a->name, unit_spelling(c, a->specs, ad),
                   i + 1, unit_spelling(c, pspecs, pd));
        return;
    }
    if (ty_same_specs(pspecs, a->specs) == 0) {
        diag_error(arg->loc, "argument %d of '%s': the elements of '%s' are %s, but parameter "
                   "%d takes %s", i + 1, f->name, a->name, ty_specs_spelling(c->u, a->specs),
                   i + 1, ty_specs_spelling(c->u, pspecs));
        return;
    }
    for (int k = 1; k < da_ndims(ad); k++) {
        long long x, y;
        if (ty_const_int(c->u, da_extent(ad, k), &x) && ty_const_int(c->u, da_extent(pd, k), &y) &&
            x != y) {
            diag_error(arg->loc, "argument %d of '%s': dimension %d of '%s' has extent %lld, "
                       "but parameter %d declares %lld", i + 1, f->name, k + 1, a->name, x,
                       i + 1, y);
            return;
        }
    }
}

/* A call passing shared arrays: distributions must match; a 'sh T a[]'
 * parameter takes a replicated array. */
static void
check_call(struct checker *c, const struct node *n)
{
    const struct node *f = n->lhs;
    const struct symbol *fs = f && f->kind == N_IDENT ? f->sym : NULL;
    const struct node *d = fs ? fs->declarator : NULL;
    const struct node *params = NULL;
    for (int i = 0; d && i < d->nderivs && !params; i++)
        if (d->derivs[i].kind == D_FUNCTION)
            params = d->derivs[i].params;
    if (!params || params->is_kr)
        return;
    for (int i = 0; i < n->nitems && i < params->nitems; i++) {
        const struct node *arg = n->items[i], *par = params->items[i], *ae = arg;
        while (ae->kind == N_PAREN)
            ae = ae->operand;
        const struct symbol *as = ae->kind == N_IDENT ? ae->sym : NULL;
        const struct symbol *ps = par->kind == N_PARAM ? par->sym : NULL;
        const struct node *pd = par->kind == N_PARAM ? par->decl : NULL;
        enum dist pdist = ps ? ps->dist : pd ? pd->dist : DIST_NONE;
        int pshared = par->kind == N_PARAM && par->specs && par->specs->is_sh;
        int adarray = as && sh_kind_of(as) == SH_DARRAY;
        if (pshared && pdist == DIST_NONE) {
            const struct symbol *rs = replicated_root(c->u, arg);
            enum sh_kind rk = sh_kind_of(rs);
            const struct node *rd = rs ? rs->declarator : NULL;
            int private_array = rk == SH_NONE && rd && rd->nderivs &&
                                rd->derivs[0].kind == D_ARRAY;
            if (rs && (private_array || rk == SH_SCALAR || rk == SH_DARRAY))   /* a private
                                             * pointer may point into one: checked at run time */
                diag_error(arg->loc, "argument %d of '%s' must be a replicated shared array "
                           "(or an element's address in one): parameter %d is 'sh', but '%s' "
                           "is %s", i + 1, fs->name, i + 1, rs->name,
                           rk == SH_DARRAY ? "distributed" : rk == SH_SCALAR ?
                           "a shared scalar" : "a private array");
        } else if (pshared && pdist != DIST_NONE && !adarray)
            diag_error(arg->loc, "argument %d of '%s' must be a %s array", i + 1, fs->name,
                       dist_name(pdist));
        else if (pshared && adarray && pdist != as->dist)
            diag_error(arg->loc, "distribution mismatch: '%s' is %s, but parameter %d of "
                       "'%s' is %s", as->name, dist_name(as->dist), i + 1, fs->name,
                       dist_name(pdist));
        else if (pshared && adarray)
            check_darray_arg(c, arg, i, fs, par->specs, pd, as);
    }
    (void)c;
}

static int
is_write(const struct unit *u, const struct node *n, const struct node **lv)
{
    if (n->kind == N_ASSIGN) {
        *lv = n->lhs;
        return 1;
    }
    if (n->kind == N_POSTFIX || (n->kind == N_UNARY && (tok_is(u, n, "++") ||
                                                         tok_is(u, n, "--")))) {
        *lv = n->operand;
        return 1;
    }
    return 0;
}

/* Does the lvalue e (as root_symbol walks it) index its array, or take a
 * section of it? */
static int
has_index(const struct node *e)
{
    for (; e && e->kind != N_IDENT; e = e->kind == N_PAREN || e->kind == N_UNARY ?
                                        e->operand : e->lhs)
        if (e->kind == N_INDEX || e->kind == N_SECTION)
            return 1;
    return 0;
}

/* Writes to a distributed array other than by element (*a, a->f, (a)),
 * and writes to replicated shared variables in main, outside every step. */
static void
check_write(struct checker *c, const struct node *n)
{
    const struct node *lv;
    if (!is_write(c->u, n, &lv))
        return;
    struct symbol *s = root_symbol(c->u, lv);
    enum sh_kind k = sh_kind_of(s);
    if (k == SH_DARRAY && lv->kind != N_IDENT && !has_index(lv)) {
        diag_error(lv->loc, "'%s' is a distributed array: write its elements by index, as "
                   "in %s[i]", s->name, s->name);
        return;
    }
    if (k != SH_SCALAR && k != SH_ARRAY && k != SH_HANDLE)
        return;
    if (k == SH_ARRAY && lv->kind == N_IDENT && is_param(s)) {
        diag_error(lv->loc, "'%s' is a shared array parameter: write its elements (%s[i]), "
                   "not the parameter itself", s->name, s->name);
        return;
    }
    if (k == SH_HANDLE && lv->kind == N_IDENT)
        return;                     /* h = new_Array(...): the handle itself */
    const struct node *f = enclosing_function(n);
    if (!f || !f->decl || !f->decl->name || strcmp(f->decl->name, "main") != 0)
        return;                     /* may run in a step of its caller */
    if (!enclosing_step(n))
        diag_error(n->loc, "write to the shared variable '%s' outside a step; shared "
                   "variables change only in steps", s->name);
}

/* A private section: one range, in its last subscript (t[0:n-1], m[i][0:n-1]). */
static void
check_private_section(const struct node *n)
{
    struct node *sub[32];
    int k = subscripts_of(n, sub, 32), ranges = 0;
    for (int i = 0; i < k; i++)
        ranges += sub[i]->kind == N_SECTION;
    if (n->kind != N_SECTION || ranges != 1)
        diag_error(n->loc, "a private section has one range, in its last subscript, as in "
                   "t[0:n-1] or m[i][0:n-1]");
}

/* The subscripts of a distributed array (an element, a section, the
 * argument of a pragma): every distributed dimension, and no more
 * dimensions than it has. */
static void
check_darray_subscripts(const struct node *n, const struct symbol *s)
{
    struct node *sub[32];
    int k = subscripts_of(n, sub, 32);
    int dd = s->dist_dims ? s->dist_dims : 1, all = s->dist_dims ? s->ndims : 1;
    if (k < 0)
        return;
    if (k < dd)
        diag_error(n->loc, "'%s' has %d distributed dimensions: subscript all of them, as in "
                   "%s%s", s->name, dd, s->name, dd == 2 ? "[i][j]" : "[i][j][k]");
    else if (k > all && is_section_chain(n))
        diag_error(n->loc, "a section of '%s' has at most %d dimension%s", s->name, all,
                   all > 1 ? "s" : "");
    else if (is_section_chain(n) && k > NS_SECT_DIMS)
        diag_error(n->loc, "a section of '%s' over more than %d dimensions is not supported",
                   s->name, NS_SECT_DIMS);
}

static void
check_subscripts(struct checker *c, const struct node *n)
{
    const struct symbol *s = root_symbol(c->u, n);
    if (chain_top(n) != n || sh_kind_of(s) != SH_DARRAY)
        return;
    check_darray_subscripts(n, s);
}

static void
check_section(struct checker *c, const struct node *n)
{
    for (const struct node *q = n; q != chain_top(n); q = q->parent)
        if (q->parent->kind == N_SECTION)
            return;                         /* the outermost range speaks for the chain */
    n = chain_top(n);
    const struct node *p = n->parent;
    if (p && p->kind == N_MIRROR)
        return;
    if (p && p->kind == N_ASSIGN && tok_is(c->u, p, "=") && p->parent &&
        p->parent->kind == N_EXPR_STMT) {
        const struct node *o = p->lhs == n ? p->rhs : p->lhs;      /* the other side */
        if (sh_kind_of(root_symbol(c->u, n)) != SH_DARRAY && is_section_chain(o))
            check_private_section(n);
        if (!is_section_chain(o))
            diag_error(o->loc, "a section assignment needs a section on both sides "
                       "('t[0:n-1] = a[l:u];')");
        else if (p->lhs == n && sh_kind_of(root_symbol(c->u, n)) != SH_DARRAY &&
                 sh_kind_of(root_symbol(c->u, o)) != SH_DARRAY)
            diag_error(p->loc, "a section assignment needs a distributed array on one side "
                       "('t[0:n-1] = a[l:u];')");
        return;
    }
    diag_error(n->loc, "an array section can only be a whole side of an assignment "
               "statement ('t[0:n-1] = a[l:u];'), or the argument of #pragma mirror/update");
}

/* The one-word form of a distributed array: where may the name itself
 * stand?  Elements (a[i]), sections (a[l:u]), forall, #pragma mirror,
 * call arguments (DArray_Length(a), a sh parameter), a handle assignment
 * (a = new_DArray(n), a = b), sizeof, and a test of the handle (a == b,
 * !a).  Anything else (*a, a->f, a + 1, x = a) would compile as the
 * runtime's handle and silently mean something else. */
static int
darray_name_fits(const struct unit *u, const struct node *n)
{
    const struct node *c = n, *p = n->parent;
    while (p && p->kind == N_PAREN) {
        c = p;
        p = p->parent;
    }
    if (!p)
        return 1;
    switch (p->kind) {
    case N_INDEX: case N_SECTION:
        return p->lhs == c;
    case N_CALL:
        return p->lhs != c;
    case N_FORALL: case N_MIRROR: case N_SIZEOF: case N_TYPEOF:
        return 1;
    case N_UNARY:
        return tok_is(u, p, "!");
    case N_BINARY:
        return tok_is(u, p, "==") || tok_is(u, p, "!=");
    case N_ASSIGN: {
        const struct node *o = p->lhs == c ? p->rhs : p->lhs;
        while (o && o->kind == N_PAREN)
            o = o->operand;
        if (!tok_is(u, p, "=") || !o)
            return 0;
        if (o->kind == N_IDENT)
            return sh_kind_of(o->sym) == SH_DARRAY;
        return p->lhs == c && o->kind == N_CALL && o->lhs && o->lhs->kind == N_IDENT &&
               o->lhs->name && !strcmp(o->lhs->name, "new_DArray");
    }
    case N_IF: case N_WHILE: case N_DO: case N_FOR: case N_COND:
        return p->cond == c;
    default:
        return 0;
    }
}

static void
check_darray_name(struct checker *c, const struct node *n)
{
    if (!n->sym || sh_kind_of(n->sym) != SH_DARRAY || darray_name_fits(c->u, n))
        return;
    const struct node *lv = n, *w;          /* (a) = 0, *a += 1, p->x = 1: check_write */
    while (lv->parent && (lv->parent->kind == N_PAREN || lv->parent->kind == N_MEMBER ||
                          (lv->parent->kind == N_UNARY && tok_is(c->u, lv->parent, "*"))))
        lv = lv->parent;
    if (lv != n && lv->parent && is_write(c->u, lv->parent, &w) && w == lv)
        return;
    diag_error(n->loc, "'%s' is a distributed array: use its elements (%s[i]), a section "
               "(t[0:n-1] = %s[l:u];), or pass it to a function that takes a distributed "
               "array", n->sym->name, n->sym->name, n->sym->name);
}

/* #pragma mirror/update(x): x is an element or a section of a distributed
 * array. */
static void
check_mirror(struct checker *c, const struct node *n)
{
    for (int i = 0; i < n->nitems; i++) {
        const struct node *e = n->items[i];
        while (e && e->kind == N_PAREN)
            e = e->operand;
        const struct symbol *s = e ? root_symbol(c->u, e) : NULL;
        const struct node *und = undeclared_root(e);
        if (und)
            diag_error(und->loc, "'%s' undeclared: #pragma %s needs an element or a section "
                       "of a distributed array", und->name, n->is_update ? "update" : "mirror");
        else if (!e || (e->kind != N_INDEX && e->kind != N_SECTION) || !s ||
            sh_kind_of(s) != SH_DARRAY)
            diag_error(n->items[i]->loc, "#pragma %s needs an element or a section of a "
                       "distributed array, as in %s(a[l:u])", n->is_update ? "update" :
                       "mirror", n->is_update ? "update" : "mirror");
    }
}

static void
check_owner(struct checker *c, const struct node *n)
{
    const struct node *e = n->operand;
    while (e && e->kind == N_PAREN)
        e = e->operand;
    const struct symbol *s = e && e->kind == N_INDEX ? root_symbol(c->u, e) : NULL;
    const struct node *und = undeclared_root(e);
    if (und)
        diag_error(und->loc, "'%s' undeclared: %s() needs an element of a distributed array",
                   und->name, n->kind == N_OWNER ? "owner" : "owned");
    else if (!s || sh_kind_of(s) != SH_DARRAY)
        diag_error(n->loc, "%s() needs an element of a distributed array, as in %s(a[i])",
                   n->kind == N_OWNER ? "owner" : "owned", n->kind == N_OWNER ? "owner" :
                   "owned");
}

static int
visit(struct node *n, void *ctx)
{
    struct checker *c = ctx;
    if (diag_stopped())
        return 0;
    switch (n->kind) {
    case N_DECLARATOR: check_declarator(c, n); break;
    case N_STEP: case N_NESTSTEP: check_step(c, n); break;
    case N_RETURN: case N_GOTO: case N_BREAK: case N_CONTINUE: check_jump(c, n); break;
    case N_COMBINE_ITEM: check_combine_item(c, n); break;
    case N_FORALL: check_forall(c, n); break;
    case N_CALL: check_call(c, n); break;
    case N_SECTION: check_section(c, n); check_subscripts(c, n); break;
    case N_INDEX: check_subscripts(c, n); break;
    case N_OWNER: case N_OWNED: check_owner(c, n); break;
    case N_IDENT: check_darray_name(c, n); break;
    case N_MIRROR: check_mirror(c, n); break;
    case N_ASSIGN: case N_POSTFIX: case N_UNARY: check_write(c, n); break;
    default: break;
    }
    return 1;
}

int
check_unit(struct unit *u)
{
    struct checker c = { u };
    int before = diag_errors();
    if (u->root)
        node_walk(u->root, visit, NULL, &c);
    return diag_errors() - before;
}
