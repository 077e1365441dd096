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

/* Reports why a registered area cannot be used remotely: not registered in
 * force, or offset + nbytes beyond the largest size any process registered
 * (the owner checks its own size exactly at the sync). */
static void
check_area(const void *area, const char *role, int offset, int nbytes,
           const struct ns_site *site)
{
    if (!area)
        ns_fatal(site, "the %s area is NULL, which counts as unregistered; register the area "
                 "with bsp_push_reg and bsp_sync before communicating", role);
    size_t max;
    if (ns_reg_lookup_max(area, &max) < 0) {
        if (ns_reg_pending(area))
            ns_fatal(site, "the %s area %p was registered in this superstep; a registration "
                     "takes effect at the next bsp_sync, so communicate after it", role, area);
        ns_fatal(site, "the %s area %p is not registered; register it with bsp_push_reg on "
                 "every process and bsp_sync before communicating (pass the registered start "
                 "address and use the offset argument for positions inside it)", role, area);
    }
    if ((size_t)offset + (size_t)nbytes > max)
        ns_fatal(site, "offset %d + nbytes %d = %lld is beyond the registered %s area, which "
                 "is %zu bytes on the largest process; keep offset + nbytes within the "
                 "registered size", offset, nbytes, (long long)offset + nbytes, role, max);
}

/* The checks of a put or get that the engine does not make, as one branch:
 * anything unusual takes the slow path below. */
static inline int
args_ok(int pid, const void *local, const void *area, int offset, int nbytes)
{
    return __builtin_expect(ns_engine_running() && (unsigned)pid < (unsigned)ns_nprocs()
                            && offset >= 0 && nbytes > 0 && local && area, 1);
}

/* The slow path of a put or get: every check, in order, with its message.
 * Returns 0 when the transfer may go ahead, -1 for one of 0 bytes. */
static int
check_transfer(const struct ns_site *site, int pid, const void *local, const char *local_role,
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
    check_area(area, area_role, offset, nbytes, site);
    return 0;
}

/* A put that the fast path below did not take: the engine's general
 * path, and when the engine refuses it, every check with its message. */
static void __attribute__((noinline))
put_checked(int pid, const void *src, void *dst, int offset, int nbytes, int hp,
            const char *file, int line)
{
    int r = args_ok(pid, src, dst, offset, nbytes)
            ? ns_put(pid, src, dst, (size_t)offset, (size_t)nbytes, hp) : -1;
    if (r == 0)
        return;
    const struct ns_site *site = NS_SITE(hp ? "bsp_hpput" : "bsp_put", file, line);
    if (r != NS_NOMEM && check_transfer(site, pid, src, "source", dst, "destination", offset,
                                        nbytes) == 0)
        r = ns_put(pid, src, dst, (size_t)offset, (size_t)nbytes, hp);
    if (r == NS_NOMEM)
        ns_out_of_memory(site);
}

/* bsp_put's library entry: what the inline front of bsp.h did not take
 * (ns_put_word.h; every put of a C89 caller or through bsp_put's
 * function).  A one-word put may still fit now (its destination's cursor
 * was closed), else put_checked. */
void
bspi_put_at(int pid, const void *src, void *dst, int offset, int nbytes, int hp,
            const char *file, int line)
{
    if (__builtin_expect(hp || ns_put_word(pid, src, dst, (size_t)offset, (size_t)nbytes), 0))
        put_checked(pid, src, dst, offset, nbytes, hp, file, line);
    /* Keeps the call above from being a tail call, for which gcc would
     * move file and line into saved registers on every call. */
    __asm__ volatile("");
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
    int r = args_ok(pid, dst, src, offset, nbytes)
            ? ns_get(pid, src, (size_t)offset, dst, (size_t)nbytes) : -1;
    if (r == 0)
        return;
    const struct ns_site *site = NS_SITE(hp ? "bsp_hpget" : "bsp_get", file, line);
    if (r != NS_NOMEM && check_transfer(site, pid, dst, "destination", src, "source", offset,
                                        nbytes) == 0)
        r = ns_get(pid, src, (size_t)offset, dst, (size_t)nbytes);
    if (r == NS_NOMEM)
        ns_out_of_memory(site);
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
