/*
 * nsparams.h - the cost of NestStep supersteps by kind, for bspprobe (the
 * parameter file bspprof reads): a step whose combine carries one shared
 * variable, the same with a prefix combine, the split and the join of an
 * empty neststep(2), and a step that reads one element of a distributed
 * array owned by another member of the group (one request and one reply
 * message around the combine).  Measured in the root group and, at the
 * same time, in every subgroup of repeated neststep(2) down to single
 * processes, so a group of s processes gets the costs it has while its
 * sibling groups run beside it (as in a divide-and-conquer program).
 */
#ifndef BENCH_NSPARAMS_H
#define BENCH_NSPARAMS_H

enum { NS_COST_STEP, NS_COST_PREFIX, NS_COST_SPLIT, NS_COST_JOIN, NS_COST_DA, NS_NCOSTS };

/* The names the parameter file gives them: l_step, l_prefix, ... */
extern const char *const ns_cost_name[NS_NCOSTS];

/* Collective over all processes, outside any step: times each kind in
 * interleaved rounds (one untimed and `per` timed supersteps of each kind
 * per round), at every group size reached by halving.  cost[s * NS_NCOSTS
 * + k] (s = 0..p) gets, for group size s, the mean over the processes that
 * measured that size of each one's median time of kind k in us, 0 where no
 * group had size s. */
void ns_params_steps(int rounds, int per, double *cost);

/* The cost of distributed-array element data, as h-relations: in a step,
 * every process writes h doubles of a block-distributed array into the
 * block of the next process (a section write: one request record); in
 * another it reads h doubles of the previous process's block (a section
 * read); in a third it mirrors them one element at a time (h records of
 * one element), for h = 0, hstep, ..., hmax.  hs[k] gets h; tw[k], tr[k]
 * and tm[k] the mean over the processes of each one's median time of the
 * write, the read and the mirror step (us; rounds rounds of one untimed
 * and per timed steps each).  Collective, in the root group outside any
 * step. */
void ns_params_da(long hmax, long hstep, int rounds, int per, double *hs, double *tw,
                  double *tr, double *tm);

#endif /* BENCH_NSPARAMS_H */
