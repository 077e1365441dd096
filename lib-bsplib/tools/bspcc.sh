#!/bin/sh
# bspcc - compile and link BSPlib C programs against NestStep-C's BSPlib.
# Usage: bspcc [--mcbsp] [--simulate] [cc options] file.c... [-o prog]   (other options go to mpicc)
#   --mcbsp     MulticoreBSP for C 2.0's API (size_t sizes, unsigned ids): -DBSP_MCBSP_API
#   --simulate  for a simulated machine (bsprun --simulate): SimGrid's smpicc and the
#               simulation build's libraries (docs/simulate.md)
# Finds the headers and libraries next to itself: <root>/bin, <root>/include, <root>/lib;
# with --simulate, in $NS_SIMULATE_ROOT, else <root> if it is a simulation build
# (<root>/share/neststep/platforms), else <root>-simulate (build -> build-simulate).
# Links the static libraries, after "-x none" (a -x LANG of the command line
# does not apply to them); refuses -o without a file name, an output that
# is one of the libraries, and a command line without input files.
me=$(basename "$0")
root=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
cc=${BSPCC_CC:-mpicc}
for arg do                              # --simulate: another root and compiler
  if [ "$arg" = --simulate ]; then
    if [ -n "${NS_SIMULATE_ROOT-}" ]; then root=$NS_SIMULATE_ROOT
    elif [ ! -d "$root/share/neststep/platforms" ]; then root=$root-simulate; fi
    [ -f "$root/lib/libnsengine.a" ] || {
      echo "$me: --simulate: no simulation build in $root (make simulate, or set NS_SIMULATE_ROOT)" >&2
      exit 1; }
    cc=${BSPCC_SIMULATE_CC:-smpicc}
    break
  fi
done
libs="$root/lib/libbsp.a $root/lib/libnsengine.a"
api= link=1 inputs=0 info=0 out= want=
for arg do
  shift
  [ "$arg" = --simulate ] && continue
  if [ -n "$want" ]; then               # the argument of the option before
    [ "$want" = o ] && out=$arg
    [ "$want" = l ] && inputs=$((inputs + 1))
    want=
    set -- "$@" "$arg"
    continue
  fi
  case "$arg" in
    --mcbsp) api=-DBSP_MCBSP_API; continue ;;
    -o) want=o ;;
    -o*) out=${arg#-o} ;;
    -x|-I|-L|-D|-U|-include|-imacros|-idirafter|-iprefix|-iwithprefix|-iwithprefixbefore|\
    -isystem|-isysroot|-iquote|-imultilib|-MF|-MT|-MQ|-Xassembler|-Xpreprocessor|-aux-info|\
    -T|-u|-z|-e|--param|-wrapper) want=other ;;
    -Xlinker) want=l ;;
    -l) want=l ;;
    -l*|-Wl,*) inputs=$((inputs + 1)) ;;
    -c|-E|-S|-M|-MM|-fsyntax-only) link= ;;
    --version|-v|--help|--help=*|--target-help|-dumpversion|-dumpfullversion|-dumpmachine|\
    -dumpspecs|-print-*|-show|-compile_info|-link_info) info=1 ;;
    -) inputs=$((inputs + 1)) ;;
    -*) ;;
    *) inputs=$((inputs + 1)) ;;
  esac
  set -- "$@" "$arg"
done
if [ "$want" = o ]; then
  echo "$me: error: missing filename after '-o'" >&2; exit 1
elif [ -n "$want" ]; then
  eval "last=\${$#}"
  echo "$me: error: missing argument to '$last'" >&2; exit 1
fi
if [ "$inputs" -eq 0 ]; then
  # Only asked for the compiler's version or settings: nothing to link.
  [ "$info" = 1 ] && exec $cc $api -I"$root/include" "$@"
  echo "$me: fatal error: no input files" >&2; exit 1
fi
if [ -n "$out" ]; then                  # never write over a library
  target=$(readlink -f -- "$out" 2>/dev/null || echo "$out")
  for lib in $libs; do
    if [ "$target" = "$(readlink -f -- "$lib")" ]; then
      echo "$me: error: the output '$out' is NestStep-C's library $lib; name another file with -o" >&2
      exit 1
    fi
  done
fi
[ -n "$link" ] || libs=
exec $cc $api -I"$root/include" "$@" ${libs:+-x none} $libs
