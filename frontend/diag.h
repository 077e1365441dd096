/*
 * diag.h - nsc's diagnostics: "file:line:col: error: message", then the
 * source line and a caret under the column (as gcc prints them), an error
 * count and an error limit.
 *
 * Locations come from the preprocessor's linemarkers, so they name the
 * user's file.  The caret line is read from that file; gcc -E squeezes runs
 * of blanks inside a line, so the column is mapped back onto the original
 * line when the two agree up to the token (else the preprocessed column is
 * used).  A file that cannot be read gives no source line.
 */
#ifndef NSC_DIAG_H
#define NSC_DIAG_H

#include "ast.h"

/* Starts a translation: no errors yet; stop after max_errors (0: never);
 * default_file names locations that have no file. */
void diag_init(int max_errors, const char *default_file);
/* Frees the cached source files. */
void diag_finish(void);

void diag_error(struct loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void diag_warning(struct loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void diag_note(struct loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

int diag_errors(void);      /* errors reported so far */
int diag_stopped(void);     /* the error limit was reached: stop translating */

/* The column of loc in the user's source line, as printed (1-based). */
int diag_column(struct loc loc);

#endif
