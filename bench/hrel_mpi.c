/*
 * hrel_mpi.c - raw-MPI baseline of tables "g" and "l": the h-relations of
 * hrel_bsp.c done by hand.  Each process packs its h words with their target
 * indices (12 bytes a word) into one buffer per destination and sends one
 * message to every other process (empty ones too: they are the
 * synchronization); receivers write the words into the target array.
 */
#include <stdint.h>
#include <stdlib.h>
#include "common.h"

#define WORD_BYTES (sizeof(double) + sizeof(uint32_t))

static int P, ME;
static int CAP_BYTES;               /* largest message one process sends another */
static char **out, **in;            /* per peer: double val[n], then uint32 idx[n] */
static long *nout, *fill;
static int *DEST, *INDEX;           /* hrel_plan's, made once */
static MPI_Request *reqs;
static MPI_Status *stats;

static void *
xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p)
        bench_fail("out of memory");
    return p;
}

static void
alloc_buffers(long hmax)
{
    CAP_BYTES = (int)(((hmax + P - 2) / (P - 1)) * (long)WORD_BYTES);
    out = xcalloc((size_t)P, sizeof *out);
    in = xcalloc((size_t)P, sizeof *in);
    nout = xcalloc((size_t)P, sizeof *nout);
    fill = xcalloc((size_t)P, sizeof *fill);
    reqs = xcalloc(2 * (size_t)P, sizeof *reqs);
    stats = xcalloc(2 * (size_t)P, sizeof *stats);
    for (int d = 0; d < P; d++)
        if (d != ME) {
            out[d] = xcalloc((size_t)CAP_BYTES, 1);
            in[d] = xcalloc((size_t)CAP_BYTES, 1);
        }
}

static void
free_buffers(void)
{
    for (int d = 0; d < P; d++) {
        free(out[d]);
        free(in[d]);
    }
    free(stats);
    free(reqs);
    free(fill);
    free(nout);
    free(in);
    free(out);
}

/* How many of process s's h words go to process d (d != s). */
static long
words_between(int s, int d, long h)
{
    long j = (d - s - 1 + P) % P;
    return h > j ? (h - 1 - j) / (P - 1) + 1 : 0;
}

static void
pack(const double *src, long h)
{
    for (int d = 0; d < P; d++) {
        nout[d] = d == ME ? 0 : words_between(ME, d, h);
        fill[d] = 0;
    }
    for (long i = 0; i < h; i++) {
        int d = DEST[i];
        long f = fill[d]++;
        ((double *)out[d])[f] = src[i];
        ((uint32_t *)(out[d] + nout[d] * sizeof(double)))[f] = (uint32_t)INDEX[i];
    }
}

/* Writes the words of the message from s (bytes long) into target. */
static void
unpack(int s, int bytes, long h, double *target)
{
    long n = bytes / (long)WORD_BYTES;
    if (n != words_between(s, ME, h) || bytes % (long)WORD_BYTES)
        bench_fail("process %d got %d bytes from %d, expected %ld words", ME, bytes, s,
                   words_between(s, ME, h));
    const double *val = (const double *)in[s];
    const uint32_t *idx = (const uint32_t *)(in[s] + n * sizeof(double));
    for (long k = 0; k < n; k++)
        target[idx[k]] = val[k];
}

/* One superstep: post receives, pack, send, wait, write into target. */
static void
exchange_hrel(const double *src, double *target, long h)
{
    int n = 0;
    for (int k = 1; k < P; k++) {
        int s = (ME - k + P) % P;
        MPI_Irecv(in[s], CAP_BYTES, MPI_BYTE, s, 2, MPI_COMM_WORLD, &reqs[n++]);
    }
    pack(src, h);
    for (int k = 1; k < P; k++) {
        int d = (ME + k) % P;
        MPI_Isend(out[d], (int)(nout[d] * (long)WORD_BYTES), MPI_BYTE, d, 2, MPI_COMM_WORLD,
                  &reqs[n++]);
    }
    bench_wait_all(P - 1, reqs, stats);
    for (int k = 1; k < P; k++) {
        int bytes;
        MPI_Get_count(&stats[k - 1], MPI_BYTE, &bytes);
        unpack((ME - k + P) % P, bytes, h, target);
    }
    bench_wait_all(P - 1, reqs + P - 1, NULL);
}

struct sweep { const double *src; double *target; long hstep; };

static void
sweep_step(int k, void *ctx)
{
    const struct sweep *c = ctx;
    exchange_hrel(c->src, c->target, k * c->hstep);
}

int
main(int argc, char **argv)
{
    if (!bench_mpi_start_with_peer(&argc, &argv, &P, &ME))
        return 0;
    long hmax = bench_env_int("BENCH_HMAX", 16000);
    long hstep = bench_env_int("BENCH_HSTEP", 1000);
    int rounds = bench_env_int("BENCH_HREL_ROUNDS", 5), per = bench_env_int("BENCH_HREL_PER", 10);
    if (hmax < 1 || hstep < 1)
        bench_fail("BENCH_HMAX and BENCH_HSTEP must be positive");
    int npts = (int)(hmax / hstep) + 1;
    long len = hrel_target_len(hmax, P);
    double *src = xcalloc((size_t)hmax, sizeof *src);
    double *target = xcalloc((size_t)len, sizeof *target);
    double *hs = xcalloc((size_t)npts, sizeof *hs), *ts = xcalloc((size_t)npts, sizeof *ts);
    alloc_buffers(hmax);
    hrel_plan(ME, hmax, P, &DEST, &INDEX);
    for (long i = 0; i < hmax; i++)
        src[i] = hrel_value(ME, i);

    bench_sweep(npts, rounds, per, sweep_step, &(struct sweep){ src, target, hstep }, ts);
    for (int k = 0; k < npts; k++) {
        hs[k] = (double)(k * hstep);
        ts[k] = bench_mpi_mean(ts[k], MPI_COMM_WORLD);
    }
    for (long k = 0; k < len; k++)                      /* check the largest */
        target[k] = -1.0;
    exchange_hrel(src, target, hmax);
    hrel_check(target, len, hmax, ME, P);

    double g, l;
    bench_fit_line(hs, ts, npts, &g, &l);
    if (ME == 0) {
        bench_record("g", P, "-", "base", "packed_Isend/Irecv", g);
        bench_record("l", P, "-", "base", "packed_Isend/Irecv", l);
        for (int k = 0; k < npts; k++)
            bench_record_detail("hrel_us", P, (long)hs[k], "packed_Isend/Irecv", ts[k]);
    }
    free_buffers();
    free(INDEX);
    free(DEST);
    free(ts);
    free(hs);
    free(target);
    free(src);
    MPI_Finalize();
    return 0;
}
