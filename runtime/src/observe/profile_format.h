/*
 * profile_format.h - the layout of a trace file (docs/profile.md), shared by
 * the engine that writes it (profile.c) and bspprof that reads it.
 *
 * DIR/prof.<pid>.nsp, one per process: a struct nsp_head, then records,
 * each 8-byte aligned and starting with struct nsp_rec.  A record of type
 * NSP_END (all zeros: the unwritten tail of a file whose process was
 * killed) ends the file; NSP_SKIP fills the rest of a window.  Integers are
 * the host's byte order; times are nanoseconds of CLOCK_MONOTONIC since the
 * process's engine start (head.t0_ns), so processes on one host share the
 * clock.  testsuite/Inputs/write-trace.py writes the same layout.
 */
#ifndef NESTSTEP_PROFILE_FORMAT_H
#define NESTSTEP_PROFILE_FORMAT_H

#include <stddef.h>
#include <stdint.h>

#define NSP_MAGIC "NSPROF1"         /* 8 bytes with its NUL */
#define NSP_VERSION 3         /* 2: nsp_step.setup_ns, NSP_F_NODE_LOCAL; 3: the node
                               * fields of nsp_head, nsp_step.w_cpu_ns, da_bytes and
                               * da_recs;
                               * bspprof reads 1 and 2 too */

struct nsp_head {
    char magic[8];
    uint32_t version, head_size;    /* head_size: sizeof(struct nsp_head) */
    int32_t pid, nprocs;
    int64_t t0_ns;                  /* CLOCK_MONOTONIC at engine start */
    char job[64];                   /* NS_JOB_KEY: the same in every file of a run */
    char program[64];
    char knobs[128];                /* the engine knobs in force, "NAME=value ..." */
    /* version 3 on (head_size says whether they are there) */
    int32_t node;                   /* my node's index among the job's nodes */
    int32_t node_procs;             /* the job's processes started on my node */
    int32_t node_cores;             /* the cores they share (NS_CORES, else online CPUs) */
    int32_t pad;
};
/* A version-2 head's size: everything before node. */
#define NSP_HEAD_V2_SIZE 288

enum nsp_type { NSP_END = 0, NSP_SKIP = 1, NSP_STRING = 2, NSP_STEP = 3 };

struct nsp_rec { uint16_t type, flags; uint32_t size; };    /* size: whole record */

/* NSP_STRING: id, then the NUL-terminated text (a source file name). */
struct nsp_string { struct nsp_rec r; uint32_t id, len; };

/* The phases of a superstep, as times in nsp_step.t. */
enum nsp_phase {
    NSP_T_START,        /* the previous superstep (or the engine start) ended */
    NSP_T_SYNC,         /* sync or step end reached: w = SYNC - START */
    NSP_T_SENT,         /* request messages sent */
    NSP_T_COMBINED,     /* combine / barrier over: counts known */
    NSP_T_RECEIVED,     /* all messages addressed to me received */
    NSP_T_END,          /* applied: the superstep is over here */
    NSP_NT
};

enum nsp_flags {
    NSP_F_NESTSTEP = 1,     /* a NestStep combine, with group fields */
    NSP_F_ABORTED = 2,      /* the job stopped during this superstep */
    NSP_F_PREFIX = 4,       /* a NestStep combine that also computes prefixes */
    NSP_F_NODE_LOCAL = 8,   /* its combine went through the node-local segments
                             * (combine_node.c); else over MPI messages, or none */
};

/* NSP_STEP: one superstep of this process, then npeer struct nsp_peer
 * (only the peers it exchanged data with, sorted by peer). */
struct nsp_step {
    struct nsp_rec r;
    int64_t superstep;              /* BSPlib: superstep; NestStep: the group's step */
    uint64_t group;                 /* NestStep group id, equal on its members; 0: BSPlib */
    int64_t t[NSP_NT];
    uint32_t file;                  /* string id of the sync's / step's file; 0: unknown */
    int32_t line;
    uint16_t kind;                  /* enum ns_sync_kind */
    uint16_t depth;                 /* group depth (0: root) */
    uint16_t ordinal;               /* combines before this one in the same group step */
    uint16_t pad;
    int32_t gsize, grank, gindex;   /* the group: size, my rank, index among siblings */
    uint32_t nput, nget, nsend, npeer;
    uint64_t put_bytes, get_bytes, send_bytes;  /* data of the requests I issued */
    uint32_t items, da_served;      /* combine items I contributed; DA request messages served */
    uint64_t item_bytes;
    int64_t setup_ns;               /* engine set-up inside it (making the node-local
                                     * segments, node.c); version 2 on */
    int64_t w_cpu_ns;               /* the processor time I used computing (t[START] to
                                     * t[SYNC]), recorded where my node has more
                                     * processes than cores, else -1; version 3 on */
    uint64_t da_bytes[4];           /* distributed-array data of other processes'
                                     * (enum nsp_da); version 3 on */
    uint64_t da_recs[2];            /* distributed-array request records: mine to other
                                     * processes, theirs I served or applied; v3 on */
};
/* The distributed-array data of a superstep, as bspprof's model prices it:
 * element writes go out and are applied, element reads and mirrors are
 * served and come back (the records' headers are not counted). */
enum nsp_da {
    NSP_DA_WRITE_OUT,       /* my writes into elements other processes own */
    NSP_DA_WRITE_IN,        /* their writes I applied */
    NSP_DA_READ_OUT,        /* values I served to their reads and mirrors */
    NSP_DA_READ_IN          /* values I got for mine */
};
/* The fixed part of a version-1 record (everything before setup_ns) and of
 * a version-2 one (before w_cpu_ns). */
#define NSP_STEP_V1_SIZE 160
#define NSP_STEP_V2_SIZE 168

/* Traffic with one peer in one superstep: data bytes (puts, gets' data,
 * sends' tag and payload, distributed-array requests and replies) and
 * messages.  Traffic with oneself is listed too (peer == pid). */
struct nsp_peer {
    int32_t peer;
    uint32_t msgs_out, msgs_in, pad;
    uint64_t bytes_out, bytes_in;
};

_Static_assert(offsetof(struct nsp_step, setup_ns) == NSP_STEP_V1_SIZE,
               "version 1's fields keep their places");
_Static_assert(offsetof(struct nsp_step, w_cpu_ns) == NSP_STEP_V2_SIZE,
               "version 2's fields keep their places");
_Static_assert(offsetof(struct nsp_head, node) == NSP_HEAD_V2_SIZE,
               "version 2's head keeps its size");

#endif /* NESTSTEP_PROFILE_FORMAT_H */
