#!/bin/sh
# bspcc - compile and link BSPlib C programs against NestStep-C's BSPlib.
# Usage: bspcc [cc options] file.c... [-o prog]   (all options go to mpicc)
# Finds the headers and libraries next to itself: <root>/bin, <root>/include, <root>/lib.
root=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
case " $* " in
  *" -c "*|*" -E "*|*" -S "*|*" -M "*|*" -MM "*) link= ;;
  *) link="-L$root/lib -lbsp -lnsengine" ;;
esac
exec ${BSPCC_CC:-mpicc} -I"$root/include" "$@" $link
