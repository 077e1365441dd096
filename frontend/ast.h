/*
 * ast.h - tokens, AST nodes and the translation unit of nsc.
 *
 * The lexer (lexer.l) turns the preprocessed text into an array of tokens,
 * each with its spelling, the white space and linemarker lines before it,
 * and its source location.  The parser (parser.y) builds a tree of nodes;
 * every node covers a range of that array ([first, last], inclusive) and
 * lists its children in source order (kids), with non-overlapping ranges
 * inside its own.  So a node that needs no rewrite is printed as its tokens
 * (emit.c), and a translator hook can replace any node.  Besides the
 * generic kids, each kind fills the named fields listed at its enumerator.
 * Everything lives in one arena, freed at once with the unit.
 */
#ifndef NSC_AST_H
#define NSC_AST_H

#include <stddef.h>

struct symbol;
struct scopes;

/* ---- memory ---- */

struct arena;
struct arena *arena_new(void);
void *arena_alloc(struct arena *a, size_t n);       /* zeroed, aligned; never NULL */
char *arena_strndup(struct arena *a, const char *s, size_t n);
void arena_free(struct arena *a);

/* ---- source locations and tokens ---- */

struct loc {
    const char *file;       /* interned name from the linemarkers ("" when none) */
    int line;               /* 1-based */
    int col;                /* 1-based, in bytes of the preprocessed line */
    const char *pos;        /* the token's first byte in the preprocessed text, or NULL */
};

struct token {
    int kind;               /* parser token code (parser.h); 0: end of input */
    int len;                /* bytes of text */
    const char *text;       /* spelling; not NUL-terminated */
    const char *ws;         /* white space, comments and linemarker lines before it */
    int wslen;
    const char *name;       /* interned spelling of identifiers and keywords, else NULL */
    struct loc loc;
    unsigned sys : 1;       /* from a system header (linemarker flag 3) */
};

/* A range of tokens, inclusive; empty when last < first.  Also the parser's
 * location type (YYLTYPE). */
struct tokrange {
    int first, last;
};

/* ---- node kinds ----
 * Fields used besides first/last/loc/parent/kids/depth are named at each
 * kind.  "items" is the kind's list (also among kids). */
enum node_kind {
    N_ERROR,            /* tokens skipped after a syntax error: no fields */

    /* -- top level -- */
    N_TRANSLATION_UNIT, /* items: external declarations */
    N_FUNCTION_DEF,     /* specs, decl (N_DECLARATOR), body (N_COMPOUND), sym */
    N_DECLARATION,      /* specs, items: N_DECLARATOR (init-declarators; may be none) */
    N_STATIC_ASSERT,    /* cond, msg (N_STRING or NULL) */
    N_EMPTY_DECL,       /* a stray ';' at file scope: no fields */
    N_FILE_ASM,         /* asm ("..."); at file scope: items: none */
    N_PRAGMA,           /* a whole #pragma line (or #ident) kept verbatim: tok */
    N_MIRROR,           /* #pragma mirror(...) / #pragma update(...): tok (the
                         * PRAGMA_MIRROR/PRAGMA_UPDATE token), is_update, items:
                         * the argument expressions (N_SECTION, N_INDEX, ...) */

    /* -- declarations -- */
    N_DECL_SPECS,       /* declaration specifiers: storage, thread_local, is_inline,
                         * is_noreturn, is_sh, sh_range (the tokens "sh<...>"), combine,
                         * combine_fn (N_IDENT for sh<f>), tspec, nlong, quals,
                         * type_node (N_STRUCT/N_ENUM/N_TYPEOF/N_TYPEDEF_REF/
                         * N_ATOMIC_TYPE), type_ranges/ntype_ranges (the tokens of the
                         * type proper: type specifiers and qualifiers), attrs/nattrs
                         * (N_ATTRIBUTE), items: N_ALIGNAS nodes */
    N_DECLARATOR,       /* name (NULL: abstract), name_tok, derivs/nderivs (outermost
                         * first), dist, dist_dims, dist_tok, init (initializer or NULL),
                         * width (bit-field width or NULL), asm_label, attrs/nattrs
                         * (after the declarator and in pointer qualifiers), sym */
    N_PARAMS,           /* a function declarator's "( ... )": items: N_PARAM (or N_IDENT
                         * for an old-style identifier list, is_kr), variadic */
    N_PARAM,            /* specs, decl (N_DECLARATOR, maybe abstract, or NULL), sym */
    N_TYPE_NAME,        /* specs, decl (abstract N_DECLARATOR or NULL) */
    N_STRUCT,           /* struct/union specifier: tok (the keyword), name/name_tok (tag
                         * or NULL), has_body, items: N_MEMBER_DECL, N_STATIC_ASSERT,
                         * N_PRAGMA; attrs/nattrs */
    N_MEMBER_DECL,      /* specs, items: N_DECLARATOR (with width for bit-fields) */
    N_ENUM,             /* enum specifier: name/name_tok (tag or NULL), has_body,
                         * items: N_ENUMERATOR; attrs/nattrs */
    N_ENUMERATOR,       /* name, name_tok, init (value or NULL), sym */
    N_TYPEDEF_REF,      /* a typedef name used as a type specifier: name, tok, sym */
    N_TYPEOF,           /* typeof(expr) / typeof(type): operand or type */
    N_ATOMIC_TYPE,      /* _Atomic(type): type */
    N_ALIGNAS,          /* _Alignas(expr) / _Alignas(type): operand or type */
    N_ATTRIBUTE,        /* __attribute__((...)), the whole range: no fields */
    N_ASM_LABEL,        /* asm ("name") after a declarator: no fields */

    /* -- statements -- */
    N_COMPOUND,         /* { ... }: items: block items (declarations, statements) */
    N_EXPR_STMT,        /* operand (NULL for the null statement ";") */
    N_IF,               /* cond, then, els (NULL if none) */
    N_SWITCH,           /* cond, body */
    N_WHILE,            /* cond, body */
    N_DO,               /* body, cond */
    N_FOR,              /* init (N_DECLARATION, an expression, or NULL), cond, incr
                         * (NULL when absent), body */
    N_GOTO,             /* name/name_tok (goto label), or operand (goto *e) */
    N_CONTINUE,         /* no fields */
    N_BREAK,            /* no fields */
    N_RETURN,           /* operand (NULL if none) */
    N_LABEL,            /* name, name_tok, body (the labeled statement) */
    N_CASE,             /* lo, hi (case lo ... hi, else NULL), body */
    N_DEFAULT,          /* body */
    N_ASM_STMT,         /* asm statement: items: the operand expressions, in order */
    N_LOCAL_LABEL,      /* __label__ a, b; : no fields */
    N_ATTR_STMT,        /* __attribute__((fallthrough)); : attrs/nattrs */
    N_STEP,             /* step S [combine(...);]: body, combine (N_COMBINE or NULL) */
    N_NESTSTEP,         /* neststep(count [, @ = at | ; weights]) S [combine(...);]:
                         * operand (the count), at, weights (NULL when absent), body,
                         * combine */
    N_FORALL,           /* forall/forall2/forall3: tok (keyword), ndims (1..3), vars[]
                         * (ndims index expressions), array, items: bound expressions
                         * (lb, ub, st ... as written, nitems of them), body */
    N_COMBINE,          /* combine ( ... ) ; : items: N_COMBINE_ITEM */
    N_COMBINE_ITEM,     /* name/name_tok, sym (the combined variable), whole (name[:]),
                         * combine (CO_NONE when no <...>), combine_fn (N_IDENT for an
                         * identifier op), target (expression or NULL), target_whole
                         * (target[:]) */

    /* -- expressions -- */
    N_IDENT,            /* name, tok, sym (NULL when undeclared) */
    N_CONSTANT,         /* number or character constant: tok */
    N_STRING,           /* adjacent string literals: tok (first), the range covers all */
    N_RANK,             /* $ : tok */
    N_SIZE,             /* # : tok */
    N_GROUP,            /* @ : tok */
    N_PAREN,            /* ( operand ) */
    N_STMT_EXPR,        /* ({ ... }): body (N_COMPOUND) */
    N_INDEX,            /* lhs[rhs] */
    N_SECTION,          /* lhs[lo:hi] or lhs[lo:hi:stride]: lhs, lo, hi, stride (or NULL) */
    N_CALL,             /* lhs (the callee), items: arguments */
    N_MEMBER,           /* lhs.name or lhs->name: lhs, tok (the operator), name, name_tok */
    N_POSTFIX,          /* operand++ / operand--: tok, operand */
    N_COMPOUND_LIT,     /* (type){...}: type, init (N_INIT_LIST) */
    N_UNARY,            /* tok (& * + - ~ ! ++ -- __real__ __imag__ __extension__), operand */
    N_SIZEOF,           /* tok (sizeof), operand or type */
    N_ALIGNOF,          /* tok (_Alignof, __alignof__), operand or type */
    N_CAST,             /* (type) operand */
    N_BINARY,           /* tok (the operator), lhs, rhs */
    N_ASSIGN,           /* tok (= += ...), lhs, rhs */
    N_COMMA,            /* lhs, rhs */
    N_COND,             /* cond ? then : els; then NULL for GNU "cond ?: els" */
    N_LABEL_ADDR,       /* &&name: name, name_tok */
    N_GENERIC,          /* _Generic(operand, ...): operand, items: N_GENERIC_ASSOC */
    N_GENERIC_ASSOC,    /* type (NULL for default) : operand */
    N_VA_ARG,           /* __builtin_va_arg(operand, type) */
    N_OFFSETOF,         /* __builtin_offsetof(type, designator): type, items:
                         * N_DESIG_FIELD / N_DESIG_INDEX */
    N_TYPES_COMPAT,     /* __builtin_types_compatible_p(type, type2) */
    N_OWNER,            /* owner(operand) */
    N_OWNED,            /* owned(operand) */

    /* -- initializers -- */
    N_INIT_LIST,        /* { ... }: items: initializers (expressions, N_INIT_LIST,
                         * N_DESIG_INIT) */
    N_DESIG_INIT,       /* designators = init: items: N_DESIG_FIELD/N_DESIG_INDEX, init */
    N_DESIG_FIELD,      /* .name: name, name_tok */
    N_DESIG_INDEX,      /* [lo] or [lo ... hi]: lo, hi (or NULL) */

    N_NKINDS
};

const char *node_kind_name(enum node_kind k);

/* sh<op> and combine-item operators */
enum combine_op {
    CO_NONE = 0,        /* no specifier */
    CO_ADD, CO_MUL, CO_MAX, CO_MIN, CO_AND, CO_OR, CO_XOR,
    CO_ANY,             /* <?> */
    CO_EQ,              /* <=> */
    CO_FN               /* <f>: combine_fn names the function */
};
const char *combine_op_name(enum combine_op op);    /* "+", "max", ... "" for none */

enum dist { DIST_NONE = 0, DIST_BLOCK, DIST_CYCLIC };   /* </>, <%> */

enum storage { SC_NONE = 0, SC_TYPEDEF, SC_EXTERN, SC_STATIC, SC_AUTO, SC_REGISTER };

/* type specifier bits (N_DECL_SPECS.tspec); long is counted in nlong */
enum {
    TS_VOID = 1 << 0, TS_CHAR = 1 << 1, TS_SHORT = 1 << 2, TS_INT = 1 << 3,
    TS_LONG = 1 << 4, TS_FLOAT = 1 << 5, TS_DOUBLE = 1 << 6, TS_SIGNED = 1 << 7,
    TS_UNSIGNED = 1 << 8, TS_BOOL = 1 << 9, TS_COMPLEX = 1 << 10, TS_IMAGINARY = 1 << 11,
    TS_INT128 = 1 << 12, TS_EXTFLOAT = 1 << 13,  /* _FloatN, __float128, _DecimalN ... */
    TS_STRUCT = 1 << 14, TS_UNION = 1 << 15, TS_ENUM = 1 << 16, TS_TYPEDEF = 1 << 17,
    TS_TYPEOF = 1 << 18, TS_ATOMIC = 1 << 19,    /* _Atomic(type) */
    TS_AUTO_TYPE = 1 << 20
};
/* qualifier bits (N_DECL_SPECS.quals, struct deriv.quals) */
enum { Q_CONST = 1, Q_VOLATILE = 2, Q_RESTRICT = 4, Q_ATOMIC = 8 };

/* One step of a declarator's type derivation, outermost first: for
 * "int *a[10]" the chain is ARRAY(10), POINTER (a is an array of pointers). */
enum deriv_kind { D_POINTER, D_ARRAY, D_FUNCTION };
struct deriv {
    enum deriv_kind kind;
    int first, last;            /* its tokens: "* const", "[10]", "(int x)" */
    unsigned quals;             /* D_POINTER: Q_* after the '*'; D_ARRAY: inside [] */
    struct node *size;          /* D_ARRAY: size expression, NULL for [] and [*] */
    int is_static, is_star;     /* D_ARRAY: [static n], [*] */
    struct node *params;        /* D_FUNCTION: N_PARAMS */
};

struct node {
    enum node_kind kind;
    int first, last;            /* token range, inclusive; empty when last < first */
    struct loc loc;             /* of the first token */
    struct node *parent;
    struct node **kids;         /* all children, source order, disjoint sub-ranges */
    int nkids, capkids;
    int depth;                  /* nesting: 1 + that of the deepest child, not counting
                                 * the links of chains (unit_check_nesting) */

    int tok;                    /* the kind's main token (see the kind), -1 if none */
    const char *name;           /* interned */
    int name_tok;
    struct symbol *sym;

    struct node **items;        /* the kind's list; also in kids */
    int nitems, capitems;
    int item_index;             /* its place among its parent's items, or -1 */

    /* named children (each also in kids) */
    struct node *lhs, *rhs;
    struct node *operand;
    struct node *type, *type2;
    struct node *cond, *then, *els;
    struct node *init, *incr, *body;
    struct node *lo, *hi, *stride;
    struct node *specs, *decl;
    struct node *combine, *at, *weights;
    struct node *vars[3], *array;
    struct node *target, *combine_fn;
    struct node *msg, *width, *asm_label, *type_node;
    struct node **attrs;
    int nattrs, capattrs;

    /* flags and small values */
    int ndims;                  /* N_FORALL */
    int is_update;              /* N_MIRROR */
    int is_kr, variadic;        /* N_PARAMS */
    int has_body;               /* N_STRUCT, N_ENUM */
    int whole, target_whole;    /* N_COMBINE_ITEM */

    /* N_DECL_SPECS */
    enum storage storage;
    int thread_local, is_inline, is_noreturn;
    int is_sh;
    struct tokrange sh_range;
    enum combine_op combine_op;  /* N_DECL_SPECS (sh<op>) and N_COMBINE_ITEM */
    unsigned tspec, quals;
    int nlong;
    struct tokrange *type_ranges;
    int ntype_ranges, captype_ranges;

    /* N_DECLARATOR */
    struct deriv *derivs;
    int nderivs, capderivs;
    enum dist dist;
    int dist_dims;              /* array dimensions before the </> or <%> (0: pointer) */
    int dist_tok;
};

/* ---- the translation unit ---- */

struct unit {
    const char *text;           /* the preprocessed text (a private copy) */
    size_t len;
    struct token *toks;         /* toks[ntoks - 1] is the end-of-input token */
    int ntoks, captoks;
    struct node *root;          /* N_TRANSLATION_UNIT, or NULL */
    struct arena *arena;
    struct scopes *scopes;      /* file scope stays bound after the parse */
    struct interns *interns;
    int too_deep;               /* the nesting error was reported */
    int plain_c;                /* set before lex_unit: NestStep's nine keywords are
                                 * identifiers everywhere (plain C input) */
    struct fn_mirrors *fn_mirrors;  /* mirror.c: the arrays the function asked about
                                     * last mirrors by hand (in the arena) */
};

/* The deepest nesting accepted: parentheses, blocks, statements inside
 * statements, operands inside operands (a = (b = (c ...)), -(-(x)), {{{}}}).
 * Chains do not nest: a left-associative operator's left operand (a + b +
 * ... with any number of terms), else if, consecutive labels, postfix
 * operators (a[i][j], p->next->next).  The tree walks are iterative; what
 * recurses (the rewrites of constructs inside constructs, the classes of
 * expressions) does so at most this deep. */
#define NSC_MAX_NESTING 10000

struct unit *unit_new(const char *text, size_t len);
void unit_free(struct unit *u);
const char *unit_intern(struct unit *u, const char *s, size_t n);
int unit_add_token(struct unit *u, const struct token *t);    /* returns its index */

/* lexer.l: tokenizes u->text; returns the number of errors it reported */
int lex_unit(struct unit *u);
/* parser.y: builds u->root; returns the number of errors it reported */
int parse_unit(struct unit *u);

/* ---- building and walking nodes ---- */

struct node *node_new(struct unit *u, enum node_kind k, int first, int last);
void node_set_range(struct unit *u, struct node *n, int first, int last);
/* adds c to n's kids at its place in source order (NULL is ignored) */
void node_add_kid(struct unit *u, struct node *n, struct node *c);
/* adds c to n's items and kids */
void node_add_item(struct unit *u, struct node *n, struct node *c);
void node_add_attr(struct unit *u, struct node *n, struct node *attr);
void node_add_deriv(struct unit *u, struct node *n, const struct deriv *d);
void node_add_type_range(struct unit *u, struct node *n, int first, int last);

/* Walks the tree below n and n, iteratively (any depth): pre before a
 * node's children, post after them (either may be NULL).  pre returns 1 to
 * visit the children, 0 to skip them (and post of the node), NODE_WALK_STOP
 * to end the walk; post returns 0, or NODE_WALK_STOP.  Returns 1 when a
 * visitor ended the walk, else 0. */
#define NODE_WALK_STOP (-1)
typedef int (*node_visit)(struct node *n, void *ctx);
int node_walk(struct node *n, node_visit pre, node_visit post, void *ctx);
/* Computes every node's nesting (depth) and reports, at the node, nesting
 * deeper than NSC_MAX_NESTING; returns 1 when it did (parse_unit calls it). */
int unit_check_nesting(struct unit *u);

/* the token's spelling as a NUL-terminated string in the arena */
const char *token_str(struct unit *u, int tok);
/* checks the tree's range invariants; returns the number of violations
 * (printed to stderr): for tests */
int node_check(const struct unit *u, const struct node *n);
/* prints an indented outline of the tree: for debugging */
void node_dump(const struct unit *u, const struct node *n, void *fp);

#endif
