#!/usr/bin/env python3
"""twins.py - runs table (m) of `make bench`: every NestStep sample (compiled
by nsc as it is) against its MPI twin (X_twin.c) and its sequential
baseline, in time and in instructions per unit of work (README.md, "The
twins").  run.sh runs it when BENCH_PROGRAMS has "twins"; its records go
to stdout (run.sh appends them to raw.txt), its progress to stderr.

Usage: twins.py OUT BINDIR       (the programs are in OUT/twins)

Time: in each of BENCH_REPEAT rounds, for each sample and each p in
BENCH_PROCS, the sample (nsrun), its twin (mpiexec), the twin again (mpi2)
and the twin in step mode (mpistep: BENCH_TWIN_STEPS=1, a global
synchronization wherever the sample ends a superstep, twincommon.h) run
back to back, the order rotating between rounds, each once with the work
and once without it (the base run: no time step, no iteration, or N = 1);
the sequential program runs the same way once a round.  The time of the work
is the launch's wall-clock time with the work less that without it, so
that start-up and finish cancel.  The CPU time (user and system) of all the
launch's processes is taken the same way: on a machine that other jobs
load it varies less than the wall-clock time (a process waiting for a
processor does not count), but it counts a process's polling while it
waits.

Instructions: each program runs once with the work and once without it
under callgrind, at each p of BENCH_PROCS that is 1 or 2; the count per
unit of work is the difference over the number of units.  At p = 2 both
processes are counted, each outside MPI and the waiting loops (cgcount.py):
those instructions depend on how long a process waits, the others do not.
At p = 1 the same count is given (the total, with MPI, goes to the raw
records as twins_irtotal).

Every run's output must equal the sequential program's for the same
arguments; a run that fails or differs fails the bench (exit status 1),
and the round of its sample and p is left out of the table (so that the
values of a round stay paired).

Knobs: BENCH_PROCS ("1 2 4 8"), BENCH_REPEAT (3 rounds), BENCH_TWINS
(the samples, default all), BENCH_TWINS_MODE (both, time or callgrind),
BENCH_TIMEOUT (300 s per run; callgrind runs get 20 times as long).
"""
import os
import resource
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cgcount  # noqa: E402

# name: (unit of work, (timed work args, base args, units), (callgrind work
# args, base args, units)).  Timed sizes: about 0.2-0.5 s of work for
# the sample at p = 1 on an idle machine (a launch's own time varies by
# tens of ms); callgrind sizes: some 10^8
# instructions of the sample.
SAMPLES = {
    "heat": ("point update",
             ("100000 5000", "100000 0", 100000 * 5000),
             ("100000 20", "100000 0", 100000 * 20)),
    "jacobi2d": ("point update",
                 ("1000 1000 600", "1000 1000 0", 1000 * 1000 * 600),
                 ("300 300 10", "300 300 0", 300 * 300 * 10)),
    "spmv": ("product",
             ("200000 200", "200000 0", 200),
             ("100000 10", "100000 0", 10)),
    "histogram": ("key",
                  ("100000000", "1", 100000000 - 1),
                  ("1000000", "1", 1000000 - 1)),
    "listrank": ("node",
                 ("1000000", "1", 1000000 - 1),
                 ("100000", "1", 100000 - 1)),
    "samplesort": ("key",
                   ("2000000", "1", 2000000 - 1),
                   ("200000", "1", 200000 - 1)),
    "quicksort_oversampled": ("key",
                              ("2000000", "1", 2000000 - 1),
                              ("200000", "1", 200000 - 1)),
    "parprefix_fast": ("element",
                       ("90000000", "1", 90000000 - 1),
                       ("1000000", "1", 1000000 - 1)),
    "dnc": ("element",
            ("60000000", "1", 60000000 - 1),
            ("1000000", "1", 1000000 - 1)),
}
# Under callgrind: one failed poll a yield, and glibc's memcpy and memset
# in their vector loops at every size (callgrind counts each byte that a
# `rep movsb` moves as an instruction; glibc uses it from 2 KiB up).
CG_ENV = {"NS_SPIN_POLLS": "1", "BENCH_SPIN_POLLS": "1",
          "GLIBC_TUNABLES": "glibc.cpu.x86_rep_movsb_threshold=1000000000:"
                            "glibc.cpu.x86_rep_stosb_threshold=1000000000"}

failed = False


def say(msg):
    print("twins: " + msg, file=sys.stderr, flush=True)


def fail(msg):
    global failed
    failed = True
    print("bench: FAILED twins: " + msg, file=sys.stderr, flush=True)


def record(table, p, key, role, impl, value):
    print("@ %s %d %s %s %s %.6g" % (table, p, key, role, impl, value), flush=True)


def command(out, binary, name, impl, p):
    prog = os.path.join(out, "twins", "%s_%s" % (name, {"nsc": "nsc", "mpi": "twin",
                                                        "mpistep": "twin", "mpi2": "twin",
                                                        "seq": "seq"}[impl]))
    if impl == "nsc":
        return [os.path.join(binary, "nsrun"), "-n", str(p), prog]
    if impl in ("mpi", "mpistep", "mpi2"):
        return ["mpiexec", "-n", str(p), prog]
    return [prog]


# The environment of a run: the twin in step mode gets BENCH_TWIN_STEPS=1.
STEP_ENV = dict(os.environ, BENCH_TWIN_STEPS="1")


def run_env(impl):
    return STEP_ENV if impl == "mpistep" else None


def launcher_failed(r):
    """True if only mpiexec (hydra) and its proxies complained: now and then,
    on this shared machine, a proxy loses its connection to mpiexec or to a
    process (hydra says "assert (!closed) failed", or "process reading stdin
    too slowly") and the run fails without a word from the program."""
    lines = r.stderr.strip().splitlines()
    return bool(lines) and all(ln.startswith(("[mpiexec@", "[proxy:")) for ln in lines)


def cpu_seconds():
    """User and system time of this process's children that have ended
    (their own ended children included: the processes under mpiexec)."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def launch(cmd, args, limit, env=None, tries=5, cpu=None):
    """(seconds, stdout) of one run, or (None, None) after a failure; the
    CPU time of all its processes is added to cpu[0] if cpu is given.  A run
    that mpiexec failed (launcher_failed) runs again, up to `tries` times in
    all, after a pause that doubles (such failures come in bursts)."""
    full = cmd + args.split()
    c0 = cpu_seconds()
    t0 = time.monotonic()
    try:
        # stdin: nothing (mpiexec forwards its stdin to process 0, and fails
        # when that does not read it fast enough)
        r = subprocess.run(full, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=limit, env=env, universal_newlines=True)
    except subprocess.TimeoutExpired:
        fail("%s: no end after %d s" % (" ".join(full), limit))
        return None, None
    secs = time.monotonic() - t0
    if r.returncode != 0 and tries > 1 and launcher_failed(r):
        pause = 2 ** (5 - tries)
        say("%s: mpiexec failed (%s); running it again in %d s" %
            (" ".join(full), r.stderr.strip().splitlines()[0], pause))
        time.sleep(pause)
        return launch(cmd, args, limit, env, tries - 1, cpu)
    if cpu is not None:
        cpu[0] = cpu_seconds() - c0
    if r.returncode != 0:
        fail("%s: exit status %d: %s" % (" ".join(full), r.returncode, r.stderr.strip()[-500:]))
        return None, None
    return secs, r.stdout


def check(name, impl, p, args, got, want):
    if got is not None and want is not None and got != want:
        fail("%s (%s, p=%d, args %s) printed something else than the sequential program:\n%s"
             "\n--- sequential:\n%s" % (name, impl, p, args, got, want))


# The timed runs of a round, in the order of round 0; each round starts one
# later.  mpi2 is the twin again: how far mpi2/mpi strays from 1 is how far
# the machine's noise moves the ratio of two runs of one program.
IMPLS = ["nsc", "mpi", "mpi2", "mpistep"]


def timed(out, binary, names, procs, rounds, limit):
    for r in range(rounds):
        for name in names:
            unit, (work, base, units), _ = SAMPLES[name]
            say("round %d/%d: %s" % (r + 1, rounds, name))
            seq = command(out, binary, name, "seq", 1)
            cw, cb = [0.0], [0.0]
            tw, want_w = launch(seq, work, limit, cpu=cw)
            tb, want_b = launch(seq, base, limit, cpu=cb)
            for p in procs:
                # each in each place in turn; nsc next to mpi as mpi2 is
                order = IMPLS[r % len(IMPLS):] + IMPLS[:r % len(IMPLS)]
                work_t, base_t = {}, {}
                for impl in order:         # the work, one after the other
                    cmd = command(out, binary, name, impl, p)
                    c = [0.0]
                    secs, got = launch(cmd, work, limit, env=run_env(impl), cpu=c)
                    check(name, impl, p, work, got, want_w)
                    work_t[impl] = (secs, c[0])
                for impl in order:         # the same without the work
                    cmd = command(out, binary, name, impl, p)
                    c = [0.0]
                    secs, got = launch(cmd, base, limit, env=run_env(impl), cpu=c)
                    check(name, impl, p, base, got, want_b)
                    base_t[impl] = (secs, c[0])
                work_t["seq"], base_t["seq"] = (tw, cw[0]), (tb, cb[0])
                if any(t[0] is None for t in list(work_t.values()) + list(base_t.values())):
                    continue               # (failed, and said so): no record of the round
                for impl, role in (("nsc", "ours"), ("mpi", "base"), ("mpistep", "bound"),
                                   ("mpi2", "again"),
                                   ("seq", "ref")):
                    (sw, cpw), (sb, cpb) = work_t[impl], base_t[impl]
                    record("twins_ms", p, name, role, impl, 1e3 * (sw - sb))
                    record("twins_cpu", p, name, role, impl, 1e3 * (cpw - cpb))
                    record("twins_launch", p, name, "detail", impl + "/work", sw)
                    record("twins_launch", p, name, "detail", impl + "/base", sb)


def profile(cmd, args, p, impl, limit, tmp):
    """(total, working) instructions of one run under callgrind (summed over
    the processes), and its output; (None, None, None) after a failure."""
    for f in os.listdir(tmp):
        os.unlink(os.path.join(tmp, f))
    vg = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + os.path.join(
        tmp, "cg.%q{PMI_RANK}")]
    prog = cmd[-1]
    full = vg + [prog] if impl == "seq" else ["mpiexec", "-n", str(p)] + vg + [prog]
    env = dict(os.environ, **CG_ENV)
    if impl == "seq":
        env["PMI_RANK"] = "0"
    secs, text = launch(full, args, limit, env)
    if secs is None:
        return None, None, None
    files = [os.path.join(tmp, f) for f in os.listdir(tmp) if f.startswith("cg.")]
    if len(files) != (1 if impl == "seq" else p):
        fail("%s: %d callgrind profiles, expected %d" % (prog, len(files), p))
        return None, None, None
    total = working = 0
    for f in files:
        t, w = cgcount.count(f)
        total += t
        working += w
    return total, working, text


def instructions(out, binary, names, procs, limit):
    with tempfile.TemporaryDirectory(prefix="twins-cg.") as tmp:
        for name in names:
            unit, _, (work, base, units) = SAMPLES[name]
            seq = command(out, binary, name, "seq", 1)
            _, want_w = launch(seq, work, limit)
            _, want_b = launch(seq, base, limit)
            for p in procs:
                for impl in ("nsc", "mpi", "seq"):
                    if impl == "seq" and p != 1:
                        continue
                    say("callgrind: %s, %s, p=%d" % (name, impl, p))
                    cmd = command(out, binary, name, impl, p)
                    tw, ww, got = profile(cmd, work, p, impl, 20 * limit, tmp)
                    check(name, impl, p, work, got, want_w)
                    tb, wb, got = profile(cmd, base, p, impl, 20 * limit, tmp)
                    check(name, impl, p, base, got, want_b)
                    if tw is None or tb is None:
                        continue
                    role = {"nsc": "ours", "mpi": "base", "seq": "ref"}[impl]
                    record("twins_ir", p, name, role, impl, (ww - wb) / units)
                    record("twins_irtotal", p, name, role, impl, (tw - tb) / units)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: twins.py OUT BINDIR")
    out, binary = sys.argv[1], sys.argv[2]
    procs = [int(x) for x in os.environ.get("BENCH_PROCS", "1 2 4 8").split()]
    rounds = int(os.environ.get("BENCH_REPEAT", "3"))
    limit = int(os.environ.get("BENCH_TIMEOUT", "300"))
    names = os.environ.get("BENCH_TWINS", "").split() or list(SAMPLES)
    mode = os.environ.get("BENCH_TWINS_MODE", "both")
    for n in names:
        if n not in SAMPLES:
            sys.exit("twins.py: BENCH_TWINS: no sample '%s' (one of: %s)" % (n, " ".join(SAMPLES)))
    if mode not in ("both", "time", "callgrind"):
        sys.exit("twins.py: BENCH_TWINS_MODE=%s is not both, time or callgrind" % mode)
    for n in names:                     # what report.py labels the rows with
        unit, t, c = SAMPLES[n]
        print("#twins-note %s %s|%s|%s" % (n, unit, t[0], c[0]))
    if mode in ("both", "time"):
        timed(out, binary, names, procs, rounds, limit)
    if mode in ("both", "callgrind"):
        instructions(out, binary, names, [p for p in procs if p in (1, 2)], limit)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
