/* md-common.h - closed forms for the multi-dimensional distributed array
 * tests: owners, local counts and indices of block and cyclic distribution
 * of n units over p processes, and the value stored in element k of
 * unit (i, j) (or (h, i, j)). */
#ifndef MD_COMMON_H
#define MD_COMMON_H
#include <stdio.h>

#define V(i, j, k) ((i) * 10000 + (j) * 100 + (k) + 1)
#define V3(h, i, j, k) ((h) * 1000000 + V(i, j, k))

static inline long md_bs(long n, int p) { return n ? (n + p - 1) / p : 1; }

static inline int
md_owner(long u, long n, int p, int cyc)
{
    return (int)(cyc ? u % p : u / md_bs(n, p));
}

static inline long
md_length(long n, int p, int me, int cyc)
{
    if (cyc)
        return n > me ? (n - me + p - 1) / p : 0;
    long bs = md_bs(n, p), first = me * bs, end = first + bs < n ? first + bs : n;
    return end > first ? end - first : 0;
}

static inline long
md_index(long n, int p, int me, int cyc, long k)
{
    return cyc ? me + k * p : me * md_bs(n, p) + k;
}

static inline int
unit_sum(const int *u, int U)
{
    int s = 0;
    for (int k = 0; k < U; k++)
        s += u[k];
    return s;
}

/* Counts a wrong result, saying which. */
#define EXPECT(cond, ...)                                               \
    do {                                                                \
        if (!(cond)) {                                                  \
            wrong++;                                                    \
            if (wrong < 10) {                                           \
                fprintf(stderr, "[%d] %s:%d: ", $, __FILE__, __LINE__); \
                fprintf(stderr, __VA_ARGS__);                           \
                fputc('\n', stderr);                                    \
            }                                                           \
        }                                                               \
    } while (0)
#endif
