/*
 * profile.h - the per-superstep trace (NS_PROFILE=DIR, bsprun --profile):
 * hooks that the engine calls at the phase boundaries of a superstep.
 * Each hook is one line, NS_PROF(call): a single predictable branch on a
 * flag set once at start-up, so a run without a profile pays nothing
 * measurable.  The file format is in profile_format.h, docs/profile.md.
 */
#ifndef NESTSTEP_PROFILE_H
#define NESTSTEP_PROFILE_H

#include <stddef.h>
#include "profile_format.h"

extern int ns_prof_on;
#define NS_PROF(call) do { if (__builtin_expect(ns_prof_on, 0)) call; } while (0)

struct ns_site;
struct ns_group;

/* Engine start: reads NS_PROFILE and opens DIR/prof.<pid>.nsp (a bad
 * directory stops the job); stop: writes what is open and closes. */
/* combine_direct: the root group combines by the direct protocol (the
 * header's knobs line says combine=direct, else combine=tree). */
void ns_prof_start(int combine_direct);
void ns_prof_stop(void);
/* The job stops (ns_fatal, bsp_abort): the superstep in progress is
 * written, flagged aborted; every finished one is in the file already. */
void ns_prof_abort(void);

/* A BSPlib sync begins; after its sends (walks the request buffers);
 * after its receives (walks the incoming ones). */
void ns_prof_sync(int kind, const struct ns_site *site);
void ns_prof_bsp_sent(void);
void ns_prof_bsp_received(void);
void ns_prof_relaxed_in(int src, const struct ns_buf *records);   /* accepted (relaxed modes) */
/* A NestStep combine of group g begins, with my combine items (prefix:
 * it computes prefixes too). */
void ns_prof_combine(const struct ns_group *g, int kind, int prefix, const char *items,
                     size_t len);
void ns_prof_served(int nrecv);             /* after the combine: requests to serve */
/* Data moved outside the BSPlib buffers (distributed-array messages). */
void ns_prof_out(int peer, int msgs, size_t bytes);
void ns_prof_in(int peer, int msgs, size_t bytes);
/* ... of which distributed-array element data (enum nsp_da), and request
 * records (0: mine sent, 1: others' served or applied). */
void ns_prof_da(int what, size_t bytes);
void ns_prof_da_recs(int served, long n);
/* The combine of the superstep in progress went through the node-local
 * segments (NSP_F_NODE_LOCAL). */
void ns_prof_node_local(void);
/* Engine set-up inside the superstep in progress (making the node-local
 * segments) begins, ends: its time goes to the record's setup_ns. */
void ns_prof_setup_begin(void);
void ns_prof_setup_end(void);
/* A phase (enum nsp_phase) of the superstep in progress ends now. */
void ns_prof_mark(int phase);
/* The superstep in progress is over; a no-op when none is. */
void ns_prof_end(void);

#endif /* NESTSTEP_PROFILE_H */
