/*
 * rewrite.c - the translation of every NestStep construct into calls of the
 * runtime ABI (docs/runtime-abi.md), as an emitter hook: a node the hook
 * does not take is printed as its own tokens, so ordinary C passes through
 * unchanged.  Generated text stays on the line of the construct it
 * replaces.  Runs after check.c has found no error.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "diag.h"
#include "emit.h"
#include "nest.h"
#include "rewrite.h"


void *
grow(void *p, int *cap, int n, size_t el)
{
    if (n < *cap)
        return p;
    *cap = *cap ? 2 * *cap : 16;
    p = realloc(p, (size_t)*cap * el);
    if (!p) {
        fputs("nsc: out of memory\n", stderr);
        exit(1);
    }
    return p;
}

/* ---- small pieces of generated text ---- */

static void
c_string_to(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++) {
        if (*s == '"' || *s == '\\')
            fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < ' ')
            fprintf(f, "\\%03o", (unsigned char)*s);
        else
            fputc(*s, f);
    }
    fputc('"', f);
}

static void
c_string(struct rw *r, const char *s)
{
    char *b = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&b, &n);
    if (!m) {
        fputs("nsc: out of memory\n", stderr);
        exit(1);
    }
    c_string_to(m, s);
    fclose(m);
    E("%s", b);
    free(b);
}

/* A pointer to a static site record of the construct at n: in a function
 * definition, a record at file scope printed before the function (so the
 * construct's line stays one block for a debugger); elsewhere one in a
 * statement expression. */
void
site(struct rw *r, const char *what, const struct node *n)
{
    const char *file = n->loc.file && *n->loc.file ? n->loc.file : NULL;
    if (r->sites) {
        fprintf(r->sites, "static const struct ns_site ns_site_%d = { ", ++r->nsites);
        c_string_to(r->sites, what);
        fputs(", ", r->sites);
        if (file)
            c_string_to(r->sites, file);
        else
            fputs("((void *)0)", r->sites);
        fprintf(r->sites, ", %d }; ", n->loc.line);
        E("(&ns_site_%d)", r->nsites);
        return;
    }
    E("({ static const struct ns_site ns_site = { ");
    c_string(r, what);
    E(", ");
    c_string(r, file);
    E(", %d }; &ns_site; })", n->loc.line);
}

void
flat(struct rw *r, struct node *n)
{
    E("(");
    emit_flat(r->em, n);
    E(")");
}

/* The C spelling of a shared object's element type. */
void
elem_type(struct rw *r, const struct symbol *s)
{
    const struct node *sp = s->specs;
    const struct node *tn = sp ? sp->type_node : NULL;
    if (tn && (tn->kind == N_STRUCT || tn->kind == N_ENUM) && tn->has_body) {
        const struct token *k = &r->u->toks[tn->first];
        if (tn->name)
            E("%.*s %s", k->len, k->text, tn->name);
        else
            E("__typeof__(%s%s)", s->name, s->ndims ? "[0]" : "");
        return;
    }
    for (int i = 0; sp && i < sp->ntype_ranges; i++)
        for (int t = sp->type_ranges[i].first; t <= sp->type_ranges[i].last; t++)
            E("%s%.*s", i || t > sp->type_ranges[i].first ? " " : "", r->u->toks[t].len,
              r->u->toks[t].text);
}

static void
combine_fn(struct rw *r, const struct symbol *s)
{
    if (s->combine_op == CO_FN && s->combine_fn)
        E("(ns_combine_fn)%s", s->combine_fn->name);
    else
        E("((void *)0)");
}

/* The descriptor of replicated object s: its own, or for a 'sh T a[]'
 * parameter the caller's, found at the function's entry (param_entry). */
static void
shvar_ref(struct rw *r, const struct symbol *s)
{
    if (is_param(s))
        E("ns_svp_%s", s->name);
    else
        E("&ns_sv_%s", s->name);
}

/* ---- where a node is ---- */

static int
is_side_effect(const struct node *n, const void *ctx)
{
    const struct unit *u = ctx;
    return n->kind == N_ASSIGN || n->kind == N_POSTFIX || n->kind == N_CALL ||
           n->kind == N_STMT_EXPR || (n->kind == N_UNARY && (tok_is(u, n, "++") ||
                                                             tok_is(u, n, "--")));
}

int
has_side_effects(const struct unit *u, const struct node *n)
{
    return node_any(n, is_side_effect, u);
}

/* The index expressions of an lvalue a[i][j].f, outermost array first;
 * returns how many (at most max). */
int
indices_of(const struct node *e, struct node **idx, int max)
{
    struct node *tmp[16];
    int n = 0;
    while (e && e->kind != N_IDENT) {
        if (e->kind == N_INDEX) {
            if (n < 16)
                tmp[n++] = e->rhs;
            e = e->lhs;
        } else if (e->kind == N_MEMBER || e->kind == N_PAREN || e->kind == N_UNARY)
            e = e->kind == N_MEMBER ? e->lhs : e->operand;
        else
            break;
    }
    int k = 0;
    for (int i = n - 1; i >= 0 && k < max; i--)
        idx[k++] = tmp[i];
    return k;
}

static int
is_main(const struct node *f)
{
    return f && f->kind == N_FUNCTION_DEF && f->decl && f->decl->name &&
           !strcmp(f->decl->name, "main");
}

static int
is_call_of(const struct node *n, const void *name)
{
    return n->kind == N_CALL && n->lhs && n->lhs->kind == N_IDENT && n->lhs->name &&
           !strcmp(n->lhs->name, name);
}

static int
calls(const struct node *n, const char *name)
{
    return node_any(n, is_call_of, name);
}

/* Shared objects a block declares itself (its direct declarations). */
static int
block_declares_shared(const struct node *blk)
{
    for (int i = 0; blk && i < blk->nitems; i++) {
        const struct node *d = blk->items[i];
        if (d->kind == N_DECLARATION && d->specs && d->specs->is_sh)
            return 1;
    }
    return 0;
}

/* ---- distributed arrays ---- */

/* The product of dims [from, to) of s, as C text; "1" when empty. */
void
dims_product(struct rw *r, const struct symbol *s, int from, int to)
{
    if (from >= to) {
        E("1");
        return;
    }
    for (int i = from; i < to; i++) {
        if (i > from)
            E(" * ");
        if (s->dims[i])
            flat(r, s->dims[i]);
        else
            E("1");
    }
}

int
dist_dims(const struct symbol *s)
{
    return s->dist_dims ? s->dist_dims : 1;
}

/* The unit of A[i][j][k] (distributed dimensions only), row-major:
 * ((i * D1) + j) * D2 + k. */
static void
unit_index(struct rw *r, const struct symbol *s, struct node **idx, int n)
{
    int m = dist_dims(s) < n ? dist_dims(s) : n;
    if (m > 1)
        E("(");
    for (int k = 1; k < m; k++)
        E("(");
    for (int k = 0; k < m; k++) {
        if (k) {
            E(") * (");
            flat(r, s->dims[k]);
            E(") + ");
        }
        E("(long)");
        flat(r, idx[k]);
    }
    if (m > 1)
        E(")");
}

/* The element of a unit that A[i][j][k][l] names (undistributed indices
 * idx[dd .. s->ndims)), row-major: k * D3 + l. */
static void
elem_index(struct rw *r, const struct symbol *s, struct node **idx)
{
    int dd = dist_dims(s);
    for (int k = dd; k < s->ndims; k++) {
        if (k > dd)
            E(" + ");
        E("(long)");
        flat(r, idx[k]);
        if (k + 1 < s->ndims) {
            E(" * (");
            dims_product(r, s, k + 1, s->ndims);
            E(")");
        }
    }
}

/* The fields of s that forall vid's view keeps (its k-th array), as the
 * arguments after the unit: block ", first, nlocal", cyclic ", p, me, n". */
static void
view_args(struct rw *r, const struct symbol *s, int vid, int k)
{
    if (s->dist == DIST_BLOCK)
        E(", ns_vf%d_%d, ns_vn%d_%d", vid, k, vid, k);
    else
        E(", ns_vp%d_%d, ns_vm%d_%d, ns_vn%d_%d", vid, k, vid, k, vid, k);
}

/* Emits a distributed element access e (a[i], A[i][j][k], A[i][j]) for
 * reading (wr 0), writing (wr 1), or both (wr 2: op=, ++, --). */
static void
darray_access(struct rw *r, struct node *e, int wr)
{
    struct symbol *s = root_symbol(r->u, e);
    struct node *idx[16];
    int n = indices_of(e, idx, 16), dd = dist_dims(s), trail = s->ndims - dd;
    if (s->dist_dims == 0)
        trail = 0;
    if (forall_access(r, e, s, idx, n, wr))
        return;
    E("(");
    if (trail > 0 && n >= s->ndims) {            /* one element of a unit */
        int typed = !wr && (s->dist == DIST_BLOCK || s->dist == DIST_CYCLIC);
        int vid = 0, vk = 0;
        if (typed)
            vid = forall_view(r, s, &vk);
        E("(*(");
        elem_type(r, s);
        if (vid)                                /* the array's fields in the forall's locals */
            E(" *)%s(%s, ", s->dist == DIST_BLOCK ? "ns_da_rd_el_bv" : "ns_da_rd_el_cv", s->name);
        else
            E(" *)%s(%s, ", typed ? (s->dist == DIST_BLOCK ? "ns_da_rd_el_b" : "ns_da_rd_el_c")
                            : wr == 2 ? "ns_da_rmw_el" : wr ? "ns_da_wr_el" : "ns_da_rd_el",
              s->name);
        unit_index(r, s, idx, n);
        E(", ");
        elem_index(r, s, idx);
        if (vid) {
            view_args(r, s, vid, vk);
            E(", ns_vl%d_%d, (size_t)(", vid, vk);
            dims_product(r, s, dist_dims(s), s->ndims);
            E(")");
        }
        E(", ");
        if (typed) {
            E("sizeof(");
            elem_type(r, s);
            E("), ");
        }
        site(r, s->name, e);
        E("))");
        for (int k = s->ndims; k < n; k++) {    /* an array element type's own */
            E("[");
            emit_flat(r->em, idx[k]);
            E("]");
        }
        E(")");
        return;
    } else {
        const char *fn = wr == 2 ? "ns_da_rmw" : wr ? "ns_da_wr" : "ns_da_rd";
        E("(");
        if (trail == 0)
            E("*");
        E("(");
        elem_type(r, s);
        if (trail > 1 && n > dd) {
            E(" (*)");
            for (int i = dd + 1; i < s->ndims; i++) {
                E("[");
                flat(r, s->dims[i]);
                E("]");
            }
        } else
            E(" *");
        int vid = 0, vk = 0;
        if (!wr && trail == 0 && (vid = forall_view(r, s, &vk))) {
            /* its fields in the forall's locals */
            E(")%s(%s, ", s->dist == DIST_BLOCK ? "ns_da_rd_bv" : "ns_da_rd_cv", s->name);
            unit_index(r, s, idx, n);
            view_args(r, s, vid, vk);
            E(", ns_vl%d_%d, sizeof(", vid, vk);
            elem_type(r, s);
            E("), ");
        } else if (!wr && trail == 0 && (s->dist == DIST_BLOCK || s->dist == DIST_CYCLIC)) {
            E(")%s(%s, ", s->dist == DIST_BLOCK ? "ns_da_rd_b" : "ns_da_rd_c", s->name);
            unit_index(r, s, idx, n);
            E(", sizeof(");
            elem_type(r, s);
            E("), ");
        } else {
            E(")%s(%s, ", fn, s->name);
            unit_index(r, s, idx, n);
            E(", ");
        }
        site(r, s->name, e);
        E("))");
    }
    for (int k = dd; k < n; k++) {              /* indices inside the unit */
        E("[");
        emit_flat(r->em, idx[k]);
        E("]");
    }
    E(")");
}

/* ---- replicated shared variables ---- */

/* Emits the element index of a replicated object s from the indices of
 * an lvalue (idx[0..n)), or from the temporaries ns_x<tmp>_<k> when tmp
 * is not 0: row-major, each dimension's stride from sizeof. */
static void
shared_index(struct rw *r, const struct symbol *s, struct node **idx, int n, int tmp)
{
    if (is_param(s))
        E("ns_svo_%s + ", s->name);         /* where the caller's argument starts */
    if (sh_kind_of(s) == SH_SCALAR || n == 0) {
        E("0");
        return;
    }
    int dims = sh_kind_of(s) == SH_HANDLE ? 1 : s->ndims;
    for (int k = 0; k < n && k < dims; k++) {
        if (k)
            E(" + ");
        if (tmp)
            E("ns_x%d_%d", tmp, k);
        else {
            E("(size_t)");
            flat(r, idx[k]);
        }
        if (k + 1 < dims && k + 1 < n) {
            E(" * (sizeof %s", s->name);        /* the stride of dimension k */
            for (int j = 0; j <= k; j++)
                E("[0]");
            E(" / sizeof %s", s->name);
            for (int j = 0; j < dims; j++)
                E("[0]");
            E(")");
        }
    }
}

/* A write to a replicated shared object: (ns_sh_w(...), assignment). */
static void
shared_write(struct rw *r, struct node *n, struct node *lv, struct symbol *s)
{
    struct node *idx[16];
    int ni = indices_of(lv, idx, 16);
    int fx = 0;
    for (int k = 0; k < ni; k++)
        fx |= has_side_effects(r->u, idx[k]);
    emit_lead(r->em, n);
    if (fx) {
        /* indices with side effects: evaluate them once, through a pointer */
        E("({ __typeof__(&(");
        emit_flat(r->em, lv);
        E(")) ns_p; ");
        int id = ++r->ids;
        for (int k = 0; k < ni; k++) {
            E("size_t ns_x%d_%d = ", id, k);
            flat(r, idx[k]);
            E("; ");
        }
        E("ns_sh_w(");
        shvar_ref(r, s);
        E(", ");
        shared_index(r, s, idx, ni, id);
        E(", ");
        site(r, s->name, n);
        E("); ns_p = &%s", s->name);
        for (int k = 0; k < ni; k++)
            E("[ns_x%d_%d]", id, k);
        E("; ");
        /* the operation itself on *ns_p */
        if (n->kind == N_ASSIGN) {
            E("*ns_p ");
            emit_flat_tokens(r->em, n->tok, n->tok);
            E(" ");
            flat(r, n->rhs);
        } else if (n->kind == N_POSTFIX) {
            E("(*ns_p)");
            emit_flat_tokens(r->em, n->tok, n->tok);
        } else {
            emit_flat_tokens(r->em, n->tok, n->tok);
            E("(*ns_p)");
        }
        E("; })");
        return;
    }
    E("(ns_sh_w(");
    shvar_ref(r, s);
    E(", ");
    shared_index(r, s, idx, ni, 0);
    E(", ");
    site(r, s->name, n);
    E("), ");
    emit_default(r->em, n);
    E(")");
}

/* ---- statements ---- */

static void
combine_calls(struct rw *r, const struct node *c)
{
    for (int i = 0; c && i < c->nitems; i++) {
        struct node *it = c->items[i];
        const struct symbol *s = it->sym;
        const char *op = it->combine_op == CO_NONE ? "(-1)" : op_code(it->combine_op);
        if (it->target) {
            E(" ns_combine_prefix(");
            shvar_ref(r, s);
            E(", %s, ", op);
            if (it->combine_op == CO_FN && it->combine_fn)
                E("(ns_combine_fn)%s", it->combine_fn->name);
            else
                E("((void *)0)");
            E(", %s", it->target_whole ? "" : "&");
            flat(r, it->target);
            E(");");
        } else if (it->combine_op != CO_NONE) {
            E(" ns_combine_policy(");
            shvar_ref(r, s);
            E(", %s, ", op);
            if (it->combine_op == CO_FN && it->combine_fn)
                E("(ns_combine_fn)%s", it->combine_fn->name);
            else
                E("((void *)0)");
            E(");");
        }
    }
}

/* The distributed arrays a step body writes (w) and reads as a section
 * source (rd): those with both need a snapshot at the step's start. */
struct da_use {
    struct symbol *arr[64];
    int w[64], rd[64], n;
};

static void
note_use(struct da_use *use, struct symbol *s, int write)
{
    if (!s || sh_kind_of(s) != SH_DARRAY)
        return;
    int k = 0;
    while (k < use->n && use->arr[k] != s)
        k++;
    if (k == use->n) {
        if (use->n == 64)
            return;
        use->arr[use->n++] = s;
        use->w[k] = use->rd[k] = 0;
    }
    if (write)
        use->w[k] = 1;
    else
        use->rd[k] = 1;
}

struct use_ctx {
    struct rw *r;
    struct da_use *use;
};

static int
note_darray_use(struct node *n, void *ctx)
{
    struct rw *r = ((struct use_ctx *)ctx)->r;
    struct da_use *use = ((struct use_ctx *)ctx)->use;
    const struct node *lv = NULL;
    if (n->kind == N_ASSIGN)
        lv = n->lhs;
    else if (n->kind == N_POSTFIX || (n->kind == N_UNARY && (tok_is(r->u, n, "++") ||
                                                             tok_is(r->u, n, "--"))))
        lv = n->operand;
    if (lv)
        note_use(use, root_symbol(r->u, lv), 1);
    if (n->kind == N_ASSIGN && n->rhs && is_section_chain(n->rhs))
        note_use(use, root_symbol(r->u, n->rhs), 0);
    return 1;
}

static void
collect_darray_use(struct rw *r, const struct node *n, struct da_use *use)
{
    node_walk((struct node *)n, note_darray_use, NULL, &(struct use_ctx){ r, use });
}

/* ---- inferred mirrors (mirror.c) ---- */

#define MAX_NEEDS 64

/* e with the index v replaced by name */
static void
flat_subst(struct rw *r, const struct node *e, const struct symbol *v, const char *name)
{
    r->subst = v;
    r->subst_text = name;
    flat(r, (struct node *)e);
    r->subst = NULL;
}

/* The mirror of one inferred read: a[e(lo) .. e(hi)], lo .. hi the range of
 * its index in my part of its loop. */
static void
emit_need(struct rw *r, const struct mirror_need *m, const struct node *step)
{
    const struct node *L = m->loop;
    if (!m->var) {
        E(" ns_da_mirror_span(%s, ", m->arr->name);
        flat_subst(r, m->index, NULL, NULL);
        E(", ");
        flat_subst(r, m->index, NULL, NULL);
    } else {
        E(" { long ns_mlo, ns_mhi; if (");
        if (L->kind == N_FORALL) {
            E("ns_forall_span(%s, ", L->array->sym->name);
            if (L->nitems == 3)
                for (int k = 0; k < 3; k++) {
                    flat(r, L->items[k]);
                    E(", ");
                }
            else
                E("0, ns_da_length(%s) - 1, 1, ", L->array->sym->name);
            E("&ns_mlo, &ns_mhi)");
        } else {
            const struct node *init, *bound;
            int adjust = 0, up = 1;
            for_range(r->u, L, m->var, &init, &bound, &adjust, &up);
            E("(%s = (long)", up ? "ns_mlo" : "ns_mhi");
            flat(r, (struct node *)init);
            E(", %s = (long)", up ? "ns_mhi" : "ns_mlo");
            flat(r, (struct node *)bound);
            E(" + %d, ns_mlo <= ns_mhi)", adjust);
        }
        E(") ns_da_mirror_span(%s, ", m->arr->name);
        flat_subst(r, m->index, m->var, "ns_mlo");
        E(", ");
        flat_subst(r, m->index, m->var, "ns_mhi");
    }
    E(", ");
    site(r, "mirror", step);
    E(");%s", m->var ? " }" : "");
}

static void
note_needs(struct rw *r, const struct mirror_need *m, int n, const char *where, int line)
{
    for (int k = 0; r->mirror_warnings && k < n; k++)
        diag_warning(m[k].read->loc, "mirror of '%s' inserted %s at line %d [-Wmirror]",
                     m[k].arr->name, where, line);
}

/* The step after n in its block, if the next statement is one. */
static const struct node *
next_step(const struct node *n)
{
    const struct node *b = n->parent;
    int i = n->item_index;
    if (!b || b->kind != N_COMPOUND || i < 0 || i + 1 >= b->nitems || b->items[i] != n)
        return NULL;
    return b->items[i + 1]->kind == N_STEP ? b->items[i + 1] : NULL;
}

/* At the end of step n's body: the mirrors the next step needs, when all
 * of them can be issued here. */
static void
mirrors_for_next(struct rw *r, const struct node *n)
{
    struct mirror_need here[MAX_NEEDS], alone[MAX_NEEDS];
    const struct node *next = next_step(n);
    if (!next)
        return;
    int k = mirror_needs(r->u, next, n, here, MAX_NEEDS, 0);
    if (k == 0 || k != mirror_needs(r->u, next, NULL, alone, MAX_NEEDS, 0))
        return;
    mirror_needs(r->u, next, n, here, MAX_NEEDS, r->mirror_warnings);
    for (int i = 0; i < k; i++)
        emit_need(r, &here[i], n);
    note_needs(r, here, k, "in the step before, the step", n->loc.line);
    r->placed = next;
}

/* Is m a read b[i] at the index i of a forall (i, a) of one dimension?
 * Where b is laid out as a, every such element is mine. */
static int
at_forall_index(const struct mirror_need *m)
{
    const struct node *L = m->loop;
    return m->var && L && L->kind == N_FORALL && L->array && L->array->sym && L->ndims == 1 &&
           m->index && m->index->kind == N_IDENT && m->index->sym == m->var;
}

/* Before step n: a superstep of the mirrors it needs, unless the step
 * before took them.  Not in a function that mirrors by itself: its reads
 * may be covered by mirrors nsc cannot see (the caller's, an earlier
 * iteration's), and a superstep costs a barrier. */
static void
mirrors_before(struct rw *r, const struct node *n)
{
    struct mirror_need need[MAX_NEEDS];
    if (r->placed == n)
        return;
    int k = mirror_needs(r->u, n, NULL, need, MAX_NEEDS, r->mirror_warnings);
    if (k && function_mirrors(r->u, enclosing_function(n), NULL)) {
        for (int i = 0; r->mirror_warnings && i < k; i++)
            diag_warning(need[i].read->loc, "no mirror inserted for this read of '%s': the "
                         "statement before the step is not a step, and the function mirrors "
                         "by itself; mirror it in the step before [-Wmirror]",
                         need[i].arr->name);
        return;
    }
    if (!k)
        return;
    int all_mine = 1;
    for (int i = 0; i < k; i++)
        all_mine &= at_forall_index(&need[i]);
    if (all_mine) {     /* nothing to fetch where each array is laid out as its forall's */
        E("if (!(");
        for (int i = 0; i < k; i++)
            E("%sns_da_same_layout(%s, %s)", i ? " && " : "", need[i].arr->name,
              need[i].loop->array->sym->name);
        E(")) ");
    }
    E("{ ns_step_begin(");
    site(r, "mirror", n);
    E(");");
    for (int i = 0; i < k; i++)
        emit_need(r, &need[i], n);
    E(" ns_step_end(); } ");
    if (!all_mine)
        note_needs(r, need, k, "in a superstep of its own before the step", n->loc.line);
    for (int i = 0; all_mine && r->mirror_warnings && i < k; i++)
        diag_warning(need[i].read->loc, "mirror of '%s' inserted in a superstep of its own "
                     "before the step at line %d, taken only where '%s' is not laid out as "
                     "'%s' [-Wmirror]", need[i].arr->name, n->loc.line, need[i].arr->name,
                     need[i].loop->array->sym->name);
}

static void
rewrite_step(struct rw *r, struct node *n)
{
    emit_lead(r->em, n);
    mirrors_before(r, n);
    E("{ ");
    if (n->body->kind == N_FORALL) {    /* step forall ...: one block for the line */
        r->pre_forall = n->body;
        r->pre_id = ++r->ids;
        if (forall_fast(r, n->body))
            forall_decl(r, n->body, r->pre_id, 1);
        forall_decl(r, n->body, r->pre_id, 0);
    }
    E("ns_step_begin(");
    site(r, "step", n);
    E(");");
    struct da_use use = { .n = 0 };
    collect_darray_use(r, n->body, &use);
    for (int k = 0; k < use.n; k++)
        if (use.w[k] && use.rd[k])
            E(" ns_da_snapshot(%s);", use.arr[k]->name);
    emit_node(r->em, n->body);
    mirrors_for_next(r, n);
    combine_calls(r, n->combine);
    E(" ns_step_end(); }");
}

static void
rewrite_neststep(struct rw *r, struct node *n)
{
    emit_lead(r->em, n);
    E("{ if (ns_neststep_begin(");
    flat(r, n->operand);
    E(", ");
    if (n->at)
        flat(r, n->at);
    else
        E("(-0x7fffffff - 1)");
    E(", ");
    if (n->weights)
        flat(r, n->weights);
    else
        E("((void *)0)");
    E(", ");
    site(r, "neststep", n);
    E("))");
    emit_node(r->em, n->body);
    combine_calls(r, n->combine);       /* for the parent's combine that ends it */
    E(" ns_neststep_end(); }");
}

/* A section side: the distributed array it names, or NULL (private). */
static struct symbol *
section_darray(struct rw *r, const struct node *sec)
{
    struct symbol *s = root_symbol(r->u, sec);
    return s && sh_kind_of(s) == SH_DARRAY ? s : NULL;
}

static void
section_bounds(struct rw *r, struct node *sec)
{
    flat(r, sec->lo);
    E(", ");
    flat(r, sec->hi);
    E(", ");
    if (sec->stride)
        flat(r, sec->stride);
    else
        E("1");
}

/* A distributed side that the one-dimensional calls take: one subscript,
 * of an array with one distributed dimension. */
static int
section_1d(const struct symbol *s, const struct node *e)
{
    struct node *sub[2];
    return dist_dims(s) == 1 && subscripts_of(e, sub, 2) == 1;
}

/* Field f (0: lo, 1: hi, 2: st, 3: extent) of subscript k of s, sub. */
static void
sect_field(struct rw *r, const struct symbol *s, const struct node *sub, int k, int f)
{
    int sec = sub->kind == N_SECTION;
    if (f == 0)
        flat(r, sec ? sub->lo : sub->rhs);
    else if (f == 1 && sec)
        flat(r, sub->hi);
    else if (f == 1)
        E("(-0x7fffffffffffffffL - 1)");        /* NS_SECT_INDEX: an index */
    else if (f == 2 && sec && sub->stride)
        flat(r, sub->stride);
    else if (f == 3 && k && k < s->ndims && s->dims[k])
        flat(r, s->dims[k]);
    else
        E(f == 2 ? "1" : "0");
}

/* The subscripts of e (an element or section of distributed array s) as an
 * ns_sect: &(const ns_sect){ nd, ndist, {lo}, {hi}, {st}, {ext} }; an index
 * i is lo = i, hi = NS_SECT_INDEX (the runtime reads i:i:1). */
static void
sect_literal(struct rw *r, const struct symbol *s, const struct node *e)
{
    struct node *sub[NS_SECT_DIMS];
    int n = subscripts_of(e, sub, NS_SECT_DIMS);
    E("&(const ns_sect){ %d, %d", n, dist_dims(s));
    for (int f = 0; f < 4; f++) {
        E(", { ");
        for (int k = 0; k < n; k++) {
            E(k ? ", " : "");
            sect_field(r, s, sub[k], k, f);
        }
        E(" }");
    }
    E(" }");
}

/* t[l:u] = B[..], B[..] = t[l:u], A[..] = B[..]: one runtime call. */
static void
rewrite_section_assign(struct rw *r, struct node *n)
{
    struct node *L = n->lhs, *R = n->rhs;
    struct symbol *dl = is_section_chain(L) ? section_darray(r, L) : NULL;
    struct symbol *dr = is_section_chain(R) ? section_darray(r, R) : NULL;
    emit_lead(r->em, n);
    if (dl && dr && !(section_1d(dl, L) && section_1d(dr, R))) {
        E("ns_da_copy_sect(%s, ", dl->name);
        sect_literal(r, dl, L);
        E(", %s, ", dr->name);
        sect_literal(r, dr, R);
        E(", ");
        site(r, "section", n);
        E(")");
        return;
    }
    if (dl && dr) {
        E("ns_da_copy_section(%s, ", dl->name);
        section_bounds(r, L);
        E(", %s, ", dr->name);
        section_bounds(r, R);
        E(", ");
        site(r, "section", n);
        E(")");
        return;
    }
    struct node *priv = dl ? R : L, *dist = dl ? L : R;
    struct symbol *d = dl ? dl : dr;
    int multi = !section_1d(d, dist);
    if (multi) {
        E("ns_da_section_check(%s(%s, ", dl ? "ns_da_write_sect" : "ns_da_read_sect", d->name);
        sect_literal(r, d, dist);
    } else {
        E("ns_da_section_check(%s%s(%s, ", dl ? "ns_da_write_section" : "ns_da_read_section",
          priv->stride ? "_strided" : "", d->name);
        section_bounds(r, dist);
    }
    E(", &");
    emit_flat(r->em, priv->lhs);
    E("[");
    emit_flat(r->em, priv->lo);
    E("], ");
    if (priv->stride) {
        flat(r, priv->stride);
        E(", ");
    } else if (multi)
        E("1, ");
    if (multi) {                        /* the private element: a piece */
        E("sizeof ");
        emit_flat(r->em, priv->lhs);
        E("[0], ");
    }
    site(r, "section", n);
    E("), ns_section_len(");
    section_bounds(r, priv);
    E("), ");
    site(r, "section", n);
    E(")");
}

/* a and b are spelled alike, token for token. */
static int
same_spelling(const struct unit *u, const struct node *a, const struct node *b)
{
    if (a->last - a->first != b->last - b->first)
        return 0;
    for (int k = 0; k <= a->last - a->first; k++) {
        const struct token *x = &u->toks[a->first + k], *y = &u->toks[b->first + k];
        if (x->len != y->len || memcmp(x->text, y->text, (size_t)x->len) != 0)
            return 0;
    }
    return 1;
}

/* #pragma mirror(a[e:e]): one unit, e evaluated once (ns_da_mirror1). */
static int
mirror_of_one_unit(const struct rw *r, const struct node *n, const struct node *e)
{
    return !n->is_update && e->kind == N_SECTION && !e->stride && e->lo && e->hi
           && same_spelling(r->u, e->lo, e->hi) && !has_side_effects(r->u, e->lo);
}

static void
rewrite_mirror(struct rw *r, struct node *n)
{
    emit_lead(r->em, n);
    for (int i = 0; i < n->nitems; i++) {
        struct node *e = n->items[i];
        struct symbol *s = root_symbol(r->u, e);
        while (e->kind == N_PAREN)
            e = e->operand;
        if (!section_1d(s, e)) {
            E("%s(%s, ", n->is_update ? "ns_da_update_sect" : "ns_da_mirror_sect", s->name);
            sect_literal(r, s, e);
            E(", ");
            site(r, n->is_update ? "update" : "mirror", n);
            E("); ");
            continue;
        }
        if (mirror_of_one_unit(r, n, e)) {
            int vid = 0, vk = 0;
            if (s->dist == DIST_CYCLIC && (vid = forall_view(r, s, &vk)) != 0)
                E("ns_da_mirror1_cv(%s, ", s->name);
            else
                E("ns_da_mirror1(%s, ", s->name);
            flat(r, e->lo);
            if (vid)
                view_args(r, s, vid, vk);
            E(", ");
            site(r, "mirror", n);
            E("); ");
            continue;
        }
        E("%s(%s, ", n->is_update ? "ns_da_update" : "ns_da_mirror", s ? s->name : "?");
        if (e->kind == N_SECTION)
            section_bounds(r, e);
        else {
            struct node *idx[4];
            int ni = indices_of(e, idx, 4);
            if (ni) {
                flat(r, idx[0]);
                E(", ");
                flat(r, idx[0]);
            }
            E(", 1");
        }
        E(", ");
        site(r, n->is_update ? "update" : "mirror", n);
        E("); ");
    }
}

/* ---- declarations ---- */

static int
darray_handle_new(const struct node *init)
{
    return init && init->kind == N_CALL && init->lhs && init->lhs->kind == N_IDENT &&
           init->lhs->name && !strcmp(init->lhs->name, "new_DArray") && init->nitems >= 1;
}

static void
darray_new(struct rw *r, const struct symbol *s, struct node *count)
{
    if (s->dist_dims > 1)                       /* units named A[i][j] in messages */
        E("ns_da_shape(");
    E("ns_da_new(");
    c_string(r, s->name);
    E(", ");
    if (count)
        flat(r, count);
    else
        dims_product(r, s, 0, s->dist_dims);
    E(", (long)(");
    dims_product(r, s, s->dist_dims, s->ndims);
    E("), %s, sizeof(", elem_type_code(s));
    elem_type(r, s);
    E("), %s, %s, ", s->dist == DIST_BLOCK ? "NS_BLOCK" : "NS_CYCLIC", op_code(s->combine_op));
    combine_fn(r, s);
    E(")");
    if (s->dist_dims > 1) {
        E(", %d, (long)", s->dist_dims);
        flat(r, s->dims[1]);
        E(", (long)");
        if (s->dist_dims > 2)
            flat(r, s->dims[2]);
        else
            E("1");
        E(")");
    }
}

/* The registration of replicated object s (a statement). */
static void
shared_declare(struct rw *r, const struct symbol *s)
{
    const char *nm = s->name;
    E(" ns_sh_declare(&ns_sv_%s, ", nm);
    c_string(r, nm);
    switch (sh_kind_of(s)) {
    case SH_SCALAR:
        E(", &%s, 1, %s, sizeof %s, %s, ", nm, elem_type_code(s), nm, op_code(s->combine_op));
        break;
    case SH_ARRAY:
        E(", %s, sizeof %s / sizeof %s", nm, nm, nm);
        for (int i = 0; i < s->ndims; i++)
            E("[0]");
        E(", %s, sizeof %s", elem_type_code(s), nm);
        for (int i = 0; i < s->ndims; i++)
            E("[0]");
        E(", %s, ", op_code(s->combine_op));
        break;
    default:                            /* handle */
        E(", (void *)0, 0, %s, sizeof *%s, %s, ", elem_type_code(s), nm, op_code(s->combine_op));
        break;
    }
    combine_fn(r, s);
    E(");");
    if (sh_kind_of(s) == SH_HANDLE)
        E(" ns_sh_handle(&ns_sv_%s, (void **)&%s);", nm, nm);
}

static void
rewrite_declaration(struct rw *r, struct node *n, int file_scope)
{
    struct node *sp = n->specs;
    int nrep = 0;
    emit_lead(r->em, n);
    /* the replicated ones keep their C declaration, without "sh<...>" */
    for (int i = 0; i < n->nitems; i++) {
        struct node *d = n->items[i];
        if (!d->sym || sh_kind_of(d->sym) == SH_DARRAY)
            continue;
        if (!nrep++)
            emit_skipping(r->em, sp, sp->sh_range.first, sp->sh_range.last);
        else
            E(",");
        if (sh_kind_of(d->sym) == SH_HANDLE && d->init) {
            emit_skipping(r->em, d, d->init->first - 1, d->init->last);
            E(" = ((void *)0)");
        } else
            emit_node(r->em, d);
    }
    if (nrep)
        E(";");
    else if (sp->type_node && (sp->type_node->kind == N_STRUCT ||
                               sp->type_node->kind == N_ENUM) && sp->type_node->has_body) {
        emit_skipping(r->em, sp, sp->sh_range.first, sp->sh_range.last);
        E(";");
    }
    for (int i = 0; i < n->nitems; i++) {
        struct node *d = n->items[i];
        struct symbol *s = d->sym;
        if (!s)
            continue;
        int ext = s->storage == SC_EXTERN, stat = s->storage == SC_STATIC;
        if (sh_kind_of(s) == SH_DARRAY) {
            E(" %sns_darray *%s", ext ? "extern " : stat ? "static " : "", s->name);
            if (file_scope) {
                E(";");
                continue;
            }
            E(" = ");
            if (s->dist_dims == 0 && darray_handle_new(d->init))
                darray_new(r, s, d->init->items[0]);
            else if (s->dist_dims == 0)
                E("((void *)0)");
            else
                darray_new(r, s, NULL);
            E(";");
            continue;
        }
        E(" %sns_shvar ns_sv_%s;", !file_scope ? "" : ext ? "extern " : stat ? "static " : "",
          s->name);
        if (!file_scope) {
            shared_declare(r, s);
            if (sh_kind_of(s) == SH_HANDLE && d->init) {
                E(" %s = ", s->name);
                flat(r, d->init);
                E(";");
            }
        }
    }
    if (file_scope)
        for (int i = 0; i < n->nitems; i++)
            if (n->items[i]->sym && n->items[i]->sym->storage != SC_EXTERN) {
                r->globals = grow(r->globals, &r->capglobals, r->nglobals, sizeof *r->globals);
                r->globals[r->nglobals++] = n->items[i]->sym;
            }
}

/* Registrations of this file's shared globals, in one function. */
static void
file_scope_init(struct rw *r)
{
    if (!r->nglobals)
        return;
    E("\n%sstatic void ns_file_scope_init(void)\n{\n", r->has_main ? "" :
      "__attribute__((constructor)) ");
    for (int i = 0; i < r->nglobals; i++) {
        const struct symbol *s = r->globals[i];
        const struct node *d = s->declarator;
        if (sh_kind_of(s) == SH_DARRAY) {
            E("    %s = ", s->name);
            if (s->dist_dims == 0 && d && darray_handle_new(d->init))
                darray_new(r, s, d->init->items[0]);
            else if (s->dist_dims == 0)
                E("((void *)0)");
            else
                darray_new(r, s, NULL);
            E(";\n");
        } else {
            E("   ");
            shared_declare(r, s);
            E("\n");
        }
    }
    E("}\n");
}

/* ---- blocks, returns, main ---- */

/* Undeclares what block blk declared before item `upto` (all if -1). */
static void
block_cleanup(struct rw *r, const struct node *blk, const struct node *upto)
{
    for (int i = blk->nitems - 1; i >= 0; i--) {
        const struct node *d = blk->items[i];
        if (upto && d->first >= upto->first)
            continue;
        if (d->kind != N_DECLARATION || !d->specs || !d->specs->is_sh)
            continue;
        for (int k = d->nitems - 1; k >= 0; k--) {
            const struct symbol *s = d->items[k]->sym;
            if (!s || s->storage == SC_STATIC || s->storage == SC_EXTERN)
                continue;
            if (sh_kind_of(s) == SH_DARRAY)
                E(" if (%s) ns_da_free(%s);", s->name, s->name);
            else if (sh_kind_of(s) != SH_BAD)
                E(" ns_sh_undeclare(&ns_sv_%s);", s->name);
        }
    }
}

/* The parameter list of a function declarator, or NULL. */
static const struct node *
params_of(const struct node *d)
{
    for (int i = 0; d && i < d->nderivs; i++)
        if (d->derivs[i].kind == D_FUNCTION)
            return d->derivs[i].params;
    return NULL;
}

/* Is parameter k of the function that call n calls a 'sh T a[]'? */
static int
sh_array_param(const struct node *call, int k)
{
    const struct node *f = call->lhs;
    const struct node *ps = f && f->kind == N_IDENT && f->sym ? params_of(f->sym->declarator)
                                                               : NULL;
    const struct node *p = ps && !ps->is_kr && k < ps->nitems ? ps->items[k] : NULL;
    return p && p->kind == N_PARAM && p->specs && p->specs->is_sh && p->decl &&
           p->decl->dist == DIST_NONE;
}

/* The entry of a function with 'sh T a[]' parameters: each finds the
 * descriptor of the replicated array its argument points into, and where
 * in it (ns_svp_a, ns_svo_a).  Prints it when print; returns whether
 * there is any. */
static int
param_entry(struct rw *r, const struct node *f, int print)
{
    const struct node *ps = params_of(f->decl);
    int any = 0;
    for (int i = 0; ps && !ps->is_kr && i < ps->nitems; i++) {
        const struct node *p = ps->items[i];
        const struct symbol *s = p->kind == N_PARAM ? p->sym : NULL;
        if (!s || !s->name || sh_kind_of(s) != SH_ARRAY)
            continue;
        any = 1;
        if (!print)
            continue;
        E(" ns_shvar *ns_svp_%s; size_t ns_svo_%s = ns_sh_param(&ns_svp_%s, %s, ", s->name,
          s->name, s->name, s->name);
        c_string(r, s->name);
        E(", ");
        site(r, f->decl->name ? f->decl->name : "sh", p);
        E("); (void)ns_svo_%s;", s->name);
    }
    return any;
}

static int
main_needs(const struct node *f, const char *call)
{
    return is_main(f) && !calls(f->body, call);
}

static void
rewrite_compound(struct rw *r, struct node *n)
{
    const struct node *f = n->parent && n->parent->kind == N_FUNCTION_DEF &&
                           n->parent->body == n ? n->parent : NULL;
    emit_lead(r->em, n);
    emit_flat_tokens(r->em, n->first, n->first);        /* { */
    if (f && main_needs(f, "NestStep_init")) {
        const struct node *d = f->decl, *ps = NULL;
        for (int i = 0; d && i < d->nderivs && !ps; i++)
            if (d->derivs[i].kind == D_FUNCTION)
                ps = d->derivs[i].params;
        if (ps && ps->nitems >= 2 && ps->items[0]->decl && ps->items[0]->decl->name &&
            ps->items[1]->decl && ps->items[1]->decl->name)
            E(" NestStep_init(&%s, &%s);", ps->items[0]->decl->name,
              ps->items[1]->decl->name);
        else
            E(" NestStep_init((void *)0, (void *)0);");
    }
    if (is_main(f) && r->nglobals)
        E(" ns_file_scope_init();");
    if (f)
        param_entry(r, f, 1);
    for (int i = 0; i < n->nitems; i++)
        emit_node(r->em, n->items[i]);
    block_cleanup(r, n, NULL);
    if (f && main_needs(f, "NestStep_finalize"))
        E(" NestStep_finalize();");
    emit_tokens(r->em, n->last, n->last);               /* } */
}

/* The statement a jump leaves to: the loop or switch of a break, the loop
 * of a continue, the smallest statement holding a goto's label, the
 * function of a return; NULL when that is not known here (goto *e, or a
 * break, continue or goto out of a statement expression). */
static const struct node *
jump_target(const struct node *n)
{
    for (const struct node *p = n->parent; p; p = p->parent) {
        int loop = p->kind == N_WHILE || p->kind == N_DO || p->kind == N_FOR ||
                   p->kind == N_FORALL;
        if (p->kind == N_FUNCTION_DEF)
            return n->kind == N_RETURN ? p : NULL;
        if (p->kind == N_STMT_EXPR && n->kind != N_RETURN)
            return NULL;
        if ((n->kind == N_BREAK && (loop || p->kind == N_SWITCH)) ||
            (n->kind == N_CONTINUE && loop) ||
            (n->kind == N_GOTO && n->name && has_label(p, n->name)))
            return p;
    }
    return NULL;
}

/* What must happen before the jump n leaves its blocks: the shared
 * variables of the blocks it leaves are released, and a return from main
 * finalizes.  Prints it when print; returns whether there is any. */
static int
jump_cleanup(struct rw *r, const struct node *n, int print)
{
    const struct node *target = jump_target(n), *c = n;
    int any = 0;
    if (!target)
        return 0;
    for (const struct node *p = n->parent; p != target; c = p, p = p->parent)
        if (p->kind == N_COMPOUND && block_declares_shared(p)) {
            if (print)
                block_cleanup(r, p, c);
            any = 1;
        }
    if (n->kind == N_RETURN && main_needs(target, "NestStep_finalize")) {
        if (print)
            E(" NestStep_finalize();");
        any = 1;
    }
    return any;
}

static int
rewrite_jump(struct rw *r, struct node *n)
{
    if (!jump_cleanup(r, n, 0))
        return 0;
    emit_lead(r->em, n);
    if (n->kind == N_RETURN && n->operand) {
        E("{ __auto_type ns_rv = ");
        flat(r, n->operand);
        E(";");
        jump_cleanup(r, n, 1);
        E(" return ns_rv; }");
        return 1;
    }
    E("{");
    jump_cleanup(r, n, 1);
    if (n->kind == N_GOTO)
        E(" goto %s; }", n->name);
    else
        E(" %s; }", n->kind == N_RETURN ? "return" : n->kind == N_BREAK ? "break" : "continue");
    return 1;
}

/* ---- expressions ---- */

static int
is_write_node(struct rw *r, const struct node *n, struct node **lv)
{
    if (n->kind == N_ASSIGN) {
        *lv = n->lhs;
        return 1;
    }
    if (n->kind == N_POSTFIX || (n->kind == N_UNARY && (tok_is(r->u, n, "++") ||
                                                         tok_is(r->u, n, "--")))) {
        *lv = n->operand;
        return 1;
    }
    return 0;
}

/* The element of a distributed array an lvalue is in (a[i] of a[i].f,
 * A[i][j][k] of A[i][j][k].m[2]): the subscripts right on its name. */
static struct node *
darray_element(struct node *lv)
{
    struct node *e = lv;
    while (e && e->kind != N_IDENT)
        e = e->kind == N_PAREN || e->kind == N_UNARY ? e->operand : e->lhs;
    while (e && e->parent && e->parent->kind == N_INDEX && e->parent->lhs == e)
        e = e->parent;
    return e;
}

/* The lvalue lv with its distributed element el in write form (wr 1), or
 * read-modify-write form (wr 2: also a write of a part, a[i].f = v, which
 * sends the whole element). */
static void
darray_lvalue(struct rw *r, struct node *lv, struct node *el, int wr)
{
    if (lv == el) {
        darray_access(r, lv, wr);
        return;
    }
    const struct node *outer = r->wr_el;
    int outer_wr = r->wr_mode;
    r->wr_el = el;
    r->wr_mode = wr;
    emit_flat(r->em, lv);
    r->wr_el = outer;
    r->wr_mode = outer_wr;
}

/* A write whose lvalue is a distributed element: the lvalue in write form. */
static void
darray_write(struct rw *r, struct node *n, struct node *lv)
{
    struct fa *f = NULL;
    struct symbol *s = root_symbol(r->u, lv);
    struct node *idx[16], *el = darray_element(lv);
    int ni = indices_of(el, idx, 16);
    if (ni)
        f = fast_forall(r, (const struct node **)idx, ni, s);
    emit_lead(r->em, n);
    int mark = f && !f->mark_all, aligned = !f && ni ? forall_direct_write(r, idx, ni, s) : 0;
    if (mark && f->late_mark)
        E("(ns_w%d = 1, ", f->id);
    else if (mark)
        E("(ns_da_mark(%s, ns_l%d), ", s->name, f->id);
    else if (aligned)                   /* b[i] of an array laid out as the forall's */
        E("(ns_da_mark(%s, ns_l%d), ", s->name, aligned);
    if (n->kind == N_ASSIGN) {
        darray_lvalue(r, lv, el, tok_is(r->u, n, "=") && lv == el ? 1 : 2);
        E(" ");
        emit_flat_tokens(r->em, n->tok, n->tok);
        emit_node(r->em, n->rhs);
    } else if (n->kind == N_POSTFIX) {
        darray_lvalue(r, lv, el, 2);
        emit_flat_tokens(r->em, n->tok, n->tok);
    } else {
        emit_flat_tokens(r->em, n->tok, n->tok);
        darray_lvalue(r, lv, el, 2);
    }
    if (mark || aligned)
        E(")");
}

/* An identifier of a replicated array or handle used as a value: its
 * elements may change through the pointer (the writers rule's escape). */
static int
escapes(struct rw *r, const struct node *n)
{
    const struct node *p = n->parent;
    enum sh_kind k = sh_kind_of(n->sym);
    if (k != SH_ARRAY && k != SH_HANDLE)
        return 0;
    if (!p || !enclosing_function(n))
        return 0;
    switch (p->kind) {
    case N_INDEX: case N_SECTION: return p->lhs != n;
    case N_SIZEOF: case N_ALIGNOF: case N_TYPEOF: case N_MEMBER: return 0;
    case N_ASSIGN: return p->lhs != n;
    case N_UNARY: return !tok_is(r->u, p, "*");
    case N_CALL:                        /* a 'sh T a[]' parameter marks its writes */
        for (int k = 0; k < p->nitems; k++)
            if (p->items[k] == n)
                return !sh_array_param(p, k);
        return 1;
    default: return 1;
    }
}

/* A function definition; one at file scope is held until its site
 * records are known, and they are printed before it.  (Not an inline
 * function with external linkage: it may not refer to static objects.) */
static void
rewrite_function(struct rw *r, struct node *n)
{
    struct emit_hold h;
    char *decls = NULL;
    size_t len = 0;
    int hold = !r->sites && n->parent && n->parent->kind == N_TRANSLATION_UNIT &&
               !(n->specs && n->specs->is_inline && n->specs->storage != SC_STATIC);
    if (hold) {
        emit_hold(r->em, &h);
        r->sites = open_memstream(&decls, &len);
        if (!r->sites) {
            fputs("nsc: out of memory\n", stderr);
            exit(1);
        }
    }
    if (is_main(n) && r->nglobals && !r->has_main) {
        r->has_main = 1;
        if (r->sites)
            fputs("static void ns_file_scope_init(void); ", r->sites);
        else {
            emit_lead(r->em, n);
            E("static void ns_file_scope_init(void); ");
        }
    }
    emit_default(r->em, n);
    if (hold) {
        fclose(r->sites);
        r->sites = NULL;
        emit_release(r->em, &h, decls);
        free(decls);
    }
}

static int
hook(struct emitter *em, struct node *n, void *ctx)
{
    struct rw *r = ctx;
    struct node *lv;
    (void)em;
    switch (n->kind) {
    case N_RANK: emit_lead(em, n); E("(ns_here.rank)"); return 1;
    case N_SIZE: emit_lead(em, n); E("(ns_here.size)"); return 1;
    case N_GROUP: emit_lead(em, n); E("(ns_here.index)"); return 1;
    case N_STEP: rewrite_step(r, n); return 1;
    case N_NESTSTEP: rewrite_neststep(r, n); return 1;
    case N_FORALL: rewrite_forall(r, n); return 1;
    case N_MIRROR: rewrite_mirror(r, n); return 1;
    case N_RETURN: case N_BREAK: case N_CONTINUE: case N_GOTO: return rewrite_jump(r, n);
    case N_DECLARATION:
        if (!n->specs || !n->specs->is_sh)
            return 0;
        rewrite_declaration(r, n, n->parent && n->parent->kind == N_TRANSLATION_UNIT);
        return 1;
    case N_PARAM:                       /* sh int a[]</>: also in prototypes */
        if (!n->specs || !n->specs->is_sh || !n->decl)
            return 0;
        if (n->decl->dist == DIST_NONE) {   /* sh int a[]: int a[] */
            emit_lead(em, n);
            emit_skipping(em, n->specs, n->specs->sh_range.first, n->specs->sh_range.last);
            emit_tokens(em, n->specs->last + 1, n->decl->first - 1);
            emit_node(em, n->decl);
            emit_tokens(em, n->decl->last + 1, n->last);
            return 1;
        }
        emit_lead(em, n);
        E("ns_darray *%s", n->decl->name ? n->decl->name : "");
        return 1;
    case N_FUNCTION_DEF:
        rewrite_function(r, n);
        return 1;
    case N_COMPOUND: {
        const struct node *f = n->parent && n->parent->kind == N_FUNCTION_DEF ?
                               n->parent : NULL;
        if (!block_declares_shared(n) && !(f && f->body == n && (is_main(f) ||
                                                                 param_entry(r, f, 0))))
            return 0;
        rewrite_compound(r, n);
        return 1;
    }
    case N_OWNER: case N_OWNED: {
        struct node *e = n->operand;
        while (e->kind == N_PAREN)
            e = e->operand;
        struct symbol *s = root_symbol(r->u, e);
        struct node *idx[16];
        int ni = indices_of(e, idx, 16), dd = dist_dims(s);
        emit_lead(em, n);
        if (ni > dd)                    /* owner(C[i][j][k++]): k is evaluated too */
            E("(");
        for (int k = dd; k < ni; k++) {
            E("(void)");
            flat(r, idx[k]);
            E(", ");
        }
        int vid = 0, vk = 0;
        if (n->kind == N_OWNED && (vid = forall_view(r, s, &vk))) {   /* the forall's view */
            E(s->dist == DIST_BLOCK ? "(ns_da_owned_bv(" : "(ns_da_owned_cv(");
            unit_index(r, s, idx, ni);
            view_args(r, s, vid, vk);
        } else {
            E("%s(%s, ", n->kind == N_OWNER ? "((int)ns_da_owner" : "(ns_da_owned", s->name);
            unit_index(r, s, idx, ni);
        }
        E("))%s", ni > dd ? ")" : "");
        return 1;
    }
    case N_ASSIGN:
        if (is_section_chain(n->lhs) || is_section_chain(n->rhs)) {
            rewrite_section_assign(r, n);
            return 1;
        }
        if (n->lhs->kind == N_IDENT && sh_kind_of(n->lhs->sym) == SH_DARRAY &&
            darray_handle_new(n->rhs)) {
            emit_lead(em, n);
            E("%s = ", n->lhs->sym->name);
            darray_new(r, n->lhs->sym, n->rhs->items[0]);
            return 1;
        }
        /* fall through */
    case N_POSTFIX: case N_UNARY:
        if (is_write_node(r, n, &lv)) {
            struct symbol *s = root_symbol(r->u, lv);
            enum sh_kind k = sh_kind_of(s);
            if (k == SH_DARRAY && lv->kind != N_IDENT) {
                darray_write(r, n, lv);
                return 1;
            }
            if ((k == SH_SCALAR || k == SH_ARRAY || (k == SH_HANDLE && lv->kind != N_IDENT))) {
                shared_write(r, n, lv, s);
                return 1;
            }
            return 0;
        }
        if (n->kind == N_UNARY && tok_is(r->u, n, "&")) {
            struct symbol *s = root_symbol(r->u, n->operand);
            enum sh_kind k = sh_kind_of(s);
            if ((k == SH_SCALAR || k == SH_ARRAY || k == SH_HANDLE) && enclosing_function(n)) {
                emit_lead(em, n);
                E("(ns_sh_escape(");
                shvar_ref(r, s);
                E(", ");
                site(r, s->name, n);
                E("), ");
                emit_default(em, n);
                E(")");
                return 1;
            }
        }
        return 0;
    case N_INDEX: {
        struct symbol *s = root_symbol(r->u, n);
        if (sh_kind_of(s) != SH_DARRAY)
            return 0;
        /* the outermost index of a chain does the whole access; a[i].m[2]:
         * a[i] does */
        struct node *sub[1];
        if ((n->parent && n->parent->kind == N_INDEX && n->parent->lhs == n) ||
            subscripts_of(n, sub, 1) < 0)
            return 0;
        emit_lead(em, n);
        darray_access(r, n, n == r->wr_el ? r->wr_mode : 0);
        return 1;
    }
    case N_IDENT:
        if (r->subst && n->sym == r->subst) {
            emit_lead(em, n);
            E("%s", r->subst_text);
            return 1;
        }
        if (n->sym && escapes(r, n)) {
            emit_lead(em, n);
            E("(ns_sh_escape(");
            shvar_ref(r, n->sym);
            E(", ");
            site(r, n->sym->name, n);
            E("), %s)", n->sym->name);
            return 1;
        }
        return 0;
    default:
        return 0;
    }
}

void
rewrite_unit(struct unit *u, struct emitter *em, int mirror_warnings, int perf_warnings)
{
    struct rw r = { .u = u, .em = em, .mirror_warnings = mirror_warnings,
                    .perf_warnings = perf_warnings };
    emit_set_hook(em, hook, &r);
    emit_unit(em);
    file_scope_init(&r);        /* called by main if main came after the globals */
    emit_set_hook(em, NULL, NULL);
    free(r.globals);
    free(r.foralls);
}
