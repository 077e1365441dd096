/*
 * combiner.h - the combine's state and wire format, shared by the tree
 * (combine.c) and the direct protocol (combine_direct.c); internal to them.
 */
#ifndef NESTSTEP_COMBINER_H
#define NESTSTEP_COMBINER_H

#include "internal.h"

struct wire_head {                  /* both waves */
    uint32_t total;                 /* bytes in the whole message */
    int32_t npush, nhist;
    uint32_t items_len, prefix_len; /* item bytes after the histogram */
    int32_t pad;
    int64_t agree[NS_NAGREE];       /* up wave only */
    int32_t agree_rank[NS_NAGREE];  /* lowest rank holding agree[k] */
};
struct hist_entry { int32_t dest, count; };

struct inbox {                      /* one pre-posted receive */
    char chunk[NS_CHUNK];
    MPI_Request req;
    struct ns_buf whole;            /* assembled message when > NS_CHUNK */
};

struct ns_combiner {
    struct ns_group *g;
    int direct;                     /* the protocol: direct, else tree */
    int node;                       /* in the node-local segment (combine_node.c) */
    int tag_up, tag_up_rest, tag_down, tag_down_rest;
    int nin, *in_rank;              /* whose contributions I merge (group ranks) */
    struct inbox *in;               /* [nin]: from children, or from all peers */
    struct ns_buf *out;             /* [nin]: down to children, or to all peers */
    struct inbox from_parent;
    struct ns_buf up_out;
    MPI_Request *send_reqs; int nsend;
    MPI_Request *in_reqs;           /* [nin]: copies to wait on */
    struct ns_buf hist, hist_tmp;   /* struct hist_entry lists */
    int64_t *bounds; int capbounds;     /* largest size registered, per push */
    int64_t agree[NS_NAGREE];
    int32_t agree_rank[NS_NAGREE];
    /* combine items */
    struct ns_buf acc, tmp;         /* folded items so far */
    struct ns_buf *sub;             /* [nin]: a child's subtree items (prefix) */
    struct ns_buf total, prefix, run;
    const char **contrib;           /* direct: items by group rank */
    size_t *contrib_len;
    struct ns_buf *scratch;         /* direct: per tree level, 2 each */
    int nscratch;
    void (*idle)(struct ns_group *);    /* this run's work while waiting */
};

/* combine.c: what both protocols do with a contribution */
/* Serializes header + bounds + hist entries + items + prefix items into b. */
void ns_comb_pack(struct ns_combiner *C, struct ns_buf *b, int npush,
                  const struct hist_entry *hist, int n, const struct ns_buf *items,
                  const struct ns_buf *prefix);
/* Sends a message in one or two parts; completion is awaited at the end. */
void ns_comb_send(struct ns_combiner *C, struct ns_buf *b, int dest, int tag, int rest_tag);
/* Waits for every contribution in C->in and merges it into mine. */
void ns_comb_merge_inputs(struct ns_combiner *C, int prefix);
/* acc := acc (+) b */
void ns_comb_fold(struct ns_combiner *C, struct ns_buf *acc, const char *b, size_t blen,
                  int prefix_only);
/* First index in the sorted hist with dest >= rank. */
int  ns_comb_hist_lower(const struct hist_entry *e, int n, int rank);

/* combine_direct.c: the direct protocol's run, up to the outcome */
void ns_combine_run_direct(struct ns_combiner *C, const struct ns_combine_in *in);
/* With the others' items in C->contrib: the total and my prefix, folded as
 * the tree folds them. */
void ns_comb_fold_contribs(struct ns_combiner *C, const struct ns_combine_in *in);

/* The items of a contribution (after its sizes and histogram). */
static inline const char *
ns_comb_items(const struct wire_head *h)
{
    return (const char *)(h + 1) + sizeof(int64_t) * (size_t)h->npush
         + sizeof(struct hist_entry) * (size_t)h->nhist;
}

/* combine_node.c: whether g combines in the node-local segment, and its
 * run there; 0 when a contribution does not fit (then every member runs
 * the MPI combine, C untouched). */
int  ns_combine_node_serves(const struct ns_group *g);
int  ns_combine_node(struct ns_combiner *C, const struct ns_combine_in *in);

#endif /* NESTSTEP_COMBINER_H */
