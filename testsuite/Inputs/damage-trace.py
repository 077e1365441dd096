#!/usr/bin/env python3
"""damage-trace.py - damages traces (runtime/src/observe/profile_format.h) to hold
bspprof against files it must not trust.

    damage-trace.py fuzz [--seed S] [--cases N] [--mem-mib M] [--jobs J]
                         [--verbose 1] BSPPROF TMP DIR...
        N cases: copy one of the trace directories DIR into TMP/case-K,
        damage it in a way drawn from the case's own seeded generator (1-32
        random bytes changed, a file cut short, a count, size, id or time
        field set to an extreme, a record's type made the end's, a record
        dropped or doubled, a file gone), run `BSPPROF --svg F --matrix F
        TMP/case-K` (every 4th with --csv --superstep 0; a parameter file
        with every term of the model) with its address space limited to M
        MiB (default 1024; 0: none; a BSPPROF built with AddressSanitizer
        gets its largest allocation limited instead), J at a time
        (default 2), and sort the outcome: a table (exit 0, the table's
        first and total lines or the CSV on stdout, both pictures
        well-formed XML), an error (exit 1 or 2, one line "bspprof: ..." on
        stderr besides warnings, nothing on stdout), or a failure: a
        signal, a sanitizer report, "out of memory" (an allocation the file
        cannot justify), no answer within a minute, any other exit.  Prints
        a line per failure (its damaged trace kept in TMP/case-K), then
        "N damaged traces: T tables, E errors, F crashes"; exit 1 on any
        failure.  --verbose 1: a line per case, with bspprof's stderr.
    damage-trace.py set FILE WHAT INDEX FIELD VALUE
        sets FIELD of the INDEX-th record of type WHAT (step, string, or
        head with INDEX 0) to VALUE (an integer, 0x... too); a peer's
        field as peer.FIELD (of the record's first peer).
"""
import os
import random
import resource
import shutil
import signal
import struct
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from xml.etree import ElementTree

REC = struct.Struct("<HHI")
# name: (offset, struct format) of the fields, per record kind
HEAD_FIELDS = {"version": (8, "I"), "head_size": (12, "I"), "pid": (16, "i"),
               "nprocs": (20, "i"), "t0_ns": (24, "q"), "node": (288, "i"),
               "node_procs": (292, "i"), "node_cores": (296, "i")}
HEAD_TEXTS = {"job": (32, 64), "program": (96, 64), "knobs": (160, 128)}
REC_FIELDS = {"type": (0, "H"), "flags": (2, "H"), "size": (4, "I")}
STRING_FIELDS = dict(REC_FIELDS, id=(8, "I"), len=(12, "I"))
STEP_FIELDS = dict(REC_FIELDS, superstep=(8, "q"), group=(16, "Q"),
                   **{"t%d" % k: (24 + 8 * k, "q") for k in range(6)},
                   file=(72, "I"), line=(76, "i"), kind=(80, "H"), depth=(82, "H"),
                   ordinal=(84, "H"), gsize=(88, "i"), grank=(92, "i"), gindex=(96, "i"),
                   nput=(100, "I"), nget=(104, "I"), nsend=(108, "I"), npeer=(112, "I"),
                   put_bytes=(120, "Q"), items=(144, "I"), da_served=(148, "I"),
                   item_bytes=(152, "Q"))
STEP_V2_FIELDS = dict(setup_ns=(160, "q"))
STEP_V3_FIELDS = dict(w_cpu_ns=(168, "q"), da_write_out=(176, "Q"), da_recs_sent=(208, "Q"))
FIXED = {1: 160, 2: 168, 3: 224}        # NSP_STEP_V1_SIZE, _V2_, sizeof(struct nsp_step)
PEER_FIELDS = {"peer": (0, "i"), "msgs_out": (4, "I"), "msgs_in": (8, "I"),
               "bytes_out": (16, "Q"), "bytes_in": (24, "Q")}
PEER_SIZE = 32


def records(data):
    """(offset, type, size) of the records of a trace, as the writer wrote them."""
    version, head_size = struct.unpack_from("<II", data, 8)
    off, out = (head_size + 7) & ~7, []
    while off + REC.size <= len(data):
        kind, _, size = REC.unpack_from(data, off)
        if kind == 0 or size < REC.size or off + size > len(data):
            break
        out.append((off, kind, size))
        off += size
    return version, out


def fields_of(version, kind):
    if kind == 2:
        return STRING_FIELDS
    f = dict(STEP_FIELDS)
    if version >= 2:
        f.update(STEP_V2_FIELDS)
    if version >= 3:
        f.update(STEP_V3_FIELDS)
    return f


def put(data, off, fmt, value):
    size = struct.calcsize("<" + fmt)
    if off + size > len(data):
        return False
    bits = 8 * size
    value &= (1 << bits) - 1
    if fmt.islower() and value >= 1 << (bits - 1):
        value -= 1 << bits
    struct.pack_into("<" + fmt, data, off, value)
    return True


EXTREMES32 = [0xFFFFFFFF, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFE, 0, 1, 0x10000, 0x3FFFFFF]
EXTREMES64 = [(1 << 64) - 1, (1 << 63) - 1, 1 << 63, (1 << 62) + 1, 1 << 53, 0]


def extreme(rng, fmt):
    if fmt in "Hh":
        return rng.choice([0xFFFF, 0x7FFF, 0x8000, 0, 7, rng.getrandbits(16)])
    if fmt in "Ii":
        return rng.choice(EXTREMES32 + [rng.getrandbits(32)])
    return rng.choice(EXTREMES64 + [rng.getrandbits(64)])


def damage(rng, files):
    """Damages one file of files (name -> bytearray) in place; returns what
    it did, in words.  A file may be removed (its value set to None)."""
    name = rng.choice(sorted(files))
    data = files[name]
    version, recs = records(data)
    how = rng.random()
    if how < 0.35:                                  # random bytes
        n = rng.randint(1, 32)
        for _ in range(n):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return "%d random bytes of %s" % (n, name)
    if how < 0.50:                                  # cut short
        cut = rng.randrange(len(data))
        del data[cut:]
        return "%s cut to %d bytes" % (name, cut)
    if how < 0.58:                                  # the header
        if rng.random() < 0.75:
            field = rng.choice(sorted(HEAD_FIELDS))
            off, fmt = HEAD_FIELDS[field]
            value = extreme(rng, fmt)
            put(data, off, fmt, value)
            return "head.%s of %s = %#x" % (field, name, value)
        field = rng.choice(sorted(HEAD_TEXTS))
        off, n = HEAD_TEXTS[field]
        data[off:off + n] = bytes(rng.choice(b"<&A\x01\xff") for _ in range(n))
        return "head.%s of %s without its NUL" % (field, name)
    if not recs:
        return "nothing (%s has no records)" % name
    off, kind, size = rng.choice(recs)
    if how < 0.88:                                  # a field of a record
        if kind == 3 and rng.random() < 0.3:
            npeer = struct.unpack_from("<I", data, off + 112)[0]
            if npeer and rng.random() < 0.5:
                k = rng.randrange(npeer)
                field = rng.choice(sorted(PEER_FIELDS))
                foff, fmt = PEER_FIELDS[field]
                value = extreme(rng, fmt)
                put(data, off + FIXED.get(version, 224) + PEER_SIZE * k + foff, fmt, value)
                return "peer %d.%s of the step at %d in %s = %#x" % (k, field, off, name, value)
            value = rng.choice([0xFFFFFFFF, 0x7FFFFFFF, 0x08000000, npeer + 1, npeer + 1000])
            put(data, off + 112, "I", value)
            return "npeer of the step at %d in %s = %#x" % (off, name, value)
        fields = fields_of(version, kind) if kind in (2, 3) else REC_FIELDS
        field = rng.choice(sorted(fields))
        foff, fmt = fields[field]
        value = extreme(rng, fmt)
        put(data, off + foff, fmt, value)
        return "%s of the record at %d in %s = %#x" % (field, off, name, value)
    if how < 0.93:                                  # a record's type to the end
        put(data, off, "H", 0)
        return "the record at %d in %s made an end record" % (off, name)
    if how < 0.97:                                  # a record doubled or dropped
        if rng.random() < 0.5:
            data[off:off] = data[off:off + size]
            return "the record at %d in %s twice" % (off, name)
        del data[off:off + size]
        return "the record at %d in %s dropped" % (off, name)
    files[name] = None
    return "%s removed" % name


def judge(proc_rc, out, err):
    """'table', 'error', or the failure in words."""
    if proc_rc is None:
        return "no answer within a minute"
    if proc_rc < 0:
        return "killed by %s" % signal.Signals(-proc_rc).name
    if "Sanitizer" in err or "runtime error:" in err:
        return "sanitizer report: " + next(l for l in err.split("\n")
                                           if "Sanitizer" in l or "runtime error:" in l)
    if "out of memory" in err:
        return "out of memory: " + err.strip().split("\n")[-1]
    lines = err.strip().split("\n")
    if proc_rc == 0:
        if (out.startswith("bspprof: ") and "\ntotal: " in out) or out.startswith("row,kind,"):
            return "table"
        return "exit 0 without a table"
    if proc_rc in (1, 2):
        errors = [l for l in lines if not l.startswith("bspprof: warning: ")]
        if len(errors) == 1 and errors[0].startswith("bspprof: ") and not out:
            return "error"
        return "exit %d without one error line (stderr %r, stdout %d bytes)" % (
            proc_rc, err[-300:], len(out))
    return "exit %d" % proc_rc


def well_formed(*paths):
    """'table' if every file is well-formed XML, else what is wrong."""
    for path in paths:
        try:
            ElementTree.parse(path)
        except (OSError, ElementTree.ParseError) as e:
            return "exit 0, but %s: %s" % (os.path.basename(path), e)
    return "table"


def run_case(bspprof, params, tmp, originals, seed, case, verbose):
    """Case number case: (verdict, what, its trace's directory, log line)."""
    rng = random.Random("%d.%d" % (seed, case))   # each case its own, in any order
    files = {f: bytearray(b) for f, b in rng.choice(originals).items()}
    what = damage(rng, files)
    # a directory and pictures per case: the cases run two at a time
    case_dir = os.path.join(tmp, "case-%d" % case)
    os.makedirs(case_dir)
    for f, b in files.items():
        if b is not None:
            with open(os.path.join(case_dir, f), "wb") as out:
                out.write(b)
    svg, matrix = case_dir + ".svg", case_dir + ".m.svg"
    cmd = [bspprof, "--params", params, "--svg", svg, "--matrix", matrix, case_dir]
    if case % 4 == 3:                           # the CSV, one superstep's matrix
        cmd[1:1] = ["--csv", "--superstep", "0"]
    log = None
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, errors="replace", timeout=60)
        verdict = judge(p.returncode, p.stdout, p.stderr)
        if verdict == "table":
            verdict = well_formed(svg, matrix)
        if verbose:
            log = "case %d (%s): %s %s" % (case, what, verdict, p.stderr.strip())
    except subprocess.TimeoutExpired:
        verdict = judge(None, "", "")
    for f in (svg, matrix):
        if os.path.exists(f):
            os.unlink(f)
    return verdict, what, case_dir, log


def fuzz(args):
    seed, cases, mib, verbose, jobs = 1, 1000, 1024, 0, 2
    while args and args[0].startswith("--"):
        opt, value = args[0], args[1]
        args = args[2:]
        if opt == "--seed":
            seed = int(value)
        elif opt == "--cases":
            cases = int(value)
        elif opt == "--mem-mib":
            mib = int(value)
        elif opt == "--verbose":
            verbose = int(value)
        elif opt == "--jobs":
            jobs = int(value)
        else:
            sys.exit("damage-trace.py: unknown option %s" % opt)
    bspprof, tmp, dirs = args[0], args[1], args[2:]
    originals = []
    for d in dirs:
        originals.append({f: bytes(open(os.path.join(d, f), "rb").read())
                          for f in sorted(os.listdir(d)) if f.endswith(".nsp")})
    params = os.path.join(tmp, "params.txt")
    with open(params, "w") as f:               # every term of the model
        for p in range(1, 6):
            f.write("p=%d r=100.0 g=0.5 l=30.0 g_bulk=0.1 l_mpi=40.0 g_da_write=0.1 "
                    "g_da_read=0.05 g_da_rec=2.0 l_step=%s l_prefix=%s l_split=%s "
                    "l_join=%s l_da=%s\n" % ((p,) + tuple(
                        ",".join("%d:%d.5" % (s, k + s) for s in range(1, p + 1))
                        for k in range(5))))
    # AddressSanitizer (make check-sanitize's build) reserves terabytes of
    # address space: there its own limit on an allocation does the same
    exe = shutil.which(bspprof) or bspprof
    with open(exe, "rb") as f:
        asan = b"__asan_init" in f.read()
    if asan and mib:
        os.environ["ASAN_OPTIONS"] = ":".join(
            filter(None, [os.environ.get("ASAN_OPTIONS"), "max_allocation_size_mb=%d" % mib,
                          "allocator_may_return_null=1"]))
    # the limits hold for this script too (it needs far less) and so for
    # every bspprof it starts, without a preexec_fn (which costs a fork)
    if mib and not asan:
        resource.setrlimit(resource.RLIMIT_AS, (mib << 20, mib << 20))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    counts = {"table": 0, "error": 0}
    failures = 0

    def one(case):
        verdict, what, case_dir, log = run_case(bspprof, params, tmp, originals, seed, case,
                                                verbose)
        if verdict in counts:
            shutil.rmtree(case_dir)
        return case, verdict, what, case_dir, log

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for case, verdict, what, case_dir, log in pool.map(one, range(cases)):
            if log:
                print(log)
            if verdict in counts:
                counts[verdict] += 1
                continue
            failures += 1
            print("FAIL case %d (%s): %s; trace kept in %s" % (case, what, verdict, case_dir))
    print("%d damaged traces: %d tables, %d errors, %d crashes"
          % (cases, counts["table"], counts["error"], failures))
    return 1 if failures else 0


def set_field(args):
    path, what, index, field, value = args[0], args[1], int(args[2]), args[3], int(args[4], 0)
    data = bytearray(open(path, "rb").read())
    version, recs = records(data)
    if what == "head":
        off, fmt = HEAD_FIELDS[field]
    else:
        kind = {"string": 2, "step": 3}[what]
        base = [o for o, k, _ in recs if k == kind][index]
        if field.startswith("peer."):
            foff, fmt = PEER_FIELDS[field[5:]]
            off = base + FIXED[version] + foff
        else:
            foff, fmt = fields_of(version, kind)[field]
            off = base + foff
    put(data, off, fmt, value)
    open(path, "wb").write(data)
    return 0


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ("fuzz", "set"):
        sys.exit(__doc__)
    return {"fuzz": fuzz, "set": set_field}[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
