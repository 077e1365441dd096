/*
 * rewrite.h - what the files of the translation share (rewrite.c: the
 * emitter hook and every construct but forall; forall.c: forall loops and
 * the direct element accesses inside them): the translation's state and
 * the small pieces of generated text both print.
 */
#ifndef NSC_REWRITE_H
#define NSC_REWRITE_H

#include <stdio.h>
#include "emit.h"
#include "nest.h"

/* A forall being printed whose body takes direct element accesses. */
struct fa {
    const struct node *n;
    int id;                         /* numbers its generated names (ns_la<id> ...) */
    int mark_all;                   /* the loop marks every unit written before it */
    int late_mark;                  /* a write of a[i] sets ns_w<id>; the loop's
                                     * increment marks the unit once */
    struct aligned *al;             /* its reads of arrays laid out as its own, at
                                     * constant offsets of its indices (forall.c) */
    int nal, nbase;                 /* how many; how many arrays they read */
    int direct;                     /* printing the body's version in which those
                                     * reads are loads from local storage */
    const struct symbol *view[8];   /* block arrays its body reads in general: their
                                     * first unit, length and storage kept in locals
                                     * ns_vf/ns_vn/ns_vl<id>_<k> for the loop */
    int nview;
};

struct rw {
    struct unit *u;
    struct emitter *em;
    struct symbol **globals;        /* file-scope sh objects defined here */
    int nglobals, capglobals;
    int has_main;
    const struct node *pre_forall;  /* a step's forall body whose variables the step
                                     * declares (one block for the line) */
    int pre_id;
    int ids;                        /* numbers generated names */
    int mirror_warnings;            /* -Wmirror */
    int perf_warnings;              /* -Wperf */
    const struct node *placed;      /* the step whose inferred mirrors the step before
                                     * took (the next step: a step holds no step) */
    const struct symbol *subst;     /* an index replaced by subst_text (mirror ranges) */
    const char *subst_text;
    const struct node *wr_el;       /* the distributed element a write goes to */
    int wr_mode;                    /* and darray_access's wr for it */
    FILE *sites;                    /* in a function definition: its site records,
                                     * printed before it (site()) */
    int nsites;
    struct fa *foralls;             /* the foralls being printed, innermost last */
    int nforalls, capforalls;
};

#define E(...) emit_text(r->em, __VA_ARGS__)

/* rewrite.c: pieces of generated text */
void *grow(void *p, int *cap, int n, size_t el);
/* a pointer to a static site record of the construct at n, named what */
void site(struct rw *r, const char *what, const struct node *n);
/* (n), on the current line */
void flat(struct rw *r, struct node *n);
/* the C spelling of a shared object's element type */
void elem_type(struct rw *r, const struct symbol *s);
/* the product of dims [from, to) of s, as C text; "1" when empty */
void dims_product(struct rw *r, const struct symbol *s, int from, int to);
/* the distributed dimensions of a distributed array (1 for a handle) */
int dist_dims(const struct symbol *s);
/* the index expressions of an lvalue a[i][j].f, outermost first */
int indices_of(const struct node *e, struct node **idx, int max);
int has_side_effects(const struct unit *u, const struct node *n);

/* forall.c */
/* Does the body of forall n leave its indices alone (then a[i] is its
 * fast path: my local storage)? */
int forall_fast(struct rw *r, const struct node *n);
/* The declarations of forall n's variables that a step prints before it
 * (la: the local storage pointer, else the loop's unit and iterator). */
void forall_decl(struct rw *r, const struct node *n, int id, int la);
void rewrite_forall(struct rw *r, struct node *n);
/* Prints the access e (subscripts idx[0..n) of array s; wr as
 * darray_access's) in a direct form if a forall being printed gives it
 * one: a[i] of the forall's own array, a read of an aligned array at a
 * constant offset in the forall's direct version.  Returns 0 when it
 * printed nothing. */
int forall_access(struct rw *r, struct node *e, const struct symbol *s, struct node **idx,
                  int n, int wr);
/* The forall whose direct copy is being printed and in which s[idx] is
 * the element at its own index of an array laid out as its array: its id
 * (the unit is mine, ns_l<id>), else 0. */
int forall_direct_write(struct rw *r, struct node **idx, int n, const struct symbol *s);
/* The forall being printed that keeps array s's fields (block: first unit,
 * length; cyclic: group size, my rank, length) and storage in locals: its
 * id, and s's place among them in *k; 0 if none. */
int forall_view(struct rw *r, const struct symbol *s, int *k);
/* The forall whose fast path covers the element a write goes to (a[i] of
 * its own array), or NULL; its local unit is ns_l<id>. */
struct fa *fast_forall(struct rw *r, const struct node *idx[], int nidx, const struct symbol *a);

#endif
