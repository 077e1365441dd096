#!/bin/sh
# profile_accuracy.sh - bspprof's predicted total against the measured one
# (docs/profile.md, "Predicted against measured"): for each p and round,
# bspprobe measures the parameters (BSPlib g and l, and the costs of the
# NestStep superstep kinds), then each program runs under bsprun --profile
# and bspprof prints its totals and the launch skew, with the NestStep
# superstep costs (the model) and without them ("l only": bspprof's model
# before them, every superstep with BSPlib's l, l_mpi removed too), on the
# same traces; bspprof leaves the engine set-up out of both.  The
# BSPlib samples
# inprod, lu, fft and the NestStep samples of samples/neststep, compiled
# into a scratch directory.  With ROUNDS > 1 the whole (probe, programs)
# repeats and a summary gives the median per program of the ratios, each
# taken against its own round's probe (paired on the same machine state).
# Usage: profile_accuracy.sh BUILD [PROCS] [ROUNDS]   (BUILD: an absolute build dir)
# PROGRAMS="lu fft" (environment) runs only those programs.
set -u
build=$1 procs=${2:-2 4} rounds=${3:-1}
here=$(cd "$(dirname "$0")/.." && pwd)
bin=$build/bin
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
nsamples="dnc heat histogram listrank parprefix quicksort samplesort spmv"
programs=${PROGRAMS:-inprod lu fft $nsamples}
for s in $programs; do
    case " $nsamples " in
        *" $s "*) "$bin/nsc" -O2 "$here/samples/neststep/$s.nst" -o "$dir/$s" || exit 1 ;;
        *) "$bin/bspcc" -O2 "$here/samples/bsplib/$s.c" -o "$dir/$s" -lm || exit 1 ;;
    esac
done
args() {    # the arguments each program runs with: runs of 0.1 to 1 s, not the
            # samples' test sizes (a few ms, which launch skew and first touches rule)
    case $1 in
        inprod) echo 4000000 20 ;; lu) echo 400 ;; fft) echo 9 4 ;;
        dnc) echo 32000000 ;; heat) echo 1000000 100 ;; spmv) echo 200000 20 ;;
        parprefix|histogram) echo 10000000 ;; quicksort|samplesort) echo 4000000 ;;
        listrank) echo 200000 ;;
    esac
}
for p in $procs; do
    r=1
    while [ "$r" -le "$rounds" ]; do
        echo "round $r, p=$p, load average $(cut -d' ' -f1-3 /proc/loadavg)"
        rm -f "$dir/params.txt"
        "$bin/bsprun" -np "$p" "$bin/bspprobe" -o "$dir/params.txt" | sed 's/^/  /'
        sed 's/ l_[a-z]*=[^ ]*//g' "$dir/params.txt" > "$dir/params-l.txt"
        for s in $programs; do
            rm -rf "$dir/trace"
            "$bin/bsprun" -np "$p" --profile="$dir/trace" "$dir/$s" $(args "$s") > /dev/null ||
                echo "FAILED: $s at p=$p"
            "$bin/bspprof" --params "$dir/params.txt" "$dir/trace" > "$dir/table"
            printf '%-12s p=%d ' "$s" "$p"
            grep '^total: measured' "$dir/table"
            printf '%-12s p=%d ' "$s" "$p"
            grep '^launch:' "$dir/table"
            "$bin/bspprof" --params "$dir/params-l.txt" "$dir/trace" > "$dir/table"
            printf '%-12s p=%d l only: ' "$s" "$p"
            grep -o 'measured/predicted [0-9.]*' "$dir/table" | tr '\n' ' '
            echo
        done | tee -a "$dir/all"
        r=$((r + 1))
    done
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "$rounds" -gt 1 ]; then
    echo "median over $rounds rounds of measured/predicted: the model from the first start, from the"
    echo "last start; l only from the first start, from the last start"
    awk '/ total: measured/ { k = $1 " " $2; a[k] = a[k] " " $NF; if (!(k in seen)) { seen[k] = 1; o[++n] = k } }
         / launch:/ { k = $1 " " $2; b[k] = b[k] " " $NF }
         / l only:/ { k = $1 " " $2; c[k] = c[k] " " $(NF - 2); d[k] = d[k] " " $NF }
         function med(s,   v, m, i, j, t) {
             m = split(s, v, " ")
             for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (v[j] + 0 < v[i] + 0) { t = v[i]; v[i] = v[j]; v[j] = t }
             return m % 2 ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2 }
         END { for (i = 1; i <= n; i++) printf "%-16s %6.2f %6.2f   %6.2f %6.2f   (%s |%s)\n", o[i], med(a[o[i]]), med(b[o[i]]), med(c[o[i]]), med(d[o[i]]), a[o[i]], b[o[i]] }' "$dir/all"
fi
