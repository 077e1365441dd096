# seed003.sh - sourced by run.sh: the seed 003 experiment (table k).  For
# each round and each p in BENCH_SEED003_PROCS, runs the FT, LU and Ocean
# kernels (seed003_*.c) under every synchronization configuration, back to
# back, in an order that rotates between rounds: barrier mode under each
# count-exchange protocol (NS_EXCHANGE=tree|direct|nbx) and the relaxed
# modes (NS_SYNC=relaxed|relaxed-eager).  A configuration that this build
# of the engine does not offer (the knob is not read, or it rejects the
# value at start) is left out and shows as "not measured"; a configuration
# that starts and then fails is a failure of the bench.  In the same
# rotation run the raw-MPI bounds of LU and Ocean (seed003_*_mpi.c, with
# mpiexec): the kernel with neighbour-only waits and with a barrier per
# superstep, the most that dropping the barrier can save here.  Uses
# run.sh's run(), $out, $bin, $repeat, $raw.
s3_procs=${BENCH_SEED003_PROCS:-2 4 8}
s3_kernels="ft lu ocean"
s3_bounds="lu ocean"            # the kernels that have a raw-MPI bound
s3_configs="barrier/tree barrier/direct barrier/nbx relaxed relaxed-eager"

s3_env() {      # s3_env CONFIG: the arguments of env(1) that select CONFIG
    case $1 in
        barrier/*) echo "NS_SYNC=barrier NS_EXCHANGE=${1#barrier/}" ;;
        *) echo "-u NS_EXCHANGE NS_SYNC=$1" ;;
    esac
}

# The probe: a tiny Ocean (every process puts and reads) at p = 2.
s3_probe() {    # s3_probe CONFIG: its stderr on $out/seed003-probe.err, exit status
    env $(s3_env "$1") BENCH_OCEAN_G=8 BENCH_OCEAN_ITERS=3 \
        timeout "$limit" "$bin/bsprun" -n 2 "$out/seed003_ocean" >/dev/null 2>"$out/seed003-probe.err"
}
s3_knob_read() { # s3_knob_read KNOB: true if the engine rejects a bad value of KNOB
    env "$1=no-such-value" BENCH_OCEAN_G=8 BENCH_OCEAN_ITERS=1 \
        timeout "$limit" "$bin/bsprun" -n 1 "$out/seed003_ocean" >/dev/null 2>&1 && return 1
    return 0
}
s3_note() {     # a line for report.py under table (k), and on stderr
    echo "#seed003-note $*" >>"$raw"
    echo "bench: seed003: $*" >&2
}

s3_measured=
s3_knob_read NS_SYNC && s3_sync_read=1 || s3_sync_read=0
s3_knob_read NS_EXCHANGE && s3_exch_read=1 || s3_exch_read=0
for cfg in $s3_configs; do
    case $cfg in
        barrier/tree) s3_measured="$s3_measured $cfg"; continue ;;
        barrier/*) knob=NS_EXCHANGE read=$s3_exch_read ;;
        *) knob=NS_SYNC read=$s3_sync_read ;;
    esac
    if [ "$read" = 0 ]; then
        s3_note "$cfg not measured: this engine does not read $knob"
    elif s3_probe "$cfg"; then
        s3_measured="$s3_measured $cfg"
    elif grep -q "$knob" "$out/seed003-probe.err"; then
        s3_note "$cfg not measured: the engine rejects it: $(head -n 1 "$out/seed003-probe.err")"
    else
        s3_note "$cfg FAILED in the probe (tiny Ocean at p = 2): $(head -n 3 "$out/seed003-probe.err" | tr '\n' ' ')"
        failed=1
    fi
done
rm -f "$out/seed003-probe.err"
s3_measured="$s3_measured mpi-bound"

for rep in $(seq 1 "$repeat"); do
    # Rotate the order of the configurations from round to round.
    order=$(echo $s3_measured | awk -v r="$rep" '{ for (i = 0; i < NF; i++)
        printf "%s ", $((i + r - 1) % NF + 1) }')
    for p in $s3_procs; do
        echo "bench: round $rep/$repeat, p=$p: seed003 ($order)" >&2
        for k in $s3_kernels; do
            for cfg in $order; do
                case $cfg in
                    mpi-bound) case " $s3_bounds " in
                                   *" $k "*) run mpiexec -n "$p" "$out/seed003_${k}_mpi" ;;
                               esac ;;
                    *) run env $(s3_env "$cfg") "$bin/bsprun" -n "$p" "$out/seed003_$k" ;;
                esac
            done
        done
    done
done
