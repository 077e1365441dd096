/*
 * listrank_ref.c - sequential reference for samples/neststep/listrank.nst:
 * the same list; the ranks by walking the list from the head, the number
 * of pointer-jumping rounds by simulating them (synchronous updates), the
 * same output.
 *     cc -O2 listrank_ref.c -o listrank_ref && ./listrank_ref [N]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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

static long
pos(long i)
{
    long y = feistel(i);
    while (y >= n_nodes)
        y = feistel(y);
    return y;
}

static long
node_at(long k)
{
    long x = feistel_inv(k);
    while (x >= n_nodes)
        x = feistel_inv(x);
    return x;
}

int
main(int argc, char *argv[])
{
    long N = 1000, i, j, k, head, tail, shown, chk = 0;
    int *succ, *rnk, *ns, *nr, *walk, rounds = 0, more, wrong = 0;
    char *end;

    if (argc > 1) {
        N = strtol(argv[1], &end, 10);
        if (*end != '\0' || N < 1 || N > (1L << 30)) {
            fprintf(stderr, "usage: listrank_ref [N], 1 <= N <= 2^30\n");
            return 2;
        }
    }
    perm_init(N);
    head = node_at(0);
    tail = node_at(N - 1);
    succ = malloc((size_t)N * sizeof(int));
    rnk = malloc((size_t)N * sizeof(int));
    ns = malloc((size_t)N * sizeof(int));
    nr = malloc((size_t)N * sizeof(int));
    walk = malloc((size_t)N * sizeof(int));
    if (!succ || !rnk || !ns || !nr || !walk)
        return 1;
    for (i = 0; i < N; i++) {
        k = pos(i);
        if (node_at(k) != i) {
            fprintf(stderr, "listrank_ref: node_at is not the inverse of pos at %ld\n", i);
            return 1;
        }
        succ[i] = (int)(k == N - 1 ? i : node_at(k + 1));
        rnk[i] = succ[i] == i ? 0 : 1;
    }
    // the ranks by walking the list from the head: N-1 down to 0
    for (i = head, j = N - 1; j >= 0; i = succ[i], j--)
        walk[i] = (int)j;
    // pointer jumping, synchronous, as the parallel program does it
    more = 0;
    for (i = 0; i < N; i++)
        more |= succ[i] != tail;
    while (more) {
        for (i = 0; i < N; i++) {
            nr[i] = rnk[i] + rnk[succ[i]];
            ns[i] = succ[succ[i]];
        }
        more = 0;
        for (i = 0; i < N; i++) {
            rnk[i] = nr[i];
            succ[i] = ns[i];
            more |= succ[i] != tail;
        }
        rounds++;
    }
    for (i = 0; i < N; i++) {
        if (rnk[i] != walk[i] || rnk[i] != N - 1 - pos(i))
            wrong++;
        chk += (i + 1) * (long)rnk[i];
    }
    shown = N < 8 ? N : 8;
    printf("listrank: N=%ld head=%ld tail=%ld\n", N, head, tail);
    printf("rounds %d\n", rounds);
    printf("rank of nodes 0..%ld:", shown - 1);
    for (k = 0; k < shown; k++)
        printf(" %d", rnk[k]);
    printf("\nchecksum %ld\n", chk);
    printf("wrong %d\n", wrong);
    free(walk);
    free(nr);
    free(ns);
    free(rnk);
    free(succ);
    return 0;
}
