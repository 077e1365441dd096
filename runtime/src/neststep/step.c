/*
 * step.c - NestStep supersteps (spec sections 2 and 4): step begin and end
 * with their combine phase, neststep group splitting and the
 * inter-subgroup combine that ends it.  The combine of the current group
 * carries, at once: the agreement on which step every member is at, the
 * shared variables' combine items (prefix results on the way down), and
 * the N_DAMsgs histogram of distributed-array request messages.
 */
#include "internal.h"
#include "profile.h"

static struct ns_buf mine;

static void
refresh(void)
{
    ns_group_sync_here();
    ns_eng.superstep = ns_cur->step;
    NS_PROF(ns_prof_end());
}

/* One combine of group g: agreement, my items, my request messages. */
static int64_t split_key;              /* of the neststep starting now */

static void
combine(struct ns_group *g, int kind, int prefix, struct ns_combine_out *out)
{
    const int *dests = NULL;
    NS_PROF(ns_prof_combine(g, kind, prefix, mine.data, mine.len));
    int ndest = kind == NS_SYNC_NS_STEP ? ns_da_send(g, &dests) : 0;
    NS_PROF(ns_prof_mark(NSP_T_SENT));
    struct ns_combine_in in = {
        .agree = {
            [NS_AGREE_KIND] = kind,
            [NS_AGREE_STEP] = g->step,
            [NS_AGREE_SITE] = ns_site_key(kind, &g->site),
            [NS_AGREE_SPLIT] = kind == NS_SYNC_NS_SPLIT ? split_key : 0,
        },
        .ndest = ndest,
        .dest = dests,
        .items = mine.data,
        .items_len = mine.len,
        .prefix = prefix,
        .idle = kind == NS_SYNC_NS_STEP && ns_da_live ? ns_da_serve_early : NULL,
    };
    ns_combine_run(g, &in, out);
    NS_PROF(ns_prof_served(out->nrecv));
}

static struct ns_group *
running_group(const char *what, const struct ns_site *site)
{
    if (!ns_cur)
        NestStep_init(NULL, NULL);
    if (ns_cur->in_step)
        ns_fatal(site, "%s inside a step of the same group (the step on line %d); a step's body "
                 "may not contain another step or neststep of its group", what, ns_cur->site.line);
    return ns_cur;
}

void
ns_step_begin(const struct ns_site *site)
{
    struct ns_group *g = running_group("step", site);
    g->site = *site;
    g->in_step = 1;
    ns_da_step_begin();
    refresh();
}

/* A distributed-to-distributed section copy reads its source as a
 * private-side section read does (values of the start of the step,
 * served in the combine); only then can it write the destination.  So a
 * step in which any member copies gets a second round: the copiers write
 * what they read, and one more combine carries those writes (with the
 * message tags of a superstep of their own). */
static void
note_copies(struct ns_group *g)
{
    if (!g->copyvar_on) {               /* every member, before its first combine */
        ns_sh_declare(&g->copyvar, " section copies", &g->copies, 1, Type_int, sizeof g->copies,
                      NS_OP_OR, NULL);
        g->copyvar_on = 1;
    }
    g->copies = 0;
    if (ns_da_copies_pending()) {
        ns_sh_touch(&g->copyvar, 0, &g->site);
        g->copies = 1;
    }
}

static void
write_copies(struct ns_group *g)
{
    struct ns_combine_out out;
    g->copies = 0;
    g->step++;
    ns_da_step_begin();
    ns_da_copies_write();
    mine.len = 0;
    combine(g, NS_SYNC_NS_STEP, 0, &out);
    ns_da_serve(g, out.nrecv);
}

void
ns_step_end(void)
{
    struct ns_group *g = ns_cur;
    struct ns_combine_out out;
    if (!g || !g->in_step)
        ns_fatal(NS_SITE("step", NULL, 0), "end of a step that has not begun");
    int prefix = ns_sh_prefix_wanted();
    note_copies(g);
    ns_sh_contribution(&mine, g->rank);
    combine(g, NS_SYNC_NS_STEP, prefix, &out);
    ns_sh_commit(g, out.total, out.total_len);
    if (prefix)
        ns_sh_commit_prefix(out.prefix, out.prefix_len);
    ns_da_serve(g, out.nrecv);
    ns_sh_step_done();
    if (g->copies)
        write_copies(g);
    g->in_step = 0;
    g->step++;
    ns_here.epoch++;
    refresh();
}

/* neststep(k, @ = e) whose subgroups are not in the parent-rank order of
 * their rank-0 members: every parent rank's @, kept (by the parent's depth)
 * so that the join can combine the subgroups in @ order (spec section 4). */
static struct join_order { int k, *at; } *order;
static int caporder;

/* Keeps at (which the caller then must not free) if it is needed. */
static int
keep_order(struct ns_group *p, int k, int *at)
{
    char *seen = calloc((size_t)k, 1);
    int last = -1, sorted = 1;
    if (!seen)
        ns_fatal(&p->site, "out of memory for neststep(%d)", k);
    for (int r = 0; r < p->size; r++)
        if (at[r] >= 0 && at[r] < k && !seen[at[r]]) {
            seen[at[r]] = 1;
            sorted = sorted && at[r] > last;
            last = at[r];
        }
    free(seen);
    if (sorted)
        return 0;
    if (p->depth >= caporder) {
        int cap = 2 * p->depth + 8;
        order = ns_xrealloc(order, sizeof *order * (size_t)cap);
        memset(order + caporder, 0, sizeof *order * (size_t)(cap - caporder));
        caporder = cap;
    }
    order[p->depth] = (struct join_order){ k, at };
    return 1;
}

/* The join of such a neststep, and of one whose combine clause asks for a
 * prefix: one combine gathers the lengths of the subgroups' item lists
 * (each subgroup's rank 0 speaks for it), a second the lists themselves;
 * every process folds them in @ order.  With prefix, the fold of the
 * subgroups before mine is my prefix (nothing: the operator's identity). */
static void
join_in_order(struct ns_group *p, struct join_order *jo, int index, int lead, int prefix)
{
    int k = jo->k;
    struct ns_combine_out out;
    struct ns_buf list = { 0 }, acc = { 0 }, tmp = { 0 }, pre = { 0 };
    uint64_t *len = calloc((size_t)k, sizeof *len), *bits = calloc((size_t)(k + 63) / 64, 8);
    size_t *off = ns_xmalloc(sizeof *off * ((size_t)k + 1));
    ns_shvar lv, bv;
    if (!len || !bits)
        ns_fatal(&p->site, "out of memory for the end of neststep(%d)", k);
    if (mine.len)
        memcpy(ns_buf_append(&list, mine.len), mine.data, mine.len);
    ns_sh_declare(&lv, " neststep lengths", len, (size_t)k, Type_ullong, sizeof *len,
                  NS_OP_FIRST, NULL);
    mine.len = 0;
    if (lead) {
        len[index] = list.len;
        bits[index >> 6] |= (uint64_t)1 << (index & 63);
        ns_items_add(&mine, &lv, len, (size_t)k, bits, p->rank);
    }
    combine(p, NS_SYNC_NS_JOIN, 0, &out);
    ns_sh_commit(p, out.total, out.total_len);
    ns_sh_undeclare(&lv);
    off[0] = 0;
    for (int j = 0; j < k; j++)
        off[j + 1] = off[j] + len[j];
    if (off[k]) {                       /* some subgroup changed something */
        size_t total = off[k];
        char *all = calloc(total, 1);
        uint64_t *abits = calloc((total + 63) / 64, 8);
        if (!all || !abits)
            ns_fatal(&p->site, "out of memory for the end of neststep(%d)", k);
        ns_sh_declare(&bv, " neststep items", all, total, Type_uchar, 1, NS_OP_FIRST, NULL);
        mine.len = 0;
        if (lead && list.len) {
            memcpy(all + off[index], list.data, list.len);
            for (size_t e = off[index]; e < off[index + 1]; e++)
                abits[e >> 6] |= (uint64_t)1 << (e & 63);
            ns_items_add(&mine, &bv, all, total, abits, p->rank);
        }
        combine(p, NS_SYNC_NS_JOIN, 0, &out);
        ns_sh_commit(p, out.total, out.total_len);
        ns_sh_undeclare(&bv);
        for (int j = 0; j < k; j++) {
            if (prefix && j == index && acc.len)
                memcpy(ns_buf_append(&pre, acc.len), acc.data, acc.len);
            if (!len[j])
                continue;
            ns_items_fold(&tmp, acc.data, acc.len, all + off[j], len[j], 0);
            struct ns_buf t = acc; acc = tmp; tmp = t;
        }
        ns_sh_commit(p, acc.data, acc.len);
        free(all);
        free(abits);
    }
    if (prefix)
        ns_sh_commit_prefix(pre.data, pre.len);
    ns_buf_free(&pre);
    ns_buf_free(&list);
    ns_buf_free(&acc);
    ns_buf_free(&tmp);
    free(len);
    free(bits);
    free(off);
    free(jo->at);
    jo->at = NULL;
}

/* neststep(k, @ = e): one combine tells every member everyone's @. */
static int *
learn_indices(struct ns_group *g, int at)
{
    int *vec = ns_xmalloc(sizeof(int) * (size_t)g->size);
    uint64_t *bits = calloc((size_t)(g->size + 63) / 64, 8);
    ns_shvar v;
    struct ns_combine_out out;
    ns_sh_declare(&v, " neststep @", vec, (size_t)g->size, Type_int, sizeof(int),
                  NS_OP_FIRST, NULL);
    vec[g->rank] = at;
    bits[g->rank >> 6] |= (uint64_t)1 << (g->rank & 63);
    mine.len = 0;
    ns_items_add(&mine, &v, vec, (size_t)g->size, bits, g->rank);
    combine(g, NS_SYNC_NS_SPLIT, 0, &out);
    ns_sh_commit(g, out.total, out.total_len);
    ns_sh_undeclare(&v);
    free(bits);
    return vec;
}

int
ns_neststep_begin(int k, int at, const double *w, const struct ns_site *site)
{
    struct ns_group *p = running_group("neststep", site);
    int index, lo = 0, hi = 0, *vec = NULL, kept = 0;
    if (k < 1)
        ns_fatal(site, "neststep(%d): the number of subgroups must be at least 1", k);
    p->site = *site;
    split_key = (int64_t)ns_hash64((uint64_t)k, w, w ? sizeof *w * (size_t)k : 0);
    if (at == NS_SPLIT_EVEN) {
        /* the split is computed locally; one combine checks that every
         * member splits the same way, so a mismatch stops the job instead
         * of leaving subgroups waiting for each other */
        struct ns_combine_out out;
        mine.len = 0;
        combine(p, NS_SYNC_NS_SPLIT, 0, &out);
    }
    if (at != NS_SPLIT_EVEN) {
        vec = learn_indices(p, at);
        index = at;
        kept = keep_order(p, k, vec);
    } else if (w) {                         /* contiguous, sizes by weight */
        double total = 0, cum = 0;
        for (int j = 0; j < k; j++) {
            if (!(w[j] >= 0))
                ns_fatal(site, "neststep weight w[%d] = %g; weights must not be negative", j, w[j]);
            total += w[j];
        }
        if (!(total > 0))
            ns_fatal(site, "neststep weights add up to %g; give at least one positive weight", total);
        index = -1;
        for (int j = 0; j < k && index < 0; j++) {
            lo = (int)(cum / total * p->size + 0.5);
            cum += w[j];
            hi = (int)(cum / total * p->size + 0.5);
            if (p->rank >= lo && p->rank < hi)
                index = j;
        }
    } else {                                /* @ = $ * k / #, contiguous */
        index = (int)((long long)p->rank * k / p->size);
        lo = (int)(((long long)index * p->size + k - 1) / k);
        hi = (int)(((long long)(index + 1) * p->size + k - 1) / k);
    }
    p->split_open = 1;
    p->split_k = k;
    if (index < 0 || index >= k) {          /* joins no subgroup: skips the body */
        if (!kept)
            free(vec);
        p->nsplit++;
        return 0;
    }
    ns_cur = ns_group_split(index, vec, lo, hi);
    p->nsplit++;
    if (!kept)
        free(vec);
    refresh();
    return 1;
}

void
ns_neststep_end(void)
{
    struct ns_group *g = NULL, *p = ns_cur;
    struct ns_combine_out out;
    if (!p->split_open) {
        g = p;
        p = g->parent;
        if (!p || !p->split_open)
            ns_fatal(&g->site, "end of a neststep that has not begun");
        if (g->in_step)
            ns_fatal(&g->site, "the body of a neststep ended inside one of its steps");
        if (g->split_open)
            ns_fatal(&g->site, "the body of a neststep ended inside a nested neststep");
    }
    /* the subgroup's changes to enclosing shared variables: its rank 0
     * speaks for it, in the parent's combine */
    int index = g ? g->index : -1, lead = g && g->rank == 0;
    ns_sh_escalation(&mine, g, lead, p->rank);
    if (g) {
        if (g->copyvar_on)
            ns_sh_undeclare(&g->copyvar);
        ns_group_free(g);
    }
    ns_cur = p;
    p->split_open = 0;
    refresh();                          /* messages name the parent's superstep */
    int prefix = ns_sh_prefix_wanted();     /* a combine clause on the neststep */
    if (p->depth < caporder && order[p->depth].at) {
        join_in_order(p, &order[p->depth], index, lead, prefix);
    } else if (prefix) {
        struct join_order even = { p->split_k, NULL };
        join_in_order(p, &even, index, lead, prefix);
    } else {
        combine(p, NS_SYNC_NS_JOIN, 0, &out);
        ns_sh_commit(p, out.total, out.total_len);
    }
    ns_sh_step_done();
    p->step++;
    ns_here.epoch++;
    refresh();
}

/* The last combine of the root group: every process gets here. */
void
ns_step_finalize(const struct ns_site *site)
{
    struct ns_combine_out out;
    if (ns_cur != &ns_root || ns_root.split_open)
        ns_fatal(site, "NestStep_finalize inside a neststep (subgroup @ = %d); call it in the "
                 "root group, after the neststep", ns_cur->index);
    if (ns_root.in_step)
        ns_fatal(site, "NestStep_finalize inside a step");
    ns_root.site = *site;
    mine.len = 0;
    combine(&ns_root, NS_SYNC_NS_END, 0, &out);
    ns_buf_free(&mine);
}
