// Memcheck (valgrind) on the seed examples, at p = 2: reverse, put_array,
// get_array, bsp_sum, all_gather_sparse_vec, both cyclic_shift (corrected,
// see get-cyclic-shift.c and hpget-cyclic-shift.c) and bsp_allsums, one
// after the other in one program, with full leak checking.  Any invalid
// access, use of uninitialised memory or leak fails the run (exit 99).  The
// only suppression (Inputs/mpich-ucx.supp) is a leak inside MPI_Init.
// REQUIRES: valgrind
// RUN: %bspcc -g %s -o %t
// RUN: %bsprun 2 valgrind -q --error-exitcode=99 --leak-check=full --suppressions=%inputs/mpich-ucx.supp %t | sort | FileCheck %s
#include <stdio.h>
#include <stdlib.h>
#include "bsp.h"

int reverse(int x)
{
    bsp_push_reg(&x, sizeof(int));
    bsp_sync();
    bsp_put(bsp_nprocs() - bsp_pid() - 1, &x, &x, 0, sizeof(int));
    bsp_sync();
    bsp_pop_reg(&x);
    return x;
}

void put_array(int *xs, int n)
{
    int i, pid, local_idx, n_over_p = n / bsp_nprocs();
    if ((n % bsp_nprocs()) != 0)
        bsp_abort("{put_array} n=%d not divisible by p=%d", n, bsp_nprocs());
    bsp_push_reg(xs, n_over_p * sizeof(int));
    bsp_sync();
    for (i = 0; i < n_over_p; i++) {
        pid = xs[i] / n_over_p;
        local_idx = xs[i] % n_over_p;
        bsp_put(pid, &xs[i], xs, local_idx * sizeof(int), sizeof(int));
    }
    bsp_sync();
    bsp_pop_reg(xs);
}

void get_array(int *xs, int n)
{
    int i, pid, local_idx, n_over_p = n / bsp_nprocs();
    if (n % bsp_nprocs())
        bsp_abort("{get_array} %d not divisible by %d", n, bsp_nprocs());
    bsp_push_reg(xs, n_over_p * sizeof(int));
    bsp_sync();
    for (i = 0; i < n_over_p; i++) {
        pid = xs[i] / n_over_p;
        local_idx = xs[i] % n_over_p;
        bsp_get(pid, xs, local_idx * sizeof(int), &xs[i], sizeof(int));
    }
    bsp_sync();
    bsp_pop_reg(xs);
}

int bsp_sum(int *xs, int nelem)
{
    int *local_sums, i, j, result = 0;
    for (j = 0; j < nelem; j++) result += xs[j];
    bsp_push_reg(&result, sizeof(int));
    bsp_sync();
    local_sums = calloc(bsp_nprocs(), sizeof(int));
    if (local_sums == NULL)
        bsp_abort("{bsp_sum} no memory for %d int", bsp_nprocs());
    for (i = 0; i < bsp_nprocs(); i++)
        bsp_hpget(i, &result, 0, &local_sums[i], sizeof(int));
    bsp_sync();
    result = 0;
    for (i = 0; i < bsp_nprocs(); i++) result += local_sums[i];
    bsp_pop_reg(&result);
    free(local_sums);
    return result;
}

int all_gather_sparse_vec(float *dense, int n_over_p, float **sparse_out, int **sparse_ivec_out)
{
    int global_idx, i, j, tag_size, nonzeros, nonzeros_size, status, *sparse_ivec = NULL;
    float *sparse = NULL;
    tag_size = sizeof(int);
    bsp_set_tagsize(&tag_size);
    bsp_sync();
    for (i = 0; i < n_over_p; i++)
        if (dense[i] != 0.0) {
            global_idx = (n_over_p * bsp_pid() + i);
            for (j = 0; j < bsp_nprocs(); j++)
                bsp_send(j, &global_idx, &dense[i], sizeof(float));
        }
    bsp_sync();
    bsp_qsize(&nonzeros, &nonzeros_size);
    if (nonzeros > 0) {
        sparse = calloc(nonzeros, sizeof(float));
        sparse_ivec = calloc(nonzeros, sizeof(int));
        if (sparse == NULL || sparse_ivec == NULL)
            bsp_abort("Unable to allocate memory");
        for (i = 0; i < nonzeros; i++) {
            bsp_get_tag(&status, &sparse_ivec[i]);
            if (status != (int)sizeof(float))
                bsp_abort("Should never get here");
            bsp_move(&sparse[i], sizeof(float));
        }
    }
    bsp_set_tagsize(&tag_size);
    *sparse_out = sparse;
    *sparse_ivec_out = sparse_ivec;
    return nonzeros;
}

int cyclic_shift(int x)         /* seed 001 example 3, corrected */
{
    bsp_push_reg(&x, sizeof(int));
    bsp_sync();
    bsp_get((bsp_pid() == 0) ? (bsp_nprocs() - 1) : bsp_pid() - 1, &x, 0, &x, sizeof(int));
    bsp_sync();
    bsp_pop_reg(&x);
    return x;
}

int hp_cyclic_shift(int x)      /* seed 001 example 4, corrected */
{
    int result;
    bsp_push_reg(&x, sizeof(int));
    bsp_sync();
    bsp_hpget((bsp_pid() == 0) ? (bsp_nprocs() - 1) : bsp_pid() - 1, &x, 0, &result, sizeof(int));
    bsp_sync();
    bsp_pop_reg(&x);
    return result;
}

int bsp_allsums(int x)
{
    int i, left, right;
    bsp_push_reg(&right, sizeof(int));
    bsp_sync();
    right = x;
    for (i = 1; i < bsp_nprocs(); i *= 2) {
        if (bsp_pid() >= i)
            bsp_get(bsp_pid() - i, &right, 0, &left, sizeof(int));
        bsp_sync();
        if (bsp_pid() >= i)
            right = left + right;
    }
    bsp_pop_reg(&right);
    return right;
}

int main(void)
{
    bsp_begin(bsp_nprocs());
    int me = bsp_pid(), n = 4 * bsp_nprocs(), xs[4], ys[4], i;
    float dense[4], *val;
    int *idx;
    for (i = 0; i < 4; i++) {
        int g = 4 * me + i;
        xs[i] = (g * g + 1) % n;
        ys[i] = (g * g + 3 * g + 1) % n;
        dense[i] = g % 3 == 0 ? g + 0.5f : 0.0f;
    }
    int r = reverse(100 + me);
    put_array(xs, n);
    get_array(ys, n);
    int sum = bsp_sum(xs, 4);
    int nz = all_gather_sparse_vec(dense, 4, &val, &idx);
    float vsum = 0;
    for (i = 0; i < nz; i++)
        vsum += val[i];
    free(val);
    free(idx);
    int c1 = cyclic_shift(10 + me), c2 = hp_cyclic_shift(20 + me), s = bsp_allsums(me + 1);
    printf("process %d: reverse %d put_array %d %d %d %d get_array %d %d %d %d sum %d "
           "sparse %d/%g shifts %d %d allsums %d\n", me, r, xs[0], xs[1], xs[2], xs[3], ys[0],
           ys[1], ys[2], ys[3], sum, nz, vsum, c1, c2, s);
    bsp_end();
    return 0;
}
// CHECK: process 0: reverse 101 put_array 1 1 2 2 get_array 5 1 3 3 sum 19 sparse 3/10.5 shifts 11 21 allsums 1
// CHECK-NEXT: process 1: reverse 100 put_array 1 5 5 2 get_array 1 5 7 7 sum 19 sparse 3/10.5 shifts 10 20 allsums 3
// CHECK-NOT: process
