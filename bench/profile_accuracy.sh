#!/bin/sh
# profile_accuracy.sh - bspprof's predicted total against the measured one
# (docs/profile.md, "Predicted against measured"): for each p, bspprobe
# measures the parameters, then each program runs under bsprun --profile
# and bspprof prints its totals.  The BSPlib samples inprod, lu, fft and the
# NestStep samples of samples/neststep, compiled into a scratch directory.
# Usage: profile_accuracy.sh BUILD [PROCS]      (BUILD: an absolute build dir)
set -u
build=$1 procs=${2:-2 4}
here=$(cd "$(dirname "$0")/.." && pwd)
bin=$build/bin
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for s in inprod lu fft; do
    "$bin/bspcc" -O2 "$here/samples/bsplib/$s.c" -o "$dir/$s" -lm || exit 1
done
nsamples="dnc heat histogram listrank parprefix quicksort samplesort spmv"
for s in $nsamples; do
    "$bin/nsc" -O2 "$here/samples/neststep/$s.nst" -o "$dir/$s" || exit 1
done
args() {    # the arguments each program runs with
    case $1 in
        inprod) echo 4000000 20 ;; lu) echo 400 ;; fft) echo 9 4 ;;
        parprefix|quicksort|samplesort|histogram) echo 1000000 ;; listrank) echo 100000 ;;
    esac
}
for p in $procs; do
    "$bin/bsprun" -np "$p" "$bin/bspprobe" -o "$dir/params.txt" | sed 's/^/  /'
    for s in inprod lu fft $nsamples; do
        rm -rf "$dir/trace"
        "$bin/bsprun" -np "$p" --profile="$dir/trace" "$dir/$s" $(args "$s") > /dev/null ||
            echo "FAILED: $s at p=$p"
        printf '%-12s p=%d ' "$s" "$p"
        "$bin/bspprof" --params "$dir/params.txt" "$dir/trace" | grep '^total: measured'
    done
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
