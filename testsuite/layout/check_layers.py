#!/usr/bin/env python3
"""check_layers.py - the engine and the library call only down their layers.

    check_layers.py ROOT OBJ [LAYERS]

ROOT is a source tree, OBJ the folder its objects were built into (the
object of ROOT/x/y.c is OBJ/x/y.o, as the top-level Makefile builds them),
LAYERS the file giving the order (default ROOT/runtime/LAYERS: one
layer folder a line, lowest first; `upward FILE NAME` lines name the
upward uses still allowed, each one by name).

A file of a layer may use what the files of its own layer and of any
layer below define: symbols (from `nm` of each object: every undefined
symbol resolved to the object that defines it) and headers (its
`#include "..."`s, resolved to the layer folder that holds that header).
Every use of a higher layer is reported with the file, the name and both
layers.  Also reported: a source file directly in a folder that holds
layers (runtime/src, lib-bsplib/src), a folder there that LAYERS does
not name, and a layer file without its object.  Exit status 1 on any
finding, 0 with a one-line summary otherwise.
"""
import os
import re
import subprocess
import sys

SOURCE_SUFFIXES = ('.c', '.h')
# Files that may sit in a folder of layers: this order and its description.
FOLDER_FILES = ('README.md',)


def read_layers(path):
    layers, upward = [], set()
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            words = line.split('#', 1)[0].split()
            if not words:
                continue
            if words[0] == 'upward' and len(words) == 3:
                upward.add((words[1], words[2]))
            elif len(words) == 1:
                layers.append(words[0].rstrip('/'))
            else:
                sys.exit(f'{path}:{lineno}: expected a layer folder or "upward FILE NAME"')
    return layers, upward


def nm(obj):
    """(defined global symbols, undefined symbols) of one object."""
    out = subprocess.run(['nm', obj], capture_output=True, text=True, check=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in 'TDBRCVWG':
            defined.add(parts[2])
        elif len(parts) == 2 and parts[0] == 'U':
            undefined.add(parts[1])
    return defined, undefined


def main(argv):
    if len(argv) not in (3, 4):
        sys.exit(__doc__)
    root, objroot = argv[1], argv[2]
    layers_file = argv[3] if len(argv) == 4 else os.path.join(root, 'runtime', 'LAYERS')
    layers, upward = read_layers(layers_file)
    rank = {layer: i for i, layer in enumerate(layers)}
    findings = []

    # Every file of the layer folders, and nothing beside them.
    files = {}                  # relative path -> layer
    for parent in sorted({os.path.dirname(layer) for layer in layers}):
        for name in sorted(os.listdir(os.path.join(root, parent))):
            rel = os.path.join(parent, name)
            if os.path.isdir(os.path.join(root, rel)):
                if rel not in rank:
                    findings.append(f'layering: folder {rel} is not a layer of {layers_file}; '
                                    'add it there in its place')
            elif name not in FOLDER_FILES:
                findings.append(f'layering: file {rel} sits directly in {parent}; '
                                'move it into the layer folder that owns it')
    for layer in layers:
        for name in sorted(os.listdir(os.path.join(root, layer))):
            if name.endswith(SOURCE_SUFFIXES):
                files[os.path.join(layer, name)] = layer

    # Symbols: who defines what.
    defined_by, uses = {}, {}
    for rel in sorted(f for f in files if f.endswith('.c')):
        obj = os.path.join(objroot, rel[:-2] + '.o')
        if not os.path.isfile(obj):
            findings.append(f'layering: no object {obj} for {rel}; build first')
            continue
        defined, undefined = nm(obj)
        for sym in defined:
            defined_by.setdefault(sym, rel)
        uses[rel] = undefined
    headers = {}
    for rel in files:
        if rel.endswith('.h'):
            headers.setdefault(os.path.basename(rel), rel)

    def check(user, name, owner, what):
        lu, lo = files[user], files[owner]
        if rank[lo] <= rank[lu]:
            return 0
        if (user, name) in upward:
            used.add((user, name))
            return 0
        findings.append(f'layering: {user} {what} {name} of {owner}: layer {lu} may not '
                        f'use layer {lo}, above it in {os.path.basename(layers_file)}')
        return 1

    calls = includes = 0
    used = set()
    for user in sorted(uses):
        for sym in sorted(uses[user]):
            owner = defined_by.get(sym)
            if owner and owner != user:
                calls += 1
                check(user, sym, owner, 'uses')
    include_re = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
    for user in sorted(files):
        with open(os.path.join(root, user), errors='replace') as f:
            text = f.read()
        for inc in include_re.findall(text):
            owner = headers.get(os.path.basename(inc))
            if owner and owner != user:
                includes += 1
                check(user, os.path.basename(inc), owner, 'includes')

    for user, name in sorted(upward - used):
        findings.append(f'layering: "upward {user} {name}" in {layers_file} allows nothing; '
                        'remove it')
    for line in findings:
        print(line)
    if findings:
        print(f'layering: {len(findings)} finding(s)')
        return 1
    allowed = (f' but the {len(upward)} named in {os.path.basename(layers_file)}'
               if upward else '')
    print(f'layering: {len(files)} files in {len(layers)} layers; {calls} uses of symbols and '
          f'{includes} includes across files, none upward{allowed}')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
