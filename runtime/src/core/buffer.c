/*
 * buffer.c - growable byte buffers and allocation that stops the job with a
 * message instead of returning NULL.  (The buffers of a superstep's
 * requests report their own: exchange.c, ns_out_of_memory.)
 */
#include <stdio.h>
#include "internal.h"

/* An allocation of n bytes failed: stop the job, naming what the engine
 * was doing (the sync in progress, which receives and delivers the
 * superstep's communication; a NestStep step; else the library) and the
 * fix. */
const struct ns_site *(*ns_step_site)(void);

static void __attribute__((noreturn))
out_of_memory(size_t n)
{
    const struct ns_site *site = NS_SITE("bsplib", NULL, 0);
    const char *doing = "";
    if (ns_proc.running && ns_eng.in_sync) {
        site = &ns_eng.site;
        doing = " while this process received and delivered the superstep's puts, gets and "
                "messages";
    } else if (ns_proc.running && ns_step_site && ns_step_site()
               && strcmp(ns_end_call, "bsp_end")) {
        site = ns_step_site();
    }
    ns_fatal(site, "out of memory: %zu bytes (%.1f MiB) asked%s; move less data per superstep "
             "(split it over several supersteps) or give each process more memory", n,
             n / (1024.0 * 1024.0), doing);
}

void *
ns_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        out_of_memory(n);
    return p;
}

void *
ns_xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        out_of_memory(n);
    return p;
}

void *
ns_buf_grow(struct ns_buf *b, size_t need)
{
    size_t cap = b->cap ? b->cap : 256;
    while (cap - b->len < need)
        cap *= 2;
    b->data = ns_xrealloc(b->data, cap);
    b->cap = cap;
    return b->data + b->len;
}

void
ns_buf_free(struct ns_buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}
