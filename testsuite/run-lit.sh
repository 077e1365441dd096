#!/bin/sh
# run-lit.sh PYTHON LIT BUILD SUITE: run lit over SUITE and end with the line
# "testsuite: N passed, N failed, N skipped" that CI reads; exit with lit's status.
python=$1 lit=$2 build=$3 suite=$4
log=$build/testsuite/lit.log
"$python" "$lit" -v -j2 --param build="$build" $LIT_ARGS "$suite" 2>&1 | tee "$log"
status=$?
[ -s "$log" ] || status=1
passed=$(grep -c -E '^(PASS|XFAIL): ' "$log")
failed=$(grep -c -E '^(FAIL|XPASS|UNRESOLVED|TIMEOUT): ' "$log")
skipped=$(grep -c -E '^UNSUPPORTED: ' "$log")
# lit exits non-zero on failures; a crash of lit itself leaves no result lines.
lit_rc=$(grep -q '^Testing Time' "$log" && { [ "$failed" -eq 0 ] && echo 0 || echo 1; } || echo 1)
echo "testsuite: $passed passed, $failed failed, $skipped skipped"
exit $lit_rc
