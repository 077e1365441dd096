/*
 * bsp-entry.h - what bsp.h and bsp-mcbsp.h share: the attributes of the
 * declarations and the site-carrying entry points of the library, which the
 * site macros call with the caller's file and line.  Not for direct use.
 */
#ifndef NESTSTEP_BSP_ENTRY_H
#define NESTSTEP_BSP_ENTRY_H

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
void bspi_get_at(int pid, const void *src, int offset, void *dst, int nbytes,
                 int hp, const char *file, int line);
void bspi_set_tagsize_at(int *tag_nbytes, const char *file, int line);
void bspi_send_at(int pid, const void *tag, const void *payload,
                  int payload_nbytes, int hp, const char *file, int line);
void bspxi_read_at(const void *area, int nputs, const char *file, int line)
    BSP_ADDRESS_ONLY(1);

#ifdef __cplusplus
}
#endif
#endif /* NESTSTEP_BSP_ENTRY_H */
