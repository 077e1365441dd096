#!/bin/sh
# out-of-tree.sh SRCROOT WORKDIR - run by packaging/out-of-tree.test: make
# install into a temporary prefix, build hello.c out of tree through
# pkg-config and through CMake against it, run the programs at p = 1 and 3,
# then make uninstall; then the same install and uninstall with DESTDIR.
# The build directory is the one whose bin/ is first in PATH (bspcc).
set -e
src=$1 work=$2
bspcc=$(command -v bspcc) || { echo "out-of-tree.sh: bspcc is not in PATH" >&2; exit 1; }
build=$(cd "$(dirname "$bspcc")/.." && pwd)
[ -f "$build/lib/libbsp.a" ] || { echo "out-of-tree.sh: $build is no build directory" >&2; exit 1; }
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work"
prefix=$work/prefix
make -s -C "$src" BUILD="$build" PREFIX="$prefix" install >/dev/null

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
echo "pkg-config: $(pkg-config --modversion bsplib) $(pkg-config --cflags --libs bsplib neststep | sed "s|$prefix|<prefix>|g")"
libdir=$(pkg-config --variable=libdir bsplib)
gcc -Wall -Wextra -Werror $(pkg-config --cflags bsplib) "$here/hello.c" -o "$work/hello-pc" \
  $(pkg-config --libs bsplib) -Wl,-rpath,"$libdir"
gcc -Wall -Wextra -Werror $(pkg-config --cflags bsplib-mcbsp) "$here/hello.c" -o "$work/hello-pc-mcbsp" \
  $(pkg-config --libs bsplib-mcbsp) -Wl,-rpath,"$libdir"
echo "hello-pc needs $(readelf -d "$work/hello-pc" | grep -o 'lib\(bsp\|nsengine\)\.so\.[0-9]*' | tr '\n' ' ')"

cmake -S "$here" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER=gcc \
  -DCMAKE_C_FLAGS="-Wall -Wextra -Werror" >"$work/cmake.log" 2>&1 || { cat "$work/cmake.log"; exit 1; }
cmake --build "$work/cmake" >>"$work/cmake.log" 2>&1 || { cat "$work/cmake.log"; exit 1; }
echo "cmake: built"

for prog in hello-pc hello-pc-mcbsp cmake/hello cmake/hello_static cmake/hello_mcbsp; do
  for np in 1 3; do
    printf '%s -np %s: ' "$prog" "$np"
    "$prefix/bin/bsprun" -np $np "$work/$prog"
  done
done

make -s -C "$src" BUILD="$build" PREFIX="$prefix" uninstall >/dev/null
echo "after uninstall: $(find "$prefix" -mindepth 1 | wc -l) entries under the prefix"

dest=$work/dest
make -s -C "$src" BUILD="$build" PREFIX=/usr/local DESTDIR="$dest" install >/dev/null
echo "DESTDIR install: $(grep '^prefix=' "$dest/usr/local/lib/pkgconfig/bsplib.pc"), $(find "$dest" -type f | wc -l) files, $(find "$dest" -type l | wc -l) links"
make -s -C "$src" BUILD="$build" PREFIX=/usr/local DESTDIR="$dest" uninstall >/dev/null
echo "DESTDIR uninstall: $(find "$dest" -mindepth 1 \! -type d | wc -l) files left"
