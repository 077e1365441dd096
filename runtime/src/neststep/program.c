/*
 * program.c - what a NestStep program calls by name (spec section 6):
 * NestStep_init and NestStep_finalize (both idempotent), the clock, abort,
 * and replicated arrays from new_Array.  free_Array keeps the last large
 * block it freed for the next new_Array of about its size: a step-local
 * array of megabytes (seed 002 Figure 2) then costs a memset per call
 * instead of a fresh mmap that page-faults on every first touch.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "internal.h"

/* new_Array storage: a header, then the elements. */
struct array_head {
    size_t n, elsize;
    uint64_t magic;
    size_t cap;                         /* bytes of the block, header included */
};

static int finalized;
static struct array_head *spare;        /* a large block free_Array kept */

void
NestStep_init(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    if (ns_engine_state() == NS_RUNNING)
        return;
    if (ns_engine_state() == NS_STOPPED)
        ns_fatal(NS_SITE("NestStep_init", NULL, 0), "NestStep_init after NestStep_finalize; "
                 "the runtime starts once per program");
    ns_end_call = "NestStep_finalize";
    ns_engine_start(ns_mpi_world_size(), NS_SITE("NestStep_init", NULL, 0));
}

void
NestStep_finalize(void)
{
    const struct ns_site *site = NS_SITE("NestStep_finalize", NULL, 0);
    if (finalized || ns_engine_state() != NS_RUNNING)
        return;
    ns_step_finalize(site);
    finalized = 1;
    free(spare);
    spare = NULL;
    ns_engine_stop(site);
}

double
NestStep_time(void)
{
    if (ns_engine_state() != NS_RUNNING)
        NestStep_init(NULL, NULL);
    return ns_time();
}

void
NestStep_abort(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ns_user_abort(fmt, ap);
}

#define ARRAY_MAGIC 0x4e53417272617921ull
#define SPARE_MIN ((size_t)1 << 20)    /* blocks below this: malloc is fast */

/* Zeroed memory for a block of size bytes: the spare if it fits without
 * wasting more than half of it, else calloc. */
static struct array_head *
zeroed_block(size_t size)
{
    struct array_head *h = spare;
    if (h && size <= h->cap && size >= h->cap / 2) {
        size_t cap = h->cap;
        spare = NULL;
        memset(h, 0, size);
        h->cap = cap;
        return h;
    }
    h = calloc(1, size);
    if (h)
        h->cap = size;
    return h;
}

void *
ns_new_array(size_t n, size_t elsize)
{
    if (elsize == 0)
        elsize = 1;
    if (n > (SIZE_MAX - sizeof(struct array_head)) / elsize)
        ns_fatal(ns_cur ? &ns_cur->site : NULL, "new_Array(%zu elements of %zu bytes) is too "
                 "large", n, elsize);
    struct array_head *h = zeroed_block(sizeof *h + n * elsize);
    if (!h)
        ns_fatal(ns_cur ? &ns_cur->site : NULL, "out of memory for new_Array(%zu)", n);
    h->n = n;
    h->elsize = elsize;
    h->magic = ARRAY_MAGIC;
    return h + 1;
}

void *
new_Array(size_t n, int type)
{
    if (type <= Type_bytes || type >= NS_NTYPES)
        ns_fatal(ns_cur ? &ns_cur->site : NULL, "new_Array: type %d is not one of Type_char "
                 "... Type_double; use ns_new_array(n, sizeof(T)) for other types", type);
    return ns_new_array(n, ns_type_size(type));
}

static struct array_head *
head_of(const void *a, const char *call)
{
    struct array_head *h = (struct array_head *)a - 1;
    if (h->magic != ARRAY_MAGIC)
        ns_fatal(ns_cur ? &ns_cur->site : NULL, "%s: the pointer was not made by new_Array",
                 call);
    return h;
}

size_t Array_length(const void *a) { return a ? head_of(a, "Array_length")->n : 0; }

void
free_Array(void *a)
{
    if (a) {
        struct array_head *h = head_of(a, "free_Array");
        h->magic = 0;
        if (h->cap >= SPARE_MIN && !finalized) {
            free(spare);
            spare = h;
        } else
            free(h);
    }
}
