/*
 * bsp.h - the BSPlib API (Hill, McColl et al., 1997/98) of NestStep-C.
 *
 * Every primitive of the standard, with its C signature, plus the later
 * additions that cost nothing (bsp_hpsend, the bsp_pid_t style typedefs,
 * BSP_VERSION).  The library runs on MPI: start programs with bsprun.
 *
 * Calls that can be misused are also macros that pass the caller's file and
 * line, so an error names the line of your program.  Define
 * BSP_NO_SITE_MACROS before including this header to get plain functions
 * (the functions exist under their standard names either way).
 *
 * Define BSP_MCBSP_API (bspcc --mcbsp does) to get MulticoreBSP for C 2.0's
 * API instead: bsp-mcbsp.h.  The Oxford toolset's level-1 library (its
 * collectives and reductions) is in bsp_level1.h.
 */
#ifndef NESTSTEP_BSP_H
#define NESTSTEP_BSP_H

/* The Oxford BSP toolset's bsp.h included <stdio.h>, and programs written
 * for it use printf and stdout without including it themselves. */
#include <stdio.h>

#ifdef BSP_MCBSP_API             /* MulticoreBSP for C 2.0's API instead (bspcc --mcbsp) */
#include "bsp-mcbsp.h"
#else

#include "bsp-entry.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BSP_VERSION 199805L     /* the BSPlib level implemented */
#define NESTSTEP_BSPLIB 1

typedef int bsp_pid_t;          /* BSPlib 2014-era typedefs, all int here */
typedef int bsp_nprocs_t;
typedef int bsp_size_t;

/* Initialisation */
void bsp_begin(int maxprocs);
void bsp_end(void);
void bsp_init(void (*spmdproc)(void), int argc, char **argv);

/* Halt */
void bsp_abort(const char *format, ...) BSP_PRINTF_LIKE(1, 2) BSP_NORETURN;

/* Enquiry */
int bsp_nprocs(void);
int bsp_pid(void);
double bsp_time(void);

/* Superstep */
void bsp_sync(void);

/* DRMA */
void bsp_push_reg(const void *ident, int size) BSP_ADDRESS_ONLY(1);
void bsp_pop_reg(const void *ident) BSP_ADDRESS_ONLY(1);
void bsp_put(int pid, const void *src, void *dst, int offset, int nbytes);
void bsp_hpput(int pid, const void *src, void *dst, int offset, int nbytes);
void bsp_get(int pid, const void *src, int offset, void *dst, int nbytes);
void bsp_hpget(int pid, const void *src, int offset, void *dst, int nbytes);

/* BSMP */
void bsp_set_tagsize(int *tag_nbytes);
void bsp_send(int pid, const void *tag, const void *payload, int payload_nbytes);
void bsp_hpsend(int pid, const void *tag, const void *payload, int payload_nbytes);
void bsp_qsize(int *nmessages, int *accum_nbytes);
void bsp_get_tag(int *status, void *tag);
void bsp_move(void *payload, int reception_nbytes);
int bsp_hpmove(void **tag_ptr, void **payload_ptr);

/* NestStep-C extensions to BSPlib (prefix bspx_; not in the standard).
 * bspx_read(area, nputs): the READ of relaxed barrier synchronization
 * (seed 003, Kim, Ha and Jhon 1998).  Call it before the first access to the
 * registered area `area` in a superstep that reads what puts wrote there;
 * nputs is the number of bsp_put/bsp_hpput calls, from all processes, that
 * wrote the area since its last bspx_read.  Barrier mode (the default)
 * checks that count and stops the job if it is wrong; the relaxed modes
 * (bsprun --sync=relaxed) wait for those puts.  Resets the count.  See
 * bspx_read(3). */
#define BSPX_READ 1
void bspx_read(const void *area, int nputs) BSP_ADDRESS_ONLY(1);
/* bspx_lend(area, ngets): READ's dual for gets.  Call it in a superstep in
 * which ngets bsp_get/bsp_hpget calls, from all processes (this one
 * included), read the registered area `area` of this process.  The
 * bsp_sync that ends the superstep serves them before it writes anything
 * of the superstep into the area and before it returns, so the area may
 * change right after.  Barrier mode checks the count at that sync; the
 * relaxed modes wait for the gets.  See bspx_lend(3). */
#define BSPX_LEND 1
void bspx_lend(const void *area, int ngets) BSP_ADDRESS_ONLY(1);

#ifndef BSP_NO_SITE_MACROS
#define bsp_begin(m)            bspi_begin_at((m), __FILE__, __LINE__)
#define bsp_end()               bspi_end_at(__FILE__, __LINE__)
#define bsp_sync()              bspi_sync_at(__FILE__, __LINE__)
#define bsp_push_reg(i, s)      bspi_push_reg_at((i), (s), __FILE__, __LINE__)
#define bsp_pop_reg(i)          bspi_pop_reg_at((i), __FILE__, __LINE__)
#define bsp_put(p, s, d, o, n)  bspi_put_word_at((p), (s), (d), (o), (n), __FILE__, __LINE__)
#define bsp_hpput(p, s, d, o, n) bspi_put_at((p), (s), (d), (o), (n), 1, __FILE__, __LINE__)
#define bsp_get(p, s, o, d, n)  bspi_get_at((p), (s), (o), (d), (n), 0, __FILE__, __LINE__)
#define bsp_hpget(p, s, o, d, n) bspi_get_at((p), (s), (o), (d), (n), 1, __FILE__, __LINE__)
#define bsp_set_tagsize(t)      bspi_set_tagsize_at((t), __FILE__, __LINE__)
#define bsp_send(p, t, m, n)    bspi_send_at((p), (t), (m), (n), 0, __FILE__, __LINE__)
#define bsp_hpsend(p, t, m, n)  bspi_send_at((p), (t), (m), (n), 1, __FILE__, __LINE__)
#define bspx_read(a, n)         bspxi_read_at((a), (n), __FILE__, __LINE__)
#define bspx_lend(a, n)         bspxi_lend_at((a), (n), __FILE__, __LINE__)
#endif

#ifdef __cplusplus
}
#endif
#endif /* BSP_MCBSP_API */
#endif /* NESTSTEP_BSP_H */
