/*
 * translate.c - nsc_translate(): lex and parse the preprocessed unit, run
 * the checks of spec section 7 (check.c), then print the unit through the
 * emitter with the hook that rewrites the NestStep constructs into calls of
 * the runtime ABI (rewrite.c, docs/runtime-abi.md).
 *
 * The translation runs on a thread of its own, with a stack of
 * TRANSLATE_STACK bytes: the tree walks are iterative, but the rewrite of
 * a construct inside a construct recurses, up to NSC_MAX_NESTING levels
 * (ast.h), and at that depth takes more than a default 8 MiB stack.  The
 * pages of the stack that are not touched cost nothing.  Where the thread
 * cannot be made (an address-space limit), it runs on the caller's stack.
 */
#include "translate.h"
#include "ast.h"
#include "diag.h"
#include "emit.h"
#include "nest.h"

#include <pthread.h>

#define TRANSLATE_STACK ((size_t)256 << 20)

static int
translate_here(const char *text, size_t len, FILE *out, const struct nsc_options *opt)
{
    diag_init(opt->max_errors, opt->input_name);
    struct unit *u = unit_new(text ? text : "", text ? len : 0);
    lex_unit(u);
    if (!diag_stopped())
        parse_unit(u);
    if (!diag_stopped() && u->root && !u->too_deep)
        check_unit(u);
    if (diag_errors() == 0) {
        struct emitter em;
        emit_init(&em, out, u, NULL, NULL, opt->line_markers);
        rewrite_unit(u, &em, opt->mirror_warnings, opt->perf_warnings);
    }
    int errors = diag_errors();
    unit_free(u);
    diag_finish();
    return errors;
}

struct job {
    const char *text;
    size_t len;
    FILE *out;
    const struct nsc_options *opt;
    int errors;
};

static void *
run_job(void *arg)
{
    struct job *j = arg;
    j->errors = translate_here(j->text, j->len, j->out, j->opt);
    return NULL;
}

int
nsc_translate(const char *text, size_t len, FILE *out, const struct nsc_options *opt)
{
    struct job j = { text, len, out, opt, 0 };
    pthread_attr_t attr;
    pthread_t t;
    if (pthread_attr_init(&attr) == 0) {
        int made = pthread_attr_setstacksize(&attr, TRANSLATE_STACK) == 0 &&
                   pthread_create(&t, &attr, run_job, &j) == 0;
        pthread_attr_destroy(&attr);
        if (made && pthread_join(t, NULL) == 0)
            return j.errors;
        if (made)
            return 1;                   /* cannot happen: a joinable thread of ours */
    }
    return translate_here(text, len, out, opt);
}
