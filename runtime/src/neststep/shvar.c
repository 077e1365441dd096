/*
 * shvar.c - replicated shared variables and arrays (spec section 3): the
 * registry of symbolic names, the writers rule (marked writes, and escaped
 * objects compared with their value when the address escaped), combine
 * clauses (policy override and prefix), and turning a step's writes into
 * combine items and the committed result back into values.  The table of
 * variables by key is combine/vars.c's (an arriving item finds its
 * variable there).
 */
#include "internal.h"

static ns_shvar *dirty;                 /* written or escaped in this step */
static ns_shvar **clause; static int nclause, capclause;   /* combine clause vars */
static ns_shvar *last_param;            /* the descriptor ns_sh_param found last */

static const struct ns_site *
here(const char *call)
{
    static struct ns_site s;
    s = ns_cur ? ns_cur->site : (struct ns_site){ 0 };
    s.call = call;
    return &s;
}

void
ns_sh_declare(ns_shvar *v, const char *name, void *addr, size_t n, int type, size_t elsize,
              int op, ns_combine_fn fn)
{
    if (!ns_cur)
        NestStep_init(NULL, NULL);
    /* the declaration has no site of its own: the step's, if inside one */
    const struct ns_site *site = ns_cur->in_step ? here("sh") : NS_SITE("sh", NULL, 0);
    if (ns_type_size(type) && elsize != ns_type_size(type))
        ns_fatal(site, "shared variable '%s': element size %zu does not match its type",
                 name, elsize);
    if (!ns_op_valid(op, type) || (op == NS_OP_FN && !fn))
        ns_fatal(site, "shared variable '%s': combine policy <%s> does not apply to its "
                 "element type; use <+> <*> <max> <min> on numbers, <&> <|> <^> on integers, "
                 "<?> <=> or a function on any type", name, ns_op_name(op));
    memset(v, 0, sizeof *v);
    v->name = name;
    v->addr = addr;
    v->n = n;
    v->elsize = elsize;
    v->type = type;
    v->op = v->step_op = op;
    v->fn = v->step_fn = fn;
    v->group = ns_cur;
    v->key = ns_hash64(ns_cur->uid, name, strlen(name));
    v->shadowed = ns_sh_find(v->key);
    if (v->shadowed)
        ns_sh_unlink(v->shadowed);
    ns_sh_link(v);
}

void ns_sh_handle(ns_shvar *v, void **handle) { v->handle = handle; }

void
ns_sh_undeclare(ns_shvar *v)
{
    if (last_param == v)
        last_param = NULL;
    ns_sh_unlink(v);
    if (v->shadowed)
        ns_sh_link(v->shadowed);
    if (v->dirty) {                     /* leaving scope inside a step */
        for (ns_shvar **pp = &dirty; *pp; pp = &(*pp)->next_dirty)
            if (*pp == v) {
                *pp = v->next_dirty;
                break;
            }
    }
    free(v->wbits);
    free(v->snap);
    free(v->esc_bits);
    v->wbits = v->esc_bits = NULL;
    v->wn = v->capbits = v->esc_n = 0;
    v->snap = NULL;
}

/* Current storage and length (a handle's array may change). */
static char *
storage(const ns_shvar *v, size_t *n)
{
    if (!v->handle) {
        *n = v->n;
        return v->addr;
    }
    *n = *v->handle ? Array_length(*v->handle) : 0;
    return *v->handle;
}

static void
ensure_bits(uint64_t **bits, size_t *cap, size_t n)
{
    size_t words = (n + 63) / 64;
    if (words > *cap) {
        *bits = ns_xrealloc(*bits, 8 * words);
        memset(*bits + *cap, 0, 8 * (words - *cap));
        *cap = words;
    }
}

static void
make_dirty(ns_shvar *v, size_t n)
{
    if (!v->dirty) {                    /* its bits are clear (step end) */
        v->dirty = 1;
        v->next_dirty = dirty;
        dirty = v;
    }
    ensure_bits(&v->wbits, &v->capbits, n);
    v->wn = n;
}

void
ns_sh_touch(ns_shvar *v, size_t i, const struct ns_site *site)
{
    size_t n;
    storage(v, &n);
    if (!ns_cur || !ns_cur->in_step)
        ns_fatal(site, "write to shared %s '%s' outside a step; writes to shared variables "
                 "must be inside a step (or a function called from one)",
                 v->n == 1 && !v->handle ? "variable" : "array", v->name);
    if (i >= n)                         /* signed: a negative index wrapped around */
        ns_fatal(site, "index %lld is out of bounds of shared array '%s' of %zu elements",
                 (long long)i, v->name, n);
    make_dirty(v, n);
    v->wbits[i >> 6] |= (uint64_t)1 << (i & 63);
}

void
ns_sh_escape(ns_shvar *v, const struct ns_site *site)
{
    (void)site;
    size_t n;
    const char *s = storage(v, &n);
    if (!ns_cur || !ns_cur->in_step || v->snap_n || n == 0)
        return;
    make_dirty(v, n);
    v->snap = ns_xrealloc(v->snap, n * v->elsize);
    memcpy(v->snap, s, n * v->elsize);
    v->snap_n = n;
}

/* Does v's storage hold p?  Then *off is p's element index. */
static int
holds(const ns_shvar *v, const char *p, size_t *off)
{
    size_t n;
    const char *s = storage(v, &n);
    if (!s || p < s || p >= s + n * v->elsize)
        return 0;
    *off = (size_t)(p - s);
    return 1;
}

size_t
ns_sh_param(ns_shvar **out, const void *p, const char *param, const struct ns_site *site)
{
    ns_shvar *found = NULL;
    size_t off = 0;
    if (last_param && holds(last_param, p, &off))
        found = last_param;
    for (int b = 0; b < NS_VARS_NBUCKET && !found; b++)
        for (ns_shvar *v = ns_vars_bucket[b]; v && !found; v = v->next_hash)
            for (ns_shvar *w = v; w && !found; w = w->shadowed)     /* recursion hides some */
                if (holds(w, p, &off))
                    found = w;
    if (!found)
        ns_fatal(site, "the argument for the sh parameter '%s' is not in a replicated shared "
                 "array; pass a 'sh T a[n]' array, a new_Array handle, or the address of an "
                 "element of one", param);
    if (off % found->elsize)
        ns_fatal(site, "the argument for the sh parameter '%s' points inside an element of "
                 "shared array '%s'; pass the address of an element", param, found->name);
    last_param = found;
    *out = found;
    return off / found->elsize;
}

static void
add_clause(ns_shvar *v)
{
    if (nclause == capclause) {
        capclause = capclause ? 2 * capclause : 16;
        clause = ns_xrealloc(clause, sizeof *clause * (size_t)capclause);
    }
    clause[nclause++] = v;
}

void
ns_combine_policy(ns_shvar *v, int op, ns_combine_fn fn)
{
    if (op == NS_OP_DECLARED) {
        op = v->op;
        fn = v->fn;
    }
    if (!ns_op_valid(op, v->type) || (op == NS_OP_FN && !fn))
        ns_fatal(here("combine"), "combine policy <%s> does not apply to the element type of "
                 "'%s'", ns_op_name(op), v->name);
    v->step_op = op;
    v->step_fn = fn;
    add_clause(v);
}

void
ns_combine_prefix(ns_shvar *v, int op, ns_combine_fn fn, void *target)
{
    ns_combine_policy(v, op, fn);
    if (v->step_op == NS_OP_EQ || v->step_op == NS_OP_FIRST)
        ns_fatal(here("combine"), "a prefix of '%s' needs one of + * max min & | ^ or a "
                 "function as its policy, not <%s>", v->name, ns_op_name(v->step_op));
    v->prefix_target = target;
}

int
ns_sh_prefix_wanted(void)
{
    for (int i = 0; i < nclause; i++)
        if (clause[i]->prefix_target)
            return 1;
    return 0;
}

static int
by_key(const void *a, const void *b)
{
    uint64_t x = (*(ns_shvar *const *)a)->key, y = (*(ns_shvar *const *)b)->key;
    return (x > y) - (x < y);
}

static ns_shvar **sorted; static int capsorted;

void
ns_sh_contribution(struct ns_buf *out, int rank)
{
    int n = 0;
    for (ns_shvar *v = dirty; v; v = v->next_dirty) {
        if (n == capsorted) {
            capsorted = capsorted ? 2 * capsorted : 16;
            sorted = ns_xrealloc(sorted, sizeof *sorted * (size_t)capsorted);
        }
        sorted[n++] = v;
    }
    ns_sort(sorted, (size_t)n, sizeof *sorted, by_key);
    out->len = 0;
    for (int i = 0; i < n; i++) {
        ns_shvar *v = sorted[i];
        size_t len;
        const char *s = storage(v, &len);
        if (len > v->wn)
            len = v->wn;
        if (v->snap_n) {                /* escaped: changed elements are written */
            size_t m = len < v->snap_n ? len : v->snap_n;
            for (size_t e = 0; e < m; e++)
                if (memcmp(s + e * v->elsize, (char *)v->snap + e * v->elsize, v->elsize))
                    v->wbits[e >> 6] |= (uint64_t)1 << (e & 63);
            v->snap_n = 0;
        }
        int any = 0;
        for (size_t w = 0; w < (len + 63) / 64 && !any; w++)
            any = v->wbits[w] != 0;
        if (any)
            ns_items_add(out, v, s, len, v->wbits, rank);
        memset(v->wbits, 0, 8 * v->capbits);
        v->dirty = 0;
    }
    dirty = NULL;
}

/* A committed variable of an enclosing group changed in subgroup g: the
 * subgroup reports it to its parent when the neststep ends. */
static void
escalate(struct ns_group *g, ns_shvar *v, const uint64_t *bits, size_t n)
{
    ensure_bits(&v->esc_bits, &v->esc_n, n);
    for (size_t w = 0; w < (n + 63) / 64; w++)
        v->esc_bits[w] |= bits[w];
    if (v->esc_listed)
        return;
    v->esc_listed = 1;
    if (g->nesc == g->capesc) {
        g->capesc = g->capesc ? 2 * g->capesc : 8;
        g->esc = ns_xrealloc(g->esc, sizeof *g->esc * (size_t)g->capesc);
    }
    g->esc[g->nesc++] = v;
}

void
ns_sh_escalation(struct ns_buf *out, struct ns_group *sub, int contribute, int rank)
{
    out->len = 0;
    if (sub) {
        ns_sort(sub->esc, (size_t)sub->nesc, sizeof *sub->esc, by_key);
        for (int i = 0; i < sub->nesc; i++) {
            ns_shvar *v = sub->esc[i];
            size_t len;
            const char *s = storage(v, &len);
            if (contribute)
                ns_items_add(out, v, s, len < v->esc_n * 64 ? len : v->esc_n * 64, v->esc_bits,
                             rank);
            memset(v->esc_bits, 0, 8 * v->esc_n);
            v->esc_listed = 0;
        }
        sub->nesc = 0;
    }
}

void
ns_sh_commit(struct ns_group *g, const char *total, size_t len)
{
    for (const char *p = total; p < total + len; p += ((const struct ns_witem *)p)->bytes) {
        const struct ns_witem *it = (const void *)p;
        ns_shvar *v = ns_sh_find(it->key);
        size_t n;
        if (!v)                         /* written by processes that declared it */
            ns_fatal(&g->site, "a combine item arrived for a shared variable this process has "
                     "not declared (key %016llx); every member of a group must declare the "
                     "same shared variables", (unsigned long long)it->key);
        char *s = storage(v, &n);
        if (n != it->n)
            ns_fatal(&g->site, "shared array '%s' has %zu elements here but %u on another "
                     "process; replicated arrays must have the same length on every member",
                     v->name, n, it->n);
        const uint64_t *bits = ns_item_bits(it);
        const char *vals = ns_item_values(it);
        for (size_t w = 0; w < (n + 63) / 64; w++)
            for (uint64_t m = bits[w]; m; m &= m - 1) {
                size_t e = w * 64 + (size_t)__builtin_ctzll(m);
                memcpy(s + e * v->elsize, vals + e * v->elsize, v->elsize);
            }
        if (v->group != g)
            escalate(g, v, bits, n);
    }
}

void
ns_sh_commit_prefix(const char *prefix, size_t len)
{
    const char *p = prefix, *end = prefix + len;
    ns_sort(clause, (size_t)nclause, sizeof *clause, by_key);
    for (int i = 0; i < nclause; i++) {
        ns_shvar *v = clause[i];
        if (!v->prefix_target || (i > 0 && clause[i - 1] == v))
            continue;
        while (p < end && ((const struct ns_witem *)p)->key < v->key)
            p += ((const struct ns_witem *)p)->bytes;
        const struct ns_witem *it = p < end && ((const struct ns_witem *)p)->key == v->key
                                  ? (const void *)p : NULL;
        size_t n;
        storage(v, &n);
        char *t = v->prefix_target;
        for (size_t e = 0; e < n; e++) {
            if (it && e < it->n && (ns_item_bits(it)[e >> 6] >> (e & 63) & 1))
                memcpy(t + e * v->elsize, ns_item_values(it) + e * v->elsize, v->elsize);
            else
                ns_op_identity(v->step_op, v->type, t + e * v->elsize);
        }
    }
}

void
ns_sh_step_done(void)
{
    for (int i = 0; i < nclause; i++) {
        clause[i]->step_op = clause[i]->op;
        clause[i]->step_fn = clause[i]->fn;
        clause[i]->prefix_target = NULL;
    }
    nclause = 0;
}
