/*
 * buffer.c - growable byte buffers and allocation that stops the job with a
 * message instead of returning NULL.
 */
#include "internal.h"

void *
ns_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        ns_fatal(NS_SITE("bsplib", NULL, 0), "out of memory allocating %zu bytes", n);
    return p;
}

void *
ns_xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        ns_fatal(NS_SITE("bsplib", NULL, 0), "out of memory allocating %zu bytes", n);
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
