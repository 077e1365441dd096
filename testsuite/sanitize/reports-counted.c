// make check-sanitize finds what it is for, and leaves a report file for
// it: a null pointer given to memcpy (UBSan), a write past a heap block
// (ASan) and blocks nothing refers to (LeakSanitizer), each in its own run
// of this BSPlib program at p = 2; the reports go to %t.dir here, not to the
// suite's report folder.  Each run fails, with at least one whole report
// (the process that reports first writes all of it before it dies; the job
// may kill the other one while it writes).
// REQUIRES: sanitize
// RUN: %bspcc %s -o %t
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: not sh -c 'ASAN_OPTIONS="$ASAN_OPTIONS:log_path=%t.dir/ub" UBSAN_OPTIONS="$UBSAN_OPTIONS:log_path=%t.dir/ub" exec %bsprun 2 %t ub' 2> %t.err
// RUN: sh -c 'cat %t.dir/ub.*' | FileCheck %s --check-prefix=UB
// RUN: FileCheck %s --check-prefix=UBMSG < %t.err
// RUN: not sh -c 'ASAN_OPTIONS="$ASAN_OPTIONS:log_path=%t.dir/heap" UBSAN_OPTIONS="$UBSAN_OPTIONS:log_path=%t.dir/heap" exec %bsprun 2 %t heap'
// RUN: sh -c 'cat %t.dir/heap.*' | FileCheck %s --check-prefix=HEAP
// RUN: not sh -c 'ASAN_OPTIONS="$ASAN_OPTIONS:log_path=%t.dir/leak" UBSAN_OPTIONS="$UBSAN_OPTIONS:log_path=%t.dir/leak" exec %bsprun 2 %t leak'
// RUN: sh -c 'cat %t.dir/leak.*' | FileCheck %s --check-prefix=LEAK
// UB: ERROR: AddressSanitizer: ABRT
// UB: __ubsan_handle_nonnull_arg
// UBMSG: reports-counted.c:{{[0-9]+}}:{{[0-9]+}}: runtime error: null pointer passed as argument 2
// HEAP: ERROR: AddressSanitizer: heap-buffer-overflow
// HEAP: in main {{.*}}reports-counted.c
// LEAK: ERROR: LeakSanitizer: detected memory leaks
// LEAK: in lose_blocks {{.*}}reports-counted.c
#include <stdlib.h>
#include <string.h>
#include "bsp.h"

static void *volatile kept;

/* Blocks whose last pointer is overwritten: nothing refers to them. */
static __attribute__((noinline)) void
lose_blocks(void)
{
    for (int i = 0; i < 4; i++) {
        kept = malloc(16 + (size_t)i);
        memset(kept, 0, 16);
    }
    kept = NULL;
}

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "";
    volatile size_t n = 0;
    char *src = strlen(what) > 100 ? argv[0] : NULL, dst[4];
    bsp_begin(bsp_nprocs());
    bsp_sync();
    if (!strcmp(what, "ub"))
        memcpy(dst, src, n);                    /* NULL even for 0 bytes */
    if (!strcmp(what, "heap")) {
        kept = malloc(8);
        memset(kept, 1, 9 + n);                 /* one byte past the block */
        free(kept);
    }
    if (!strcmp(what, "leak"))
        lose_blocks();
    bsp_end();
    return 0;
}
