/*
 * listrank_seq.c - the sequential baseline of samples/neststep/listrank.nst
 * (its test reference, listrank_ref.c, also simulates the pointer jumping
 * to check it): the same list and output, by the fastest way one process
 * has: each node's successor, then one walk from the head that numbers the
 * nodes N-1 down to 0.  The number of rounds pointer jumping takes is a
 * function of N: after r rounds node i points at the node min(2^r, N-1 -
 * pos(i)) places ahead, so the rounds end when 2^r >= N-1 (none for N <= 2).
 * The check (every rank against N-1-pos(i)) and the checksum are the
 * sample's.
 *     ./listrank_seq [N]
 */
#include <stdio.h>
#include <stdlib.h>
#include "listrank_perm.h"

int
main(int argc, char *argv[])
{
    long N = 1000, i, j, k, head, tail, shown, chk = 0;
    int *succ, *rnk, rounds = 0, wrong = 0;
    char *end;

    if (argc > 1) {
        N = strtol(argv[1], &end, 10);
        if (*end != '\0' || N < 1 || N > (1L << 30)) {
            fprintf(stderr, "usage: listrank_seq [N], 1 <= N <= 2^30\n");
            return 2;
        }
    }
    perm_init(N);
    head = node_at(0);
    tail = node_at(N - 1);
    succ = malloc((size_t)N * sizeof(int));
    rnk = malloc((size_t)N * sizeof(int));
    if (!succ || !rnk)
        return 1;
    for (i = 0; i < N; i++)
        succ[i] = (int)successor(i);
    for (i = head, j = N - 1; j >= 0; i = succ[i], j--)
        rnk[i] = (int)j;
    while (N > 2 && (1L << rounds) < N - 1)
        rounds++;
    for (i = 0; i < N; i++) {
        if (rnk[i] != N - 1 - pos(i))
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
    free(rnk);
    free(succ);
    return 0;
}
