/*
 * ast.c - the arena, interned strings, the translation unit and its token
 * array, node construction (children kept in source order), walking,
 * checking and dumping of trees.
 */
#include "ast.h"
#include "diag.h"
#include "scope.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- arena ---- */

struct chunk {
    struct chunk *next;
    size_t size, used;
    max_align_t data[];
};

struct arena {
    struct chunk *head;
};

static void *
xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fputs("nsc: out of memory\n", stderr);
        exit(1);
    }
    return p;
}

static void *
xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p) {
        fputs("nsc: out of memory\n", stderr);
        exit(1);
    }
    return p;
}

struct arena *
arena_new(void)
{
    struct arena *a = xmalloc(sizeof *a);
    a->head = NULL;
    return a;
}

void *
arena_alloc(struct arena *a, size_t n)
{
    const size_t al = sizeof(max_align_t);
    n = (n + al - 1) / al * al;
    if (!n)
        n = al;
    struct chunk *c = a->head;
    if (!c || c->size - c->used < n) {
        size_t size = n > 60000 ? n : 64 * 1024 - sizeof(struct chunk);
        c = xmalloc(sizeof *c + size);
        c->size = size;
        c->used = 0;
        c->next = a->head;
        a->head = c;
    }
    void *p = (char *)c->data + c->used;
    c->used += n;
    memset(p, 0, n);
    return p;
}

char *
arena_strndup(struct arena *a, const char *s, size_t n)
{
    char *p = arena_alloc(a, n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

void
arena_free(struct arena *a)
{
    if (!a)
        return;
    struct chunk *c = a->head;
    while (c) {
        struct chunk *next = c->next;
        free(c);
        c = next;
    }
    free(a);
}

/* grows an arena array *v of *cap elements of size sz to hold n+1 */
static void *
grow(struct arena *a, void *v, int *cap, int n, size_t sz)
{
    if (n < *cap)
        return v;
    int ncap = *cap ? *cap * 2 : 4;
    void *nv = arena_alloc(a, (size_t)ncap * sz);
    if (n)
        memcpy(nv, v, (size_t)n * sz);
    *cap = ncap;
    return nv;
}

/* ---- interned strings ---- */

struct interns {
    const char **slot;          /* open addressing; NULL: empty */
    size_t cap, n;
};

static uint32_t
hash_bytes(const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

const char *
unit_intern(struct unit *u, const char *s, size_t n)
{
    struct interns *in = u->interns;
    if (in->n * 2 >= in->cap) {
        size_t ncap = in->cap ? in->cap * 2 : 1024;
        const char **ns = xmalloc(ncap * sizeof *ns);
        memset(ns, 0, ncap * sizeof *ns);
        for (size_t i = 0; i < in->cap; i++)
            if (in->slot[i]) {
                size_t j = hash_bytes(in->slot[i], strlen(in->slot[i])) & (ncap - 1);
                while (ns[j])
                    j = (j + 1) & (ncap - 1);
                ns[j] = in->slot[i];
            }
        free(in->slot);
        in->slot = ns;
        in->cap = ncap;
    }
    size_t j = hash_bytes(s, n) & (in->cap - 1);
    while (in->slot[j]) {
        const char *t = in->slot[j];
        if (strncmp(t, s, n) == 0 && t[n] == '\0' && memchr(s, '\0', n) == NULL)
            return t;
        j = (j + 1) & (in->cap - 1);
    }
    const char *t = arena_strndup(u->arena, s, n);
    in->slot[j] = t;
    in->n++;
    return t;
}

/* ---- unit ---- */

struct unit *
unit_new(const char *text, size_t len)
{
    struct unit *u = xmalloc(sizeof *u);
    memset(u, 0, sizeof *u);
    u->arena = arena_new();
    u->interns = xmalloc(sizeof *u->interns);
    memset(u->interns, 0, sizeof *u->interns);
    /* a private copy with two NULs after it (flex wants them) */
    char *copy = xmalloc(len + 2);
    if (len)
        memcpy(copy, text, len);
    copy[len] = copy[len + 1] = '\0';
    u->text = copy;
    u->len = len;
    u->scopes = scope_new(u);
    return u;
}

void
unit_free(struct unit *u)
{
    if (!u)
        return;
    scope_free(u->scopes);
    free(u->interns->slot);
    free(u->interns);
    free(u->toks);
    free((char *)u->text);
    arena_free(u->arena);
    free(u);
}

int
unit_add_token(struct unit *u, const struct token *t)
{
    if (u->ntoks == u->captoks) {
        u->captoks = u->captoks ? u->captoks * 2 : 4096;
        u->toks = xrealloc(u->toks, (size_t)u->captoks * sizeof *u->toks);
    }
    u->toks[u->ntoks] = *t;
    return u->ntoks++;
}

const char *
token_str(struct unit *u, int tok)
{
    if (tok < 0 || tok >= u->ntoks)
        return "";
    const struct token *t = &u->toks[tok];
    if (t->name)
        return t->name;
    return arena_strndup(u->arena, t->text, (size_t)t->len);
}

/* ---- nodes ---- */

static const char *const kind_names[N_NKINDS] = {
    [N_ERROR] = "error", [N_TRANSLATION_UNIT] = "translation-unit",
    [N_FUNCTION_DEF] = "function-def", [N_DECLARATION] = "declaration",
    [N_STATIC_ASSERT] = "static-assert", [N_EMPTY_DECL] = "empty-decl",
    [N_FILE_ASM] = "file-asm", [N_PRAGMA] = "pragma", [N_MIRROR] = "mirror",
    [N_DECL_SPECS] = "decl-specs", [N_DECLARATOR] = "declarator", [N_PARAMS] = "params",
    [N_PARAM] = "param", [N_TYPE_NAME] = "type-name", [N_STRUCT] = "struct",
    [N_MEMBER_DECL] = "member-decl", [N_ENUM] = "enum", [N_ENUMERATOR] = "enumerator",
    [N_TYPEDEF_REF] = "typedef-ref", [N_TYPEOF] = "typeof", [N_ATOMIC_TYPE] = "atomic-type",
    [N_ALIGNAS] = "alignas", [N_ATTRIBUTE] = "attribute", [N_ASM_LABEL] = "asm-label",
    [N_COMPOUND] = "compound", [N_EXPR_STMT] = "expr-stmt", [N_IF] = "if",
    [N_SWITCH] = "switch", [N_WHILE] = "while", [N_DO] = "do", [N_FOR] = "for",
    [N_GOTO] = "goto", [N_CONTINUE] = "continue", [N_BREAK] = "break",
    [N_RETURN] = "return", [N_LABEL] = "label", [N_CASE] = "case", [N_DEFAULT] = "default",
    [N_ASM_STMT] = "asm-stmt", [N_LOCAL_LABEL] = "local-label", [N_ATTR_STMT] = "attr-stmt",
    [N_STEP] = "step", [N_NESTSTEP] = "neststep", [N_FORALL] = "forall",
    [N_COMBINE] = "combine", [N_COMBINE_ITEM] = "combine-item", [N_IDENT] = "ident",
    [N_CONSTANT] = "constant", [N_STRING] = "string", [N_RANK] = "rank", [N_SIZE] = "size",
    [N_GROUP] = "group", [N_PAREN] = "paren", [N_STMT_EXPR] = "stmt-expr",
    [N_INDEX] = "index", [N_SECTION] = "section", [N_CALL] = "call", [N_MEMBER] = "member",
    [N_POSTFIX] = "postfix", [N_COMPOUND_LIT] = "compound-literal", [N_UNARY] = "unary",
    [N_SIZEOF] = "sizeof", [N_ALIGNOF] = "alignof", [N_CAST] = "cast",
    [N_BINARY] = "binary", [N_ASSIGN] = "assign", [N_COMMA] = "comma", [N_COND] = "cond",
    [N_LABEL_ADDR] = "label-addr", [N_GENERIC] = "generic",
    [N_GENERIC_ASSOC] = "generic-assoc", [N_VA_ARG] = "va-arg", [N_OFFSETOF] = "offsetof",
    [N_TYPES_COMPAT] = "types-compatible", [N_OWNER] = "owner", [N_OWNED] = "owned",
    [N_INIT_LIST] = "init-list", [N_DESIG_INIT] = "desig-init",
    [N_DESIG_FIELD] = "desig-field", [N_DESIG_INDEX] = "desig-index",
};

const char *
node_kind_name(enum node_kind k)
{
    if ((int)k < 0 || k >= N_NKINDS || !kind_names[k])
        return "?";
    return kind_names[k];
}

const char *
combine_op_name(enum combine_op op)
{
    static const char *const names[] = {
        [CO_NONE] = "", [CO_ADD] = "+", [CO_MUL] = "*", [CO_MAX] = "max", [CO_MIN] = "min",
        [CO_AND] = "&", [CO_OR] = "|", [CO_XOR] = "^", [CO_ANY] = "?", [CO_EQ] = "=",
        [CO_FN] = "function",
    };
    if ((int)op < 0 || op > CO_FN)
        return "";
    return names[op];
}

void
node_set_range(struct unit *u, struct node *n, int first, int last)
{
    n->first = first;
    n->last = last;
    int i = first;
    if (i < 0)
        i = 0;
    if (i >= u->ntoks)
        i = u->ntoks - 1;
    if (i >= 0)
        n->loc = u->toks[i].loc;
}

struct node *
node_new(struct unit *u, enum node_kind k, int first, int last)
{
    struct node *n = arena_alloc(u->arena, sizeof *n);
    n->kind = k;
    n->tok = -1;
    n->name_tok = -1;
    n->dist_tok = -1;
    n->item_index = -1;
    node_set_range(u, n, first, last);
    return n;
}

static int
is_empty(const struct node *n)
{
    return n->last < n->first;
}

void
node_add_kid(struct unit *u, struct node *n, struct node *c)
{
    if (!c)
        return;
    n->kids = grow(u->arena, n->kids, &n->capkids, n->nkids, sizeof *n->kids);
    int i = n->nkids;
    /* keep source order: the parser adds most kids in order, a few earlier
     * (the pointer part of a declarator) */
    while (i > 0 && !is_empty(c) && !is_empty(n->kids[i - 1]) && n->kids[i - 1]->first > c->first) {
        n->kids[i] = n->kids[i - 1];
        i--;
    }
    n->kids[i] = c;
    n->nkids++;
    c->parent = n;
}

void
node_add_item(struct unit *u, struct node *n, struct node *c)
{
    if (!c)
        return;
    n->items = grow(u->arena, n->items, &n->capitems, n->nitems, sizeof *n->items);
    c->item_index = n->nitems;
    n->items[n->nitems++] = c;
    node_add_kid(u, n, c);
}

void
node_add_attr(struct unit *u, struct node *n, struct node *attr)
{
    if (!attr)
        return;
    n->attrs = grow(u->arena, n->attrs, &n->capattrs, n->nattrs, sizeof *n->attrs);
    n->attrs[n->nattrs++] = attr;
    node_add_kid(u, n, attr);
}

void
node_add_deriv(struct unit *u, struct node *n, const struct deriv *d)
{
    n->derivs = grow(u->arena, n->derivs, &n->capderivs, n->nderivs, sizeof *n->derivs);
    n->derivs[n->nderivs++] = *d;
}

void
node_add_type_range(struct unit *u, struct node *n, int first, int last)
{
    n->type_ranges = grow(u->arena, n->type_ranges, &n->captype_ranges, n->ntype_ranges,
                          sizeof *n->type_ranges);
    n->type_ranges[n->ntype_ranges].first = first;
    n->type_ranges[n->ntype_ranges].last = last;
    n->ntype_ranges++;
}

/* The walk's stack: a frame per open node (the node, its next kid), on the
 * C stack up to WALK_LOCAL frames, then on the heap. */
#define WALK_LOCAL 64
struct walk_frame {
    struct node *n;
    int next;
};

int
node_walk(struct node *n, node_visit pre, node_visit post, void *ctx)
{
    if (!n)
        return 0;
    int r = pre ? pre(n, ctx) : 1;
    if (r <= 0)
        return r < 0;
    struct walk_frame local[WALK_LOCAL], *st = local;
    int cap = WALK_LOCAL, top = 0, stopped = 0;
    st[top++] = (struct walk_frame){ n, 0 };
    while (top > 0) {
        struct walk_frame *f = &st[top - 1];
        if (f->next < f->n->nkids) {
            struct node *c = f->n->kids[f->next++];
            r = pre ? pre(c, ctx) : 1;
            if (r < 0) {
                stopped = 1;
                break;
            }
            if (r == 0)
                continue;
            if (top == cap) {
                struct walk_frame *ns = xmalloc(2 * (size_t)cap * sizeof *ns);
                memcpy(ns, st, (size_t)top * sizeof *ns);
                if (st != local)
                    free(st);
                st = ns;
                cap *= 2;
            }
            st[top++] = (struct walk_frame){ c, 0 };
        } else {
            top--;
            if (post && post(f->n, ctx) < 0) {
                stopped = 1;
                break;
            }
        }
    }
    if (st != local)
        free(st);
    return stopped;
}

/* ---- nesting ---- */

/* Does kid c continue a chain of n, one that C code grows without nesting
 * deeper: the left operand of a left-associative operator (a + b + c,
 * a, b, c), the else branch of an if (else if), the statement after a
 * label (case 1: case 2: ...), the operand of a postfix operator (a[i][j],
 * f(x)(y), p->next->next)? */
static int
continues_chain(const struct node *n, const struct node *c)
{
    switch (n->kind) {
    case N_TRANSLATION_UNIT:
        return 1;
    case N_BINARY: case N_COMMA: case N_INDEX: case N_SECTION: case N_CALL: case N_MEMBER:
        return c == n->lhs;
    case N_POSTFIX:
        return c == n->operand;
    case N_IF:
        return c == n->els;
    case N_LABEL: case N_CASE: case N_DEFAULT:
        return c == n->body;
    default:
        return 0;
    }
}

static int
nesting_post(struct node *n, void *ctx)
{
    struct unit *u = ctx;
    int d = 1;
    for (int i = 0; i < n->nkids; i++) {
        const struct node *c = n->kids[i];
        int dc = c->depth + !continues_chain(n, c);
        if (dc > d)
            d = dc;
    }
    n->depth = d;
    if (d > NSC_MAX_NESTING) {
        diag_error(n->loc, "nesting too deep (more than %d levels of parentheses, blocks, "
                   "nested statements or operands)", NSC_MAX_NESTING);
        u->too_deep = 1;
        return -1;
    }
    return 0;
}

int
unit_check_nesting(struct unit *u)
{
    if (u->root)
        node_walk(u->root, NULL, nesting_post, u);
    return u->too_deep;
}

struct check_ctx {
    const struct unit *u;
    int bad;
};

/* n's own range and its kids' order (node_walk visits the kids) */
static int
check_one(struct node *n, void *ctx)
{
    struct check_ctx *k = ctx;
    if (n->first < 0 || n->last >= k->u->ntoks || n->first > n->last + 1) {
        fprintf(stderr, "node_check: %s [%d,%d] out of the token array\n",
                node_kind_name(n->kind), n->first, n->last);
        k->bad++;
    }
    int prev = n->first - 1;
    for (int i = 0; i < n->nkids; i++) {
        const struct node *c = n->kids[i];
        if (c->parent != n) {
            fprintf(stderr, "node_check: %s: kid %s has another parent\n",
                    node_kind_name(n->kind), node_kind_name(c->kind));
            k->bad++;
        }
        if (c->last < c->first)
            continue;
        if (c->first <= prev || c->last > n->last) {
            fprintf(stderr, "node_check: %s [%d,%d]: kid %d %s [%d,%d] overlaps or is outside "
                    "(prev end %d) at %s:%d\n", node_kind_name(n->kind), n->first, n->last, i,
                    node_kind_name(c->kind), c->first, c->last, prev, n->loc.file, n->loc.line);
            k->bad++;
        }
        prev = c->last;
    }
    return 1;
}

int
node_check(const struct unit *u, const struct node *n)
{
    struct check_ctx k = { u, 0 };
    node_walk((struct node *)n, check_one, NULL, &k);
    return k.bad;
}

struct dump_ctx {
    const struct unit *u;
    FILE *f;
};

static int
dump_one(struct node *n, void *ctx)
{
    const struct unit *u = ((struct dump_ctx *)ctx)->u;
    FILE *f = ((struct dump_ctx *)ctx)->f;
    int indent = 0;
    for (const struct node *q = n->parent; q; q = q->parent)
        indent++;
    fprintf(f, "%*s", 2 * indent, "");
    fprintf(f, "%s [%d,%d] %s:%d:%d", node_kind_name(n->kind), n->first, n->last,
            n->loc.file ? n->loc.file : "", n->loc.line, n->loc.col);
    if (n->name)
        fprintf(f, " '%s'", n->name);
    if (n->tok >= 0 && n->tok < u->ntoks)
        fprintf(f, " tok='%.*s'", u->toks[n->tok].len, u->toks[n->tok].text);
    if (n->kind == N_DECL_SPECS && n->is_sh)
        fprintf(f, " sh<%s>", combine_op_name(n->combine_op));
    if (n->kind == N_COMBINE_ITEM)
        fprintf(f, " op<%s>%s%s", combine_op_name(n->combine_op), n->whole ? " whole" : "",
                n->target_whole ? " target-whole" : "");
    if (n->kind == N_DECLARATOR) {
        fputs(" chain:", f);
        for (int i = 0; i < n->nderivs; i++)
            fputs(n->derivs[i].kind == D_POINTER ? " ptr" :
                  n->derivs[i].kind == D_ARRAY ? " array" : " func", f);
        if (n->dist)
            fprintf(f, " dist=%s after %d", n->dist == DIST_BLOCK ? "block" : "cyclic",
                    n->dist_dims);
    }
    if (n->kind == N_FORALL)
        fprintf(f, " ndims=%d nbounds=%d", n->ndims, n->nitems);
    if (n->sym)
        fprintf(f, " sym=%p", (void *)n->sym);
    fputc('\n', f);
    return 1;
}

void
node_dump(const struct unit *u, const struct node *n, void *fp)
{
    struct dump_ctx k = { u, fp };
    node_walk((struct node *)n, dump_one, NULL, &k);
}
