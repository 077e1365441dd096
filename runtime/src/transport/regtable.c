/*
 * regtable.c - registrations (BSPlib push_reg/pop_reg; later NestStep's
 * named shared objects).  A registration is a slot number that is the same on
 * every process because all processes register in the same order.  Lookups
 * are O(1): an open-addressing map from address to the newest slot, and slot
 * numbers index an array on the receiving side.  Changes take effect at the
 * next sync (ns_reg_apply), after the combine has checked that every process
 * made the same ones.
 *
 * A pop of an address pushed in the same superstep cancels that push (the
 * newest registration of the address is the pending one): push, pop, sync is
 * a net no-op, as under BSPonMPI.  The cancelled push keeps its place in the
 * push count, and the pop its place in the popped-slot hash (as "push k
 * cancelled"), so the combine still checks that every process did the same.
 */
#include "internal.h"

#define R (ns_eng.reg)

/* push_addr of a push cancelled by a pop in the same superstep: an address no
 * user area has. */
static const char cancelled_push;
#define CANCELLED ((const void *)&cancelled_push)

static size_t
hash_addr(const void *a)
{
    uint64_t x = (uint64_t)(uintptr_t)a;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return (size_t)x;
}

/* Index of a's entry, or of the empty place where it would go. */
static size_t
map_pos(const void *a)
{
    size_t i = hash_addr(a) & R.mask;
    while (R.val[i] >= 0 && R.key[i] != a)
        i = (i + 1) & R.mask;
    return i;
}

static int
map_get(const void *a)
{
    return R.val[map_pos(a)];
}

static void
map_alloc(size_t cap)
{
    R.key = ns_xmalloc(sizeof *R.key * cap);
    R.val = ns_xmalloc(sizeof *R.val * cap);
    for (size_t i = 0; i < cap; i++)
        R.val[i] = -1;
    R.mask = cap - 1;
    R.count = 0;
}

static void map_set(const void *a, int slot);

static void
map_rehash(void)
{
    const void **key = R.key;
    int *val = R.val;
    size_t cap = R.mask + 1;
    map_alloc(cap * 2);
    for (size_t i = 0; i < cap; i++)
        if (val[i] >= 0)
            map_set(key[i], val[i]);
    free(key);
    free(val);
}

static void
map_set(const void *a, int slot)
{
    size_t i = map_pos(a);
    if (R.val[i] < 0) {
        if ((R.count + 1) * 2 > R.mask + 1) {
            map_rehash();
            i = map_pos(a);
        }
        R.count++;
        R.key[i] = a;
    }
    R.val[i] = slot;
}

/* Linear-probing delete with backward shift: no tombstones. */
static void
map_del(const void *a)
{
    size_t i = map_pos(a), j = i;
    if (R.val[i] < 0)
        return;
    R.val[i] = -1;
    R.count--;
    for (;;) {
        j = (j + 1) & R.mask;
        if (R.val[j] < 0)
            return;
        size_t home = hash_addr(R.key[j]) & R.mask;
        /* move j back to i unless its home lies cyclically in (i, j] */
        if ((j > i && (home <= i || home > j)) || (j < i && home <= i && home > j)) {
            R.key[i] = R.key[j];
            R.val[i] = R.val[j];
            R.val[j] = -1;
            i = j;
        }
    }
}

/* Empties the lookup cache (ns_put_fast's area): registrations changed. */
static void
forget_last(void)
{
    ns_put_fast_cache(NULL, -1, 0);
}

void
ns_reg_init(void)
{
    memset(&R, 0, sizeof R);
    map_alloc(64);
    forget_last();
    R.pop_hash = NS_POP_HASH_NONE;
}

void
ns_reg_stop(void)
{
    free(R.slot);
    free(R.free_slots);
    free(R.key);
    free(R.val);
    free(R.push_addr);
    free(R.push_size);
    free(R.push_file);
    free(R.push_line);
    free(R.pop_slot);
    memset(&R, 0, sizeof R);
    forget_last();
}

/* Fills the one-entry cache of ns_reg_find; the cache is emptied whenever
 * registrations change. */
int
ns_reg_lookup_max(const void *addr, size_t *max_size)
{
    int s = map_get(addr);
    if (s >= 0) {
        ns_put_fast_cache(addr, s, R.slot[s].max_size < 0 ? 0 : (size_t)R.slot[s].max_size);
        *max_size = ns_put_fast.max;
    }
    return s;
}

/* The newest push of addr in this superstep not cancelled yet, or -1. */
static int
pending_push(const void *addr)
{
    for (int i = R.npush - 1; i >= 0; i--)
        if (R.push_addr[i] == addr)
            return i;
    return -1;
}

int
ns_reg_pending(const void *addr)
{
    return pending_push(addr) >= 0;
}

/* NS_CHECK_SITES=1: push i's site, folded into the superstep's hash of
 * push sites, which the combine compares: BSPlib pairs the i-th push of
 * every process, so pushes of areas in different orders would pair the
 * wrong areas (and, with equal sizes, put data into the wrong one). */
static void
note_push_site(int i, const struct ns_site *site)
{
    if (!R.push_file) {
        R.push_file = ns_xrealloc(R.push_file, sizeof *R.push_file * R.cappush);
        R.push_line = ns_xrealloc(R.push_line, sizeof *R.push_line * R.cappush);
    }
    R.push_file[i] = site ? site->file : NULL;
    R.push_line[i] = site ? site->line : 0;
    uint32_t h = (R.push_sites ^ ns_file_hash(R.push_file[i])) * 16777619u;
    R.push_sites = (h ^ (uint32_t)R.push_line[i]) * 16777619u;
}

void
ns_reg_push(const void *addr, size_t size, const struct ns_site *site)
{
    if (R.npush == R.cappush) {
        R.cappush = R.cappush ? 2 * R.cappush : 8;
        R.push_addr = ns_xrealloc(R.push_addr, sizeof *R.push_addr * R.cappush);
        R.push_size = ns_xrealloc(R.push_size, sizeof *R.push_size * R.cappush);
        if (R.push_file) {
            R.push_file = ns_xrealloc(R.push_file, sizeof *R.push_file * R.cappush);
            R.push_line = ns_xrealloc(R.push_line, sizeof *R.push_line * R.cappush);
        }
    }
    R.push_addr[R.npush] = addr;
    R.push_size[R.npush] = addr ? (int64_t)size : -1;
    if (ns_eng.check_sites)
        note_push_site(R.npush, site);
    R.npush++;
}

int
ns_reg_push_site(int i, const char **file)
{
    if (!R.push_file || i < 0 || i >= R.npush) {
        *file = NULL;
        return 0;
    }
    *file = R.push_file[i];
    return R.push_line[i];
}

static int
pop_pending(int slot)
{
    for (int i = 0; i < R.npop; i++)
        if (R.pop_slot[i] == slot)
            return 1;
    return 0;
}

/* Records a pop in this superstep's list; id is slot s, or -(k + 2) for the
 * cancellation of push k (distinct from every slot and from -1). */
static void
record_pop(int id)
{
    if (R.npop == R.cappop) {
        R.cappop = R.cappop ? 2 * R.cappop : 8;
        R.pop_slot = ns_xrealloc(R.pop_slot, sizeof *R.pop_slot * R.cappop);
    }
    R.pop_slot[R.npop++] = id;
    R.pop_hash = (R.pop_hash ^ (uint64_t)(int64_t)(id + 1)) * 1099511628211ULL;
}

void
ns_reg_pop(const void *addr, const struct ns_site *site)
{
    int k = pending_push(addr);
    if (k >= 0) {                   /* the newest registration is pending: cancel it */
        R.push_addr[k] = CANCELLED;
        record_pop(-(k + 2));
        return;
    }
    int s = map_get(addr);
    while (s >= 0 && pop_pending(s))
        s = R.slot[s].older;
    if (s < 0)
        ns_fatal(site, "%p is not registered (or all its registrations are already popped); "
                 "pass the same address that was given to bsp_push_reg", addr);
    record_pop(s);
}

/* Unlinks slot s from the chain of registrations of its address. */
static void
unlink_slot(int s)
{
    const void *a = R.slot[s].addr;
    int t = map_get(a);
    if (t == s) {
        if (R.slot[s].older >= 0)
            map_set(a, R.slot[s].older);
        else
            map_del(a);
        return;
    }
    while (t >= 0 && R.slot[t].older != s)
        t = R.slot[t].older;
    if (t >= 0)
        R.slot[t].older = R.slot[s].older;
}

void
ns_reg_apply(const int64_t *max_size)
{
    if (R.npush == 0 && R.npop == 0)
        return;
    for (int i = 0; i < R.npop; i++) {
        int s = R.pop_slot[i];
        if (s < 0)                  /* cancelled a push of this superstep */
            continue;
        unlink_slot(s);
        R.slot[s].in_use = 0;
        R.slot[s].until = ns_eng.superstep + 1;
    }
    for (int i = 0; i < R.npush; i++) {
        int s;
        if (R.push_addr[i] == CANCELLED)
            continue;
        if (R.nfree > 0) {
            s = R.free_slots[--R.nfree];
        } else {
            if (R.nslot == R.capslot) {
                R.capslot = R.capslot ? 2 * R.capslot : 16;
                R.slot = ns_xrealloc(R.slot, sizeof *R.slot * R.capslot);
            }
            s = R.nslot++;
        }
        struct ns_slot *sl = &R.slot[s];
        sl->addr = (char *)R.push_addr[i];
        sl->size = R.push_size[i] < 0 ? 0 : (size_t)R.push_size[i];
        sl->max_size = max_size[i];
        sl->in_use = 1;
        sl->nput = 0;
        sl->lend_step = -1;
        sl->since = ns_eng.superstep + 1;
        sl->until = 0;
        sl->older = map_get(sl->addr);
        map_set(sl->addr, s);
    }
    /* popped slots are reused from the next sync on (bspx_read may count
     * the puts of the last superstep first); never in the relaxed modes */
    for (int i = 0; i < R.npop && !ns_proc.sync_mode; i++) {
        if (R.pop_slot[i] < 0)      /* cancelled a push: no slot */
            continue;
        if (R.nfree % 64 == 0)
            R.free_slots = ns_xrealloc(R.free_slots, sizeof(int) * (R.nfree + 64));
        R.free_slots[R.nfree++] = R.pop_slot[i];
    }
    R.npush = R.npop = 0;
    R.push_sites = 0;
    R.pop_hash = NS_POP_HASH_NONE;
    forget_last();
}
