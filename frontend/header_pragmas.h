/*
 * header_pragmas.h - macros in the arguments of #pragma mirror/update lines
 * that come from included headers.  cpp passes unknown pragmas through
 * unexpanded; the driver marks the .nst file's own pragma lines before cpp
 * (driver.c), but cannot mark a header's.  For those, a second cpp run with
 * -dD gives every #define and #undef where it stands in the unit; this
 * file turns that into a small C file in which each header pragma's
 * argument stands between the definitions in force at its line, so that
 * cpp expands it as it would have, and puts the expansions back.
 */
#ifndef NSC_HEADER_PRAGMAS_H
#define NSC_HEADER_PRAGMAS_H

#include <stddef.h>

/* How many #pragma mirror/update lines the preprocessed text has (those of
 * the .nst file itself are marked, so: how many came from headers). */
int hp_count(const char *text, size_t len);

/* From the -dD output of the unmarked .nst file main_file: the C text to
 * preprocess (malloc'd, *outlen bytes); NULL when it has no header pragma. */
char *hp_expansion_input(const char *dd, size_t len, const char *main_file, size_t *outlen);

/* text with the argument of its k-th #pragma mirror/update line replaced by
 * the k-th expansion in expanded (the preprocessed expansion input);
 * malloc'd and NUL-terminated, or NULL when the two do not match. */
char *hp_substitute(const char *text, size_t len, const char *expanded, size_t elen,
                    size_t *outlen);

#endif
