/*
 * dnc_twin.c - the MPI twin of samples/neststep/dnc.nst: the maximum
 * subarray sum of a block-distributed array (block size ceil(N/p), as the
 * sample's) by the same divide and conquer over the processes, the same
 * leaves (each process's block, left to right, with the sample's join) and
 * the same output.
 *
 * The sample splits its group with neststep(2) down to groups of one: the
 * lower half of the ranks (@ = 0: ranks r with 2r < #) takes the left part
 * of the array, the upper half the right part, and after the subgroups'
 * recursion every member of the group has both halves' values (the end of
 * the neststep combines them) and joins them.  MPI has no nonblocking way
 * to make a communicator (MPI_Comm_split is a blocking collective, which
 * busy-polls in MPICH: ruinous with more processes than cores), so the
 * twin keeps the same groups as ranges of MPI_COMM_WORLD's ranks, splits
 * them with the sample's rule, and after the recursion exchanges the two
 * halves' values point to point: member j of the lower half and member j
 * of the upper half send each other theirs (MPI_Isend/MPI_Irecv, waited
 * for with bench_wait_all), and when the lower half has one member more,
 * the upper half's last member also sends to it.  So every member of a
 * group receives one message per level, and a group's exchange waits for
 * nothing outside it, as the sample's subgroups synchronize only
 * themselves.
 *
 *     mpiexec -n 4 ./dnc_twin [N]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "mix.h"
#include "twincommon.h"

struct seg {
    long tot, pre, suf, best;
};

static int
value(long i)
{
    return (int)(mix((uint32_t)i) % 201U) - 100;
}

static long
maxl(long x, long y)
{
    return x > y ? x : y;
}

static struct seg
join(struct seg l, struct seg r)
{
    struct seg s;
    s.tot = l.tot + r.tot;
    s.pre = maxl(l.pre, l.tot + r.pre);
    s.suf = maxl(r.suf, r.tot + l.suf);
    s.best = maxl(maxl(l.best, r.best), l.suf + r.pre);
    return s;
}

static struct seg
single(long x)
{
    struct seg s;
    s.tot = x;
    s.pre = s.suf = s.best = maxl(x, 0);
    return s;
}

/* The values of the part of a owned by the group of ranks first ..
 * first+size-1 (I am one of them); a is my block. */
static struct seg
mss(const int *a, long n, int first, int size, int me, int depth)
{
    if (size == 1) {                    /* the leaf: my block, left to right */
        struct seg s = { 0, 0, 0, 0 };
        for (long i = 0; i < n; i++)
            s = join(s, single(a[i]));
        return s;
    }
    int lower = (size + 1) / 2, upper = size - lower;   /* 2r < size: the lower half */
    int r = me - first, half = 2 * r >= size;
    twin_step_group(first, size);                       /* the sample's split */
    struct seg mine = half ? mss(a, n, first + lower, upper, me, depth + 1)
                           : mss(a, n, first, lower, me, depth + 1);
    twin_step_group(half ? first + lower : first, half ? upper : lower); /* the subgroup's step */
    struct seg other;
    MPI_Request req[3];
    int nreq = 0, j = half ? r - lower : r;
    if (!half) {                        /* from the upper half's member j (or its last) */
        int from = first + lower + (j < upper ? j : upper - 1);
        MPI_Irecv(&other, 4, MPI_LONG, from, depth, MPI_COMM_WORLD, &req[nreq++]);
        if (j < upper)
            MPI_Isend(&mine, 4, MPI_LONG, first + lower + j, depth, MPI_COMM_WORLD, &req[nreq++]);
    } else {
        MPI_Irecv(&other, 4, MPI_LONG, first + j, depth, MPI_COMM_WORLD, &req[nreq++]);
        MPI_Isend(&mine, 4, MPI_LONG, first + j, depth, MPI_COMM_WORLD, &req[nreq++]);
        if (j == upper - 1 && lower > upper)
            MPI_Isend(&mine, 4, MPI_LONG, first + lower - 1, depth, MPI_COMM_WORLD, &req[nreq++]);
    }
    bench_wait_all(nreq, req, MPI_STATUSES_IGNORE);
    twin_step_group(first, size);                       /* the sample's join */
    return half ? join(other, mine) : join(mine, other);
}

int
main(int argc, char *argv[])
{
    long N = 1000, i;
    int p, me;

    twin_start(&argc, &argv, &p, &me);
    if (argc > 1)
        N = twin_arg(argv[1], 1, 1000000000, "usage: dnc_twin [N], N >= 1");
    struct twin_block blk = twin_block(N, p, me);
    int *a = twin_malloc(sizeof *a * (size_t)blk.len);
    for (i = 0; i < blk.len; i++)
        a[i] = value(blk.lo + i);
    twin_step();                                        /* the sample's step that sets a */

    struct seg s = mss(a, blk.len, 0, p, me, 0);

    if (me == 0) {
        printf("dnc: N=%ld\n", N);
        printf("sum %ld\n", s.tot);
        printf("max prefix sum %ld\n", s.pre);
        printf("max suffix sum %ld\n", s.suf);
        printf("max subarray sum %ld\n", s.best);
    }
    free(a);
    return twin_end();
}
