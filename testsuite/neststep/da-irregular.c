// Distributed arrays, irregular remote access (spec section 5, Remote
// requests; seed 002, 4.3): in each of T steps process r reads k(r, t)
// random units as 1-element sections into a private buffer, mirrors a few
// random units for the next step, and writes random units of a <+> array
// (each chosen unit gets 1 from every process that chose it).  k is 0 for
// a third of the processes in each step: those send no request at all,
// the others send to every owner.  The owners overwrite every unit in the same step, so
// the step starts with ns_da_snapshot.  The N_DAMsgs histogram of the
// combine must tell every owner exactly how many request messages to
// serve: a wrong count hangs or mixes steps.  Every process checks its
// reads against a sequential reference (the values are a function of unit
// and step), the owners check the counts, which every process can compute
// by replaying everybody's random choices.
// RUN: %nscc %s -o %t
// RUN: %nsrun 1 %t | FileCheck %s --check-prefix=P1
// RUN: %nsrun 2 %t | FileCheck %s --check-prefix=P2
// RUN: %nsrun 3 %t | FileCheck %s --check-prefix=P3
// RUN: %nsrun 4 %t | FileCheck %s --check-prefix=P4
// RUN: %nsrun 5 %t | FileCheck %s --check-prefix=P5
// MATRIX: barrier-mode
// P1: reads 900 mirrored 32 writes 400
// P1-NEXT: wrong 0
// P2: reads 1800 mirrored 56 writes 800
// P2-NEXT: wrong 0
// P3: reads 2700 mirrored 80 writes 1200
// P3-NEXT: wrong 0
// P4: reads 3600 mirrored 112 writes 1600
// P4-NEXT: wrong 0
// P5: reads 4500 mirrored 136 writes 2000
// P5-NEXT: wrong 0
#include <neststep.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 997
#ifndef T
#define T 6                             // steps (runtime/node-local-neststep.test runs 300)
#endif
#define K 150                           // most reads per process and step
#define M 4                             // mirrored units per process and step
#define W 100                           // writes per process and step

static int bad;                         // private mismatch count, combined at the end

static unsigned
lcg(unsigned *x)
{
    *x = *x * 1103515245u + 12345u;
    return (*x >> 8) % N;
}
static int f(long i, int t) { return (int)(i * 31 + t * 100003); }
static int nreads(int r, int t) { return ((r + t) % 3) * (K / 2); }

int
main(int argc, char **argv)
{
    NestStep_init(&argc, &argv);
    int p = NestStep_size(), me = NestStep_rank();
    long reads = 0, mirrored = 0, writes = 0;   // mine, combined at the end
    ns_darray *ab = ns_da_new("ab", N, 1, Type_int, sizeof(int), NS_BLOCK, NS_OP_FIRST, NULL);
    ns_darray *ac = ns_da_new("ac", N, 1, Type_int, sizeof(int), NS_CYCLIC, NS_OP_FIRST, NULL);
    ns_darray *h = ns_da_new("h", N, 1, Type_int, sizeof(int), NS_CYCLIC, NS_OP_ADD, NULL);
    ns_darray *arr[2] = { ab, ac };
    long i;
    for (int d = 0; d < 2; d++)
        for (ns_iter it = ns_forall(arr[d], 0, N - 1, 1); ns_next(&it, &i); )
            *(int *)ns_da_wlocal(arr[d], i) = f(i, 0);
    int *count = malloc(sizeof(int) * N);
    long mirror_of[2][M] = { { 0 } };

    for (int t = 1; t <= T; t++) {
        int buf[2][K];
        long idx[2][K];
        int k = nreads(me, t);
        unsigned seed = (unsigned)(me * 7919 + t);
        ns_step_begin(NS_AT("step"));
        ns_da_snapshot(ab);
        ns_da_snapshot(ac);
        {
            for (int d = 0; d < 2; d++) {
                // last step's mirrors: the values after last step's writes
                for (int j = 0; t > 1 && nreads(me, t - 1) > 0 && j < M; j++) {
                    if (*(const int *)ns_da_rd(arr[d], mirror_of[d][j], NS_AT("a")) != f(mirror_of[d][j], t - 1))
                        bad++;
                    mirrored++;
                }
                for (int j = 0; j < k; j++) {       // buf[d][j] = a[i:i]
                    idx[d][j] = lcg(&seed);
                    ns_da_read_section(arr[d], idx[d][j], idx[d][j], 1, &buf[d][j], NS_AT("section"));
                }
                for (ns_iter it = ns_forall(arr[d], 0, N - 1, 1); ns_next(&it, &i); )
                    *(int *)ns_da_wlocal(arr[d], i) = f(i, t);
                for (int j = 0; k > 0 && j < M; j++) {  // #pragma mirror(a[i])
                    mirror_of[d][j] = lcg(&seed);
                    ns_da_mirror(arr[d], mirror_of[d][j], mirror_of[d][j], 1, NS_AT("mirror"));
                }
            }
            unsigned ws = (unsigned)(me * 104729 + t * 13);
            for (int j = 0; k > 0 && j < W; j++)    // h[i] = 1, random i
                *(int *)ns_da_wr(h, lcg(&ws), NS_AT("h")) = 1;
        }
        ns_step_end();
        for (int d = 0; d < 2; d++)
            for (int j = 0; j < k; j++) {
                if (buf[d][j] != f(idx[d][j], t - 1))
                    bad++;
                reads++;
            }
        // the owners check h against everybody's choices
        memset(count, 0, sizeof(int) * N);
        for (int r = 0; r < p; r++) {
            if (nreads(r, t) == 0)
                continue;
            unsigned ws = (unsigned)(r * 104729 + t * 13);
            char *chosen = calloc(N, 1);
            for (int j = 0; j < W; j++)
                chosen[lcg(&ws)] = 1;
            for (long u = 0; u < N; u++)
                count[u] += chosen[u];
            free(chosen);
        }
        for (long u = 0; u < N; u++)
            if (ns_owned(h, u) && *(int *)ns_da_local(h, u) != (count[u] ? count[u] : t > 1 ? -1 : 0))
                bad++;
        for (ns_iter it = ns_forall(h, 0, N - 1, 1); ns_next(&it, &i); )
            *(int *)ns_da_wlocal(h, i) = -1;        // outside a step: local, not a contribution
        writes += k > 0 ? W : 0;
    }

    long tot[3] = { reads, mirrored, writes };  // sh<+> long tot[3];
    int wrong = 0;                              // sh<+> int wrong;
    ns_shvar sv_tot, sv_wrong;
    ns_sh_declare(&sv_tot, "tot", tot, 3, Type_long, sizeof(long), NS_OP_ADD, NULL);
    ns_sh_declare(&sv_wrong, "wrong", &wrong, 1, Type_int, sizeof wrong, NS_OP_ADD, NULL);
    ns_step_begin(NS_AT("step"));
    for (int j = 0; j < 3; j++)
        ns_sh_w(&sv_tot, (size_t)j, NS_AT("tot"));
    ns_sh_w(&sv_wrong, 0, NS_AT("wrong")), wrong = bad;
    ns_step_end();
    if (me == 0)
        printf("reads %ld mirrored %ld writes %ld\nwrong %d\n", tot[0], tot[1], tot[2], wrong);
    ns_sh_undeclare(&sv_wrong);
    ns_sh_undeclare(&sv_tot);
    free(count);
    ns_da_free(h);
    ns_da_free(ac);
    ns_da_free(ab);
    NestStep_finalize();
    return 0;
}
