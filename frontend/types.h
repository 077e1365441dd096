/*
 * types.h - the little of C's types that nsc's checks need: the class of a
 * declared object's type (or of its elements) and of an expression, so
 * that NestStep operands (the count of neststep, @ = e, forall indices and
 * bounds, prefix targets) are checked in NestStep terms before gcc sees
 * the generated C.  What cannot be told from declarations alone (members,
 * typeof, GNU builtins) is TY_UNKNOWN, and no check fires on it.
 */
#ifndef NSC_TYPES_H
#define NSC_TYPES_H

#include "ast.h"
#include "scope.h"

enum ty_class {
    TY_UNKNOWN = 0,
    TY_INT,             /* integer types, _Bool, enums, char */
    TY_FLOAT,           /* float, double, long double, complex, _FloatN */
    TY_POINTER,         /* pointers and arrays (an array decays) */
    TY_STRING,          /* a string literal */
    TY_RECORD,          /* struct or union */
    TY_VOID,
    TY_FUNCTION
};

/* The class of symbol s's type after `strip` array or pointer derivations
 * (0: the object itself; 1: its elements, as a[i] or *p reads them). */
enum ty_class ty_of_symbol(const struct symbol *s, int strip);
/* The class of expression e. */
enum ty_class ty_of_expr(const struct unit *u, const struct node *e);
/* The value of an integer constant expression of constants and + - * / %
 * (an array extent after the preprocessor: 10, (N + 1) * 2); 1 when e is
 * one whose value fits a long long, else 0. */
int ty_const_int(const struct unit *u, const struct node *e, long long *v);
/* The class in words, after "is": "an integer", "floating-point", ... */
const char *ty_words(enum ty_class c);
/* Do a and b have the same base type (specifiers, following typedef
 * names)?  1 yes, 0 no, -1 cannot tell. */
int ty_same_base(const struct symbol *a, const struct symbol *b);
/* The same for two declarations' specifiers. */
int ty_same_specs(const struct node *a, const struct node *b);
/* The spelling of s's base type ("double", "struct pt"), from its
 * declaration's tokens, in the unit's arena. */
const char *ty_base_spelling(struct unit *u, const struct symbol *s);
/* The same for declaration specifiers. */
const char *ty_specs_spelling(struct unit *u, const struct node *specs);

#endif
