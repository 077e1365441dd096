# seed003_sim.sh OUT BIN - seed 003's experiment (Kim, Ha, Jhon, Figure 3)
# on a simulated IBM SP2 (make bench-simulate; docs/research.md): runs the
# FT, LU and Ocean kernels built for simulation in OUT (bspcc --simulate,
# their work declared in flops) with BIN/bsprun --simulate=sp2-32 at each p
# of BENCH_SIM_PROCS (8 16 32), in barrier mode and in each relaxed mode,
# and prints per kernel the communication time (the mean over processes of
# the time in bsp_sync and bspx_read, simulated ms), the supersteps, and
# each relaxed mode's change against barrier mode, beside the paper's.
# The simulated times are the same in every run.  Raw records: OUT/sim-raw.txt.
set -eu
out=$1 bin=$2
procs=${BENCH_SIM_PROCS:-8 16 32}
platform=${BENCH_SIM_PLATFORM:-sp2-32}
modes="barrier relaxed relaxed-eager"
raw=$out/sim-raw.txt
: >"$raw"
for p in $procs; do
    for k in ft lu ocean; do
        for m in $modes; do
            echo "bench-simulate: $k p=$p $m" >&2
            "$bin/bsprun" --simulate="$platform" --sync="$m" -np "$p" "$out/seed003_$k" \
                2>"$out/sim-$k-$p-$m.err" | grep '^@ ' | sed "s|\$| $m|" >>"$raw" || {
                echo "bench-simulate: $k at p = $p in $m FAILED:" >&2
                tail -n 5 "$out/sim-$k-$p-$m.err" >&2
                exit 1
            }
        done
    done
done
# the records: @ TABLE P KERNEL ours CONFIG VALUE MODE
awk -v modes="$modes" -v platform="$platform" '
BEGIN { paper["ft"] = "-61.5%"; paper["lu"] = "-28.6%"; paper["ocean"] = "-45.9%"
        nm = split(modes, mode, " ") }
$2 == "seed003"       { comm[$4, $3, $8] = $7; seen[$3] = 1; ks[$4] = 1 }
$2 == "seed003_steps" { steps[$4, $3, $8] = $7 }
END {
    printf "Seed 003 (Figure 3) on the simulated SP2 (%s): communication time, simulated ms\n", platform
    printf "(mean over processes of the time in bsp_sync and bspx_read); supersteps; change against barrier\n"
    printf "%-6s %4s", "kernel", "p"
    for (i = 1; i <= nm; i++) printf " %13s %6s", mode[i] " ms", "steps"
    for (i = 2; i <= nm; i++) printf " %14s", mode[i]
    printf " %8s\n", "paper"
    split("ft lu ocean", kern, " ")
    for (j = 1; j <= 3; j++) {
        k = kern[j]
        np = 0
        for (pp in seen) plist[++np] = pp + 0
        for (a = 1; a <= np; a++) for (b = a + 1; b <= np; b++)
            if (plist[b] < plist[a]) { t = plist[a]; plist[a] = plist[b]; plist[b] = t }
        for (a = 1; a <= np; a++) {
            p = plist[a]
            printf "%-6s %4d", k, p
            for (i = 1; i <= nm; i++) printf " %13.3f %6d", comm[k, p, mode[i]], steps[k, p, mode[i]]
            base = comm[k, p, "barrier"]
            for (i = 2; i <= nm; i++)
                printf " %13.1f%%", (base > 0 ? 100 * (comm[k, p, mode[i]] - base) / base : 0)
            printf " %8s\n", p == 32 ? paper[k] : ""
        }
    }
}' "$raw"
