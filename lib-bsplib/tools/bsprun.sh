#!/bin/sh
# bsprun (also installed as nsrun) - start a BSPlib or NestStep-C program
# on N MPI processes.
# Usage: bsprun [-np N | -n N] prog [args...]      (N defaults to 1)
# Engine knobs pass through the environment (see bsprun(1)): NS_TREE_ARITY,
# NS_DIRECT_MAX, NS_SPIN_POLLS, NS_WAIT_POLICY, NS_WAIT_SLEEP_AFTER,
# NS_WAIT_NAP_MAX, NS_CHECK_SITES.
me=$(basename "$0")
np=1
while [ $# -gt 0 ]; do
  case "$1" in
    -np|-n) [ $# -ge 2 ] || { echo "$me: $1 needs a number" >&2; exit 2; }
            np=$2; shift 2 ;;
    -np=*|-n=*) np=${1#*=}; shift ;;
    -h|--help) sed -n '2,6s/^# \{0,1\}//p' "$0"; exit 0 ;;
    --) shift; break ;;
    *) break ;;
  esac
done
case "$np" in ''|*[!0-9]*|0) echo "$me: process count must be a positive number, got '$np'" >&2; exit 2 ;; esac
[ $# -ge 1 ] || { echo "$me: no program given; usage: $me -np N prog [args...]" >&2; exit 2; }
exec ${BSPRUN_MPIEXEC:-mpiexec} -n "$np" "$@"
