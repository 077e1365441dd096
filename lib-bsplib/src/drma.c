/*
 * drma.c - BSPlib direct remote memory access: bsp_push_reg, bsp_pop_reg,
 * bsp_put, bsp_hpput, bsp_get, bsp_hpget.  Checks arguments at the call, so
 * errors name the line; the engine does the rest.
 */
#include "bspi.h"

void
bspi_push_reg_at(const void *ident, int size, const char *file, int line)
{
    const struct ns_site *site = NS_SITE("bsp_push_reg", file, line);
    bspi_require_running(site);
    bspi_check_nonneg(size, "the size to register", site);
    ns_reg_push(ident, (size_t)size, site);
}

void bsp_push_reg(const void *ident, int size) { bspi_push_reg_at(ident, size, NULL, 0); }

void
bspi_pop_reg_at(const void *ident, const char *file, int line)
{
    const struct ns_site *site = NS_SITE("bsp_pop_reg", file, line);
    bspi_require_running(site);
    ns_reg_pop(ident, site);
}

void bsp_pop_reg(const void *ident) { bspi_pop_reg_at(ident, NULL, 0); }

/* The slot of a registered area used remotely, with a bounds check against
 * the largest size any process registered (the owner checks exactly). */
static int
remote_slot(const void *area, const char *role, int offset, int nbytes,
            const struct ns_site *site)
{
    if (!area)
        ns_fatal(site, "the %s area is NULL, which counts as unregistered; register the area "
                 "with bsp_push_reg and bsp_sync before communicating", role);
    size_t max;
    int slot = ns_reg_lookup_max(area, &max);
    if (__builtin_expect(slot < 0, 0)) {
        if (ns_reg_pending(area))
            ns_fatal(site, "the %s area %p was registered in this superstep; a registration "
                     "takes effect at the next bsp_sync, so communicate after it", role, area);
        ns_fatal(site, "the %s area %p is not registered; register it with bsp_push_reg on "
                 "every process and bsp_sync before communicating (pass the registered start "
                 "address and use the offset argument for positions inside it)", role, area);
    }
    if (__builtin_expect((size_t)offset + (size_t)nbytes > max, 0))
        ns_fatal(site, "offset %d + nbytes %d = %lld is beyond the registered %s area, which "
                 "is %zu bytes on the largest process; keep offset + nbytes within the "
                 "registered size", offset, nbytes, (long long)offset + nbytes, role, max);
    return slot;
}

/* Whether a put or get may go ahead without any message: one branch on the
 * fast path; anything unusual goes the slow way, which reports or returns. */
static inline int
fast_ok(int pid, const void *local, const void *area, int offset, int nbytes, int *slot)
{
    size_t max;
    return __builtin_expect(ns_engine_running() && (unsigned)pid < (unsigned)ns_nprocs()
                            && offset >= 0 && nbytes > 0 && local && area
                            && (*slot = ns_reg_lookup_max(area, &max)) >= 0
                            && (size_t)offset + (size_t)nbytes <= max, 1);
}

/* The slow path of a put or get: every check, in order, with its message.
 * Returns the slot of the registered area, or -1 for a transfer of 0 bytes. */
static int
checked_slot(const struct ns_site *site, int pid, const void *local, const char *local_role,
             const void *area, const char *area_role, int offset, int nbytes)
{
    bspi_require_running(site);
    bspi_check_pid(pid, site);
    bspi_check_nonneg(offset, "offset", site);
    bspi_check_nonneg(nbytes, "nbytes", site);
    if (nbytes == 0)
        return -1;
    if (!local)
        ns_fatal(site, "the %s is NULL but nbytes is %d", local_role, nbytes);
    return remote_slot(area, area_role, offset, nbytes, site);
}

void
bspi_put_at(int pid, const void *src, void *dst, int offset, int nbytes, int hp,
            const char *file, int line)
{
    int slot;
    if (!fast_ok(pid, src, dst, offset, nbytes, &slot) &&
        (slot = checked_slot(NS_SITE(hp ? "bsp_hpput" : "bsp_put", file, line), pid,
                             src, "source", dst, "destination", offset, nbytes)) < 0)
        return;
    if (hp)
        ns_hpput(pid, src, slot, (size_t)offset, (size_t)nbytes);
    else
        ns_put(pid, src, slot, (size_t)offset, (size_t)nbytes);
}

void
bsp_put(int pid, const void *src, void *dst, int offset, int nbytes)
{
    bspi_put_at(pid, src, dst, offset, nbytes, 0, NULL, 0);
}

void
bsp_hpput(int pid, const void *src, void *dst, int offset, int nbytes)
{
    bspi_put_at(pid, src, dst, offset, nbytes, 1, NULL, 0);
}

void
bspi_get_at(int pid, const void *src, int offset, void *dst, int nbytes, int hp,
            const char *file, int line)
{
    int slot;
    if (!fast_ok(pid, dst, src, offset, nbytes, &slot) &&
        (slot = checked_slot(NS_SITE(hp ? "bsp_hpget" : "bsp_get", file, line), pid,
                             dst, "destination", src, "source", offset, nbytes)) < 0)
        return;
    ns_get(pid, slot, (size_t)offset, dst, (size_t)nbytes);
}

void
bsp_get(int pid, const void *src, int offset, void *dst, int nbytes)
{
    bspi_get_at(pid, src, offset, dst, nbytes, 0, NULL, 0);
}

void
bsp_hpget(int pid, const void *src, int offset, void *dst, int nbytes)
{
    bspi_get_at(pid, src, offset, dst, nbytes, 1, NULL, 0);
}
