/*
 * bsp_coll.h - the collectives of BSPlib's Appendix A (seed 000), in the
 * calling conventions of the Oxford BSP toolset's level-1 library where it
 * has them (bsp_fold, bsp_scan, bsp_bcast, bsp_gather, bsp_scatter), plus
 * bsp_exscan, bsp_allgather and bsp_exchange.  Installed beside bsp.h;
 * include it after (or instead of) bsp.h.  See bsp_fold(3).
 *
 * Every process calls each collective, in the same superstep, with the same
 * root and nbytes.  A collective ends the superstep as bsp_sync does (the
 * puts, gets and sends issued before it are delivered), and its result is in
 * dst when it returns: one superstep, no more.  Results are the same bits on
 * every run: fold and scan apply op to lower pids on the left, over a fixed
 * tree.  Each process's src is read before any dst is written, so
 * src and dst may be the same area for fold, scan, exscan and bcast
 * (process 0 of an exscan keeps its src then); the others need separate
 * areas.
 */
#ifndef NESTSTEP_BSP_COLL_H
#define NESTSTEP_BSP_COLL_H

#include "bsp.h"

#ifdef __cplusplus
extern "C" {
#endif

#define NESTSTEP_BSP_COLL 1

/* The level-1 operator: *result = *left (op) *right, each nbytes long (a
 * pointer so that a Fortran 77 routine can be one).  It must be
 * associative; result never aliases left or right. */
typedef void (*bsp_fold_op_t)(void *result, void *left, void *right, int *nbytes);

/* dst := src(0) op src(1) op ... op src(p-1), on every process */
void bsp_fold(bsp_fold_op_t op, const void *src, void *dst, int nbytes);
/* dst on process s := src(0) op ... op src(s)  (inclusive) */
void bsp_scan(bsp_fold_op_t op, const void *src, void *dst, int nbytes);
/* dst on process s := src(0) op ... op src(s-1); process 0's dst untouched */
void bsp_exscan(bsp_fold_op_t op, const void *src, void *dst, int nbytes);
/* dst := src of process pid, on every process (src is read on pid only) */
void bsp_bcast(int pid, const void *src, void *dst, int nbytes);
/* on process pid, block s (nbytes at s * nbytes) of dst := src of process s */
void bsp_gather(int pid, const void *src, void *dst, int nbytes);
/* dst of process s := block s of src of process pid */
void bsp_scatter(int pid, const void *src, void *dst, int nbytes);
/* on every process, block s of dst := src of process s */
void bsp_allgather(const void *src, void *dst, int nbytes);
/* total exchange: block s of dst on process t := block t of src on process s */
void bsp_exchange(const void *src, void *dst, int nbytes);

/* Site-carrying entry points behind the macros; not for direct use. */
void bspi_fold_at(int kind, bsp_fold_op_t op, const void *src, void *dst, int nbytes,
                  const char *file, int line);
void bspi_move_at(int kind, int pid, const void *src, void *dst, int nbytes,
                  const char *file, int line);
/* kinds (the engine's enum ns_coll_kind) */
#define BSPI_FOLD 1
#define BSPI_SCAN 2
#define BSPI_EXSCAN 3
#define BSPI_BCAST 4
#define BSPI_GATHER 5
#define BSPI_SCATTER 6
#define BSPI_ALLGATHER 7
#define BSPI_EXCHANGE 8

#ifndef BSP_NO_SITE_MACROS
#define bsp_fold(o, s, d, n)     bspi_fold_at(BSPI_FOLD, (o), (s), (d), (n), __FILE__, __LINE__)
#define bsp_scan(o, s, d, n)     bspi_fold_at(BSPI_SCAN, (o), (s), (d), (n), __FILE__, __LINE__)
#define bsp_exscan(o, s, d, n)   bspi_fold_at(BSPI_EXSCAN, (o), (s), (d), (n), __FILE__, __LINE__)
#define bsp_bcast(p, s, d, n)    bspi_move_at(BSPI_BCAST, (p), (s), (d), (n), __FILE__, __LINE__)
#define bsp_gather(p, s, d, n)   bspi_move_at(BSPI_GATHER, (p), (s), (d), (n), __FILE__, __LINE__)
#define bsp_scatter(p, s, d, n)  bspi_move_at(BSPI_SCATTER, (p), (s), (d), (n), __FILE__, __LINE__)
#define bsp_allgather(s, d, n)   bspi_move_at(BSPI_ALLGATHER, 0, (s), (d), (n), __FILE__, __LINE__)
#define bsp_exchange(s, d, n)    bspi_move_at(BSPI_EXCHANGE, 0, (s), (d), (n), __FILE__, __LINE__)
#endif

#ifdef __cplusplus
}
#endif
#endif /* NESTSTEP_BSP_COLL_H */
