/*
 * bspx.c - NestStep-C's extensions to BSPlib (prefix bspx_): bspx_read, the
 * READ of relaxed barrier synchronization (seed 003).
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
