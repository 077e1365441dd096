/*
 * mcbsp.h - for programs written for MulticoreBSP for C that include
 * <mcbsp.h>: its API (bsp-mcbsp.h), as bspcc --mcbsp gives through <bsp.h>.
 */
#ifndef BSP_MCBSP_API
#define BSP_MCBSP_API 1
#endif
#include "bsp.h"
