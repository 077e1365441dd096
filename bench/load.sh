# load.sh - sourced by run.sh: the waiting-under-load tables.  For each
# round and each p in BENCH_LOAD_PROCS, on the machine as it is ("quiet")
# and then with a CPU-bound competitor (a shell busy loop) on every core
# ("loaded"), runs load_bsp (our engine) and load_mpi (raw MPI waiting the
# engine's way) under each waiting policy, back to back, in an order that
# alternates between rounds.  Uses run.sh's run(), $out, $bin, $repeat.
load_procs=${BENCH_LOAD_PROCS:-2 4 8}
competitors=

competitors_start() {   # one busy loop per online core
    for _ in $(seq 1 "$(nproc)"); do
        sh -c 'while :; do :; done' &
        competitors="$competitors $!"
    done
}
competitors_stop() {
    [ -n "$competitors" ] && kill $competitors 2>/dev/null
    for pid in $competitors; do wait "$pid" 2>/dev/null; done
    competitors=
}
trap 'competitors_stop' EXIT
trap 'competitors_stop; exit 130' INT TERM

for rep in $(seq 1 "$repeat"); do
    if [ $((rep % 2)) = 1 ]; then policies="spin-yield backoff"; else policies="backoff spin-yield"; fi
    for p in $load_procs; do
        for machine in quiet loaded; do
            echo "bench: round $rep/$repeat, p=$p: load ($machine machine)" >&2
            [ "$machine" = loaded ] && competitors_start
            for pol in $policies; do
                run env NS_WAIT_POLICY="$pol" BENCH_LOAD_MACHINE=$machine \
                    "$bin/bsprun" -n "$p" "$out/load_bsp"
                run env BENCH_WAIT_POLICY="$pol" BENCH_LOAD_MACHINE=$machine \
                    mpiexec -n "$p" "$out/load_mpi"
            done
            competitors_stop
        done
    done
done
trap - EXIT INT TERM
