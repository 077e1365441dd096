/*
 * twincommon.c - start, step mode, failure, block distribution, arguments
 * and the gather to process 0 of the MPI twins of the NestStep samples
 * (twincommon.h).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include "twincommon.h"

/* BENCH_TWIN_STEPS=1: a global synchronization where the sample ends a
 * superstep; 2: the same, and process 0 says how many on stderr */
static int step_mode;
static long steps;

void
twin_start(int *argc, char ***argv, int *p, int *me)
{
    bench_mpi_start(argc, argv, p, me);
    step_mode = bench_env_int("BENCH_TWIN_STEPS", 0);
}

void
twin_step(void)
{
    MPI_Request req;
    if (!step_mode)
        return;
    steps++;
    MPI_Ibarrier(MPI_COMM_WORLD, &req);
    bench_wait(&req);
}

int
twin_step_mode(void)
{
    return step_mode;
}

void
twin_step_group(int first, int size)
{
    int p, me;
    if (!step_mode)
        return;
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    if (size == p) {
        twin_step();
        return;
    }
    steps++;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    int r = me - first;
    char in, out = 0;
    for (int k = 0, d = 1; d < size; k++, d *= 2) {
        MPI_Request req[2];
        MPI_Irecv(&in, 1, MPI_CHAR, first + (r - d + size) % size, TWIN_STEP_TAG + k,
                  MPI_COMM_WORLD, &req[0]);
        MPI_Isend(&out, 1, MPI_CHAR, first + (r + d) % size, TWIN_STEP_TAG + k, MPI_COMM_WORLD,
                  &req[1]);
        bench_wait_all(2, req, MPI_STATUSES_IGNORE);
    }
}

int
twin_end(void)
{
    int me;
    twin_step();
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    if (step_mode == 2 && me == 0)
        fprintf(stderr, "%s: %ld steps\n", program_invocation_short_name, steps);
    MPI_Finalize();
    return 0;
}

void
twin_abort(const char *fmt, ...)
{
    va_list ap;
    char msg[512];
    int init = 0, fini = 0;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fprintf(stderr, "%s: %s\n", program_invocation_short_name, msg);
    fflush(stderr);
    MPI_Initialized(&init);
    MPI_Finalized(&fini);
    if (init && !fini)
        MPI_Abort(MPI_COMM_WORLD, 2);
    exit(2);
}

void *
twin_malloc(size_t n)
{
    void *q = malloc(n + 1);
    if (q == NULL)
        twin_abort("out of memory (%zu bytes)", n);
    return q;
}

struct twin_block
twin_block(long n, int p, int q)
{
    long b = (n + p - 1) / p;
    long lo = (long)q * b < n ? (long)q * b : n;
    long hi = lo + b < n ? lo + b : n;
    return (struct twin_block){ lo, hi - lo };
}

int
twin_block_owner(long i, long n, int p)
{
    return (int)(i / ((n + p - 1) / p));
}

long
twin_arg(const char *s, long min, long max, const char *usage)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (*end != '\0' || v < min || v > max)
        twin_abort("%s; bad argument '%s'", usage, s);
    return v;
}

void
twin_gather_block(const void *mine, void *all, long n, MPI_Datatype type, int p, int me)
{
    int *counts = twin_malloc(sizeof *counts * (size_t)p);
    int *displs = twin_malloc(sizeof *displs * (size_t)p);
    MPI_Request req;
    for (int q = 0; q < p; q++) {
        struct twin_block b = twin_block(n, p, q);
        counts[q] = (int)b.len;
        displs[q] = (int)b.lo;
    }
    MPI_Igatherv(mine, counts[me], type, all, counts, displs, type, 0, MPI_COMM_WORLD, &req);
    bench_wait(&req);
    free(displs);
    free(counts);
}
