/*
 * translate.h - the interface between nsc's driver and its translator.
 *
 * The driver runs the C preprocessor and hands the translator the whole
 * preprocessed translation unit (linemarkers kept).  The translator parses
 * it, checks it, rewrites the NestStep constructs into calls of the runtime
 * ABI (docs/runtime-abi.md) and writes plain C, with linemarkers that point
 * at the user's source.
 */
#ifndef NSC_TRANSLATE_H
#define NSC_TRANSLATE_H
#include <stddef.h>
#include <stdio.h>

struct nsc_options {
    const char *input_name;     /* the input as named on the command line */
    int max_errors;             /* stop after this many errors; 0: no limit */
    int line_markers;           /* 1: keep the output's lines mapped to the source */
    int mirror_warnings;        /* -Wmirror: where mirrors were inferred, and where not */
    int perf_warnings;          /* -Wperf: the accesses in foralls on the general path */
};

/* Translates the preprocessed text[0..len) and writes C to out.  Diagnostics
 * go to stderr, as "file:line:col: error: ..." with the source line and a
 * caret.  Returns the number of errors; when it is not 0, what was written
 * to out must not be compiled. */
int nsc_translate(const char *text, size_t len, FILE *out, const struct nsc_options *opt);

#endif
