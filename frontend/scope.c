/*
 * scope.c - the scope stack: one hash table per name space (ordinary
 * identifiers, tags) from interned name to its innermost binding, each
 * binding linked to the one it hides and to the next binding made in the
 * same scope, so closing a scope unbinds exactly its names.
 */
#include "scope.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct binding {
    struct symbol *sym;
    int depth;
    struct binding *hidden;     /* the binding of the same name it hides */
    struct binding *next_in_scope;
    int ns;                     /* 0 ordinary, 1 tag */
};

struct table {
    const char **key;
    struct binding **top;
    size_t cap, n;
};

struct scopes {
    struct unit *u;
    struct table t[2];
    struct binding **undo;      /* per depth: bindings made there */
    int depth, capdepth;
    struct binding *free_list;
};

static void
die_oom(void)
{
    fputs("nsc: out of memory\n", stderr);
    exit(1);
}

struct scopes *
scope_new(struct unit *u)
{
    struct scopes *s = calloc(1, sizeof *s);
    if (!s)
        die_oom();
    s->u = u;
    s->capdepth = 64;
    s->undo = calloc((size_t)s->capdepth, sizeof *s->undo);
    if (!s->undo)
        die_oom();
    return s;
}

static void
free_bindings(struct binding *b)
{
    while (b) {
        struct binding *n = b->next_in_scope;
        free(b);
        b = n;
    }
}

void
scope_free(struct scopes *s)
{
    if (!s)
        return;
    for (int d = 0; d <= s->depth && d < s->capdepth; d++)
        free_bindings(s->undo[d]);
    while (s->free_list) {
        struct binding *n = s->free_list->next_in_scope;
        free(s->free_list);
        s->free_list = n;
    }
    for (int i = 0; i < 2; i++) {
        free(s->t[i].key);
        free(s->t[i].top);
    }
    free(s->undo);
    free(s);
}

static size_t
hash_ptr(const char *p)
{
    uintptr_t x = (uintptr_t)p;
    x ^= x >> 17;
    x *= 0x9e3779b97f4a7c15u;
    return (size_t)(x ^ (x >> 29));
}

/* the slot of key in t (its key is key, or NULL when absent) */
static size_t
slot(const struct table *t, const char *key)
{
    size_t i = hash_ptr(key) & (t->cap - 1);
    while (t->key[i] && t->key[i] != key)
        i = (i + 1) & (t->cap - 1);
    return i;
}

static void
table_grow(struct table *t)
{
    size_t ncap = t->cap ? t->cap * 2 : 1024;
    struct table n = { calloc(ncap, sizeof *n.key), calloc(ncap, sizeof *n.top), ncap, 0 };
    if (!n.key || !n.top)
        die_oom();
    for (size_t i = 0; i < t->cap; i++)
        if (t->key[i] && t->top[i]) {
            size_t j = slot(&n, t->key[i]);
            n.key[j] = t->key[i];
            n.top[j] = t->top[i];
            n.n++;
        }
    free(t->key);
    free(t->top);
    *t = n;
}

static struct binding *
top(const struct table *t, const char *name)
{
    if (!t->cap || !name)
        return NULL;
    size_t i = slot(t, name);
    return t->key[i] ? t->top[i] : NULL;
}

static void
set_top(struct table *t, const char *name, struct binding *b)
{
    if ((t->n + 1) * 2 >= t->cap)
        table_grow(t);
    size_t i = slot(t, name);
    if (!t->key[i]) {
        t->key[i] = name;
        t->n++;
    }
    t->top[i] = b;
}

int
scope_push(struct scopes *s)
{
    if (s->depth + 1 >= s->capdepth) {
        int ncap = s->capdepth * 2;
        struct binding **nu = realloc(s->undo, (size_t)ncap * sizeof *nu);
        if (!nu)
            die_oom();
        memset(nu + s->capdepth, 0, (size_t)(ncap - s->capdepth) * sizeof *nu);
        s->undo = nu;
        s->capdepth = ncap;
    }
    s->depth++;
    s->undo[s->depth] = NULL;
    return s->depth;
}

int
scope_depth(const struct scopes *s)
{
    return s->depth;
}

void
scope_pop_to(struct scopes *s, int depth)
{
    if (depth < 0)
        depth = 0;
    while (s->depth > depth) {
        struct binding *b = s->undo[s->depth];
        while (b) {
            struct binding *next = b->next_in_scope;
            set_top(&s->t[b->ns], b->sym->name, b->hidden);
            b->next_in_scope = s->free_list;
            s->free_list = b;
            b = next;
        }
        s->undo[s->depth] = NULL;
        s->depth--;
    }
}

struct symbol *
symbol_new(struct scopes *s, const char *name, enum sym_kind kind)
{
    struct symbol *sym = arena_alloc(s->u->arena, sizeof *sym);
    sym->name = name;
    sym->kind = kind;
    sym->depth = -1;
    return sym;
}

void
scope_bind(struct scopes *s, struct symbol *sym)
{
    if (!sym || !sym->name)
        return;
    int ns = sym->kind == SYM_TAG;
    struct binding *b = s->free_list;
    if (b)
        s->free_list = b->next_in_scope;
    else if (!(b = malloc(sizeof *b)))
        die_oom();
    b->sym = sym;
    b->depth = s->depth;
    b->ns = ns;
    b->hidden = top(&s->t[ns], sym->name);
    if (b->hidden && b->hidden->depth == s->depth && b->hidden->sym != sym && !sym->prev)
        sym->prev = b->hidden->sym;
    b->next_in_scope = s->undo[s->depth];
    s->undo[s->depth] = b;
    set_top(&s->t[ns], sym->name, b);
    if (sym->depth < 0) {
        sym->depth = s->depth;
        sym->file_scope = s->depth == 0;
    }
}

struct symbol *
scope_lookup(const struct scopes *s, const char *name)
{
    struct binding *b = top(&s->t[0], name);
    return b ? b->sym : NULL;
}

struct symbol *
scope_lookup_tag(const struct scopes *s, const char *name)
{
    struct binding *b = top(&s->t[1], name);
    return b ? b->sym : NULL;
}

int
scope_is_typedef(const struct scopes *s, const char *name)
{
    struct symbol *sym = scope_lookup(s, name);
    return sym && sym->kind == SYM_TYPEDEF;
}

void
symbol_set_decl(struct symbol *sym, struct node *specs, struct node *d, struct unit *u)
{
    sym->specs = specs;
    sym->declarator = d;
    if (specs) {
        sym->is_sh = specs->is_sh;
        sym->combine_op = specs->combine_op;
        sym->combine_fn = specs->combine_fn;
        sym->storage = specs->storage;
        sym->thread_local = specs->thread_local;
    }
    if (d) {
        sym->dist = d->dist;
        sym->dist_dims = d->dist_dims;
        int n = 0;
        while (n < d->nderivs && d->derivs[n].kind == D_ARRAY)
            n++;
        sym->ndims = n;
        if (n) {
            sym->dims = arena_alloc(u->arena, (size_t)n * sizeof *sym->dims);
            for (int i = 0; i < n; i++)
                sym->dims[i] = d->derivs[i].size;
        }
        sym->is_pointer = d->nderivs > 0 && d->derivs[0].kind == D_POINTER;
    }
}
