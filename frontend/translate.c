/*
 * translate.c - nsc_translate(): lex and parse the preprocessed unit, run
 * the checks of spec section 7 (check.c), then print the unit through the
 * emitter with the hook that rewrites the NestStep constructs into calls of
 * the runtime ABI (rewrite.c, docs/runtime-abi.md).
 */
#include "translate.h"
#include "ast.h"
#include "diag.h"
#include "emit.h"
#include "nest.h"

int
nsc_translate(const char *text, size_t len, FILE *out, const struct nsc_options *opt)
{
    diag_init(opt->max_errors, opt->input_name);
    struct unit *u = unit_new(text ? text : "", text ? len : 0);
    lex_unit(u);
    if (!diag_stopped())
        parse_unit(u);
    if (!diag_stopped() && u->root)
        check_unit(u);
    if (diag_errors() == 0) {
        struct emitter em;
        emit_init(&em, out, u, NULL, NULL, opt->line_markers);
        rewrite_unit(u, &em, opt->mirror_warnings);
    }
    int errors = diag_errors();
    unit_free(u);
    diag_finish();
    return errors;
}
