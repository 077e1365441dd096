#!/usr/bin/env python3
"""write-trace.py - writes a version-3 trace (runtime/src/observe/profile_format.h)
from a small text description, so that tests can hold bspprof's model
against numbers chosen by hand instead of measured ones.

Usage: write-trace.py SPEC DIR.  SPEC has one item per line ('#' starts a
comment):
    procs P node=N procs=NP cores=C     # every process: P processes, on node N
                                        # with NP processes and C cores
    node PID node=N procs=NP cores=C    # one process elsewhere
    step PID SUPERSTEP w=W end=E [cpu=C] [neststep] [kind=K] [gsize=G]
         [da=WO,WI,RO,RI] [recs=SENT,SERVED] [served=N]
Times are microseconds: the superstep starts where the process's previous
one ended (0 for the first), its sync comes W later, it ends at E.  cpu: the
processor time of w (w_cpu_ns; -1, not recorded, when absent).  da: the
distributed-array bytes of enum nsp_da; recs: its request records.
"""
import os
import struct
import sys

HEAD = struct.Struct("<8sIIiiq64s64s128siiii")            # struct nsp_head, 304 bytes
STEP = struct.Struct("<HHIqQ6qIiHHHHiiiIIII4xQQQIIQqq4Q2Q")  # struct nsp_step, 224 bytes
NSP_STEP, NSP_F_NESTSTEP = 3, 1
assert HEAD.size == 304 and STEP.size == 224, "profile_format.h's sizes"


def main():
    spec, out = sys.argv[1], sys.argv[2]
    nodes, steps, nprocs = {}, {}, 0
    for line in open(spec):
        words = line.split("#")[0].split()
        if not words:
            continue
        opts = dict(w.split("=", 1) for w in words if "=" in w)
        flags = [w for w in words if "=" not in w]
        if flags[0] == "procs":
            nprocs = int(flags[1])
            for pid in range(nprocs):
                nodes.setdefault(pid, opts)
        elif flags[0] == "node":
            nodes[int(flags[1])] = opts
        elif flags[0] == "step":
            steps.setdefault(int(flags[1]), []).append((int(flags[2]), opts, flags[3:]))
    os.makedirs(out, exist_ok=True)
    for pid in range(nprocs):
        n = nodes[pid]
        data = bytearray(HEAD.pack(b"NSPROF1\0", 3, HEAD.size, pid, nprocs, 1000000,
                                   b"job", b"synthetic", b"combine=tree", int(n["node"]),
                                   int(n["procs"]), int(n["cores"]), 0))
        last_end = 0
        for superstep, o, words in steps.get(pid, []):
            start = last_end
            sync = start + float(o["w"]) * 1000
            end = float(o["end"]) * 1000
            t = [int(start), int(sync), int(sync), int(sync), int(end), int(end)]
            neststep = "neststep" in words
            kind = int(o.get("kind", 3 if neststep else 1))
            gsize = int(o.get("gsize", nprocs))
            da = [int(x) for x in o.get("da", "0,0,0,0").split(",")]
            recs = [int(x) for x in o.get("recs", "0,0").split(",")]
            cpu = int(float(o["cpu"]) * 1000) if "cpu" in o else -1
            data += STEP.pack(NSP_STEP, NSP_F_NESTSTEP if neststep else 0, STEP.size,
                              superstep, 1 if neststep else 0, *t, 0, 0, kind, 0, 0, 0,
                              gsize, pid, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                              int(o.get("served", 0)), 0, 0, cpu, *da, *recs)
            last_end = end
        with open(os.path.join(out, "prof.%d.nsp" % pid), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
