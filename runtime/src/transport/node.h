/*
 * node.h - where this process runs: the processes that share its node
 * (its host name), the node's index among the job's nodes, and the
 * node-local shared-memory segment through which the processes of each
 * node combine, their leaders exchanging the node's contributions
 * (combine_node.c).  NS_NODE_LOCAL=shm|mpi, NS_NODE_AFTER.
 */
#ifndef NESTSTEP_NODE_H
#define NESTSTEP_NODE_H

#include <mpi.h>
#include "engine.h"

struct ns_node {
    /* nodes by host name, over the started processes (ns_node_init/attach) */
    int index, count;       /* my node among the job's nodes (ordered by their
                             * lowest world rank), and how many there are */
    int rank, size;         /* me inside the node */
    int any_oversubscribed; /* some node has more processes than cores: choices
                             * that must be the same everywhere use this */
    /* the parallel part (world ranks below nprocs) and, once the segments
     * are made, its nodes as MPI sees them (MPI_COMM_TYPE_SHARED) */
    int nprocs;
    int nactive, *active_rank;  /* the processes of my segment, ascending */
    int lrank;              /* my index among them */
    int nleader, *leaders;  /* every segment's lowest rank, ascending */
    int shm;                /* the root group combines through the segments,
                             * once they are made */
    int after;              /* root combines on MPI before they are made
                             * (NS_NODE_AFTER) */
    long combines;          /* root combines so far */
    MPI_Comm active;        /* the segment's processes, or MPI_COMM_NULL */
    MPI_Win win;
    char *seg;              /* the segment, on every active process of the node */
    long syncs;             /* supersteps completed through the segment */
    long mailed;            /* request messages received through it (mailbox.c,
                             * pipe.c) */
};
extern struct ns_node ns_node;

/* Every started process, before anything else: who shares my node. */
void ns_node_init(void);
/* Every started process once the parallel part's size is known: the
 * node's index and count, and whether the root group is to combine
 * through segments (NS_NODE_LOCAL=shm, at most NS_NODE_MAX_PROCS
 * processes).  A bad NS_NODE_LOCAL stops the job here.  head_bytes: the
 * size of the area at the segment's start that its user (the combine,
 * combine/combine_node.c) lays out, for nlocal processes of p. */
void ns_node_attach(int nprocs, const struct ns_site *site,
                    size_t (*head_bytes)(int nlocal, int nprocs));
/* Every process of the parallel part, at bsp_begin (NS_NODE_AFTER=0) or
 * at the same root combine (the NS_NODE_AFTER-th): the segments; 1 if
 * every node has one, else 0 and ns_node.shm is 0 from now on. */
int ns_node_segment_make(void);
/* NS_NODE_REPORT=1: the one line of docs/engine.md on stderr. */
void ns_node_report(void);
/* ns_engine_stop, after the segment's users have let go: the report, then
 * the segment and communicators go. */
void ns_node_stop(void);


/* mailbox.c: request messages to processes of my segment (barrier mode,
 * tree exchange).  The segment holds the table (zeroed) and the mailboxes
 * (not) after the combine's part; attach once it is made. */
enum ns_mail_kind {
    NS_MAIL_BSP,                /* a BSPlib superstep's requests (exchange.c) */
    NS_MAIL_DA_REQ,             /* a step's distributed-array requests */
    NS_MAIL_DA_REP,             /* the replies to their reads */
    NS_MAIL_DA_MIR,             /* the replies to their mirrors */
    NS_MAIL_KINDS
};
size_t ns_mailbox_table_bytes(int nlocal);
size_t ns_mailbox_data_bytes(int nlocal);
void ns_mailbox_attach(char *base);
void ns_mailbox_detach(void);
/* Whether messages to pid can go through the mailboxes now. */
int  ns_mailbox_reaches(int pid);
void ns_mailbox_begin(void);                /* a superstep's sends start */
/* Copies a message of this kind and superstep (or step) for dest into my
 * mailbox and returns 1, or returns 0: dest is not in my segment, or no
 * room is left. */
int  ns_mailbox_post(int kind, long step, int dest, const void *msg, size_t len);
/* The message of this kind and step that src (in my segment) posted to
 * me, in place, or NULL while there is none. */
const char *ns_mailbox_peek(int kind, long step, int src, size_t *len);
/* After the count exchange: points the senders' E.peer[].in at the BSPlib
 * messages of this superstep posted to me, adds them to E.sources and
 * returns how many. */
int  ns_mailbox_take(void);
/* A large bsp_put's data to dest (in my segment), copied at the call
 * straight into my mailbox of this BSPlib superstep: room for len bytes
 * at the mailbox's end, its offset in *off; NULL if dest is not in my
 * segment or the room is taken.  The sync's messages fill the mailbox
 * from its start, below that room. */
char *ns_mailbox_reserve(long step, int dest, size_t len, uint64_t *off);
/* Where src's mailbox of this superstep starts (src in my segment), for
 * the data its records point at. */
const char *ns_mailbox_of(int src, long step);
/* pipe.c: a byte pipe per ordered pair of my segment's processes for the
 * relaxed modes (none in barrier mode: 0 bytes).  The segment holds their
 * control lines (zeroed) and rings after the mailboxes. */
size_t ns_pipe_ctl_bytes(int nlocal);
size_t ns_pipe_bytes(int nlocal);
void ns_pipe_attach(char *base);
void ns_pipe_detach(void);
/* Whether requests to pid go through a pipe (pid shares my segment, made
 * at bsp_begin in a relaxed mode). */
int ns_pipe_reaches(int pid);
/* Writes what fits of the message (len bytes) for dest, done bytes of its
 * framing (8 bytes of length, then the message) being written already;
 * returns how many are written now, 8 + len once it is all in the pipe. */
size_t ns_pipe_write(int dest, const void *msg, size_t len, size_t done);
/* A whole message from some process of my segment, swapped into msg (its
 * old buffer kept for the next); returns the sender's pid, or -1. */
int ns_pipe_take(struct ns_buf *msg);
#define NS_NODE_MAX_PROCS 256
/* NS_NODE_AFTER's default when some node has more processes than cores
 * (else 0): the blocking calls that make the segments then cost up to
 * ~0.5 s at 8 processes on 2 cores, and through the segments a superstep
 * saves 1 to 30 us, so a job pays only once it synchronizes often
 * (measured: docs/engine.md). */
#define NS_NODE_AFTER_OVERSUBSCRIBED 256

#endif /* NESTSTEP_NODE_H */
