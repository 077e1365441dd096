/*
 * bsp-entry.h - what bsp.h and bsp-mcbsp.h share: the attributes of the
 * declarations and the site-carrying entry points of the library, which the
 * site macros call with the caller's file and line, and bsp_put's inline
 * front.  Not for direct use.
 */
#ifndef NESTSTEP_BSP_ENTRY_H
#define NESTSTEP_BSP_ENTRY_H

#if defined(__cplusplus) || (defined(__STDC_VERSION__) && __STDC_VERSION__ >= 199901L)
#define BSPI_PUT_INLINE 1
#include "ns_put_word.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define BSP_PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#define BSP_NORETURN __attribute__((noreturn))
#else
#define BSP_PRINTF_LIKE(f, a)
#define BSP_NORETURN
#endif
/* Registration only records an address: it reads nothing there, so pushing
 * a variable that is set later is fine (no -Wmaybe-uninitialized). */
#if defined(__has_attribute)
#if __has_attribute(access)
#define BSP_ADDRESS_ONLY(i) __attribute__((access(none, i)))
#endif
#endif
#ifndef BSP_ADDRESS_ONLY
#define BSP_ADDRESS_ONLY(i)
#endif

/* Site-carrying entry points behind the site macros; not for direct use. */
void bspi_begin_at(int maxprocs, const char *file, int line);
void bspi_end_at(const char *file, int line);
void bspi_sync_at(const char *file, int line);
void bspi_push_reg_at(const void *ident, int size, const char *file, int line)
    BSP_ADDRESS_ONLY(1);
void bspi_pop_reg_at(const void *ident, const char *file, int line) BSP_ADDRESS_ONLY(1);
void bspi_put_at(int pid, const void *src, void *dst, int offset, int nbytes,
                 int hp, const char *file, int line);
/* bsp_put's inline front (C99 and C++): a one-word put appends its record
 * here (ns_put_word.h) without a library call; the rest, and every error,
 * goes to bspi_put_at.  C89 callers call bspi_put_at for every put. */
#ifdef BSPI_PUT_INLINE
static inline void
bspi_put_word_at(int pid, const void *src, void *dst, int offset, int nbytes,
                 const char *file, int line)
{
    if (ns_put_word(pid, src, dst, (size_t)offset, (size_t)nbytes) != 0)
        bspi_put_at(pid, src, dst, offset, nbytes, 0, file, line);
}
#else
#define bspi_put_word_at(pid, src, dst, offset, nbytes, file, line) \
    bspi_put_at((pid), (src), (dst), (offset), (nbytes), 0, (file), (line))
#endif
void bspi_get_at(int pid, const void *src, int offset, void *dst, int nbytes,
                 int hp, const char *file, int line);
void bspi_set_tagsize_at(int *tag_nbytes, const char *file, int line);
void bspi_send_at(int pid, const void *tag, const void *payload,
                  int payload_nbytes, int hp, const char *file, int line);
void bspxi_read_at(const void *area, int nputs, const char *file, int line)
    BSP_ADDRESS_ONLY(1);
void bspxi_lend_at(const void *area, int ngets, const char *file, int line)
    BSP_ADDRESS_ONLY(1);

#ifdef __cplusplus
}
#endif
#endif /* NESTSTEP_BSP_ENTRY_H */
