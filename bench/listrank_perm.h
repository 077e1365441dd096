/*
 * listrank_perm.h - the list of samples/neststep/listrank.nst: the
 * permutation pos of the nodes 0..n-1 (a Feistel network with cycle
 * walking, computable for any node without a table), its inverse, and each
 * node's successor; the same functions as the sample's, shared by its MPI
 * twin (listrank_twin.c) and its sequential baseline (listrank_seq.c).
 */
#ifndef BENCH_LISTRANK_PERM_H
#define BENCH_LISTRANK_PERM_H
#include <stdint.h>
#include "mix.h"

static long n_nodes;
static int half;
static uint32_t mask;

static void
perm_init(long n)
{
    n_nodes = n;
    half = 1;
    while ((1L << (2 * half)) < n)
        half++;
    mask = (1U << half) - 1;
}

static uint32_t
round_fn(uint32_t r, int k)
{
    return mix(r * 2654435761U + (uint32_t)k * 0x9e3779b9U + 1U) & mask;
}

static long
feistel(long x)
{
    uint32_t l = (uint32_t)x >> half, r = (uint32_t)x & mask, t;
    int k;
    for (k = 0; k < 4; k++) {
        t = r;
        r = l ^ round_fn(r, k);
        l = t;
    }
    return (long)((l << half) | r);
}

static long
feistel_inv(long y)
{
    uint32_t l = (uint32_t)y >> half, r = (uint32_t)y & mask, t;
    int k;
    for (k = 3; k >= 0; k--) {
        t = l;
        l = r ^ round_fn(l, k);
        r = t;
    }
    return (long)((l << half) | r);
}

/* The position of node i in the list. */
static long
pos(long i)
{
    long y = feistel(i);
    while (y >= n_nodes)
        y = feistel(y);
    return y;
}

/* The node at position k. */
static long
node_at(long k)
{
    long x = feistel_inv(k);
    while (x >= n_nodes)
        x = feistel_inv(x);
    return x;
}

/* The successor of node i; the tail is its own successor. */
static long
successor(long i)
{
    long k = pos(i);
    return k == n_nodes - 1 ? i : node_at(k + 1);
}
#endif /* BENCH_LISTRANK_PERM_H */
