/*
 * level1.c - the Oxford BSP toolset's level-1 reductions of one value per
 * process (bsp_level1.h): bsp_sumI ... bsp_maxD_prefix, bsp_all, bsp_any.
 * Each is a fold (or, for the _prefix ones, an inclusive scan) of the
 * engine's collectives with an operator of its type, so it takes one
 * superstep and gives the same bits on every run.
 */
#include "bspi.h"             /* defines BSP_NO_SITE_MACROS */
#include "bsp_level1.h"

static const char *const int_name[2][6] = {
    { "bsp_sumI", "bsp_productI", "bsp_minI", "bsp_maxI", "bsp_all", "bsp_any" },
    { "bsp_sumI_prefix", "bsp_productI_prefix", "bsp_minI_prefix", "bsp_maxI_prefix" },
};
static const char *const float_name[2][4] = {
    { "bsp_sumR", "bsp_productR", "bsp_minR", "bsp_maxR" },
    { "bsp_sumR_prefix", "bsp_productR_prefix", "bsp_minR_prefix", "bsp_maxR_prefix" },
};
static const char *const double_name[2][4] = {
    { "bsp_sumD", "bsp_productD", "bsp_minD", "bsp_maxD" },
    { "bsp_sumD_prefix", "bsp_productD_prefix", "bsp_minD_prefix", "bsp_maxD_prefix" },
};

/* The operators, op(result, left, right, &nbytes).  int sums and products
 * wrap as unsigned arithmetic does (no undefined overflow). */
#define ARITH(T, t)                                                                 \
    static void t##_sum(void *r, void *a, void *b, int *n)                          \
    { (void)n; *(T *)r = *(T *)a + *(T *)b; }                                       \
    static void t##_product(void *r, void *a, void *b, int *n)                      \
    { (void)n; *(T *)r = *(T *)a * *(T *)b; }
#define ORDER(T, t)                                                                 \
    static void t##_min(void *r, void *a, void *b, int *n)                          \
    { (void)n; *(T *)r = *(T *)b < *(T *)a ? *(T *)b : *(T *)a; }                   \
    static void t##_max(void *r, void *a, void *b, int *n)                          \
    { (void)n; *(T *)r = *(T *)b > *(T *)a ? *(T *)b : *(T *)a; }
ARITH(unsigned, uint)
ORDER(int, int)
ARITH(float, float)
ORDER(float, float)
ARITH(double, double)
ORDER(double, double)

static void int_all(void *r, void *a, void *b, int *n)
{ (void)n; *(int *)r = *(int *)a && *(int *)b; }
static void int_any(void *r, void *a, void *b, int *n)
{ (void)n; *(int *)r = *(int *)a || *(int *)b; }

/* One reduction: op over every process (prefix 0) or over processes
 * 0..bsp_pid() (prefix 1) of the nbytes at in, into out. */
static void
reduce(ns_coll_op op, int prefix, const void *in, void *out, size_t nbytes,
       const char *call, const char *file, int line)
{
    const struct ns_site *site = NS_SITE(call, file, line);
    bspi_require_running(site);
    ns_collective(prefix ? BSPI_SCAN : BSPI_FOLD, -1, op, in, out, nbytes, site);
}

/* The operator's index must be one the header defines. */
static int
checked_op(int op, int max, int prefix, const char *file, int line)
{
    if (op < 0 || op > max || (prefix != 0 && prefix != 1) || (prefix && op > BSPI_L1_MAX))
        ns_fatal(NS_SITE("bsp_level1.h", file, line),
                 "internal: unknown level-1 reduction %d (prefix %d)", op, prefix);
    return op;
}

int
bspi_level1_int_at(int op, int prefix, int x, const char *file, int line)
{
    static const ns_coll_op fn[6] = { uint_sum, uint_product, int_min, int_max, int_all,
                                      int_any };
    op = checked_op(op, BSPI_L1_ANY, prefix, file, line);
    int in = op >= BSPI_L1_ALL ? x != 0 : x, out = in;
    reduce(fn[op], prefix, &in, &out, sizeof in, int_name[prefix][op], file, line);
    return out;
}

float
bspi_level1_float_at(int op, int prefix, float x, const char *file, int line)
{
    static const ns_coll_op fn[4] = { float_sum, float_product, float_min, float_max };
    op = checked_op(op, BSPI_L1_MAX, prefix, file, line);
    float out = x;
    reduce(fn[op], prefix, &x, &out, sizeof x, float_name[prefix][op], file, line);
    return out;
}

double
bspi_level1_double_at(int op, int prefix, double x, const char *file, int line)
{
    static const ns_coll_op fn[4] = { double_sum, double_product, double_min, double_max };
    op = checked_op(op, BSPI_L1_MAX, prefix, file, line);
    double out = x;
    reduce(fn[op], prefix, &x, &out, sizeof x, double_name[prefix][op], file, line);
    return out;
}

/* The functions under the toolset's names (taking their address works). */
int bsp_all(int b) { return bspi_level1_int_at(BSPI_L1_ALL, 0, b, NULL, 0); }
int bsp_any(int b) { return bspi_level1_int_at(BSPI_L1_ANY, 0, b, NULL, 0); }
#define NAMED(name, kind, op, prefix, T)                                            \
    T name(T x) { return bspi_level1_##kind##_at(op, prefix, x, NULL, 0); }
NAMED(bsp_sumI, int, BSPI_L1_SUM, 0, int)
NAMED(bsp_sumR, float, BSPI_L1_SUM, 0, float)
NAMED(bsp_sumD, double, BSPI_L1_SUM, 0, double)
NAMED(bsp_productI, int, BSPI_L1_PRODUCT, 0, int)
NAMED(bsp_productR, float, BSPI_L1_PRODUCT, 0, float)
NAMED(bsp_productD, double, BSPI_L1_PRODUCT, 0, double)
NAMED(bsp_minI, int, BSPI_L1_MIN, 0, int)
NAMED(bsp_minR, float, BSPI_L1_MIN, 0, float)
NAMED(bsp_minD, double, BSPI_L1_MIN, 0, double)
NAMED(bsp_maxI, int, BSPI_L1_MAX, 0, int)
NAMED(bsp_maxR, float, BSPI_L1_MAX, 0, float)
NAMED(bsp_maxD, double, BSPI_L1_MAX, 0, double)
NAMED(bsp_sumI_prefix, int, BSPI_L1_SUM, 1, int)
NAMED(bsp_sumR_prefix, float, BSPI_L1_SUM, 1, float)
NAMED(bsp_sumD_prefix, double, BSPI_L1_SUM, 1, double)
NAMED(bsp_productI_prefix, int, BSPI_L1_PRODUCT, 1, int)
NAMED(bsp_productR_prefix, float, BSPI_L1_PRODUCT, 1, float)
NAMED(bsp_productD_prefix, double, BSPI_L1_PRODUCT, 1, double)
NAMED(bsp_minI_prefix, int, BSPI_L1_MIN, 1, int)
NAMED(bsp_minR_prefix, float, BSPI_L1_MIN, 1, float)
NAMED(bsp_minD_prefix, double, BSPI_L1_MIN, 1, double)
NAMED(bsp_maxI_prefix, int, BSPI_L1_MAX, 1, int)
NAMED(bsp_maxR_prefix, float, BSPI_L1_MAX, 1, float)
NAMED(bsp_maxD_prefix, double, BSPI_L1_MAX, 1, double)
