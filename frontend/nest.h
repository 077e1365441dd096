/*
 * nest.h - what nsc knows of NestStep objects and constructs, shared by the
 * checks (check.c) and the rewrites (rewrite.c).
 *
 * A `sh` object is one of: a replicated scalar (also a struct), a
 * replicated array (`sh int a[4]`, also as a parameter `sh int a[]`), a
 * handle of a replicated array made by new_Array (`sh int *h`), or a
 * distributed array (`</>`, `<%>`, also as a
 * handle `sh float *A</>` and as a parameter `sh int a[]</>`).
 */
#ifndef NSC_NEST_H
#define NSC_NEST_H

#include "ast.h"
#include "scope.h"

enum sh_kind {
    SH_NONE = 0,        /* not shared */
    SH_SCALAR,          /* sh int x; sh struct s v; */
    SH_ARRAY,           /* sh int a[4][5]; */
    SH_HANDLE,          /* sh int *h; (h = new_Array(n, Type_int)) */
    SH_DARRAY,          /* sh int b[N]</>; sh float *A</>; sh int a[]</> (parameter) */
    SH_BAD              /* shared, but not one of these: sh_bad_reason says why */
};

enum sh_kind sh_kind_of(const struct symbol *s);
/* Is s a parameter?  A replicated array parameter (SH_ARRAY, 'sh T a[]')
 * marks its writes on the descriptor of the array the caller passed. */
int is_param(const struct symbol *s);
const char *sh_bad_reason(const struct symbol *s);

/* The symbol an lvalue or array expression is rooted at (x, a[i], s.f,
 * (a)[i], *h), or NULL. */
struct symbol *root_symbol(const struct unit *u, const struct node *e);
/* Is the spelling of n's main token (n->tok) op? */
int tok_is(const struct unit *u, const struct node *n, const char *op);

/* The Type_* code of the declared element type ("Type_bytes" for structs
 * and types the runtime does not combine arithmetically). */
const char *elem_type_code(const struct symbol *s);
/* The NS_OP_* name of a combine operator (CO_NONE: NS_OP_FIRST). */
const char *op_code(enum combine_op op);

/* Is n inside a step or neststep body (of this function), below stop? */
const struct node *enclosing_step(const struct node *n);
const struct node *enclosing_function(const struct node *n);
/* Does the subtree of n contain the label name (interned)? */
int has_label(const struct node *n, const char *name);

/* check.c: the compile-time checks of spec section 7; returns the number
 * of errors it reported. */
int check_unit(struct unit *u);

/* rewrite.c: prints the translation of the whole unit. */
struct emitter;
void rewrite_unit(struct unit *u, struct emitter *em);

#endif
