#!/bin/sh
# run.sh - runs every benchmark program (BSPlib side with bsprun, NestStep
# side with nsrun, raw-MPI baselines with mpiexec, sequential baselines
# directly) for each process count, BENCH_REPEAT times with ours and the
# baselines alternating, collects their result records in OUT/raw.txt and
# prints the tables of report.py (also OUT/results.txt).  load.sh,
# seed003.sh and twins.py run their tables' programs themselves.
# Usage: run.sh OUT BINDIR      Exits 1 if any program fails.
set -u
out=$1 bin=$2
here=$(cd "$(dirname "$0")" && pwd)
repeat=${BENCH_REPEAT:-3}
procs=${BENCH_PROCS:-1 2 4 8}
benches=${BENCH_PROGRAMS:-sync hrel bulk combine coll irreg parprefix sort load seed003 twins}
# Table (a) also times bsp_sync under these count-exchange protocols (the
# default, tree, is the bsp_sync column), in the same rounds.
exchanges=${BENCH_EXCHANGES-direct nbx}
# Tables (a), (d) and (e) also time ours with these node-local paths
# (NS_NODE_LOCAL; the default, shm, is the plain column), in the same rounds.
node_locals=${BENCH_NODE_LOCAL-mpi}
limit=${BENCH_TIMEOUT:-300}           # seconds per program run
raw=$out/raw.txt
failed=0

: >"$raw"
run() {     # run COMMAND...: append its records, note a failure
    timeout "$limit" "$@" >>"$raw"
    rc=$?
    if [ "$rc" != 0 ]; then
        echo "bench: FAILED: $* (exit status $rc)" >&2
        failed=1
    fi
}
# The process counts each benchmark runs at, among BENCH_PROCS: the
# combines and the irregular reads need a peer; parprefix and sort are
# timed up to 4.
runs_at() { # runs_at BENCH P: true if BENCH runs at P processes
    case "$1:$2" in
        combine:1|irreg:1|coll:1) return 1 ;;
        parprefix:*|sort:*) [ "$2" -le 4 ] ;;
        load:*) return 1 ;;           # load.sh runs it, under each wait policy
        seed003:*) return 1 ;;        # seed003.sh runs it, under each sync configuration
        twins:*) return 1 ;;          # twins.py runs the samples, their twins and sequential C
        *) return 0 ;;
    esac
}

# Steady state: the node-local segments from the first superstep (by
# default an oversubscribed job makes them at its 257th root combine;
# docs/engine.md).
NS_NODE_AFTER=${NS_NODE_AFTER:-0}
export NS_NODE_AFTER

load0=$(cut -d' ' -f1 /proc/loadavg)
start=$(date +%s)
for rep in $(seq 1 "$repeat"); do
    for p in $procs; do
        echo "bench: round $rep/$repeat, p=$p: $benches" >&2
        for b in $benches; do
            runs_at "$b" "$p" || continue
            if [ -e "$out/${b}_bsp" ]; then        # ours: BSPlib or NestStep
                run "$bin/bsprun" -n "$p" "$out/${b}_bsp"
                [ "$b" = sync ] && for x in $exchanges; do
                    run "$bin/bsprun" -n "$p" --exchange="$x" "$out/${b}_bsp"
                done
                [ "$b" = sync ] && for x in $node_locals; do
                    run env NS_NODE_LOCAL="$x" "$bin/bsprun" -n "$p" "$out/${b}_bsp"
                done
            elif [ -e "$out/${b}_ns" ]; then
                run "$bin/nsrun" -n "$p" "$out/${b}_ns"
                [ "$b" = combine ] && for x in $node_locals; do
                    run env NS_NODE_LOCAL="$x" "$bin/nsrun" -n "$p" "$out/${b}_ns"
                done
            fi
            if [ -e "$out/${b}_nsc" ]; then        # the same, compiled by nsc
                run "$bin/nsrun" -n "$p" "$out/${b}_nsc"
            fi
            if [ -e "$out/${b}_seq" ]; then        # baseline: sequential or MPI
                run "$out/${b}_seq" "$p"
            else
                run mpiexec -n "$p" "$out/${b}_mpi"
            fi
        done
    done
done
case " $benches " in
    *" load "*) . "$here/load.sh" ;;   # quiet and with a competitor on every core
esac
case " $benches " in
    *" seed003 "*) . "$here/seed003.sh" ;;   # every sync mode and count-exchange protocol
esac
case " $benches " in                  # table (m): in time and under callgrind
    *" twins "*) /usr/bin/python3 "$here/twins.py" "$out" "$bin" >>"$raw" || failed=1 ;;
esac
secs=$(( $(date +%s) - start ))

cores=$(nproc)
mpi=$(mpichversion 2>/dev/null | sed -n 's/^MPICH Version:[[:space:]]*/MPICH /p')
commit=$(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo unknown)
/usr/bin/python3 "$here/report.py" "$raw" \
    "NestStep-C benchmarks, $(date -u '+%Y-%m-%d %H:%M UTC'), commit $commit (+ work tree), $cores cores, ${mpi:-MPI}" \
    "values: median of $repeat runs; ratio: median over runs of ours / best baseline (columns marked (ref) never count) in the same run, in time (>1: ours slower); speedup: its inverse" \
    "took $secs s; load average $load0 before, $(cut -d' ' -f1 /proc/loadavg) after (other jobs on the machine skew timings)" \
    >"$out/results.txt" || failed=1
cat "$out/results.txt"
[ "$failed" = 0 ] || { echo "bench: some programs FAILED (see above)" >&2; exit 1; }
