/*
 * bsp_level1.h - the level-1 library of the Oxford BSP toolset, for
 * programs written against it: its collectives (bsp_fold, bsp_scan,
 * bsp_bcast, bsp_gather, bsp_scatter, in its calling conventions, from
 * bsp_coll.h) and its reductions of one value per process, each returned
 * on every process:
 *
 *   bsp_sum?, bsp_product?, bsp_min?, bsp_max?   over all processes
 *   bsp_sum?_prefix, ... bsp_max?_prefix         over processes 0..bsp_pid()
 *   bsp_all(b), bsp_any(b)                       1 if b != 0 on every / some
 *                                                process, else 0
 *
 * with ? = I (int), R (float) or D (double).  Every one is a collective:
 * all processes call it in the same superstep, and it ends the superstep
 * as bsp_sync does (one superstep, like bsp_fold).  Results are the same
 * bits on every run (lower pids on the left, a fixed tree); int sums and
 * products wrap around as unsigned arithmetic does.  Not provided: the
 * toolset's bsp_constantI, bsp_sort?, and its machine parameters bsp_s,
 * bsp_l, bsp_g, bsp_nhalf (bspprobe(1) measures g and l).  See
 * bsp_level1(3).
 */
#ifndef NESTSTEP_BSP_LEVEL1_H
#define NESTSTEP_BSP_LEVEL1_H

#include "bsp.h"
#include "bsp_coll.h"

#ifdef __cplusplus
extern "C" {
#endif

#define NESTSTEP_BSP_LEVEL1 1

int bsp_all(int b);
int bsp_any(int b);

int bsp_sumI(int x);
float bsp_sumR(float x);
double bsp_sumD(double x);
int bsp_productI(int x);
float bsp_productR(float x);
double bsp_productD(double x);
int bsp_minI(int x);
float bsp_minR(float x);
double bsp_minD(double x);
int bsp_maxI(int x);
float bsp_maxR(float x);
double bsp_maxD(double x);

int bsp_sumI_prefix(int x);
float bsp_sumR_prefix(float x);
double bsp_sumD_prefix(double x);
int bsp_productI_prefix(int x);
float bsp_productR_prefix(float x);
double bsp_productD_prefix(double x);
int bsp_minI_prefix(int x);
float bsp_minR_prefix(float x);
double bsp_minD_prefix(double x);
int bsp_maxI_prefix(int x);
float bsp_maxR_prefix(float x);
double bsp_maxD_prefix(double x);

/* Site-carrying entry points behind the macros; not for direct use.  op is
 * one of BSPI_L1_*, prefix 0 (all processes) or 1 (processes 0..pid). */
int bspi_level1_int_at(int op, int prefix, int x, const char *file, int line);
float bspi_level1_float_at(int op, int prefix, float x, const char *file, int line);
double bspi_level1_double_at(int op, int prefix, double x, const char *file, int line);
#define BSPI_L1_SUM 0
#define BSPI_L1_PRODUCT 1
#define BSPI_L1_MIN 2
#define BSPI_L1_MAX 3
#define BSPI_L1_ALL 4
#define BSPI_L1_ANY 5

#ifndef BSP_NO_SITE_MACROS
#define bsp_all(b)   bspi_level1_int_at(BSPI_L1_ALL, 0, (b), __FILE__, __LINE__)
#define bsp_any(b)   bspi_level1_int_at(BSPI_L1_ANY, 0, (b), __FILE__, __LINE__)
#define bsp_sumI(x)  bspi_level1_int_at(BSPI_L1_SUM, 0, (x), __FILE__, __LINE__)
#define bsp_sumR(x)  bspi_level1_float_at(BSPI_L1_SUM, 0, (x), __FILE__, __LINE__)
#define bsp_sumD(x)  bspi_level1_double_at(BSPI_L1_SUM, 0, (x), __FILE__, __LINE__)
#define bsp_productI(x) bspi_level1_int_at(BSPI_L1_PRODUCT, 0, (x), __FILE__, __LINE__)
#define bsp_productR(x) bspi_level1_float_at(BSPI_L1_PRODUCT, 0, (x), __FILE__, __LINE__)
#define bsp_productD(x) bspi_level1_double_at(BSPI_L1_PRODUCT, 0, (x), __FILE__, __LINE__)
#define bsp_minI(x)  bspi_level1_int_at(BSPI_L1_MIN, 0, (x), __FILE__, __LINE__)
#define bsp_minR(x)  bspi_level1_float_at(BSPI_L1_MIN, 0, (x), __FILE__, __LINE__)
#define bsp_minD(x)  bspi_level1_double_at(BSPI_L1_MIN, 0, (x), __FILE__, __LINE__)
#define bsp_maxI(x)  bspi_level1_int_at(BSPI_L1_MAX, 0, (x), __FILE__, __LINE__)
#define bsp_maxR(x)  bspi_level1_float_at(BSPI_L1_MAX, 0, (x), __FILE__, __LINE__)
#define bsp_maxD(x)  bspi_level1_double_at(BSPI_L1_MAX, 0, (x), __FILE__, __LINE__)
#define bsp_sumI_prefix(x)  bspi_level1_int_at(BSPI_L1_SUM, 1, (x), __FILE__, __LINE__)
#define bsp_sumR_prefix(x)  bspi_level1_float_at(BSPI_L1_SUM, 1, (x), __FILE__, __LINE__)
#define bsp_sumD_prefix(x)  bspi_level1_double_at(BSPI_L1_SUM, 1, (x), __FILE__, __LINE__)
#define bsp_productI_prefix(x) bspi_level1_int_at(BSPI_L1_PRODUCT, 1, (x), __FILE__, __LINE__)
#define bsp_productR_prefix(x) bspi_level1_float_at(BSPI_L1_PRODUCT, 1, (x), __FILE__, __LINE__)
#define bsp_productD_prefix(x) bspi_level1_double_at(BSPI_L1_PRODUCT, 1, (x), __FILE__, __LINE__)
#define bsp_minI_prefix(x)  bspi_level1_int_at(BSPI_L1_MIN, 1, (x), __FILE__, __LINE__)
#define bsp_minR_prefix(x)  bspi_level1_float_at(BSPI_L1_MIN, 1, (x), __FILE__, __LINE__)
#define bsp_minD_prefix(x)  bspi_level1_double_at(BSPI_L1_MIN, 1, (x), __FILE__, __LINE__)
#define bsp_maxI_prefix(x)  bspi_level1_int_at(BSPI_L1_MAX, 1, (x), __FILE__, __LINE__)
#define bsp_maxR_prefix(x)  bspi_level1_float_at(BSPI_L1_MAX, 1, (x), __FILE__, __LINE__)
#define bsp_maxD_prefix(x)  bspi_level1_double_at(BSPI_L1_MAX, 1, (x), __FILE__, __LINE__)
#endif

#ifdef __cplusplus
}
#endif
#endif /* NESTSTEP_BSP_LEVEL1_H */
