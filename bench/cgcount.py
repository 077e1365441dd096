#!/usr/bin/env python3
"""cgcount.py - counts the instructions of a callgrind profile that a
process spent working: its total, less what it spent inside the MPI library
and inside the waiting loops (twins.py's instruction columns; README.md,
"Instructions per unit").

Usage: cgcount.py CALLGRIND_OUT...    prints "<total> <working>" per file

Working instructions are the total less the inclusive cost of every call
from a function outside the set W into a function of W, where W holds
  - every function of the MPI library and the libraries under it (MPICH,
    UCX, hwloc, PMI), so its progress polling, which depends on timing,
    and its start-up and finish are not counted; and
  - the waiting loops: the baselines' bench_wait, bench_wait_all and
    bench_wait_until (common.c), the engine's ns_wait, ns_wait_all and
    ns_backoff_idle (runtime/src/core/wait.c), and naps_free (common.c), which
    MPI_Finalize calls back.
Calls between functions of W are inside such a call and are not
subtracted twice.  A wait's test (MPI_Test...) is in W; the few
instructions of an engine loop that polls shared memory between two
ns_backoff_idle calls are not, which is why twins.py runs the profiled
processes with one failed poll per yield (NS_SPIN_POLLS=1,
BENCH_SPIN_POLLS=1): a wait of a given length then polls few times.
"""
import re
import sys

MPI_OBJECTS = re.compile(r"/lib(mpich|mpi|ucp|uct|ucs|ucm|hwloc|pmi|pmix|fabric|psm)[^/]*\.so")
WAIT_FUNCTIONS = {"bench_wait", "bench_wait_all", "bench_wait_until", "naps_free",
                  "ns_wait", "ns_wait_all", "ns_backoff_idle"}


def in_w(obj, fn):
    return bool(MPI_OBJECTS.search(obj or "")) or fn in WAIT_FUNCTIONS


def count(path):
    """(total, working) instructions of one callgrind output file."""
    names = {"ob": {}, "fn": {}}        # compressed ids -> names

    def name(kind, value):
        m = re.match(r"\((\d+)\)(?: (.*))?$", value)
        if not m:
            return value
        if m.group(2) is not None:
            names[kind][m.group(1)] = m.group(2)
        return names[kind].get(m.group(1), "")

    total = None
    outside = 0                         # inclusive cost of calls into W from outside
    ob = fn = cob = cfn = None
    pending_call = False
    with open(path, errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if pending_call:            # the cost line of a call: "<position> <inclusive Ir>"
                pending_call = False
                parts = line.split()
                callee_ob = cob if cob is not None else ob
                if len(parts) >= 2 and in_w(callee_ob, cfn) and not in_w(ob, fn):
                    outside += int(parts[1])
                cob = None
                continue
            if line.startswith("ob="):
                ob = name("ob", line[3:])
            elif line.startswith("cob="):
                cob = name("ob", line[4:])
            elif line.startswith("fn="):
                fn = name("fn", line[3:])
            elif line.startswith("cfn="):
                cfn = name("fn", line[4:])
            elif line.startswith("calls="):
                pending_call = True
            elif line.startswith("summary:") or line.startswith("totals:"):
                total = int(line.split()[1])
    if total is None:
        raise SystemExit("cgcount.py: no total in %s" % path)
    return total, total - outside


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: cgcount.py CALLGRIND_OUT...")
    for path in sys.argv[1:]:
        print("%d %d" % count(path))


if __name__ == "__main__":
    main()
