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
/* The subscripts (N_INDEX and N_SECTION nodes) of an array expression
 * a[i][l:u][k], outermost array dimension first; returns how many (at most
 * max), or -1 when the chain is not subscripts of a name (parentheses
 * allowed).  A section chain is one that has an N_SECTION: the whole
 * expression n is a (multi-dimensional) section. */
#define NS_SECT_DIMS 8         /* NS_SECT_MAX of the runtime: dimensions of a section */
int subscripts_of(const struct node *e, struct node **sub, int max);
int is_section_chain(const struct node *e);
/* The outermost node of the subscript chain that n is part of. */
const struct node *chain_top(const struct node *n);
/* Does pred hold for n or a node below it? */
int node_any(const struct node *n, int (*pred)(const struct node *n, const void *ctx),
             const void *ctx);
/* Is variable v assigned, incremented, or its address taken anywhere in n? */
int modifies(const struct unit *u, const struct node *n, const struct symbol *v);
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

/* mirror.c: mirror inference.  A read a[e] of a one-dimensional
 * distributed array in a step, with e an affine function of the index v of
 * a forall or for loop inside the step (or free of such an index), all
 * else in e unchanged by the step (and by prev, the step before, where the
 * mirror goes when there is one): the step needs a[e(lo) .. e(hi)]
 * mirrored, lo .. hi the range of v. */
struct mirror_need {
    const struct node *read;        /* a[e] */
    const struct symbol *arr;
    const struct node *index;       /* e */
    const struct symbol *var;       /* v, or NULL (e has none) */
    const struct node *loop;        /* the N_FORALL or N_FOR of v */
};
/* Does function f have a #pragma mirror of array a (NULL: of any array)?
 * Found once per function. */
int function_mirrors(struct unit *u, const struct node *f, const struct symbol *a);
/* Fills out (at most max) for the reads of step; with warn, reports
 * (-Wmirror) the remote reads it cannot cover. */
int mirror_needs(struct unit *u, const struct node *step, const struct node *prev,
                 struct mirror_need *out, int max, int warn);
/* The range of a for loop's variable: init, bound, and the adjustment of
 * the bound (-1 for <, +1 for >, 0 for <= and >=); up: the loop counts up. */
int for_range(const struct unit *u, const struct node *loop, const struct symbol *v,
              const struct node **init, const struct node **bound, int *adjust, int *up);

/* rewrite.c: prints the translation of the whole unit; mirror_warnings:
 * -Wmirror; perf_warnings: -Wperf. */
struct emitter;
void rewrite_unit(struct unit *u, struct emitter *em, int mirror_warnings, int perf_warnings);

#endif
