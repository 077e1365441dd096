#!/usr/bin/env python3
"""report.py - turns the result records of the benchmark programs into the
tables that `make bench` prints (see README.md for how to read them).

Usage: report.py RAW_FILE [header line ...]
Records are "@ <table> <p> <key> <role> <impl> <value>", one per run of
the program.  Values shown are medians over the runs; a ratio is the median
over the runs of ours / best baseline within the same run.
"""
import statistics
import sys
from collections import defaultdict

# table -> (title, better, unit, key column, ratio shown)
# key column: the header of the column of keys when a table has several
# rows per p; ratio shown: "ratio" (ours / best baseline, in cost) or
# "speedup" (best baseline / ours, in time: how many times faster ours is).
TABLES = {
    "sync": ("(a) Empty superstep: median time per sync", "lower", "us", None, "ratio"),
    "g": ("(b) g of one-word puts: slope of time per h-relation over h", "lower", "us/word",
          None, "ratio"),
    "l": ("(b) l of the same fit: intercept", "lower", "us", None, "ratio"),
    "bw": ("(c) Bulk transfer of n bytes to the next process: bandwidth", "higher", "MB/s",
           "bytes", "ratio"),
    "combine": ("(d) NestStep combine of one sh<+> double per process: time per superstep",
                "lower", "us", None, "ratio"),
    "prefix": ("(e) NestStep prefix combine(x<+:pre>) of one double: time per superstep",
               "lower", "us", None, "ratio"),
    "coll_fold": ("(l) bsp_fold (user operator adding doubles) of n bytes per process, every "
                  "process gets the sum: time per call", "lower", "us", "bytes", "ratio"),
    "coll_scan": ("(l) bsp_scan (inclusive) of n bytes per process: time per call", "lower", "us",
                  "bytes", "ratio"),
    "coll_bcast": ("(l) bsp_bcast of n bytes (root n % p): time per call", "lower", "us", "bytes",
                   "ratio"),
    "coll_exchange": ("(l) bsp_exchange (total exchange) of n bytes per process in all (a word "
                      "per destination when n = 8): time per call", "lower", "us", "bytes",
                      "ratio"),
    "irreg": ("(f) Irregular remote reads: k random elements per process per superstep "
              "(2^20 doubles per process)", "lower", "us", "k", "ratio"),
    "parprefix": ("(g) parprefix (seed 002 Figure 2; and parprefix_fast.nst) of N = 10^7 ints: "
                  "time of the algorithm",
                  "lower", "ms", None, "speedup"),
    "sort": ("(j) Sorting N = 10^7 floats: quicksort_oversampled.nst (seed 002 Figure 3 with "
             "oversampling) against qsort", "lower", "ms", None, "speedup"),
}
# Acceptance criteria: (table, text, processor counts, keys ("-": one row
# per p), ours impl, baseline impl (None: the best baseline of the row),
# test).  test is ("max", x): ratio at most x; ("below", x): ratio below x;
# ("speedup", x): speedup at least x; ("value", x): ours itself (median over
# runs, in the table's unit) at most x, no baseline.
CRITERIA = [
    ("sync", "(a) bsp_sync within 2x of the best nonblocking count exchange", (4, 8), ("-",),
     "bsp_sync", None, ("max", 2.0)),
    ("sync", "(a) empty bsp_sync at most 0.15 us", (2,), ("-",), "bsp_sync", None,
     ("value", 0.15)),
    ("sync", "(a) bsp_sync within 1.3x of a barrier in a shared-memory window", (4,), ("-",),
     "bsp_sync", "shm_barrier", ("max", 1.3)),
    ("sync", "(a) bsp_sync within 1.5x of a barrier in a shared-memory window", (8,), ("-",),
     "bsp_sync", "shm_barrier", ("max", 1.5)),
    ("g", "(b) g of bsp_put within 3x of packed messages", (2, 4), ("-",), "bsp_put", None,
     ("max", 3.0)),
    ("g", "(b) g of bsp_put within 1.3x of packed messages", (2, 4), ("-",), "bsp_put", None,
     ("max", 1.3)),
    ("bw", "(c) bsp_put within 1.5x of Isend/Irecv at 1-4 KiB", (2, 4, 8), ("1024", "4096"),
     "bsp_put", "Isend/Irecv", ("max", 1.5)),
    ("bw", "(c) (for information) the bound of a superstep carrying the transfer, "
     "Isend/Irecv then a barrier in a shared-memory window, against Isend/Irecv", (2, 4, 8),
     ("1024", "4096"), "Isend/Irecv+shm_barrier", "Isend/Irecv", ("max", 1.5)),
    ("bw", "(c) bsp_put within 1.5x of that bound", (2, 4, 8), ("1024", "4096"),
     "bsp_put", "Isend/Irecv+shm_barrier", ("max", 1.5)),
    ("bw", "(c) bsp_put within 1.3x of Isend/Irecv from 64 KiB", (2, 4, 8),
     ("65536", "1048576", "16777216"), "bsp_put", "Isend/Irecv", ("max", 1.3)),
    ("bw", "(c) (for information) the bound of a buffered put, a copy of the source then "
     "Isend/Irecv, against Isend/Irecv", (2, 4, 8), ("65536", "1048576", "16777216"),
     "copy+Isend/Irecv", "Isend/Irecv", ("max", 1.3)),
    ("bw", "(c) (for information) the bound of a superstep carrying a buffered put, a copy of "
     "the source, Isend/Irecv, then a barrier in a shared-memory window, against Isend/Irecv",
     (2, 4, 8), ("65536", "1048576", "16777216"), "copy+Isend/Irecv+shm_barrier",
     "Isend/Irecv", ("max", 1.3)),
    ("bw", "(c) bsp_put within 1.3x of that bound", (2, 4, 8), ("65536", "1048576", "16777216"),
     "bsp_put", "copy+Isend/Irecv+shm_barrier", ("max", 1.3)),
    ("bw", "(c) bsp_hpput (no copy at the call) within 1.3x of Isend/Irecv from 64 KiB",
     (2, 4, 8), ("65536", "1048576", "16777216"), "bsp_hpput", "Isend/Irecv", ("max", 1.3)),
    ("bw", "(c) bsp_hpput within 1.3x of the bound of a superstep carrying the transfer "
     "(Isend/Irecv+shm_barrier) from 64 KiB", (2, 4, 8), ("65536", "1048576", "16777216"),
     "bsp_hpput", "Isend/Irecv+shm_barrier", ("max", 1.3)),
    ("combine", "(d) sh<+> combine within 2x of the best of MPI_Allreduce/MPI_Iallreduce",
     (2, 4, 8), ("-",), "sh<+>_step", None, ("max", 2.0)),
    ("prefix", "(e) combine(x<+:pre>) within 2x of the best of MPI_Exscan/MPI_Iexscan",
     (2, 4, 8), ("-",), "combine(x<+:pre>)", None, ("max", 2.0)),
    ("combine", "(d) sh<+> combine not slower than blocking MPI_Allreduce", (2,), ("-",),
     "sh<+>_step", "Allreduce(blocking)", ("max", 1.0)),
    ("prefix", "(e) combine(x<+:pre>) not slower than blocking MPI_Exscan", (2,), ("-",),
     "combine(x<+:pre>)", "Exscan(blocking)", ("max", 1.0)),
    ("coll_fold", "(l) small bsp_fold within 1.3x of the best of MPI_Allreduce/MPI_Iallreduce",
     (2, 4, 8), ("8",), "bsp_fold", None, ("max", 1.3)),
    ("coll_scan", "(l) small bsp_scan within 1.3x of the best of MPI_(I)Scan/MPI_(I)Exscan",
     (2, 4, 8), ("8",), "bsp_scan", None, ("max", 1.3)),
    ("coll_bcast", "(l) large bsp_bcast within 1.5x of the best of MPI_Bcast/MPI_Ibcast",
     (2, 4, 8), ("1048576",), "bsp_bcast", None, ("max", 1.5)),
    ("coll_exchange", "(l) large bsp_exchange within 1.5x of the best of "
     "MPI_Alltoall/MPI_Ialltoall", (2, 4, 8), ("1048576",), "bsp_exchange", None, ("max", 1.5)),
    ("irreg", "(f) N_DAMsgs section reads faster than fence+MPI_Get", (2, 4), ("1", "16", "256"),
     "read_section", "fence+Get", ("below", 1.0)),
    ("irreg", "(f) (for information) the same against the best baseline", (2, 4),
     ("1", "16", "256"), "read_section", None, ("below", 1.0)),
    ("parprefix", "(g) parprefix speedup over the sequential loop at least 1.8", (2,), ("-",),
     "parprefix", None, ("speedup", 1.8)),
    ("parprefix", "(g) (for information) the same for one in-place pass per block, the bound",
     (2,), ("-",), "one_pass_bound", None, ("speedup", 1.8)),
    ("parprefix", "(g) parprefix_fast.nst within 1.3x of the one-pass bound", (2,), ("-",),
     "parprefix_fast", "one_pass_bound", ("max", 1.3)),
    ("parprefix", "(g) (for information) a read-only pass before the one-pass bound, against "
     "the one-pass bound", (2,), ("-",), "read+one_pass_bound", "one_pass_bound", ("max", 1.3)),
    ("parprefix", "(g) (for information) parprefix_fast.nst within 1.3x of that read+one-pass "
     "bound", (2,), ("-",), "parprefix_fast", "read+one_pass_bound", ("max", 1.3)),
    ("sort", "(j) quicksort_oversampled.nst speedup over qsort at least 1.5", (2,), ("-",),
     "quicksort_oversampled", None, ("speedup", 1.5)),
]


def load(path):
    """{(table, p, key): {(role, impl): [value of run 1, run 2, ...]}}.

    Every run prints each record once, so the i-th occurrence of a record
    belongs to the i-th run."""
    rows = defaultdict(dict)
    for line in open(path):
        f = line.split()
        if len(f) != 7 or f[0] != "@" or f[4] == "detail":
            continue
        rows[(f[1], int(f[2]), f[3])].setdefault((f[4], f[5]), []).append(float(f[6]))
    return rows


def med(runs):
    return statistics.median(runs) if runs else None


def fmt(v):
    if v is None:
        return "-"
    a = abs(v)
    if a >= 100:
        return "%.0f" % v
    if a >= 10:
        return "%.1f" % v
    if a >= 1:
        return "%.2f" % v
    return "%.3g" % v


def fratio(r):
    return "-" if r is None else "%.2f" % r if r >= 0.1 else "%.2g" % r


def ratio1(ours, base, better):
    """How many times more costly ours is than base (>1: ours slower)."""
    if ours is None or base is None or ours <= 0 or base <= 0:
        return None
    return ours / base if better == "lower" else base / ours


def ratio(cells, ours_impl, base_impl, better, speedup=False):
    """Median over runs of the ratio within each run: ours and the baseline
    of one run ran back to back, so load from other jobs cancels better.
    speedup: the inverse, how many times faster ours is.  ours_impl may be a
    reference column of ours (role "ref"), as the parprefix bound is, and
    so may base_impl (a criterion against a reference)."""
    ours = cells.get(("ours", ours_impl)) or cells.get(("ref", ours_impl))
    base = cells.get(("base", base_impl)) or cells.get(("ref", base_impl))
    if not ours or not base:
        return None
    rs = [r for r in (ratio1(o, b, better) for o, b in zip(ours, base)) if r is not None]
    if speedup:
        rs = [1.0 / r for r in rs]
    return med(rs)


def self_speedup(rows, k, impl):
    """Median over runs of ours at p = 1 / ours at p (same run index)."""
    one = rows.get((k[0], 1, k[2]), {}).get(("ours", impl))
    cur = rows.get(k, {}).get(("ours", impl))
    if not one or not cur:
        return None
    return med([a / b for a, b in zip(one, cur) if a > 0 and b > 0])


def best_base(cells, better):
    """(median value, name) of the baseline with the best median."""
    bases = [(med(v), impl) for (role, impl), v in cells.items() if role == "base"]
    if not bases:
        return None, None
    pick = min if better == "lower" else max
    return pick(bases)


def render(rows, table):
    title, better, unit, keyname, shown = TABLES[table]
    keys = sorted((k for k in rows if k[0] == table), key=lambda k: (k[1], int(k[2]) if k[2] != "-" else 0))
    if not keys:
        return []
    impls = {}                      # in record order, fullest rows first
    for k in sorted(keys, key=lambda k: -len(rows[k])):
        for ri in rows[k]:
            impls.setdefault(ri, None)
    ours = [i for (r, i) in impls if r == "ours"]
    others = [(r, i) for (r, i) in impls if r == "base"] + [(r, i) for (r, i) in impls if r == "ref"]
    nbase = sum(1 for r, _ in others if r == "base")
    keyed = keys[0][2] != "-"

    head = ["p"] + ([keyname or "key"] if keyed else []) + ours + ["best baseline"]
    head += [shown if len(ours) == 1 else shown + " " + o for o in ours]
    show_others = nbase > 1 or any(r == "ref" for r, _ in others)
    if show_others:
        head += [i + (" (ref)" if r == "ref" else "") for r, i in others]
    if shown == "speedup":          # as papers often give it: ours at p=1 / ours at p
        head += ["T1/Tp (ref)"]
    out = []
    for k in keys:
        cells = rows[k]
        bv, bname = best_base(cells, better)
        row = [str(k[1])] + ([k[2]] if keyed else [])
        row += [fmt(med(cells.get(("ours", o)))) for o in ours]
        row.append("-" if bv is None else "%s (%s)" % (fmt(bv), bname))
        for o in ours:
            r = ratio(cells, o, bname, better, shown == "speedup")
            row.append(fratio(r))
        if show_others:
            row += [fmt(med(cells.get(ri))) for ri in others]
        if shown == "speedup":
            row += [fratio(self_speedup(rows, k, ours[0]))]
        out.append(row)
    widths = [max(len(str(x)) for x in col) for col in zip(head, *out)]
    line = lambda cols: "  ".join(str(c).rjust(w) for c, w in zip(cols, widths)).rstrip()
    text = ["%s [%s, %s is better]" % (title, unit, better), line(head), line(["-" * w for w in widths])]
    return text + [line(r) for r in out] + [""]


def render_params(rows):
    keys = sorted(k for k in rows if k[0] == "params")
    if not keys:
        return []
    text = ["bspbench parameters of bsp_put (r: DAXPY rate per process; g, l in flops = us x r)",
            "%3s  %12s  %12s  %12s" % ("p", "r [Mflop/s]", "g [flops]", "l [flops]")]
    for k in keys:
        c = rows[k]
        text.append("%3d  %12s  %12s  %12s" % (k[1], fmt(med(c.get(("ours", "r_Mflops")))),
                                               fmt(med(c.get(("ours", "g_flops")))),
                                               fmt(med(c.get(("ours", "l_flops"))))))
    return text + [""]


def render_criteria(rows):
    text = ["Acceptance criteria (ratio = ours / baseline in time, median over runs; "
            "best: the best baseline of the row):"]
    run = {k[0] for k in rows}
    left_out = sorted({c[0] for c in CRITERIA if c[0] not in run})
    if len(left_out) == len({c[0] for c in CRITERIA}):
        return []                   # none of their tables ran (BENCH_PROGRAMS)
    for table, what, procs, keys, impl, base, (test, limit) in CRITERIA:
        if table in left_out:
            continue
        better = TABLES[table][1]
        for p in procs:
            for key in keys:
                cells = rows.get((table, p, key), {})
                if test == "value":
                    bname = None
                    r = med(cells.get(("ours", impl), []))
                else:
                    bname = base or best_base(cells, better)[1]
                    r = ratio(cells, impl, bname, better, test == "speedup")
                if r is None:
                    verdict = "not measured"
                elif test in ("max", "value"):
                    verdict = "met" if r <= limit else "NOT met"
                elif test == "below":
                    verdict = "met" if r < limit else "NOT met"
                else:
                    verdict = "met" if r >= limit else "NOT met"
                where = "p=%d" % p + ("" if key == "-" else ", %s=%s" % (TABLES[table][3], key))
                if test == "value":
                    text.append("  %s, %s: median %s %s -> %s" %
                                (what, where, fmt(r), TABLES[table][2], verdict))
                    continue
                name = "speedup" if test == "speedup" else "ratio"
                text.append("  %s, %s: %s %s vs %s -> %s" %
                            (what, where, name, fratio(r), bname or "-", verdict))
    if left_out:
        text.append("  (the criteria of tables that did not run are left out: %s)" %
                    ", ".join(left_out))
    return text + [""]


# Waiting under load (load_bsp.c, load_mpi.c, run by load.sh): table ->
# title.  Rows are p and the machine's state; columns our engine and raw MPI
# under each waiting policy.
LOAD_TABLES = {
    "load_sync": "(h) Waiting under load: empty superstep (raw MPI: MPI_Ibarrier)",
    "load_a2a": "(i) Waiting under load: one int from every process to every other "
                "(raw MPI: Isend/Irecv)",
}
LOAD_COLS = [("ours", "bsp/backoff"), ("ours", "bsp/spin-yield"),
             ("base", "mpi/backoff"), ("base", "mpi/spin-yield")]


def paired(cells, a, b):
    """Median over runs of a / b, runs paired by index (same round)."""
    x, y = cells.get(a), cells.get(b)
    if not x or not y:
        return None
    return med([u / v for u, v in zip(x, y) if u > 0 and v > 0])


def render_load(rows):
    text = []
    for table, title in LOAD_TABLES.items():
        keys = sorted((k for k in rows if k[0] == table), key=lambda k: (k[1], k[2] != "quiet", k[2]))
        if not keys:
            continue
        head = ["p", "machine"] + [i for _, i in LOAD_COLS] + [
            "speedup (spin-yield/backoff)", "ours/MPI backoff", "ours/MPI spin-yield"]
        out = []
        for k in keys:
            c = rows[k]
            out.append([str(k[1]), k[2]] + [fmt(med(c.get(col))) for col in LOAD_COLS] + [
                fratio(paired(c, LOAD_COLS[1], LOAD_COLS[0])),
                fratio(paired(c, LOAD_COLS[0], LOAD_COLS[2])),
                fratio(paired(c, LOAD_COLS[1], LOAD_COLS[3]))])
        widths = [max(len(str(x)) for x in col) for col in zip(head, *out)]
        line = lambda cols: "  ".join(str(c).rjust(w) for c, w in zip(cols, widths)).rstrip()
        text += ["%s [us, lower is better]" % title, line(head), line(["-" * w for w in widths])]
        text += [line(r) for r in out] + [""]
    if not text:
        return []
    text.append("Waiting under load, criteria (paired medians over runs; loaded: a CPU-bound "
                "competitor on every core):")
    for table in LOAD_TABLES:
        for p in (4, 8):
            r = paired(rows.get((table, p, "loaded"), {}), LOAD_COLS[1], LOAD_COLS[0])
            verdict = "not measured" if r is None else "met" if r >= 2.0 else "NOT met"
            text.append("  (%s) loaded, p=%d: backoff at least 2x faster than spin-yield: "
                        "speedup %s -> %s" % (table, p, fratio(r), verdict))
        for p in (2, 4, 8):
            r = paired(rows.get((table, p, "quiet"), {}), LOAD_COLS[0], LOAD_COLS[1])
            verdict = "not measured" if r is None else "met" if r <= 1.2 else "NOT met"
            text.append("  (%s) quiet, p=%d: backoff no slower than spin-yield (at most 1.2x): "
                        "ratio %s -> %s" % (table, p, fratio(r), verdict))
    return text + [""]


# The seed 003 experiment (seed003_*.c, run by seed003.sh): rows are the
# kernel and p, columns the synchronization configurations.
SEED003_CONFIGS = ["barrier/tree", "barrier/direct", "barrier/nbx", "relaxed", "relaxed-eager"]
SEED003_BASE = "barrier/tree"
SEED003_PAPER = {"ft": 61.5, "lu": 28.6, "ocean": 45.9}   # % less, 32 processes, IBM SP2
SEED003_KERNELS = ["ft", "lu", "ocean"]
# The raw bounds of LU and Ocean (seed003bound.h): neighbour-only waits on
# MPI messages, the same with a barrier in a shared-memory window per
# superstep, and the two again with copies through a shared window instead
# of MPI messages; each launch (one a round) runs each variant twice.
SEED003_BOUNDS = ["mpi/neighbours", "mpi/neighbours+barrier", "shm/neighbours",
                  "shm/neighbours+barrier"]


def saved(cells, impl):
    """Median over runs of the percentage of the barrier/tree time that impl
    saves, runs paired by index (the same round)."""
    r = paired(cells, ("ours", impl), ("ours", SEED003_BASE))
    return None if r is None else 100.0 * (1.0 - r)


def saved_bound(cells, shm=False):
    """The same for the bound: what neighbour-only waits save against the
    same with a barrier, on MPI's messages or (shm) on copies through a
    shared window, runs paired by index (the same launch)."""
    i = 2 if shm else 0
    r = paired(cells, ("bound", SEED003_BOUNDS[i]), ("bound", SEED003_BOUNDS[i + 1]))
    return None if r is None else 100.0 * (1.0 - r)


def saved_shm_bound(cells):
    """What neighbour-only waits through shared memory save against our
    barrier/tree: the most a relaxed mode can save against barrier mode
    inside a node.  The bound's two runs of a launch are averaged and paired
    with the round's barrier/tree run; median over rounds."""
    b, ours = cells.get(("bound", SEED003_BOUNDS[2])), cells.get(("ours", SEED003_BASE))
    if not b or not ours:
        return None
    rounds = [(b[i] + b[i + 1]) / 2 for i in range(0, len(b) - 1, 2)]
    r = [u / v for u, v in zip(rounds, ours) if u > 0 and v > 0]
    return 100.0 * (1.0 - med(r)) if r else None


def fpercent(v):
    return "-" if v is None else "%.1f%%" % v


def render_seed003(rows, notes):
    keys = [k for k in rows if k[0] == "seed003"]
    if not keys:
        return []
    order = lambda k: (SEED003_KERNELS.index(k[2]) if k[2] in SEED003_KERNELS else 99, k[2], k[1])
    keys.sort(key=order)
    text = []
    for table, title in (
            ("seed003", "(k) seed 003: communication time (time in bsp_sync and bspx_read, summed "
                        "over the run; mean over processes, as the paper's Fig. 3)"),
            ("seed003_total", "(k) seed 003: total time of the timed part (the largest over "
                              "processes)")):
        head = ["kernel (supersteps)", "p"] + SEED003_CONFIGS + ["bound: " + b for b in SEED003_BOUNDS]
        if table == "seed003":
            head += ["saved: relaxed", "saved: relaxed-eager", "saved: bound",
                     "saved: bound, shm", "saved: shm bound", "paper (RBS, 32 procs)"]
        out = []
        for k in keys:
            cells = rows.get((table, k[1], k[2]), {})
            steps = rows.get(("seed003_steps", k[1], k[2]), {}).get(("ours", SEED003_BASE))
            label = "%s (%s)" % (k[2], "%.0f" % med(steps) if steps else "?")
            row = [label, str(k[1])]
            row += [fmt(med(cells.get(("ours", c)))) if cells.get(("ours", c)) else "not measured"
                    for c in SEED003_CONFIGS]
            row += [fmt(med(cells.get(("bound", b)))) if cells.get(("bound", b)) else "-"
                    for b in SEED003_BOUNDS]
            if table == "seed003":
                row += [fpercent(saved(cells, "relaxed")), fpercent(saved(cells, "relaxed-eager")),
                        fpercent(saved_bound(cells)), fpercent(saved_bound(cells, shm=True)),
                        fpercent(saved_shm_bound(cells)),
                        fpercent(SEED003_PAPER.get(k[2]))]
            out.append(row)
        widths = [max(len(str(x)) for x in col) for col in zip(head, *out)]
        line = lambda cols: "  ".join(str(c).rjust(w) for c, w in zip(cols, widths)).rstrip()
        text += ["%s [ms, lower is better]" % title, line(head), line(["-" * w for w in widths])]
        text += [line(r) for r in out] + [""]
    text.append("seed 003: saved = 1 - (configuration / barrier/tree) in communication time, "
                "paired within a round, median over rounds; the paper's column is its relaxed "
                "barrier synchronization against the Oxford toolset's barrier at 32 processes; "
                "the bound columns run the same kernel by hand on this machine (seed003_*_mpi.c, "
                "two runs of each per launch): MPI messages with neighbour-only waits and with a "
                "barrier in a shared-memory window per superstep, and the same two with copies "
                "through a shared window; saved: bound = 1 - (mpi/neighbours / "
                "mpi/neighbours+barrier), the most that leaving out the barrier saves with MPI's "
                "messages; saved: bound, shm = 1 - (shm/neighbours / shm/neighbours+barrier), the "
                "same with copies through shared memory; saved: shm bound = 1 - (shm/neighbours / "
                "barrier/tree), the most a relaxed mode can save against barrier mode here")
    text += ["  " + n for n in notes]
    text.append("seed 003, criteria (informational):")
    for kernel in ("ocean", "lu"):
        for p in (4, 8):
            cells = rows.get(("seed003", p, kernel), {})
            v = saved(cells, "relaxed-eager")
            verdict = "not measured" if v is None else "met" if v > 0 else "NOT met"
            text.append("  %s, p=%d: relaxed-eager cuts communication time against barrier/tree: "
                        "saved %s -> %s; the bounds here: leaving out the barrier saves %s "
                        "(MPI messages), %s (copies through shared memory); the shm bound %s"
                        % (kernel, p, fpercent(v), verdict, fpercent(saved_bound(cells)),
                           fpercent(saved_bound(cells, shm=True)),
                           fpercent(saved_shm_bound(cells))))
    return text + [""]


# Table (m), the NestStep samples against their MPI twins and sequential C
# (twins.py): rows are the sample and p; columns nsc (the sample), mpi (its
# twin), mpistep (the twin in step mode, where twins.py ran it: the bound of
# the twin with the sample's global synchronizations) and seq, in time of
# the work and in instructions per unit of work.
TWIN_IMPLS = [("ours", "nsc"), ("base", "mpi"), ("ref", "seq")]
TWIN_STEP = ("bound", "mpistep")
TWIN_AGAIN = ("again", "mpi2")


def twin_notes(path):
    """{sample: (unit, timed args, callgrind args)} from twins.py's
    '#twins-note' lines, in the order they came."""
    notes = {}
    for line in open(path):
        if line.startswith("#twins-note "):
            name, rest = line[len("#twins-note "):].rstrip("\n").split(" ", 1)
            notes.setdefault(name, tuple(rest.split("|")))
    return notes


def spread(again, mpi):
    """The twin against itself, paired by round: the median of mpi2/mpi and
    its range over the rounds."""
    rs = [x / y for x, y in zip(again, mpi) if y > 0] if again and mpi else []
    if not rs:
        return ["-", "-"]
    return [fratio(med(rs)), "%s-%s" % (fratio(min(rs)), fratio(max(rs)))]


def render_twins(rows, notes):
    text = []
    names = list(notes) + sorted({k[2] for k in rows
                                  if k[0] in ("twins_ms", "twins_cpu", "twins_ir")} - set(notes))
    for table, title, unit, which in (
            ("twins_ms", "(m) NestStep samples (nsc) against their MPI twins (mpi) and sequential "
                         "C (seq): time of the work (a launch with the work less one without it; "
                         "median over rounds)", "ms", 1),
            ("twins_cpu", "(m) the same in CPU time (user and system) of all processes of the "
                          "launch, with the work less without it; median over rounds", "ms", 1),
            ("twins_ir", "(m) the same in instructions per unit of work (callgrind: the run with "
                         "the work less the run without it; at p = 2 both processes, outside MPI "
                         "and the waiting loops)", "instructions/unit", 2)):
        keys = [k for k in rows if k[0] == table]
        if not keys:
            continue
        steps = any(TWIN_STEP in rows[k] for k in keys)
        again = any(TWIN_AGAIN in rows[k] for k in keys)
        head = ["sample", "unit", "arguments", "p", "nsc", "mpi"] + (["mpistep"] if steps else []) + \
            ["seq", "nsc/mpi"] + (["nsc/mpistep"] if steps else []) + ["nsc/seq", "mpi/seq"] + \
            (["mpi2/mpi", "its range"] if again else [])
        out = []
        for name in names:
            procs = sorted(k[1] for k in keys if k[2] == name)
            note = notes.get(name, ("?", "?", "?"))
            for i, p in enumerate(procs):
                c = rows.get((table, p, name), {})
                seqc = c if ("ref", "seq") in c else rows.get((table, 1, name), {})
                cells = dict(c)
                if ("ref", "seq") not in cells and ("ref", "seq") in seqc:
                    cells[("ref", "seq")] = seqc[("ref", "seq")]
                nsc, mpi, seq = (cells.get(ri) for ri in TWIN_IMPLS)
                if table == "twins_ir":      # one run each: the values themselves
                    r = lambda a, b: a[0] / b[0] if a and b and b[0] > 0 else None
                else:                        # paired by round
                    r = lambda a, b: med([x / y for x, y in zip(a, b) if y > 0]) if a and b else None
                step = cells.get(TWIN_STEP)
                out.append([name if i == 0 else "", note[0] if i == 0 else "",
                            note[which] if i == 0 else "", str(p), fmt(med(nsc)), fmt(med(mpi))] +
                           ([fmt(med(step))] if steps else []) +
                           [fmt(med(seq)), fratio(r(nsc, mpi))] +
                           ([fratio(r(nsc, step))] if steps else []) +
                           [fratio(r(nsc, seq)), fratio(r(mpi, seq))] +
                           (spread(cells.get(TWIN_AGAIN), mpi) if again else []))
        widths = [max(len(str(x)) for x in col) for col in zip(head, *out)]
        line = lambda cols: "  ".join(str(c).rjust(w) if j > 2 else str(c).ljust(w)
                                      for j, (c, w) in enumerate(zip(cols, widths))).rstrip()
        text += ["%s [%s, lower is better]" % (title, unit), line(head),
                 line(["-" * w for w in widths])]
        text += [line(r) for r in out] + [""]
    if text:
        text.append("(m): ratios in time are medians over rounds of the ratio within a round (the "
                    "four ran back to back); seq runs once a round and is the same at every p; in "
                    "instructions seq is counted at p = 1; mpistep is the twin with a global "
                    "synchronization wherever the sample ends a superstep (BENCH_TWIN_STEPS=1; "
                    "spmv's also moves what the sample's sections move): "
                    "the sample's time cannot be expected below it; mpi2 is the twin again, in "
                    "the same round: mpi2/mpi and its range over the rounds show how far the "
                    "machine's noise moves the ratio of one program to itself")
        text.append("")
    return text


def load_notes(path):
    """The '#seed003-note' lines seed003.sh left in the raw file, once each."""
    notes = []
    for line in open(path):
        if line.startswith("#seed003-note "):
            n = line[len("#seed003-note "):].strip()
            if n not in notes:
                notes.append(n)
    return notes


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: report.py RAW_FILE [header line ...]")
    rows = load(sys.argv[1])
    if not rows:
        sys.exit("report.py: no results in %s" % sys.argv[1])
    text = list(sys.argv[2:]) + [""]
    for table in TABLES:
        text += render(rows, table)
    text += render_params(rows)
    text += render_criteria(rows)
    text += render_load(rows)
    text += render_seed003(rows, load_notes(sys.argv[1]))
    text += render_twins(rows, twin_notes(sys.argv[1]))
    print("\n".join(text), end="")


if __name__ == "__main__":
    main()
