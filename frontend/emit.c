/*
 * emit.c - the token-preserving printer: verbatim tokens with their white
 * space, generated text, the hook, and keeping the output's lines mapped
 * to the source with newlines and linemarkers.
 */
#include "emit.h"
#include "diag.h"
#include "parser.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void
emit_init(struct emitter *em, FILE *out, struct unit *u, emit_hook hook, void *ctx,
          int line_markers)
{
    memset(em, 0, sizeof *em);
    em->out = out;
    em->u = u;
    em->hook = hook;
    em->ctx = ctx;
    em->line_markers = line_markers;
    em->file = unit_intern(u, "", 0);     /* as the lexer starts */
    em->line = 1;
    em->blank_line = em->bol = 1;
    em->ws_done = -1;
}

static void
put(struct emitter *em, const char *s, size_t n)
{
    if (!n)
        return;
    fwrite(s, 1, n, em->out);
    em->bol = s[n - 1] == '\n';
    for (size_t i = 0; i < n; i++) {
        em->col++;
        if (s[i] == '\n') {
            em->blank_line = 1;
            em->col = 0;
            em->sync_line = 0;
        } else if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '\f' && s[i] != '\v')
            em->blank_line = 0;
    }
}

/* ---- white space: lines, comments, linemarkers ---- */

struct pos {
    const char *file;
    int line, sys;
};

/* Is ws[i..) a linemarker line?  Then returns its length (with the newline)
 * and sets *to to the position after it. */
static int
marker(struct emitter *em, const char *s, int n, struct pos *to)
{
    int i = 0;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    if (i >= n || s[i] != '#')
        return 0;
    i++;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    if (i + 4 <= n && memcmp(s + i, "line", 4) == 0) {
        i += 4;
        while (i < n && (s[i] == ' ' || s[i] == '\t'))
            i++;
    }
    if (i >= n || s[i] < '0' || s[i] > '9')
        return 0;
    long line = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9') {
        if (line < 100000000)
            line = line * 10 + (s[i] - '0');
        i++;
    }
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    if (i < n && s[i] == '"') {
        char *name = malloc((size_t)n + 1);
        size_t k = 0;
        if (!name)
            return 0;
        for (i++; i < n && s[i] != '"' && s[i] != '\n'; i++) {
            if (s[i] == '\\' && i + 1 < n) {
                i++;
                if (s[i] >= '0' && s[i] <= '7') {
                    int v = 0;
                    for (int d = 0; d < 3 && i < n && s[i] >= '0' && s[i] <= '7'; d++, i++)
                        v = v * 8 + (s[i] - '0');
                    i--;
                    name[k++] = (char)v;
                    continue;
                }
            }
            name[k++] = s[i];
        }
        if (i < n && s[i] == '"')
            i++;
        to->file = unit_intern(em->u, name, k);
        free(name);
        to->sys = 0;
        while (i < n && s[i] != '\n') {
            while (i < n && (s[i] == ' ' || s[i] == '\t'))
                i++;
            int f = 0, digits = 0;
            while (i < n && s[i] >= '0' && s[i] <= '9') {
                if (f < 100000000)
                    f = f * 10 + (s[i] - '0');
                i++;
                digits = 1;
            }
            if (f == 3)
                to->sys = 1;
            if (!digits && i < n && s[i] != '\n')
                i++;
        }
    }
    while (i < n && s[i] != '\n')
        i++;
    if (i < n)
        i++;                    /* the newline */
    to->line = (int)line;
    return i;
}

/* Walks the white space ws[0..n) from *at (at_bol: a line starts at
 * ws[0]); prints it when out is non-NULL (without linemarkers when
 * strip).  Returns the offset just after its last newline, or 0. */
static int
walk_ws(struct emitter *em, const char *ws, int n, int at_bol, struct pos *at, int print,
        int strip)
{
    int i = 0, after_nl = 0;
    while (i < n) {
        if (at_bol) {
            struct pos to = *at;
            int m = marker(em, ws + i, n - i, &to);
            if (m) {
                if (print && !strip)
                    put(em, ws + i, (size_t)m);
                *at = to;
                i += m;
                after_nl = i;
                at_bol = ws[i - 1] == '\n';
                continue;
            }
        }
        int start = i;
        if (ws[i] == '/' && i + 1 < n && ws[i + 1] == '*') {
            i += 2;
            while (i + 1 < n && !(ws[i] == '*' && ws[i + 1] == '/'))
                i++;
            i = i + 1 < n ? i + 2 : n;
        } else if (ws[i] == '/' && i + 1 < n && ws[i + 1] == '/') {
            while (i < n && ws[i] != '\n')
                i++;
        } else {
            i++;
        }
        for (int k = start; k < i; k++)
            if (ws[k] == '\n') {
                at->line++;
                after_nl = k + 1;
            }
        at_bol = ws[i - 1] == '\n';
        if (print)
            put(em, ws + start, (size_t)(i - start));
    }
    return after_nl;
}

/* "# line "file" [3]" and its newline */
static void
write_marker(FILE *out, const char *file, int line, int sys)
{
    fprintf(out, "# %d \"", line);
    for (const char *c = file; *c; c++) {
        unsigned char ch = (unsigned char)*c;
        if (ch == '\\' || ch == '"')
            fprintf(out, "\\%c", ch);
        else if (ch < 0x20 || ch >= 0x7f)
            fprintf(out, "\\%03o", ch);
        else
            fputc(ch, out);
    }
    fputs(sys ? "\" 3\n" : "\"\n", out);
}

static void
put_marker(struct emitter *em, const char *file, int line, int sys)
{
    if (!em->bol)
        put(em, "\n", 1);         /* a linemarker starts in column 1 */
    write_marker(em->out, file, line, sys);
    em->blank_line = em->bol = 1;
    em->col = em->sync_line = 0;
}

/* On a line with generated text: user token t to its source column. */
static void
sync_column(struct emitter *em, const struct token *t)
{
    if (!em->sync_line || !em->line_markers || t->sys || !t->loc.file || !t->loc.file[0] ||
        t->kind == PRAGMA || t->kind == PRAGMA_MIRROR || t->kind == PRAGMA_UPDATE)
        return;
    int want = diag_column(t->loc) - 1;
    if (want < 0 || want > 4096)
        return;
    if (em->col > want) {               /* the generated text went past it */
        put_marker(em, t->loc.file, t->loc.line, t->sys);
        em->file = t->loc.file;
        em->line = t->loc.line;
        em->sys = t->sys;
        em->sync_line = 1;              /* the next tokens of the line follow */
    }
    while (em->col < want)
        put(em, " ", 1);
}

/* prints the white space before token i and brings the output to its line */
static void
leading(struct emitter *em, int i)
{
    struct unit *u = em->u;
    const struct token *t = &u->toks[i];
    if (i == em->ws_done)       /* a hook printed it before the node */
        return;
    em->ws_done = i;
    int at_bol = t->ws == u->text || (t->ws > u->text && t->ws[-1] == '\n');
    if (!em->line_markers) {
        struct pos at = { em->file, em->line, em->sys };
        walk_ws(em, t->ws, t->wslen, at_bol, &at, 1, 1);
        return;
    }
    struct pos at = { em->file, em->line, em->sys };
    int last_nl = walk_ws(em, t->ws, t->wslen, at_bol, &at, 0, 0);
    if (t->kind == 0 || (at.file == t->loc.file && at.line == t->loc.line)) {
        struct pos real = { em->file, em->line, em->sys };
        walk_ws(em, t->ws, t->wslen, at_bol, &real, 1, 0);
        em->file = real.file;
        em->line = real.line;
        em->sys = real.sys;
        return;
    }
    const char *indent = t->ws + last_nl;
    int nindent = t->wslen - last_nl;
    if (at.file == t->loc.file && t->loc.line > at.line && t->loc.line - at.line <= 8) {
        /* a few lines behind: the white space up to its last newline, more newlines */
        struct pos real = { em->file, em->line, em->sys };
        walk_ws(em, t->ws, last_nl, at_bol, &real, 1, 0);
        for (int k = at.line; k < t->loc.line; k++)
            put(em, "\n", 1);
        put(em, indent, (size_t)nindent);
        em->file = at.file;
        em->sys = at.sys;
        em->line = t->loc.line;
        return;
    }
    if (!t->loc.file[0]) {
        /* no file to name: keep the white space */
        struct pos real = { em->file, em->line, em->sys };
        walk_ws(em, t->ws, t->wslen, at_bol, &real, 1, 1);
        em->line = real.line;
        return;
    }
    put_marker(em, t->loc.file, t->loc.line, t->sys);
    /* the indentation of the token's line, if its white space shows it */
    int only_blanks = 1;
    for (int k = 0; k < nindent; k++)
        if (indent[k] != ' ' && indent[k] != '\t')
            only_blanks = 0;
    if (only_blanks && last_nl > 0)
        put(em, indent, (size_t)nindent);
    em->file = t->loc.file;
    em->line = t->loc.line;
    em->sys = t->sys;
}

void
emit_leading(struct emitter *em, int tok)
{
    if (tok < 0 || tok >= em->u->ntoks)
        return;
    leading(em, tok);
}

static void
token(struct emitter *em, int i)
{
    const struct token *t = &em->u->toks[i];
    if (em->flat) {
        if (t->wslen > 0)
            put(em, " ", 1);
        sync_column(em, t);
        for (int k = 0; k < t->len; k++)
            put(em, t->text[k] == '\n' ? " " : t->text + k, 1);
        return;
    }
    leading(em, i);
    sync_column(em, t);
    if ((t->kind == PRAGMA || t->kind == PRAGMA_MIRROR || t->kind == PRAGMA_UPDATE) &&
        !em->blank_line) {
        put(em, "\n", 1);      /* a directive starts a line */
        em->line++;
    }
    put(em, t->text, (size_t)t->len);
    for (int k = 0; k < t->len; k++)
        if (t->text[k] == '\n')
            em->line++;
}

void
emit_tokens(struct emitter *em, int first, int last)
{
    if (first < 0)
        first = 0;
    if (last >= em->u->ntoks)
        last = em->u->ntoks - 1;
    for (int i = first; i <= last; i++)
        token(em, i);
}

/* emit_verbatim's stack: a frame per node printed verbatim whose kids are
 * not done (the node, its next kid, its next token), on the C stack up to
 * VERBATIM_LOCAL frames, then on the heap.  Only a hook that takes a node
 * recurses (it prints the node's kids with emit_node). */
#define VERBATIM_LOCAL 32
struct verbatim_frame {
    struct node *n;
    int next, cur;
};

void
emit_verbatim(struct emitter *em, struct node *n)
{
    if (!n)
        return;
    struct verbatim_frame local[VERBATIM_LOCAL], *st = local;
    int cap = VERBATIM_LOCAL, top = 0;
    st[top++] = (struct verbatim_frame){ n, 0, n->first };
    while (top > 0) {
        struct verbatim_frame *f = &st[top - 1];
        if (f->next == f->n->nkids) {
            emit_tokens(em, f->cur, f->n->last);
            top--;
            continue;
        }
        struct node *c = f->n->kids[f->next++];
        if (c->last >= c->first) {
            emit_tokens(em, f->cur, c->first - 1);
            f->cur = c->last + 1;
        }
        if (em->hook && em->hook(em, c, em->ctx))
            continue;                   /* the hook printed it */
        if (top == cap) {
            struct verbatim_frame *ns = malloc(2 * (size_t)cap * sizeof *ns);
            if (!ns) {
                fputs("nsc: out of memory\n", stderr);
                exit(1);
            }
            memcpy(ns, st, (size_t)top * sizeof *ns);
            if (st != local)
                free(st);
            st = ns;
            cap *= 2;
        }
        st[top++] = (struct verbatim_frame){ c, 0, c->first };
    }
    if (st != local)
        free(st);
}

void
emit_node(struct emitter *em, struct node *n)
{
    if (!n)
        return;
    if (em->hook && em->hook(em, n, em->ctx))
        return;
    emit_verbatim(em, n);
}

void
emit_unit(struct emitter *em)
{
    if (em->u->root)
        emit_node(em, em->u->root);
    else
        emit_tokens(em, 0, em->u->ntoks - 1);
    fflush(em->out);
}

void
emit_text(struct emitter *em, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    char *s = buf;
    if ((size_t)n >= sizeof buf) {
        s = malloc((size_t)n + 1);
        if (!s)
            return;
        va_start(ap, fmt);
        vsnprintf(s, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    for (int i = 0; i < n; i++)
        if (s[i] == '\n')
            s[i] = ' ';
    put(em, s, (size_t)n);
    if (n > 0)
        em->sync_line = 1;
    if (s != buf)
        free(s);
}

void
emit_set_hook(struct emitter *em, emit_hook hook, void *ctx)
{
    em->hook = hook;
    em->ctx = ctx;
}

void
emit_lead(struct emitter *em, const struct node *n)
{
    if (n && !em->flat)
        emit_leading(em, n->first);
}

void
emit_default(struct emitter *em, struct node *n)
{
    emit_verbatim(em, n);
}

void
emit_flat(struct emitter *em, struct node *n)
{
    em->flat++;
    emit_node(em, n);
    em->flat--;
}

void
emit_flat_tokens(struct emitter *em, int first, int last)
{
    em->flat++;
    emit_tokens(em, first, last);
    em->flat--;
}

/* tokens a..b; of those in [skip_first, skip_last] only the white space
 * (so the lines stay where they were) */
static void
tokens_skipping(struct emitter *em, int a, int b, int skip_first, int skip_last)
{
    for (int i = a; i <= b; i++) {
        if (i < skip_first || i > skip_last)
            emit_tokens(em, i, i);
        else if (!em->flat)
            emit_leading(em, i);
    }
}

void
emit_skipping(struct emitter *em, struct node *n, int first, int last)
{
    if (!n)
        return;
    int cur = n->first;
    for (int k = 0; k < n->nkids; k++) {
        struct node *c = n->kids[k];
        int inside = c->first >= first && c->last <= last && c->first <= c->last;
        if (c->last < c->first) {
            if (!(c->first > first && c->first <= last))
                emit_node(em, c);
            continue;
        }
        tokens_skipping(em, cur, c->first - 1, first, last);
        if (!inside)
            emit_node(em, c);
        else
            tokens_skipping(em, c->first, c->last, first, last);
        cur = c->last + 1;
    }
    tokens_skipping(em, cur, n->last, first, last);
}

void
emit_hold(struct emitter *em, struct emit_hold *h)
{
    *h = (struct emit_hold){ em->out, NULL, 0, em->file, em->line, em->sys, em->bol, em->col };
    FILE *mem = open_memstream(&h->buf, &h->len);
    if (!mem) {
        fputs("nsc: out of memory\n", stderr);
        exit(1);
    }
    em->out = mem;
}

void
emit_release(struct emitter *em, struct emit_hold *h, const char *before)
{
    fclose(em->out);
    em->out = h->out;
    if (before && *before) {
        /* on lines of their own; then back to the line and column the
         * region started at */
        fputs(h->bol ? "" : "\n", em->out);
        fputs(before, em->out);
        fputc('\n', em->out);
        if (em->line_markers && h->file && h->file[0])
            write_marker(em->out, h->file, h->line, h->sys);
        for (int i = 0; i < h->col; i++)
            fputc(' ', em->out);
    }
    fwrite(h->buf, 1, h->len, em->out);
    free(h->buf);
}
