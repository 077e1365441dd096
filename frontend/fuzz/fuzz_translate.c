/*
 * fuzz_translate.c - libFuzzer target for nsc's translator: every input is
 * one preprocessed translation unit handed to nsc_translate() (translate.h),
 * the way the driver hands it over after cpp.  The C it writes goes to
 * /dev/null (opened once); diagnostics go to stderr (run with
 * -close_fd_mask=2 to keep them off the terminal).
 *
 * Built and run by `make fuzz` (see frontend/fuzz/README.md):
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined frontend/fuzz/fuzz_translate.c
 *         frontend/{ast,check,diag,emit,rewrite,scope,shared,translate}.c
 *         build/frontend/{lexer,parser}.c
 *
 * The translator keeps no state between calls except diag.c's (the error
 * count, the limit and the cache of source files read for caret lines),
 * which nsc_translate() resets on entry (diag_init) and frees on exit
 * (diag_finish); the unit (tokens, arena, interned strings, scopes) is made
 * and freed in each call.  This target checks that after every call:
 *   - the error count returned is the one diag.c holds, and the error limit
 *     was reached only with that many errors;
 *   - with NSC_FUZZ_TWICE=1 in the environment, a second translation of the
 *     same input reports the same number of errors (state kept across calls
 *     would show as a difference); slower, for checking a corpus:
 *       NSC_FUZZ_TWICE=1 build/fuzz/fuzz_translate -runs=0 build/fuzz/corpus
 * Leaks are caught by libFuzzer's per-input leak check (ASan's LeakSanitizer).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "diag.h"
#include "translate.h"

#define FUZZ_MAX_ERRORS 20

static FILE *devnull;
static int twice;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    devnull = fopen("/dev/null", "w");
    if (!devnull) {
        perror("fuzz_translate: /dev/null");
        abort();
    }
    const char *t = getenv("NSC_FUZZ_TWICE");
    twice = t && t[0] == '1';
    return 0;
}

static int
translate_once(const uint8_t *data, size_t size)
{
    const struct nsc_options opt = {
        .input_name = "fuzz.nst",
        .max_errors = FUZZ_MAX_ERRORS,
        .line_markers = 1,
    };
    int errors = nsc_translate((const char *)data, size, devnull, &opt);
    if (errors < 0 || errors != diag_errors()) {
        fprintf(stderr, "fuzz_translate: nsc_translate returned %d errors, diag counted %d\n",
                errors, diag_errors());
        abort();
    }
    if (diag_stopped() && errors < FUZZ_MAX_ERRORS) {
        fprintf(stderr, "fuzz_translate: stopped after %d errors, the limit is %d\n", errors,
                FUZZ_MAX_ERRORS);
        abort();
    }
    return errors;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int e1 = translate_once(data, size);
    if (twice) {
        int e2 = translate_once(data, size);
        if (e1 != e2) {
            fprintf(stderr, "fuzz_translate: %d errors the first time, %d the second: "
                    "state kept across calls\n", e1, e2);
            abort();
        }
    }
    return 0;
}
