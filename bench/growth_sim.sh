# growth_sim.sh OUT BIN SIMBIN - the cost of the basic supersteps against p
# on the simulated fat tree (make bench-growth-sim; docs/engine.md, "How the
# costs grow with p"): runs OUT/growth_sim (built with bspcc --simulate)
# with BIN/bsprun --simulate=fat-tree-1024 at each p of GROWTH_PROCS under
# each count-exchange protocol of GROWTH_EXCHANGES, and SIMBIN/bspprobe
# --quick at each p of GROWTH_PROBE_PROCS (computation counted, which its
# measure of r needs) for the BSP model's g and l; then growth_plot.py
# writes the table and the picture.  A protocol stops at the first p whose
# run fails or takes longer than GROWTH_TIMEOUT seconds of wall time, and
# direct at GROWTH_DIRECT_PMAX (p^2 messages a superstep).  Writes, in
# OUT/growth: growth.csv (exchange,p,op,us: the largest time over processes,
# simulated us per operation), probe.csv (p,g,l from bspprobe), runs.csv
# (what,exchange,p,wall_s,maxrss_mb,status: this machine's wall time and
# peak memory of each run), growth.md (the table) and growth.svg.  The
# defaults (p = 2 .. 128, direct to 64, bspprobe to 16) take about half an
# hour of wall time on a 2-core machine, most of it direct at p = 64, nbx at
# 128 and bspprobe at 16 (runs.csv).  GROWTH_PLATFORM names the platform
# (fat-tree-1024); GROWTH_CFG, words added to every bsprun, sets SimGrid
# options (docs/engine.md's figures: the network alone,
# --cfg=smpi/os:0:0:0 --cfg=smpi/ois:0:0:0 --cfg=smpi/or:0:0:0).
set -eu
out=$1 bin=$2 simbin=$3
here=$(cd "$(dirname "$0")" && pwd)
procs=${GROWTH_PROCS:-2 4 8 16 32 64 128}
exchanges=${GROWTH_EXCHANGES:-tree direct nbx}
probe_procs=${GROWTH_PROBE_PROCS-2 4 8 16}
export BENCH_GROWTH_ITERS=${BENCH_GROWTH_ITERS:-10} BENCH_GROWTH_A2A_MAX=${BENCH_GROWTH_A2A_MAX:-64}
direct_pmax=${GROWTH_DIRECT_PMAX:-64}
limit=${GROWTH_TIMEOUT:-600}
platform=${GROWTH_PLATFORM:-fat-tree-1024}
cfg=${GROWTH_CFG:-}
dir=$out/growth
mkdir -p "$dir"
csv=$dir/growth.csv probes=$dir/probe.csv runs=$dir/runs.csv
echo "exchange,p,op,us" >"$csv"
echo "p,g,l" >"$probes"
echo "what,exchange,p,wall_s,maxrss_mb,status" >"$runs"

# timed NAME EXCHANGE P LOG CMD...: runs CMD under the wall-time limit,
# records its wall time and peak memory; fails if CMD did.
timed() {
    what=$1 ex=$2 p=$3 log=$4
    shift 4
    status=ok
    /usr/bin/time -f "%e %M" -o "$dir/time.tmp" timeout "$limit" "$@" >"$log" 2>"$log.err" ||
        status=failed
    [ "$(tail -n 1 "$dir/time.tmp" | cut -d' ' -f1)" ] || echo "$limit 0" >"$dir/time.tmp"
    grep -q 'Command exited with non-zero status 124' "$dir/time.tmp" && status=timeout
    set -- $(tail -n 1 "$dir/time.tmp")
    echo "$what,$ex,$p,$1,$(($2 / 1024)),$status" >>"$runs"
    echo "growth-sim: $what $ex p=$p: $status, wall $1 s, $(($2 / 1024)) MB" >&2
    [ "$status" = ok ]
}

for ex in $exchanges; do
    for p in $procs; do
        [ "$ex" = direct ] && [ "$p" -gt "$direct_pmax" ] && break
        log=$dir/growth-$ex-$p.out
        timed growth_sim "$ex" "$p" "$log" \
            "$bin/bsprun" --simulate="$platform" $cfg --exchange="$ex" -np "$p" "$out/growth_sim" || {
            tail -n 3 "$log.err" >&2
            break
        }
        # growth_sim: p=P N=N exchange=E op=T ...
        tr ' ' '\n' <"$log" | grep '=' | grep -v '^p=\|^N=\|^exchange=' |
            sed "s/^\(.*\)=\(.*\)\$/$ex,$p,\1,\2/" >>"$csv"
    done
done

for p in $probe_procs; do
    log=$dir/probe-$p.out
    timed bspprobe tree "$p" "$log" \
        "$bin/bsprun" --simulate="$platform" $cfg --cfg=smpi/simulate-computation:yes \
        --cfg=smpi/host-speed:7471Mf -np "$p" "$simbin/bspprobe" --quick -o "$dir/bspprobe.txt" || {
        tail -n 3 "$log.err" >&2
        break
    }
    sed -n 's/^bspprobe: p=\([0-9]*\) .* g=\([0-9.e+-]*\) l=\([0-9.e+-]*\) .*/\1,\2,\3/p' "$log" \
        >>"$probes"
done
rm -f "$dir/time.tmp"

python3 "$here/growth_plot.py" "$dir" "$platform"
