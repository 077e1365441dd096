/*
 * header_pragmas.c - expanding macros in the arguments of #pragma
 * mirror/update lines from headers (header_pragmas.h): the lines of cpp's
 * output, its linemarkers, and the expansion input "#define ...",
 * "#undef ...", "__ns_pragma_arg_K (argument)" in the unit's order.
 */
#include "header_pragmas.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MARK "__ns_pragma_arg_"

struct out {
    char *data;
    size_t len, cap;
};

static void
put(struct out *o, const char *s, size_t n)
{
    if (o->len + n + 1 > o->cap) {
        size_t cap = o->cap ? 2 * o->cap : 4096;
        while (cap < o->len + n + 1)
            cap *= 2;
        char *d = realloc(o->data, cap);
        if (!d) {
            fputs("nsc: out of memory\n", stderr);
            exit(1);
        }
        o->data = d;
        o->cap = cap;
    }
    memcpy(o->data + o->len, s, n);
    o->len += n;
    o->data[o->len] = '\0';
}

static const char *
skip_blanks(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    return p;
}

/* If the line [p, end) is "#pragma mirror..." or "#pragma update...",
 * where its argument starts; else NULL. */
static const char *
pragma_arg(const char *p, const char *end)
{
    p = skip_blanks(p, end);
    if (p == end || *p++ != '#')
        return NULL;
    p = skip_blanks(p, end);
    if (end - p < 7 || memcmp(p, "pragma", 6) != 0 || (p[6] != ' ' && p[6] != '\t'))
        return NULL;
    p = skip_blanks(p + 6, end);
    if (end - p < 6 || (memcmp(p, "mirror", 6) != 0 && memcmp(p, "update", 6) != 0))
        return NULL;
    p += 6;
    if (p < end && (p[0] == '_' || (p[0] >= 'a' && p[0] <= 'z') || (p[0] >= 'A' && p[0] <= 'Z') ||
                    (p[0] >= '0' && p[0] <= '9')))
        return NULL;
    return p;
}

/* Is the line [p, end) the directive "#name ..."? */
static int
is_directive(const char *p, const char *end, const char *name)
{
    size_t n = strlen(name);
    p = skip_blanks(p, end);
    if (p == end || *p++ != '#')
        return 0;
    p = skip_blanks(p, end);
    return (size_t)(end - p) > n && memcmp(p, name, n) == 0 && (p[n] == ' ' || p[n] == '\t');
}

/* Is the line "#pragma push_macro(...)" or "#pragma pop_macro(...)"? */
static int
macro_stack_pragma(const char *p, const char *end)
{
    if (!is_directive(p, end, "pragma"))
        return 0;
    p = skip_blanks(skip_blanks(p, end) + 1, end) + 6;
    p = skip_blanks(p, end);
    return (end - p >= 10 && memcmp(p, "push_macro", 10) == 0) ||
           (end - p >= 9 && memcmp(p, "pop_macro", 9) == 0);
}

/* A linemarker "# N "file" ...": sets *file (in the text) and *flen. */
static int
linemarker(const char *p, const char *end, const char **file, size_t *flen)
{
    p = skip_blanks(p, end);
    if (p == end || *p++ != '#')
        return 0;
    p = skip_blanks(p, end);
    if (p == end || *p < '0' || *p > '9')
        return 0;
    while (p < end && *p >= '0' && *p <= '9')
        p++;
    p = skip_blanks(p, end);
    if (p == end || *p != '"')
        return 0;
    const char *q = ++p;
    while (q < end && *q != '"')
        q += *q == '\\' && q + 1 < end ? 2 : 1;
    *file = p;
    *flen = (size_t)(q - p);
    return 1;
}

int
hp_count(const char *text, size_t len)
{
    int n = 0;
    for (const char *p = text, *end = text + len; p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *e = nl ? nl : end;
        n += pragma_arg(p, e) != NULL;
        p = nl ? nl + 1 : end;
    }
    return n;
}

char *
hp_expansion_input(const char *dd, size_t len, const char *main_file, size_t *outlen)
{
    struct out o = { 0 };
    const char *file = "";
    size_t flen = 0, mlen = strlen(main_file);
    int k = 0;
    char buf[64];
    for (const char *p = dd, *end = dd + len; p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *e = nl ? nl : end;
        const char *arg = pragma_arg(p, e);
        if (linemarker(p, e, &file, &flen))
            ;
        else if (arg && !(flen == mlen && memcmp(file, main_file, mlen) == 0)) {
            int n = snprintf(buf, sizeof buf, MARK "%d ", k++);
            put(&o, buf, (size_t)n);
            put(&o, arg, (size_t)(e - arg));
            put(&o, "\n", 1);
        } else if (is_directive(p, e, "define") || is_directive(p, e, "undef") ||
                   macro_stack_pragma(p, e)) {
            put(&o, p, (size_t)(e - p));
            put(&o, "\n", 1);
        }
        p = nl ? nl + 1 : end;
    }
    if (!k) {
        free(o.data);
        return NULL;
    }
    *outlen = o.len;
    return o.data;
}

/* The k-th expansion in the preprocessed expansion input: [*s, *e). */
static int
expansion(const char *x, size_t xlen, int k, const char **s, const char **e)
{
    char want[64];
    int n = snprintf(want, sizeof want, MARK "%d", k);
    const char *end = x + xlen;
    for (const char *p = x; p < end;) {
        const char *m = memmem(p, (size_t)(end - p), MARK, strlen(MARK));
        if (!m)
            return 0;
        const char *after = m + n;
        if (after <= end && memcmp(m, want, (size_t)n) == 0 && (after == end || *after < '0' ||
                                                                *after > '9')) {
            const char *next = memmem(after, (size_t)(end - after), MARK, strlen(MARK));
            *s = after;
            *e = next ? next : end;
            return 1;
        }
        p = m + strlen(MARK);
    }
    return 0;
}

char *
hp_substitute(const char *text, size_t len, const char *expanded, size_t elen, size_t *outlen)
{
    struct out o = { 0 };
    int k = 0;
    put(&o, "", 0);
    for (const char *p = text, *end = text + len; p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *e = nl ? nl : end;
        const char *arg = pragma_arg(p, e), *xs, *xe;
        if (!arg) {
            put(&o, p, (size_t)(e - p));
        } else if (expansion(expanded, elen, k++, &xs, &xe)) {
            put(&o, p, (size_t)(arg - p));
            for (const char *c = xs; c < xe; c++)   /* one line: newlines become blanks */
                if (*c == '\n' || *c == '\r') {
                    if (c + 1 < xe)
                        put(&o, " ", 1);
                } else
                    put(&o, c, 1);
        } else {
            free(o.data);
            return NULL;
        }
        if (nl)
            put(&o, "\n", 1);
        p = nl ? nl + 1 : end;
    }
    *outlen = o.len;
    return o.data;
}
