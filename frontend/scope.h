/*
 * scope.h - scopes and symbols.
 *
 * Ordinary identifiers (objects, functions, typedef names, enumeration
 * constants, parameters) and tags live in nested scopes: file (depth 0),
 * function prototype, function body and blocks.  The parser opens and
 * closes them; the lexer hack asks scope_is_typedef().  A symbol stays valid
 * after its scope is closed (identifier nodes point at it), and the file
 * scope stays bound after the parse.  Labels are not tracked.
 */
#ifndef NSC_SCOPE_H
#define NSC_SCOPE_H

#include "ast.h"

enum sym_kind { SYM_OBJECT, SYM_FUNCTION, SYM_TYPEDEF, SYM_ENUM_CONST, SYM_PARAM, SYM_TAG };

struct symbol {
    const char *name;           /* interned */
    enum sym_kind kind;
    struct node *decl;          /* N_DECLARATION, N_FUNCTION_DEF, N_PARAM, N_ENUMERATOR,
                                 * N_STRUCT / N_ENUM (tags) */
    struct node *declarator;    /* N_DECLARATOR, or NULL (enumeration constants, tags) */
    struct node *specs;         /* N_DECL_SPECS, or NULL */
    int is_sh;                  /* declared sh */
    enum combine_op combine_op; /* sh<op>; CO_NONE when none */
    struct node *combine_fn;    /* sh<f>: N_IDENT naming f */
    enum dist dist;             /* </> or <%> in the declarator */
    int dist_dims;              /* array dimensions before it (0: the pointer form) */
    int ndims;                  /* leading array dimensions of the type */
    struct node **dims;         /* their size expressions, outermost first (NULL for []) */
    int is_pointer;             /* the outermost derivation is a pointer */
    enum storage storage;
    int thread_local;
    int depth;                  /* scope depth: 0 file scope, 1 and more inside */
    int file_scope;             /* depth == 0 */
    struct symbol *prev;        /* an earlier declaration of the name in the same
                                 * scope (extern int x; int x;), or NULL */
};

struct scopes;

struct scopes *scope_new(struct unit *u);
void scope_free(struct scopes *s);

int scope_push(struct scopes *s);                   /* returns the new depth */
int scope_depth(const struct scopes *s);
void scope_pop_to(struct scopes *s, int depth);     /* closes the scopes above depth */

/* a new symbol (not yet bound) */
struct symbol *symbol_new(struct scopes *s, const char *name, enum sym_kind kind);
/* binds sym in the current scope (tags in their own name space); sets its
 * depth when it has none yet */
void scope_bind(struct scopes *s, struct symbol *sym);
/* the innermost visible binding, or NULL */
struct symbol *scope_lookup(const struct scopes *s, const char *name);
struct symbol *scope_lookup_tag(const struct scopes *s, const char *name);
int scope_is_typedef(const struct scopes *s, const char *name);

/* fills the symbol's NestStep and type fields from its specifiers and
 * declarator */
void symbol_set_decl(struct symbol *sym, struct node *specs, struct node *declarator,
                     struct unit *u);

#endif
