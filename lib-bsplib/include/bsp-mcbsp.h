/*
 * bsp-mcbsp.h - MulticoreBSP for C 2.0's BSPlib API on NestStep-C's BSPlib.
 *
 * Included by bsp.h when BSP_MCBSP_API is defined (bspcc --mcbsp, or
 * -DBSP_MCBSP_API), and by mcbsp.h.  The types and prototypes are
 * MulticoreBSP 2.0's: unsigned int process ids and counts, size_t sizes,
 * offsets, payload sizes and bsp_get_tag status (SIZE_MAX when the queue is
 * empty), bsp_qsize with an optional size_t byte count, bsp_hpmove returning
 * size_t (SIZE_MAX when empty), bsp_move doing nothing on an empty queue,
 * and its extensions bsp_vabort and bsp_hpsend.  Every call maps onto the
 * same library and engine as the BSPlib API: same semantics, same checks,
 * same errors (located, through the site macros below).  Sizes above
 * INT_MAX, the limit of the library, stop the job with a message.
 *
 * Not provided: bsp_direct_get (a blocking read of another process's memory
 * in the middle of a superstep, which MulticoreBSP itself reserves for shared
 * memory): a call is a compile-time error that says so.  The checkpointing
 * hints mcbsp_enable_checkpointing and mcbsp_disable_checkpointing do
 * nothing, as in BSPonMPI's and LPF's MulticoreBSP modes.
 */
#ifndef NESTSTEP_BSP_MCBSP_H
#define NESTSTEP_BSP_MCBSP_H

#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include "bsp-entry.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BSP_VERSION 199805L
#define NESTSTEP_BSPLIB 1
#define NESTSTEP_BSPLIB_MCBSP 1         /* this header is in force */

typedef unsigned int bsp_pid_t;         /* MulticoreBSP 2.0's types */
typedef unsigned int bsp_nprocs_t;
typedef size_t bsp_size_t;
/* MulticoreBSP 1.x spellings of the same types */
#define MCBSP_PROCESSOR_INDEX_DATATYPE bsp_pid_t
#define MCBSP_NUMMSG_TYPE bsp_nprocs_t
#define MCBSP_BYTESIZE_TYPE bsp_size_t
#define MCBSP_ENABLE_HP_DIRECTIVES 1
#define MCBSP_ALLOW_MULTIPLE_REGS 1

#define mcbsp_enable_checkpointing()    ((void)0)
#define mcbsp_disable_checkpointing()   ((void)0)

/* The library's MulticoreBSP entry points (lib-bsplib/src/bsplib/mcbsp.c). */
bsp_pid_t mcbspi_nprocs(void);
bsp_pid_t mcbspi_pid(void);
void mcbspi_vabort(const char *format, va_list args) BSP_PRINTF_LIKE(1, 0) BSP_NORETURN;
void mcbspi_too_large(const char *call, const char *what, size_t value,
                      const char *file, int line) BSP_NORETURN;
void mcbspi_set_tagsize_at(bsp_size_t *size, const char *file, int line);
void mcbspi_qsize(bsp_nprocs_t *packets, bsp_size_t *accumulated_size);
void mcbspi_get_tag(bsp_size_t *status, void *tag);
void mcbspi_move(void *payload, bsp_size_t max_copy_size);
bsp_size_t mcbspi_hpmove(void **p_tag, void **p_payload);

/* The library's functions whose prototypes are the same in both APIs. */
void bsp_end(void);
void bsp_init(void (*spmd)(void), int argc, char **argv);
void bsp_abort(const char *format, ...) BSP_PRINTF_LIKE(1, 2) BSP_NORETURN;
double bsp_time(void);
void bsp_sync(void);

/* A size the library cannot take (above INT_MAX) stops the job. */
static inline int
bspi_mc_size(size_t v, const char *call, const char *what, const char *file, int line)
{
    if (__builtin_expect(v > INT_MAX, 0))
        mcbspi_too_large(call, what, v, file, line);
    return (int)v;
}

static inline void
bspi_mc_begin_at(bsp_pid_t P, const char *file, int line)
{
    bspi_begin_at(P > INT_MAX ? INT_MAX : (int)P, file, line);
}

static inline void
bspi_mc_push_reg_at(const void *address, bsp_size_t size, const char *file, int line)
{
    bspi_push_reg_at(address, bspi_mc_size(size, "bsp_push_reg", "the size", file, line),
                     file, line);
}

static inline void
bspi_mc_put_at(bsp_pid_t pid, const void *source, const void *destination, bsp_size_t offset,
               bsp_size_t size, int hp, const char *file, int line)
{
#ifdef BSPI_PUT_INLINE
    if (!hp && ns_put_word((int)pid, source, destination, offset, size) == 0)
        return;                         /* a one-word put (ns_put_word.h) */
#endif
    const char *call = hp ? "bsp_hpput" : "bsp_put";
    bspi_put_at((int)pid, source, (void *)(uintptr_t)destination,
                bspi_mc_size(offset, call, "offset", file, line),
                bspi_mc_size(size, call, "size", file, line), hp, file, line);
}

static inline void
bspi_mc_get_at(bsp_pid_t pid, const void *source, bsp_size_t offset, void *destination,
               bsp_size_t size, int hp, const char *file, int line)
{
    const char *call = hp ? "bsp_hpget" : "bsp_get";
    bspi_get_at((int)pid, source, bspi_mc_size(offset, call, "offset", file, line),
                destination, bspi_mc_size(size, call, "size", file, line), hp, file, line);
}

static inline void
bspi_mc_send_at(bsp_pid_t pid, const void *tag, const void *payload, bsp_size_t size, int hp,
                const char *file, int line)
{
    bspi_send_at((int)pid, tag, payload,
                 bspi_mc_size(size, hp ? "bsp_hpsend" : "bsp_send", "size", file, line),
                 hp, file, line);
}

/* The API, under its standard names (static: these names are the BSPlib
 * API's in the library). */
static inline void bsp_begin(bsp_pid_t P) { bspi_mc_begin_at(P, NULL, 0); }
static inline bsp_pid_t bsp_nprocs(void) { return mcbspi_nprocs(); }
static inline bsp_pid_t bsp_pid(void) { return mcbspi_pid(); }
static inline void BSP_NORETURN BSP_PRINTF_LIKE(1, 0)
bsp_vabort(const char *error_message, va_list args)
{
    mcbspi_vabort(error_message, args);
}
static inline void
bsp_push_reg(const void *address, bsp_size_t size)
{
    bspi_mc_push_reg_at(address, size, NULL, 0);
}
static inline void bsp_pop_reg(const void *address) { bspi_pop_reg_at(address, NULL, 0); }
static inline void
bsp_put(bsp_pid_t pid, const void *source, const void *destination, bsp_size_t offset,
        bsp_size_t size)
{
    bspi_mc_put_at(pid, source, destination, offset, size, 0, NULL, 0);
}
static inline void
bsp_hpput(bsp_pid_t pid, const void *source, const void *destination, bsp_size_t offset,
          bsp_size_t size)
{
    bspi_mc_put_at(pid, source, destination, offset, size, 1, NULL, 0);
}
static inline void
bsp_get(bsp_pid_t pid, const void *source, bsp_size_t offset, void *destination,
        bsp_size_t size)
{
    bspi_mc_get_at(pid, source, offset, destination, size, 0, NULL, 0);
}
static inline void
bsp_hpget(bsp_pid_t pid, const void *source, bsp_size_t offset, void *destination,
          bsp_size_t size)
{
    bspi_mc_get_at(pid, source, offset, destination, size, 1, NULL, 0);
}
static inline void bsp_set_tagsize(bsp_size_t *size) { mcbspi_set_tagsize_at(size, NULL, 0); }
static inline void
bsp_send(bsp_pid_t pid, const void *tag, const void *payload, bsp_size_t size)
{
    bspi_mc_send_at(pid, tag, payload, size, 0, NULL, 0);
}
static inline void
bsp_hpsend(bsp_pid_t pid, const void *tag, const void *payload, bsp_size_t size)
{
    bspi_mc_send_at(pid, tag, payload, size, 1, NULL, 0);
}
static inline void
bsp_qsize(bsp_nprocs_t *packets, bsp_size_t *accumulated_size)
{
    mcbspi_qsize(packets, accumulated_size);
}
static inline void bsp_get_tag(bsp_size_t *status, void *tag) { mcbspi_get_tag(status, tag); }
static inline void bsp_move(void *payload, bsp_size_t max_copy_size)
{
    mcbspi_move(payload, max_copy_size);
}
static inline bsp_size_t bsp_hpmove(void **p_tag, void **p_payload)
{
    return mcbspi_hpmove(p_tag, p_payload);
}

/* Shared memory only in MulticoreBSP; no equivalent between MPI processes. */
#if defined(__GNUC__) && !defined(__clang__)
void bsp_direct_get(bsp_pid_t pid, const void *source, bsp_size_t offset, void *destination,
                    bsp_size_t size)
    __attribute__((error("bsp_direct_get (MulticoreBSP, shared memory only) is not available "
                         "on NestStep-C's BSPlib, whose processes do not share memory; use "
                         "bsp_get and read the data after the next bsp_sync")));
#endif

#ifndef BSP_NO_SITE_MACROS
#define bsp_begin(P)             bspi_mc_begin_at((P), __FILE__, __LINE__)
#define bsp_end()                bspi_end_at(__FILE__, __LINE__)
#define bsp_sync()               bspi_sync_at(__FILE__, __LINE__)
#define bsp_push_reg(a, s)       bspi_mc_push_reg_at((a), (s), __FILE__, __LINE__)
#define bsp_pop_reg(a)           bspi_pop_reg_at((a), __FILE__, __LINE__)
#define bsp_put(p, s, d, o, n)   bspi_mc_put_at((p), (s), (d), (o), (n), 0, __FILE__, __LINE__)
#define bsp_hpput(p, s, d, o, n) bspi_mc_put_at((p), (s), (d), (o), (n), 1, __FILE__, __LINE__)
#define bsp_get(p, s, o, d, n)   bspi_mc_get_at((p), (s), (o), (d), (n), 0, __FILE__, __LINE__)
#define bsp_hpget(p, s, o, d, n) bspi_mc_get_at((p), (s), (o), (d), (n), 1, __FILE__, __LINE__)
#define bsp_set_tagsize(t)       mcbspi_set_tagsize_at((t), __FILE__, __LINE__)
#define bsp_send(p, t, m, n)     bspi_mc_send_at((p), (t), (m), (n), 0, __FILE__, __LINE__)
#define bsp_hpsend(p, t, m, n)   bspi_mc_send_at((p), (t), (m), (n), 1, __FILE__, __LINE__)
#endif

#ifdef __cplusplus
}
#endif
#endif /* NESTSTEP_BSP_MCBSP_H */
