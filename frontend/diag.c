/*
 * diag.c - printing diagnostics with the source line and a caret, the error
 * count and the error limit; a small cache of the source files read for
 * the caret lines.
 */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CACHED 16
#define MAX_SOURCE_SIZE (64L << 20)

struct source {
    char *name;
    char *text;                 /* NULL: could not be read */
    long len;
    const char *last;           /* the start of line last_line, found last: the */
    int last_line;              /* emitter asks for a file's lines in order */
    int last_len;               /* and its length */
};

/* Where map_column got to last: the emitter asks for every token of a
 * line with generated text, left to right, and each walk goes on from
 * where the one before stopped (a line of n tokens costs O(n), not
 * O(n^2)). */
struct column_walk {
    const char *pp, *src;       /* the preprocessed line, the source line; NULL: none */
    int n;                      /* the source line's length */
    int i, j;                   /* matched so far: src[0..i) and pp[0..j) */
};

static struct {
    int errors, max_errors, stopped;
    const char *default_file;
    struct source cache[MAX_CACHED];
    int ncache, next_evict;
    struct column_walk walk;
} D;

void
diag_init(int max_errors, const char *default_file)
{
    diag_finish();
    D.errors = 0;
    D.stopped = 0;
    D.max_errors = max_errors > 0 ? max_errors : 0;
    D.default_file = default_file ? default_file : "<input>";
}

void
diag_finish(void)
{
    D.walk.pp = NULL;
    for (int i = 0; i < D.ncache; i++) {
        free(D.cache[i].name);
        free(D.cache[i].text);
    }
    D.ncache = 0;
    D.next_evict = 0;
}

int
diag_errors(void)
{
    return D.errors;
}

int
diag_stopped(void)
{
    return D.stopped;
}

static struct source *
load(const char *name)
{
    for (int i = 0; i < D.ncache; i++)
        if (strcmp(D.cache[i].name, name) == 0)
            return &D.cache[i];
    struct source *s;
    if (D.ncache < MAX_CACHED) {
        s = &D.cache[D.ncache++];
    } else {
        s = &D.cache[D.next_evict];
        D.next_evict = (D.next_evict + 1) % MAX_CACHED;
        D.walk.pp = NULL;               /* its text goes */
        free(s->name);
        free(s->text);
    }
    s->name = strdup(name);
    s->text = NULL;
    s->len = 0;
    s->last = NULL;
    s->last_line = 0;
    if (!s->name) {
        s->name = NULL;
        D.ncache--;
        return NULL;
    }
    if (name[0] == '<' || name[0] == '\0')      /* <built-in>, <command-line>, <stdin> */
        return s;
    FILE *f = fopen(name, "rb");
    if (!f)
        return s;
    if (fseek(f, 0, SEEK_END) == 0) {
        long n = ftell(f);
        if (n >= 0 && n <= MAX_SOURCE_SIZE && fseek(f, 0, SEEK_SET) == 0) {
            char *t = malloc((size_t)n + 1);
            if (t && fread(t, 1, (size_t)n, f) == (size_t)n) {
                t[n] = '\0';
                s->text = t;
                s->len = n;
            } else {
                free(t);
            }
        }
    }
    fclose(f);
    return s;
}

/* the line'th line of the file: *len bytes at the result, or NULL */
static const char *
source_line(const char *file, int line, int *len)
{
    if (!file || line < 1)
        return NULL;
    struct source *s = load(file);
    if (!s || !s->text)
        return NULL;
    const char *p = s->text, *end = s->text + s->len;
    int l = 1;
    if (s->last && s->last_line == line) {
        *len = s->last_len;
        return s->last;
    }
    if (s->last && s->last_line <= line) {
        p = s->last;
        l = s->last_line;
    }
    for (; l < line; l++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl)
            return NULL;
        p = nl + 1;
    }
    s->last = p;
    s->last_line = line;
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *e = nl ? nl : end;
    if (e > p && e[-1] == '\r')
        e--;
    *len = (int)(e - p);
    s->last_len = *len;
    return p;
}

static int
blank(char c)
{
    return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r';
}

/* Maps the preprocessed column of loc onto the source line src[0..n): the
 * two are walked together, skipping blanks (and comments in the source);
 * returns the 1-based source column, or 0 when they disagree first. */
static int
map_column(struct loc loc, const char *src, int n)
{
    if (!loc.pos || loc.col < 1)
        return 0;
    const char *pp = loc.pos - (loc.col - 1);
    int k = loc.col - 1, i = 0, j = 0;
    if (D.walk.pp == pp && D.walk.src == src && D.walk.n == n && D.walk.j <= k) {
        i = D.walk.i;
        j = D.walk.j;
    }
    D.walk.pp = NULL;
    for (;;) {
        while (j < k && blank(pp[j]))
            j++;
        for (;;) {      /* blanks and comments in the source */
            while (i < n && blank(src[i]))
                i++;
            if (i + 1 < n && src[i] == '/' && src[i + 1] == '*') {
                int e = i + 2;
                while (e + 1 < n && !(src[e] == '*' && src[e + 1] == '/'))
                    e++;
                if (e + 1 >= n)
                    return 0;
                i = e + 2;
                continue;
            }
            break;
        }
        if (j >= k)
            break;
        if (i >= n || src[i] != pp[j])
            return 0;
        i++;
        j++;
    }
    D.walk = (struct column_walk){ pp, src, n, i, j };
    if (i < n && src[i] == pp[k])
        return i + 1;
    if (i >= n && (pp[k] == '\n' || pp[k] == '\0' || pp[k] == '\r'))
        return i + 1;       /* at the end of the line */
    return 0;
}

int
diag_column(struct loc loc)
{
    int n;
    const char *src = source_line(loc.file, loc.line, &n);
    if (src) {
        int c = map_column(loc, src, n);
        if (c > 0)
            return c;
    }
    return loc.col > 0 ? loc.col : 1;
}

static void
report(const char *what, struct loc loc, const char *fmt, va_list ap)
{
    const char *file = loc.file && loc.file[0] ? loc.file : D.default_file;
    int n = 0;
    const char *src = source_line(loc.file, loc.line, &n);
    int col = loc.col > 0 ? loc.col : 1;
    if (src) {
        int c = map_column(loc, src, n);
        if (c > 0)
            col = c;
    }
    fflush(stdout);
    fprintf(stderr, "%s:%d:%d: %s: ", file, loc.line, col, what);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    if (src) {
        char num[16];
        int w = snprintf(num, sizeof num, "%d", loc.line);
        if (w < 5)
            w = 5;
        fprintf(stderr, "%*d | %.*s\n", w, loc.line, n, src);
        fprintf(stderr, "%*s | ", w, "");
        for (int i = 0; i < col - 1; i++)
            fputc(i < n && src[i] == '\t' ? '\t' : ' ', stderr);
        fputs("^\n", stderr);
    }
}

void
diag_error(struct loc loc, const char *fmt, ...)
{
    if (D.stopped)
        return;
    va_list ap;
    va_start(ap, fmt);
    report("error", loc, fmt, ap);
    va_end(ap);
    D.errors++;
    if (D.max_errors && D.errors >= D.max_errors) {
        fputs("nsc: too many errors, stopping\n", stderr);
        D.stopped = 1;
    }
}

void
diag_warning(struct loc loc, const char *fmt, ...)
{
    if (D.stopped)
        return;
    va_list ap;
    va_start(ap, fmt);
    report("warning", loc, fmt, ap);
    va_end(ap);
}

void
diag_note(struct loc loc, const char *fmt, ...)
{
    if (D.stopped)
        return;
    va_list ap;
    va_start(ap, fmt);
    report("note", loc, fmt, ap);
    va_end(ap);
}
