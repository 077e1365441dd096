/*
 * seed003_lu_mpi.c - the raw bounds of the LU kernel (seed003_lu.c):
 * the same factorization of the same cyclic layout; each stage's row k goes
 * down the process columns and its multipliers along the process rows as
 * one message to each receiver (s3b_send, s3b_recv: MPI, or copies
 * through a shared window); in the barrier variant each of the stage's two
 * broadcasts also ends in a barrier in a shared-memory window, where the
 * kernel's supersteps end (seed003bound.h).  Checks every run against the sequential
 * factorization.  Size as the kernel's: BENCH_LU_N (384).
 */
#include <stdio.h>
#include <stdlib.h>
#include "seed003bound.h"

enum { TAG_ROW = 1, TAG_COL = 2 };

static int P, ME;
static struct lu_layout L;

static void
run(enum s3b_variant v)
{
    int n = L.n, rows = L.rows, cols = L.cols, s = L.s, t = L.t, nlr = L.nlr, nlc = L.nlc;
    double *a = s3_alloc(sizeof *a * (size_t)nlr * nlc);
    double *urow = s3_alloc(sizeof *urow * (size_t)nlc);     /* row k, my columns */
    double *lcol = s3_alloc(sizeof *lcol * (size_t)nlr);     /* column k, my rows */
    double *lsend = s3_alloc(sizeof *lsend * (size_t)nlr);
    MPI_Request *req = s3_alloc(sizeof *req * (size_t)(rows + cols));
    lu_fill(&L, a);

    s3b_start();
    for (int k = 0; k < n - 1; k++) {
        int krow = k % rows, kcol = k % cols, nreq = 0;
        /* Row k from column k on, down my process column. */
        int fc = lu_first_at_least(k, t, cols, nlc), ulen = nlc - fc;
        const double *u = urow;
        if (s == krow) {
            u = a + (size_t)(k / rows) * nlc;
            for (int gs = 0; gs < rows && ulen > 0; gs++)
                if (gs != s)
                    s3b_send(v, u + fc, ulen, lu_pid_at(&L, gs, t), TAG_ROW, &req[nreq++]);
        } else if (ulen > 0)
            s3b_recv(v, urow + fc, ulen, lu_pid_at(&L, krow, t), TAG_ROW, &req[nreq++]);
        s3b_superstep_end(v);
        s3b_wait(nreq, req);
        /* The multipliers of column k, along my process row. */
        int fr = lu_first_at_least(k + 1, s, rows, nlr), llen = nlr - fr;
        const double *l = lcol;
        nreq = 0;
        if (t == kcol) {
            lu_multipliers(&L, a, k, u, lsend);
            l = lsend;
            for (int gt = 0; gt < cols && llen > 0; gt++)
                if (gt != t)
                    s3b_send(v, lsend + fr, llen, lu_pid_at(&L, s, gt), TAG_COL, &req[nreq++]);
        } else if (llen > 0)
            s3b_recv(v, lcol + fr, llen, lu_pid_at(&L, s, kcol), TAG_COL, &req[nreq++]);
        s3b_superstep_end(v);
        s3b_wait(nreq, req);
        lu_update(&L, a, k, l, u);
    }
    s3b_stop();
    double trace;
    s3b_finish("lu", v, lu_check(&L, a, ME, &trace));
    free(req);
    free(a);
    free(urow);
    free(lcol);
    free(lsend);
}

int
main(int argc, char **argv)
{
    s3b_init(&argc, &argv, &P, &ME);
    lu_layout_of(bench_env_int("BENCH_LU_N", 384), P, ME, &L);
    s3b_messages_at_most(L.nlr > L.nlc ? L.nlr : L.nlc);
    s3b_runs(run);
    s3b_end();
    return 0;
}
