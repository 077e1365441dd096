#!/bin/sh
# sanitizer-reports.sh DIR: print every sanitizer report that the processes
# of make check-sanitize wrote under DIR (ASan/UBSan/LSan log_path, one file
# per reporting process), then the line "check-sanitize: N sanitizer
# reports"; exit non-zero if there is any.
dir=$1
n=0
for f in "$dir"/report.*; do
    [ -e "$f" ] || continue
    n=$((n + 1))
    echo "==== $f"
    cat "$f"
done
echo "check-sanitize: $n sanitizer reports"
[ "$n" -eq 0 ]
