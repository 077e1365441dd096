#!/bin/sh
# run-lit.sh PYTHON LIT BUILD SUITE: run lit over SUITE, then print the line
# "testsuite: N passed, N failed, N skipped" that CI reads; exit non-zero if
# anything failed or lit did not finish.
python=$1 lit=$2 build=$3 suite=$4
log=$build/testsuite/lit.log
mkdir -p "$build/testsuite"
"$python" "$lit" -v -j2 --param build="$build" $LIT_ARGS "$suite" 2>&1 | tee "$log"
passed=$(grep -c -E '^(PASS|XFAIL): ' "$log")
failed=$(grep -c -E '^(FAIL|XPASS|UNRESOLVED|TIMEOUT): ' "$log")
skipped=$(grep -c -E '^UNSUPPORTED: ' "$log")
grep -q '^Testing Time' "$log" || failed=$((failed + 1))     # lit itself broke
echo "testsuite: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
