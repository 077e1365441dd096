#!/bin/sh
# modes-identical.sh BUILD "CONFIG..." [P...]: the DRMA programs of the
# suite (the tests marked `MATRIX: every-mode` that run their program
# without arguments) at every process count P (default 1 2 3 4 5), in
# barrier mode with the tree and under each CONFIG (KNOB=VALUE[,...], the
# Makefile's PROTOCOL_MATRIX: every other synchronization mode and
# count-exchange protocol): each run's output, sorted (processes print in
# any order), and its exit status must be byte for byte those of barrier
# mode with the tree.
# The lit suite checks the same programs against expected output at the
# process counts each test names; this covers every P, with no expected
# output but barrier mode's.  Ends with "modes-identical: N identical,
# N different, N skipped" and fails if any differ.  `make check-modes`.
build=${1:?usage: modes-identical.sh BUILD "CONFIG..." [P...]}
configs=${2:?usage: modes-identical.sh BUILD "CONFIG..." [P...]}
shift 2
procs=${*:-1 2 3 4 5}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
same=0 differ=0 skipped=0
run() {     # run OUT CONFIG P PROG: the run's sorted stdout, then its status, in OUT
    env $(echo "$2" | tr ',' ' ') timeout 120 "$build/bin/bsprun" -np "$3" "$4" \
        </dev/null >"$1.raw" 2>"$1.err"
    status=$?
    sort "$1.raw" >"$1"
    echo "exit status $status" >>"$1"
}
for t in $(grep -l '^// MATRIX: every-mode' "$here"/bsplib/*.c "$here"/runtime/*.c); do
    name=$(basename "$t" .c)
    # only programs run as "%t" alone: others take arguments or flags
    if grep '^// RUN:.*%bsprun' "$t" | grep -v '%t *\(|\|$\|2>\)' | grep -q .; then
        skipped=$((skipped + 1)); echo "skipped: $name (run with arguments)"; continue
    fi
    if ! "$build/bin/bspcc" -O2 -I"$here/Inputs" "$t" -o "$work/$name" 2>"$work/cc.err"; then
        differ=$((differ + 1)); echo "FAILED: $name does not compile"; continue
    fi
    for p in $procs; do
        run "$work/base" NS_SYNC=barrier "$p" "$work/$name"
        for c in $configs; do
            run "$work/out" "$c" "$p" "$work/$name"
            if cmp -s "$work/base" "$work/out"; then
                same=$((same + 1))
            else
                differ=$((differ + 1))
                echo "DIFFERENT: $name at p = $p under $c:"
                diff "$work/base" "$work/out" | head -5
                head -3 "$work/out.err"
            fi
        done
    done
    echo "done: $name"
done
echo "modes-identical: $same identical, $differ different, $skipped skipped"
[ "$differ" -eq 0 ]
