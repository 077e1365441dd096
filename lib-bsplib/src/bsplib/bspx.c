/*
 * bspx.c - NestStep-C's extensions to BSPlib (prefix bspx_): bspx_read, the
 * READ of relaxed barrier synchronization (seed 003), and bspx_lend, its
 * dual for gets (runtime/src/transport/lend.c).
 */
#include "bspi.h"

void
bspxi_read_at(const void *area, int nputs, const char *file, int line)
{
    const struct ns_site *site = NS_SITE("bspx_read", file, line);
    bspi_require_running(site);
    bspi_check_nonneg(nputs, "nputs", site);
    ns_read(area, nputs, site);
}

void bspx_read(const void *area, int nputs) { bspxi_read_at(area, nputs, NULL, 0); }

void
bspxi_lend_at(const void *area, int ngets, const char *file, int line)
{
    const struct ns_site *site = NS_SITE("bspx_lend", file, line);
    bspi_require_running(site);
    bspi_check_nonneg(ngets, "ngets", site);
    ns_lend(area, ngets, site);
}

void bspx_lend(const void *area, int ngets) { bspxi_lend_at(area, ngets, NULL, 0); }
