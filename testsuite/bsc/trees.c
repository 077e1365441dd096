// The algorithms of bsc.h by name, as BSPonMPI's library exports them:
// bsc_bcast_qtree_single, bsc_reduce_qtree_single,
// bsc_allreduce_qtree_single and bsc_scan_qtree_single with arities 2, 3
// and 64, beyond the group (the direct algorithm), and bsc_bcast_2phase
// with two calls in one set, on bsc_all and on a partition (the processes
// with even and odd ids), each epoch ended by bsc_sync(bsc_flush).  The
// operator concatenates strings, so the fold order shows: member s
// contributes the letter of s, and a capital too when s is odd.  Each line
// gives the result and the superstep the call returned (trees: bcast and
// reduce ceil(log_q n), allreduce twice that less one, scan
// ceil(log_q(n - 1)); at least 1).  Expected lines come from a model of
// the documented semantics (process-id order for reductions), not from a
// run.
// UNSUPPORTED: relaxed
// MATRIX: barrier-mode
// RUN: %bspcc %s -o %t
// RUN: %bsprun 1 %t | sort | uniq -c | FileCheck %s --check-prefix=P1
// RUN: %bsprun 2 %t | sort | uniq -c | FileCheck %s --check-prefix=P2
// RUN: %bsprun 3 %t | sort | uniq -c | FileCheck %s --check-prefix=P3
// RUN: %bsprun 3 %valgrind %t | sort | uniq -c | FileCheck %s --check-prefix=P3
// RUN: %bsprun 5 %t | sort | uniq -c | FileCheck %s --check-prefix=P5
// RUN: %bsprun 8 %t | sort | uniq -c | FileCheck %s --check-prefix=P8
#include <stdio.h>
#include <string.h>
#include "bsc.h"

#define W 40                    /* bytes of one element: a string */
typedef struct { char s[W]; } str;

/* a := a0 xs[0] xs[1] ... (reductions) */
static void
concat(void *a, const void *a0, const void *xs, bsc_size_t size)
{
    str acc = *(const str *)a0;
    for (int i = 0; i < size / W; i++)
        strcat(acc.s, ((const str *)xs)[i].s);
    *(str *)a = acc;
}

/* a[i] := a0 xs[0] ... xs[i] (scan) */
static void
concat_scan(void *a, const void *a0, const void *xs, bsc_size_t size)
{
    str acc = *(const str *)a0;
    for (int i = 0; i < size / W; i++) {
        strcat(acc.s, ((const str *)xs)[i].s);
        ((str *)a)[i] = acc;
    }
}

static str tmp[20], bdst, big1, big2;

/* One line, in one write so that lines of processes do not mix; "all ..."
 * lines are the same on every process, so uniq -c counts them. */
static void
say(const char *who, const char *what, const char *result, bsc_step_t ret)
{
    char line[200];
    snprintf(line, sizeof line, "%s %s: %s -> %u\n", who, what, result, ret);
    fputs(line, stdout);
    fflush(stdout);
}

static void
epoch(const char *gname, bsc_group_t g, int first, int q)
{
    int s = bsp_pid();
    str src[2] = { { { (char)('a' + s) } }, { { (char)('A' + s) } } }, zero = { "" };
    str red = { "-" }, allred = { "-" }, sc[2] = { { "-" }, { "-" } };
    int nmemb = 1 + s % 2;
    char what[64], who[16];
    memset(&bdst, 0, sizeof bdst);
    memset(tmp, 0, sizeof tmp);
    str bsrc = { "" };
    snprintf(bsrc.s, W, "from %c", 'a' + first);

    bsc_step_t tb = bsc_bcast_qtree_single(bsc_start, first, g, &bsrc, &bdst, W, q);
    bsc_sync(bsc_flush);
    snprintf(what, sizeof what, "%s bcast q=%d", gname, q);
    say("all", what, bdst.s, tb);

    bsc_step_t tr = bsc_reduce_qtree_single(bsc_start, first, g, src, &red, tmp, concat, &zero,
                                            nmemb, W, q);
    bsc_sync(bsc_flush);
    snprintf(what, sizeof what, "%s reduce q=%d", gname, q);
    snprintf(who, sizeof who, s == first ? "root" : "other");
    say(who, what, red.s, tr);

    bsc_step_t ta = bsc_allreduce_qtree_single(bsc_start, g, src, &allred, tmp, concat, &zero,
                                               nmemb, W, q);
    bsc_sync(bsc_flush);
    snprintf(what, sizeof what, "%s allreduce q=%d", gname, q);
    say("all", what, allred.s, ta);

    bsc_step_t ts = bsc_scan_qtree_single(bsc_start, g, src, sc, tmp, concat_scan, &zero,
                                          nmemb, W, q);
    bsc_sync(bsc_flush);
    char both[2 * W + 2];
    snprintf(both, sizeof both, "%s%s%s", sc[0].s, nmemb > 1 ? " " : "", nmemb > 1 ? sc[1].s : "");
    snprintf(what, sizeof what, "%s scan q=%d", gname, q);
    snprintf(who, sizeof who, "p%d", s);
    say(who, what, both, ts);
}

int
main(void)
{
    bsp_begin(bsp_nprocs());
    int p = bsp_nprocs(), s = bsp_pid();
    bsc_group_t parity = bsc_group_create_partition(s % 2);
    bsp_push_reg(tmp, sizeof tmp);
    bsp_push_reg(&bdst, sizeof bdst);
    bsp_push_reg(&big1, sizeof big1);
    bsp_push_reg(&big2, sizeof big2);
    bsp_sync();

    int qs[3] = { 2, 3, 64 };
    for (int i = 0; i < 3; i++) {
        epoch("world", bsc_all, p - 1, qs[i]);
        epoch(s % 2 ? "odd" : "even", parity, s % 2 ? (p % 2 ? p - 2 : p - 1)
                                                   : (p % 2 ? p - 1 : p - 2), qs[i]);
    }

    /* two calls in one two-phase broadcast from process 0: 7 and 3 bytes,
     * scattered in p blocks (at p = 3: 4, 4 and 2 bytes, the second block
     * across both calls) */
    str a = { "abcdef" }, b = { "XY" };
    bsc_coll_params_t set[2] = { { .src = a.s, .dst = big1.s, .size = 7 },
                                 { .src = b.s, .dst = big2.s, .size = 3 } };
    bsc_step_t t2 = bsc_bcast_2phase(bsc_start, 0, bsc_all, set, 2);
    bsc_sync(bsc_flush);
    char both[2 * W + 2];
    snprintf(both, sizeof both, "%s %s", big1.s, big2.s);
    say("all", "2phase", both, t2);

    bsc_group_destroy(parity);
    bsp_end();
    return 0;
}
// P1: 1 all 2phase: abcdef XY -> 2
// P1-NEXT: 1 all even allreduce q=2: a -> 1
// P1-NEXT: 1 all even allreduce q=3: a -> 1
// P1-NEXT: 1 all even allreduce q=64: a -> 1
// P1-NEXT: 1 all even bcast q=2: from a -> 1
// P1-NEXT: 1 all even bcast q=3: from a -> 1
// P1-NEXT: 1 all even bcast q=64: from a -> 1
// P1-NEXT: 1 all world allreduce q=2: a -> 1
// P1-NEXT: 1 all world allreduce q=3: a -> 1
// P1-NEXT: 1 all world allreduce q=64: a -> 1
// P1-NEXT: 1 all world bcast q=2: from a -> 1
// P1-NEXT: 1 all world bcast q=3: from a -> 1
// P1-NEXT: 1 all world bcast q=64: from a -> 1
// P1-NEXT: 1 p0 even scan q=2: a -> 1
// P1-NEXT: 1 p0 even scan q=3: a -> 1
// P1-NEXT: 1 p0 even scan q=64: a -> 1
// P1-NEXT: 1 p0 world scan q=2: a -> 1
// P1-NEXT: 1 p0 world scan q=3: a -> 1
// P1-NEXT: 1 p0 world scan q=64: a -> 1
// P1-NEXT: 1 root even reduce q=2: a -> 1
// P1-NEXT: 1 root even reduce q=3: a -> 1
// P1-NEXT: 1 root even reduce q=64: a -> 1
// P1-NEXT: 1 root world reduce q=2: a -> 1
// P1-NEXT: 1 root world reduce q=3: a -> 1
// P1-NEXT: 1 root world reduce q=64: a -> 1
// P1-NOT: {{.}}
// P2: 2 all 2phase: abcdef XY -> 2
// P2-NEXT: 1 all even allreduce q=2: a -> 1
// P2-NEXT: 1 all even allreduce q=3: a -> 1
// P2-NEXT: 1 all even allreduce q=64: a -> 1
// P2-NEXT: 1 all even bcast q=2: from a -> 1
// P2-NEXT: 1 all even bcast q=3: from a -> 1
// P2-NEXT: 1 all even bcast q=64: from a -> 1
// P2-NEXT: 1 all odd allreduce q=2: bB -> 1
// P2-NEXT: 1 all odd allreduce q=3: bB -> 1
// P2-NEXT: 1 all odd allreduce q=64: bB -> 1
// P2-NEXT: 1 all odd bcast q=2: from b -> 1
// P2-NEXT: 1 all odd bcast q=3: from b -> 1
// P2-NEXT: 1 all odd bcast q=64: from b -> 1
// P2-NEXT: 2 all world allreduce q=2: abB -> 1
// P2-NEXT: 2 all world allreduce q=3: abB -> 1
// P2-NEXT: 2 all world allreduce q=64: abB -> 1
// P2-NEXT: 2 all world bcast q=2: from b -> 1
// P2-NEXT: 2 all world bcast q=3: from b -> 1
// P2-NEXT: 2 all world bcast q=64: from b -> 1
// P2-NEXT: 1 other world reduce q=2: - -> 1
// P2-NEXT: 1 other world reduce q=3: - -> 1
// P2-NEXT: 1 other world reduce q=64: - -> 1
// P2-NEXT: 1 p0 even scan q=2: a -> 1
// P2-NEXT: 1 p0 even scan q=3: a -> 1
// P2-NEXT: 1 p0 even scan q=64: a -> 1
// P2-NEXT: 1 p0 world scan q=2: a -> 1
// P2-NEXT: 1 p0 world scan q=3: a -> 1
// P2-NEXT: 1 p0 world scan q=64: a -> 1
// P2-NEXT: 1 p1 odd scan q=2: b bB -> 1
// P2-NEXT: 1 p1 odd scan q=3: b bB -> 1
// P2-NEXT: 1 p1 odd scan q=64: b bB -> 1
// P2-NEXT: 1 p1 world scan q=2: ab abB -> 1
// P2-NEXT: 1 p1 world scan q=3: ab abB -> 1
// P2-NEXT: 1 p1 world scan q=64: ab abB -> 1
// P2-NEXT: 1 root even reduce q=2: a -> 1
// P2-NEXT: 1 root even reduce q=3: a -> 1
// P2-NEXT: 1 root even reduce q=64: a -> 1
// P2-NEXT: 1 root odd reduce q=2: bB -> 1
// P2-NEXT: 1 root odd reduce q=3: bB -> 1
// P2-NEXT: 1 root odd reduce q=64: bB -> 1
// P2-NEXT: 1 root world reduce q=2: abB -> 1
// P2-NEXT: 1 root world reduce q=3: abB -> 1
// P2-NEXT: 1 root world reduce q=64: abB -> 1
// P2-NOT: {{.}}
// P3: 3 all 2phase: abcdef XY -> 2
// P3-NEXT: 2 all even allreduce q=2: ac -> 1
// P3-NEXT: 2 all even allreduce q=3: ac -> 1
// P3-NEXT: 2 all even allreduce q=64: ac -> 1
// P3-NEXT: 2 all even bcast q=2: from c -> 1
// P3-NEXT: 2 all even bcast q=3: from c -> 1
// P3-NEXT: 2 all even bcast q=64: from c -> 1
// P3-NEXT: 1 all odd allreduce q=2: bB -> 1
// P3-NEXT: 1 all odd allreduce q=3: bB -> 1
// P3-NEXT: 1 all odd allreduce q=64: bB -> 1
// P3-NEXT: 1 all odd bcast q=2: from b -> 1
// P3-NEXT: 1 all odd bcast q=3: from b -> 1
// P3-NEXT: 1 all odd bcast q=64: from b -> 1
// P3-NEXT: 3 all world allreduce q=2: abBc -> 3
// P3-NEXT: 3 all world allreduce q=3: abBc -> 1
// P3-NEXT: 3 all world allreduce q=64: abBc -> 1
// P3-NEXT: 3 all world bcast q=2: from c -> 2
// P3-NEXT: 3 all world bcast q=3: from c -> 1
// P3-NEXT: 3 all world bcast q=64: from c -> 1
// P3-NEXT: 1 other even reduce q=2: - -> 1
// P3-NEXT: 1 other even reduce q=3: - -> 1
// P3-NEXT: 1 other even reduce q=64: - -> 1
// P3-NEXT: 2 other world reduce q=2: - -> 2
// P3-NEXT: 2 other world reduce q=3: - -> 1
// P3-NEXT: 2 other world reduce q=64: - -> 1
// P3-NEXT: 1 p0 even scan q=2: a -> 1
// P3-NEXT: 1 p0 even scan q=3: a -> 1
// P3-NEXT: 1 p0 even scan q=64: a -> 1
// P3-NEXT: 1 p0 world scan q=2: a -> 1
// P3-NEXT: 1 p0 world scan q=3: a -> 1
// P3-NEXT: 1 p0 world scan q=64: a -> 1
// P3-NEXT: 1 p1 odd scan q=2: b bB -> 1
// P3-NEXT: 1 p1 odd scan q=3: b bB -> 1
// P3-NEXT: 1 p1 odd scan q=64: b bB -> 1
// P3-NEXT: 1 p1 world scan q=2: ab abB -> 1
// P3-NEXT: 1 p1 world scan q=3: ab abB -> 1
// P3-NEXT: 1 p1 world scan q=64: ab abB -> 1
// P3-NEXT: 1 p2 even scan q=2: ac -> 1
// P3-NEXT: 1 p2 even scan q=3: ac -> 1
// P3-NEXT: 1 p2 even scan q=64: ac -> 1
// P3-NEXT: 1 p2 world scan q=2: abBc -> 1
// P3-NEXT: 1 p2 world scan q=3: abBc -> 1
// P3-NEXT: 1 p2 world scan q=64: abBc -> 1
// P3-NEXT: 1 root even reduce q=2: ac -> 1
// P3-NEXT: 1 root even reduce q=3: ac -> 1
// P3-NEXT: 1 root even reduce q=64: ac -> 1
// P3-NEXT: 1 root odd reduce q=2: bB -> 1
// P3-NEXT: 1 root odd reduce q=3: bB -> 1
// P3-NEXT: 1 root odd reduce q=64: bB -> 1
// P3-NEXT: 1 root world reduce q=2: abBc -> 2
// P3-NEXT: 1 root world reduce q=3: abBc -> 1
// P3-NEXT: 1 root world reduce q=64: abBc -> 1
// P3-NOT: {{.}}
// P5: 5 all 2phase: abcdef XY -> 2
// P5-NEXT: 3 all even allreduce q=2: ace -> 3
// P5-NEXT: 3 all even allreduce q=3: ace -> 1
// P5-NEXT: 3 all even allreduce q=64: ace -> 1
// P5-NEXT: 3 all even bcast q=2: from e -> 2
// P5-NEXT: 3 all even bcast q=3: from e -> 1
// P5-NEXT: 3 all even bcast q=64: from e -> 1
// P5-NEXT: 2 all odd allreduce q=2: bBdD -> 1
// P5-NEXT: 2 all odd allreduce q=3: bBdD -> 1
// P5-NEXT: 2 all odd allreduce q=64: bBdD -> 1
// P5-NEXT: 2 all odd bcast q=2: from d -> 1
// P5-NEXT: 2 all odd bcast q=3: from d -> 1
// P5-NEXT: 2 all odd bcast q=64: from d -> 1
// P5-NEXT: 5 all world allreduce q=2: abBcdDe -> 5
// P5-NEXT: 5 all world allreduce q=3: abBcdDe -> 3
// P5-NEXT: 5 all world allreduce q=64: abBcdDe -> 1
// P5-NEXT: 5 all world bcast q=2: from e -> 3
// P5-NEXT: 5 all world bcast q=3: from e -> 2
// P5-NEXT: 5 all world bcast q=64: from e -> 1
// P5-NEXT: 2 other even reduce q=2: - -> 2
// P5-NEXT: 2 other even reduce q=3: - -> 1
// P5-NEXT: 2 other even reduce q=64: - -> 1
// P5-NEXT: 1 other odd reduce q=2: - -> 1
// P5-NEXT: 1 other odd reduce q=3: - -> 1
// P5-NEXT: 1 other odd reduce q=64: - -> 1
// P5-NEXT: 4 other world reduce q=2: - -> 3
// P5-NEXT: 4 other world reduce q=3: - -> 2
// P5-NEXT: 4 other world reduce q=64: - -> 1
// P5-NEXT: 1 p0 even scan q=2: a -> 1
// P5-NEXT: 1 p0 even scan q=3: a -> 1
// P5-NEXT: 1 p0 even scan q=64: a -> 1
// P5-NEXT: 1 p0 world scan q=2: a -> 2
// P5-NEXT: 1 p0 world scan q=3: a -> 2
// P5-NEXT: 1 p0 world scan q=64: a -> 1
// P5-NEXT: 1 p1 odd scan q=2: b bB -> 1
// P5-NEXT: 1 p1 odd scan q=3: b bB -> 1
// P5-NEXT: 1 p1 odd scan q=64: b bB -> 1
// P5-NEXT: 1 p1 world scan q=2: ab abB -> 2
// P5-NEXT: 1 p1 world scan q=3: ab abB -> 2
// P5-NEXT: 1 p1 world scan q=64: ab abB -> 1
// P5-NEXT: 1 p2 even scan q=2: ac -> 1
// P5-NEXT: 1 p2 even scan q=3: ac -> 1
// P5-NEXT: 1 p2 even scan q=64: ac -> 1
// P5-NEXT: 1 p2 world scan q=2: abBc -> 2
// P5-NEXT: 1 p2 world scan q=3: abBc -> 2
// P5-NEXT: 1 p2 world scan q=64: abBc -> 1
// P5-NEXT: 1 p3 odd scan q=2: bBd bBdD -> 1
// P5-NEXT: 1 p3 odd scan q=3: bBd bBdD -> 1
// P5-NEXT: 1 p3 odd scan q=64: bBd bBdD -> 1
// P5-NEXT: 1 p3 world scan q=2: abBcd abBcdD -> 2
// P5-NEXT: 1 p3 world scan q=3: abBcd abBcdD -> 2
// P5-NEXT: 1 p3 world scan q=64: abBcd abBcdD -> 1
// P5-NEXT: 1 p4 even scan q=2: ace -> 1
// P5-NEXT: 1 p4 even scan q=3: ace -> 1
// P5-NEXT: 1 p4 even scan q=64: ace -> 1
// P5-NEXT: 1 p4 world scan q=2: abBcdDe -> 2
// P5-NEXT: 1 p4 world scan q=3: abBcdDe -> 2
// P5-NEXT: 1 p4 world scan q=64: abBcdDe -> 1
// P5-NEXT: 1 root even reduce q=2: ace -> 2
// P5-NEXT: 1 root even reduce q=3: ace -> 1
// P5-NEXT: 1 root even reduce q=64: ace -> 1
// P5-NEXT: 1 root odd reduce q=2: bBdD -> 1
// P5-NEXT: 1 root odd reduce q=3: bBdD -> 1
// P5-NEXT: 1 root odd reduce q=64: bBdD -> 1
// P5-NEXT: 1 root world reduce q=2: abBcdDe -> 3
// P5-NEXT: 1 root world reduce q=3: abBcdDe -> 2
// P5-NEXT: 1 root world reduce q=64: abBcdDe -> 1
// P5-NOT: {{.}}
// P8: 8 all 2phase: abcdef XY -> 2
// P8-NEXT: 4 all even allreduce q=2: aceg -> 3
// P8-NEXT: 4 all even allreduce q=3: aceg -> 3
// P8-NEXT: 4 all even allreduce q=64: aceg -> 1
// P8-NEXT: 4 all even bcast q=2: from g -> 2
// P8-NEXT: 4 all even bcast q=3: from g -> 2
// P8-NEXT: 4 all even bcast q=64: from g -> 1
// P8-NEXT: 4 all odd allreduce q=2: bBdDfFhH -> 3
// P8-NEXT: 4 all odd allreduce q=3: bBdDfFhH -> 3
// P8-NEXT: 4 all odd allreduce q=64: bBdDfFhH -> 1
// P8-NEXT: 4 all odd bcast q=2: from h -> 2
// P8-NEXT: 4 all odd bcast q=3: from h -> 2
// P8-NEXT: 4 all odd bcast q=64: from h -> 1
// P8-NEXT: 8 all world allreduce q=2: abBcdDefFghH -> 5
// P8-NEXT: 8 all world allreduce q=3: abBcdDefFghH -> 3
// P8-NEXT: 8 all world allreduce q=64: abBcdDefFghH -> 1
// P8-NEXT: 8 all world bcast q=2: from h -> 3
// P8-NEXT: 8 all world bcast q=3: from h -> 2
// P8-NEXT: 8 all world bcast q=64: from h -> 1
// P8-NEXT: 3 other even reduce q=2: - -> 2
// P8-NEXT: 3 other even reduce q=3: - -> 2
// P8-NEXT: 3 other even reduce q=64: - -> 1
// P8-NEXT: 3 other odd reduce q=2: - -> 2
// P8-NEXT: 3 other odd reduce q=3: - -> 2
// P8-NEXT: 3 other odd reduce q=64: - -> 1
// P8-NEXT: 7 other world reduce q=2: - -> 3
// P8-NEXT: 7 other world reduce q=3: - -> 2
// P8-NEXT: 7 other world reduce q=64: - -> 1
// P8-NEXT: 1 p0 even scan q=2: a -> 2
// P8-NEXT: 1 p0 even scan q=3: a -> 1
// P8-NEXT: 1 p0 even scan q=64: a -> 1
// P8-NEXT: 1 p0 world scan q=2: a -> 3
// P8-NEXT: 1 p0 world scan q=3: a -> 2
// P8-NEXT: 1 p0 world scan q=64: a -> 1
// P8-NEXT: 1 p1 odd scan q=2: b bB -> 2
// P8-NEXT: 1 p1 odd scan q=3: b bB -> 1
// P8-NEXT: 1 p1 odd scan q=64: b bB -> 1
// P8-NEXT: 1 p1 world scan q=2: ab abB -> 3
// P8-NEXT: 1 p1 world scan q=3: ab abB -> 2
// P8-NEXT: 1 p1 world scan q=64: ab abB -> 1
// P8-NEXT: 1 p2 even scan q=2: ac -> 2
// P8-NEXT: 1 p2 even scan q=3: ac -> 1
// P8-NEXT: 1 p2 even scan q=64: ac -> 1
// P8-NEXT: 1 p2 world scan q=2: abBc -> 3
// P8-NEXT: 1 p2 world scan q=3: abBc -> 2
// P8-NEXT: 1 p2 world scan q=64: abBc -> 1
// P8-NEXT: 1 p3 odd scan q=2: bBd bBdD -> 2
// P8-NEXT: 1 p3 odd scan q=3: bBd bBdD -> 1
// P8-NEXT: 1 p3 odd scan q=64: bBd bBdD -> 1
// P8-NEXT: 1 p3 world scan q=2: abBcd abBcdD -> 3
// P8-NEXT: 1 p3 world scan q=3: abBcd abBcdD -> 2
// P8-NEXT: 1 p3 world scan q=64: abBcd abBcdD -> 1
// P8-NEXT: 1 p4 even scan q=2: ace -> 2
// P8-NEXT: 1 p4 even scan q=3: ace -> 1
// P8-NEXT: 1 p4 even scan q=64: ace -> 1
// P8-NEXT: 1 p4 world scan q=2: abBcdDe -> 3
// P8-NEXT: 1 p4 world scan q=3: abBcdDe -> 2
// P8-NEXT: 1 p4 world scan q=64: abBcdDe -> 1
// P8-NEXT: 1 p5 odd scan q=2: bBdDf bBdDfF -> 2
// P8-NEXT: 1 p5 odd scan q=3: bBdDf bBdDfF -> 1
// P8-NEXT: 1 p5 odd scan q=64: bBdDf bBdDfF -> 1
// P8-NEXT: 1 p5 world scan q=2: abBcdDef abBcdDefF -> 3
// P8-NEXT: 1 p5 world scan q=3: abBcdDef abBcdDefF -> 2
// P8-NEXT: 1 p5 world scan q=64: abBcdDef abBcdDefF -> 1
// P8-NEXT: 1 p6 even scan q=2: aceg -> 2
// P8-NEXT: 1 p6 even scan q=3: aceg -> 1
// P8-NEXT: 1 p6 even scan q=64: aceg -> 1
// P8-NEXT: 1 p6 world scan q=2: abBcdDefFg -> 3
// P8-NEXT: 1 p6 world scan q=3: abBcdDefFg -> 2
// P8-NEXT: 1 p6 world scan q=64: abBcdDefFg -> 1
// P8-NEXT: 1 p7 odd scan q=2: bBdDfFh bBdDfFhH -> 2
// P8-NEXT: 1 p7 odd scan q=3: bBdDfFh bBdDfFhH -> 1
// P8-NEXT: 1 p7 odd scan q=64: bBdDfFh bBdDfFhH -> 1
// P8-NEXT: 1 p7 world scan q=2: abBcdDefFgh abBcdDefFghH -> 3
// P8-NEXT: 1 p7 world scan q=3: abBcdDefFgh abBcdDefFghH -> 2
// P8-NEXT: 1 p7 world scan q=64: abBcdDefFgh abBcdDefFghH -> 1
// P8-NEXT: 1 root even reduce q=2: aceg -> 2
// P8-NEXT: 1 root even reduce q=3: aceg -> 2
// P8-NEXT: 1 root even reduce q=64: aceg -> 1
// P8-NEXT: 1 root odd reduce q=2: bBdDfFhH -> 2
// P8-NEXT: 1 root odd reduce q=3: bBdDfFhH -> 2
// P8-NEXT: 1 root odd reduce q=64: bBdDfFhH -> 1
// P8-NEXT: 1 root world reduce q=2: abBcdDefFghH -> 3
// P8-NEXT: 1 root world reduce q=3: abBcdDefFghH -> 2
// P8-NEXT: 1 root world reduce q=64: abBcdDefFghH -> 1
// P8-NOT: {{.}}
