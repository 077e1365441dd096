#!/bin/sh
# run-lit.sh PYTHON LIT BUILD SUITE [CONFIG...]: run lit over SUITE, then
# print the line "testsuite: N passed, N failed, N skipped" that CI reads;
# exit non-zero if anything failed or lit did not finish.
# Each CONFIG is one run: "default" runs the whole suite as it is; a
# configuration of the protocol matrix, KNOB=VALUE[,KNOB=VALUE...] (the
# Makefile's PROTOCOL_MATRIX), runs the tests marked for it with those
# engine knobs (lit.cfg.py), only those whose path matches the regular
# expression LIT_MATRIX_FILTER when it is set (make check's chosen part).
# Without CONFIG: "default".  With several, a line per configuration
# precedes the last line, which counts them all.
python=$1 lit=$2 build=$3 suite=$4
shift 4
[ $# -gt 0 ] || set -- default
all=$build/testsuite/lit.log
mkdir -p "$build/testsuite"
: > "$all"
lit_done=1 summary=
for conf in "$@"; do
  if [ "$conf" = default ]; then
    log=$all.default param=
  else
    log=$all.$(echo "$conf" | tr -c 'A-Za-z0-9_.\n-' _) param="--param matrix=$conf"
    echo "== protocol matrix: $conf"
  fi
  filter=
  [ "$conf" = default ] || filter=$LIT_MATRIX_FILTER
  "$python" "$lit" -v -j2 --param build="$build" $param ${filter:+--filter "$filter"} $LIT_ARGS \
    "$suite" 2>&1 | tee "$log"
  grep -q '^Testing Time' "$log" || lit_done=0     # lit itself broke
  cat "$log" >> "$all"
  summary="$summary$conf: $(grep -c -E '^(PASS|XFAIL): ' "$log") passed, $(grep -c -E '^(FAIL|XPASS|UNRESOLVED|TIMEOUT): ' "$log") failed
"
  rm -f "$log"
done
passed=$(grep -c -E '^(PASS|XFAIL): ' "$all")
failed=$(grep -c -E '^(FAIL|XPASS|UNRESOLVED|TIMEOUT): ' "$all")
skipped=$(grep -c -E '^UNSUPPORTED: ' "$all")
[ "$lit_done" = 1 ] || failed=$((failed + 1))
[ $# -gt 1 ] && printf '%s' "$summary"
echo "testsuite: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
