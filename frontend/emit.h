/*
 * emit.h - printing the AST back as C: untouched nodes as their tokens with
 * their original white space, rewritten nodes as generated text.
 *
 * emit_node() calls the hook for every node before printing it; a hook that
 * returns non-zero has printed the node itself, with emit_text() for
 * generated text and emit_node() for the children it keeps (which consult
 * the hook again).  Otherwise the node is printed verbatim: its tokens, its
 * children through emit_node().
 *
 * Line numbers stay in sync with the source: the input's linemarkers pass
 * through; before a verbatim token whose (file, line) is not where the
 * output is, the emitter writes newlines (a few lines behind in the same
 * file) or a linemarker "# <line> "<file>"" on its own line.  Generated
 * text never contains a newline (one in it is printed as a space).  With
 * line_markers == 0 no linemarker is printed at all (also not the input's).
 *
 * Columns stay too: on an output line that holds generated text, each
 * user token is put at its column in the source, with blanks, or after a
 * linemarker to the same line when the generated text has gone past it;
 * so a compiler's warning about user code names the column the user sees.
 */
#ifndef NSC_EMIT_H
#define NSC_EMIT_H

#include "ast.h"

#include <stdio.h>

struct emitter;
typedef int (*emit_hook)(struct emitter *em, struct node *n, void *ctx);

struct emitter {
    FILE *out;
    struct unit *u;
    emit_hook hook;
    void *ctx;
    int line_markers;
    /* where the output is, in terms of the source */
    const char *file;           /* interned */
    int line;
    int sys;                    /* in a system header (flag 3 of the last linemarker) */
    int blank_line;             /* nothing but blanks since the last newline */
    int bol;                    /* the last character printed was a newline */
    int ws_done;                /* the token whose white space was printed last */
    int flat;                   /* inside emit_flat() */
    int col;                    /* bytes printed since the last newline */
    int sync_line;              /* generated text is on this output line: each user
                                 * token goes to its source column (sync_column) */
};

/* Holding a region of output (a function definition) to print text before
 * it once the region is known: emit_hold() starts it, emit_release() ends
 * it and prints `before` (may be empty) and then the region, whose lines
 * and columns stay as they were. */
struct emit_hold {
    FILE *out;
    char *buf;
    size_t len;
    const char *file;
    int line, sys, bol, col;
};
void emit_hold(struct emitter *em, struct emit_hold *h);
void emit_release(struct emitter *em, struct emit_hold *h, const char *before);

void emit_init(struct emitter *em, FILE *out, struct unit *u, emit_hook hook, void *ctx,
               int line_markers);

/* the whole unit (the root and the text after the last token) */
void emit_unit(struct emitter *em);
/* a node, through the hook */
void emit_node(struct emitter *em, struct node *n);
/* a node's tokens, its children through emit_node (the hook is not asked
 * about n itself): what a hook calls to keep a node but rewrite below it */
void emit_verbatim(struct emitter *em, struct node *n);
/* tokens first..last as written, with their white space (no hook) */
void emit_tokens(struct emitter *em, int first, int last);
/* the white space before token tok, lines kept in sync (a hook that
 * replaces a node prints this first to keep the node where it was) */
void emit_leading(struct emitter *em, int tok);
/* generated text, printf-style; a newline in it is printed as a space */
void emit_text(struct emitter *em, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* -- conveniences for hooks -- */
void emit_set_hook(struct emitter *em, emit_hook hook, void *ctx);
/* emit_leading() of n's first token */
void emit_lead(struct emitter *em, const struct node *n);
/* the same as emit_verbatim() */
void emit_default(struct emitter *em, struct node *n);
/* n through the hook, on the current line: each run of white space before
 * a token becomes one blank, and no newline or linemarker is printed (to
 * put a user's expression inside generated text) */
void emit_flat(struct emitter *em, struct node *n);
void emit_flat_tokens(struct emitter *em, int first, int last);
/* n like emit_verbatim(), without the tokens first..last (and the children
 * inside them), whose white space is kept: "sh<+> int x" without "sh<+>" */
void emit_skipping(struct emitter *em, struct node *n, int first, int last);

#endif
