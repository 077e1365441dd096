#!/bin/sh
# bspcc - compile and link BSPlib C programs against NestStep-C's BSPlib.
# Usage: bspcc [--mcbsp] [cc options] file.c... [-o prog]   (other options go to mpicc)
#   --mcbsp   MulticoreBSP for C 2.0's API (size_t sizes, unsigned ids): -DBSP_MCBSP_API
# Finds the headers and libraries next to itself: <root>/bin, <root>/include, <root>/lib.
# Links the static libraries.
root=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
api=
for arg do
  shift
  if [ "$arg" = --mcbsp ]; then api=-DBSP_MCBSP_API; else set -- "$@" "$arg"; fi
done
case " $* " in
  *" -c "*|*" -E "*|*" -S "*|*" -M "*|*" -MM "*) link= ;;
  *) link="$root/lib/libbsp.a $root/lib/libnsengine.a" ;;
esac
exec ${BSPCC_CC:-mpicc} $api -I"$root/include" "$@" $link
