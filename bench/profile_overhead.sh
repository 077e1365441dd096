#!/bin/sh
# profile_overhead.sh - the cost of the trace on an empty bsp_sync (sync_bsp):
# rounds that interleave a build without the trace (BASE, e.g. the commit
# before it, built with `make BUILD=... all` and `make -C bench BUILD=...
# .../bench/sync_bsp`), this build with the trace off, and this build with
# bsprun --profile; prints per round "p base off on" (us) and the medians.
# Usage: profile_overhead.sh OUR_BUILD BASE_BUILD [ROUNDS] [PROCS]
set -u
ours=$1 base=$2 rounds=${3:-9} procs=${4:-1 2}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
us() { "$@" | awk '$2 == "sync" { print $7 }'; }
for r in $(seq 1 "$rounds"); do
    for p in $procs; do
        b=$(us "$base/bin/bsprun" -np "$p" "$base/bench/sync_bsp")
        o=$(us "$ours/bin/bsprun" -np "$p" "$ours/bench/sync_bsp")
        rm -rf "$dir/t"
        n=$(us "$ours/bin/bsprun" -np "$p" --profile="$dir/t" "$ours/bench/sync_bsp")
        echo "$p $b $o $n"
    done
done | tee "$dir/all"
/usr/bin/python3 - "$dir/all" <<'PY'
import sys, statistics as st
rows = {}
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) == 4:
        rows.setdefault(int(f[0]), []).append([float(x) for x in f[1:]])
for p, v in sorted(rows.items()):
    med = lambda k: st.median(x[k] for x in v)
    print("p=%d: medians base %.3f off %.3f on %.3f us; off/base %.3f, on-off %.3f us (per round)"
          % (p, med(0), med(1), med(2), st.median(x[1] / x[0] for x in v),
             st.median(x[2] - x[1] for x in v)))
PY
