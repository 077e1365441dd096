#!/bin/sh
# seeds.sh - builds the seed corpus for fuzz_translate (frontend/fuzz/):
# every NestStep input of the samples and the nsc tests, preprocessed the way
# nsc's driver does it, plus small raw snippets.
#
#   frontend/fuzz/seeds.sh [CORPUS_DIR [BUILD_DIR]]
#
# CORPUS_DIR defaults to BUILD_DIR/fuzz/seeds, BUILD_DIR to build; it needs
# BUILD_DIR/include/neststep.h (make builds it).  Run from the repository
# root.  For each input F (samples/neststep/*.nst, testsuite/nsc*/*.nst and
# Inputs/*.nst, and the .nst/.c files that split-file cuts out of
# testsuite/nsc*/*.test) it writes
#   F.i       gcc -E -std=gnu11 -fno-dollars-in-identifiers
#             -include BUILD_DIR/include/neststep.h -I BUILD_DIR/include -x c F
#   F.main.i  the lines of F.i from F itself (and their linemarkers), without
#             the headers but their typedefs: small inputs the fuzzer
#             mutates quickly
# and the snippets below as snippet-N.nst.  Inputs cpp rejects are kept as
# far as cpp got (broken inputs are good seeds too).  The corpus is rebuilt
# from scratch on every run.
set -eu

build=${2:-build}
out=${1:-$build/fuzz/seeds}
inc=$build/include

if [ ! -f "$inc/neststep.h" ]; then
    echo "seeds.sh: $inc/neststep.h missing (run make first)" >&2
    exit 1
fi
split_file=$(command -v split-file 2>/dev/null || echo /usr/lib/llvm-14/bin/split-file)

rm -rf "$out"
mkdir -p "$out"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/nsc-seeds.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

n=0
# preprocess FILE NAME: writes NAME.i and NAME.main.i into $out
preprocess() {
    gcc -E -std=gnu11 -fno-dollars-in-identifiers -include "$inc/neststep.h" -I "$inc" \
        -x c "$1" > "$out/$2.i" 2>/dev/null || true
    if [ ! -s "$out/$2.i" ]; then
        rm -f "$out/$2.i"
        return 0
    fi
    # keep the main file's lines: a linemarker '# N "file" ...' switches the
    # current file; the first one names the main file.  The headers'
    # typedefs stay, so that "uint32_t x;" still parses.
    awk '
        /^# [0-9]+ "/ {
            f = $3
            if (main == "") main = f
            cur = f
            if (cur == main) print
            next
        }
        cur == main { print; next }
        !intd && /^(__extension__ )?typedef / { intd = 1; depth = 0 }
        intd {
            print
            l = $0
            depth += gsub(/[{]/, "", l) - gsub(/[}]/, "", l)
            if (depth <= 0 && /;[ \t]*$/) intd = 0
        }
    ' "$out/$2.i" > "$out/$2.main.i"
    [ -s "$out/$2.main.i" ] || rm -f "$out/$2.main.i"
    n=$((n + 1))
}

# a flat name for a path: samples/neststep/heat.nst -> samples_neststep_heat.nst
flat() {
    printf '%s' "$1" | tr '/' '_'
}

for f in samples/neststep/*.nst testsuite/nsc*/*.nst testsuite/nsc*/Inputs/*.nst \
         testsuite/nsc*/Inputs/*.c; do
    [ -f "$f" ] || continue
    preprocess "$f" "$(flat "$f")"
done

# .test files that carry their inputs (split-file): preprocess each part
for t in testsuite/nsc*/*.test; do
    [ -f "$t" ] || continue
    grep -q 'split-file' "$t" || continue
    d=$tmp/$(flat "$t")
    mkdir -p "$d"
    "$split_file" "$t" "$d" >/dev/null 2>&1 || continue
    for f in "$d"/*; do
        case $f in
        *.nst|*.c) preprocess "$f" "$(flat "$t")_$(basename "$f")" ;;
        esac
    done
done

# small raw snippets: the NestStep constructs and some lexer corner cases
k=0
snippet() {
    k=$((k + 1))
    printf '%s\n' "$1" > "$out/snippet-$k.nst"
}
snippet 'sh int x; int main(void) { step { x = $; } combine(x<+>); return 0; }'
snippet 'sh<+> int s; int main(void) { step s = # + @; return s; }'
snippet 'sh<max> double m; sh<min> float f; sh<?> int a; sh<=> int e; sh<&> unsigned b; sh<|> unsigned o; sh<^> unsigned x; sh<*> long p;'
snippet 'int f(int, int); sh<f> int s; void g(void) { step { s = 1; } }'
snippet 'sh int a[100]</>; sh int c[10][10]<%>; void g(void) { step forall(i, a) a[i] = i; }'
snippet 'sh int a[64]</>; void g(void) { step { forall(i, a, 0, 63, 1) a[i] += owner(a[i]) + owned(a[i]); } }'
snippet 'sh int m[8][8]</>; void g(void) { step { forall2(i, j, m) m[i][j] = 0; } }'
snippet 'sh int m[4][4][4]</>; void g(void) { step { forall3(i, j, k, m) m[i][j][k] = 1; } }'
snippet 'sh int a[32]</>; void g(void) { step {
#pragma mirror(a[0:8])
} step {
#pragma update(a[4:12:2])
} }'
snippet 'void g(int k) { neststep(2) { step ; } neststep(k, @ = $ % 2) step ; neststep(3; 1, 2, 3) ; }'
snippet 'sh int x; sh int y[4]; void g(void) { step { x = 1; y[0] = 2; } combine(x<+>, y[:]<max>, x<f>); }'
snippet 'typedef int T; void g(void) { T T; { T * x; } int (T); struct T { int step; } s; s.step = 1; }'
snippet 'int main(void) { return sizeof(int[3]) + _Alignof(long) + _Generic(1, int: 2, default: 3); }'
snippet 'void g(void) { int x = ({ int y = 1; y; }); __label__ l; l: goto *&&l; __attribute__((fallthrough)); }'
snippet 'struct s { int a : 3; union { int b; float c; }; } v = { .a = 1, .b = 2, [0 ... 3] = 4 };'
snippet '# 1 "a.nst"
# 1 "/usr/include/sys.h" 1 3
int step, sh, forall;
# 3 "a.nst" 2
sh int x;'
snippet '#pragma once
#pragma mirror
#pragma update(
#ident "x"
int x = L'"'"'a'"'"' + u8"s" "t" + 0x1p-3 + 1e+5 + .5f;'
snippet 'char *s = "unterminated
int x = '"'"'y
/* unterminated comment'
snippet '<% %> <: :> %: %:%: ?? \
 $ # @ ` \x01'
snippet 'void g(void) { step step step ; combine(); combine(x<y>[:]); neststep() ; forall() ; }'

echo "seeds.sh: $n inputs preprocessed, $k snippets -> $out ($(ls "$out" | wc -l) files)"
