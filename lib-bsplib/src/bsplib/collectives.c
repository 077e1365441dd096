/*
 * collectives.c - the BSPlib collectives of bsp_coll.h (seed 000 Appendix
 * A, Oxford level-1 conventions): argument checks here, the rest in the
 * engine (runtime/src/sync/collective.c), which carries each one inside a single
 * sync.
 */
#include "bspi.h"
#include "bsp_coll.h"

_Static_assert(BSPI_FOLD == NS_COLL_FOLD && BSPI_EXSCAN == NS_COLL_EXSCAN
               && BSPI_BCAST == NS_COLL_BCAST && BSPI_EXCHANGE == NS_COLL_EXCHANGE,
               "bsp_coll.h's kinds are the engine's");

static const char *const call_name[] = {
    [BSPI_FOLD] = "bsp_fold", [BSPI_SCAN] = "bsp_scan", [BSPI_EXSCAN] = "bsp_exscan",
    [BSPI_BCAST] = "bsp_bcast", [BSPI_GATHER] = "bsp_gather", [BSPI_SCATTER] = "bsp_scatter",
    [BSPI_ALLGATHER] = "bsp_allgather", [BSPI_EXCHANGE] = "bsp_exchange",
};

void
bspi_fold_at(int kind, bsp_fold_op_t op, const void *src, void *dst, int nbytes,
             const char *file, int line)
{
    const struct ns_site *site = NS_SITE(call_name[kind], file, line);
    bspi_require_running(site);
    bspi_check_nonneg(nbytes, "nbytes", site);
    ns_collective(kind, -1, op, src, dst, (size_t)nbytes, site);
}

void
bspi_move_at(int kind, int pid, const void *src, void *dst, int nbytes, const char *file,
             int line)
{
    const struct ns_site *site = NS_SITE(call_name[kind], file, line);
    bspi_require_running(site);
    bspi_check_nonneg(nbytes, "nbytes", site);
    if (kind == BSPI_BCAST || kind == BSPI_GATHER || kind == BSPI_SCATTER)
        bspi_check_pid(pid, site);
    ns_collective(kind, pid, NULL, src, dst, (size_t)nbytes, site);
}

void bsp_fold(bsp_fold_op_t op, const void *src, void *dst, int nbytes)
{ bspi_fold_at(BSPI_FOLD, op, src, dst, nbytes, NULL, 0); }
void bsp_scan(bsp_fold_op_t op, const void *src, void *dst, int nbytes)
{ bspi_fold_at(BSPI_SCAN, op, src, dst, nbytes, NULL, 0); }
void bsp_exscan(bsp_fold_op_t op, const void *src, void *dst, int nbytes)
{ bspi_fold_at(BSPI_EXSCAN, op, src, dst, nbytes, NULL, 0); }
void bsp_bcast(int pid, const void *src, void *dst, int nbytes)
{ bspi_move_at(BSPI_BCAST, pid, src, dst, nbytes, NULL, 0); }
void bsp_gather(int pid, const void *src, void *dst, int nbytes)
{ bspi_move_at(BSPI_GATHER, pid, src, dst, nbytes, NULL, 0); }
void bsp_scatter(int pid, const void *src, void *dst, int nbytes)
{ bspi_move_at(BSPI_SCATTER, pid, src, dst, nbytes, NULL, 0); }
void bsp_allgather(const void *src, void *dst, int nbytes)
{ bspi_move_at(BSPI_ALLGATHER, 0, src, dst, nbytes, NULL, 0); }
void bsp_exchange(const void *src, void *dst, int nbytes)
{ bspi_move_at(BSPI_EXCHANGE, 0, src, dst, nbytes, NULL, 0); }
