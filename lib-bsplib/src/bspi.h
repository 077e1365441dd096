/*
 * bspi.h - what the BSPlib files share: the engine, and argument checks that
 * stop the job with a message naming the call, the process and the fix.
 */
#ifndef NESTSTEP_BSPI_H
#define NESTSTEP_BSPI_H

#define BSP_NO_SITE_MACROS
#include "bsp.h"
#include "engine.h"

/* The call must come between bsp_begin and bsp_end. */
void bspi_require_running(const struct ns_site *site);
void bspi_check_pid(int pid, const struct ns_site *site);
void bspi_check_nonneg(int value, const char *what, const struct ns_site *site);

#endif
