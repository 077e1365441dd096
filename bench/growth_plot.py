#!/usr/bin/env python3
"""growth_plot.py DIR [PLATFORM] - the table and the picture of growth_sim.sh.

Reads DIR/growth.csv (exchange,p,op,us), DIR/probe.csv (p,g,l) and
DIR/runs.csv; writes DIR/growth.md (the tables: simulated us per operation,
the largest over processes, per count-exchange protocol, beside the BSP
model l + h g from bspprobe at the same p; the wall time and memory of each
run) and DIR/growth.svg (one panel per operation, log2 p across, log time
up, one curve per protocol and the model's dashed).  Plain SVG text, the
standard library only.
"""
import csv
import math
import os
import sys
from xml.sax.saxutils import escape

OPS = ["sync", "combine", "prefix", "hrel1", "da_read", "a2a1"]
TITLE = {
    "sync": "empty bsp_sync",
    "combine": "combine: sh<+> int",
    "prefix": "combine(x<+:pre>)",
    "hrel1": "h = 1: one put to the next",
    "da_read": "one remote DA read",
    "a2a1": "all-to-all one word: h = p-1",
}
EXCHANGES = ["tree", "direct", "nbx"]
COLOUR = {"tree": "#1f5fbf", "direct": "#d9730d", "nbx": "#2a9d3a", "model": "#000000"}


def model_h(op, p):
    """The words a process sends or receives in the operation's data: the
    combine's value travels in the synchronization itself (l); a DA read
    is a request and an answer."""
    return {"sync": 0, "combine": 0, "prefix": 0, "hrel1": 1, "da_read": 2,
            "a2a1": p - 1}[op]


def read(dirname):
    times = {}
    with open(os.path.join(dirname, "growth.csv")) as f:
        for row in csv.DictReader(f):
            times[(row["op"], row["exchange"], int(row["p"]))] = float(row["us"])
    probe = {}
    with open(os.path.join(dirname, "probe.csv")) as f:
        for row in csv.DictReader(f):
            probe[int(row["p"])] = (float(row["g"]), float(row["l"]))
    runs = []
    with open(os.path.join(dirname, "runs.csv")) as f:
        runs = list(csv.DictReader(f))
    return times, probe, runs


def model(op, p, probe):
    if p not in probe:
        return None
    g, l = probe[p]
    return l + model_h(op, p) * g


def fmt(v):
    if v is None:
        return "-"
    return "%.2f" % v if v < 100 else "%.0f" % v


def tables(times, probe, runs, platform):
    ps = sorted({p for (_, _, p) in times} | set(probe))
    out = ["Simulated us per operation (the largest over processes) on %s;" % platform,
           "model: l + h g from bspprobe --quick at the same p (h: 0 for sync, combine,",
           "prefix; 1 for h = 1; 2 for a DA read; p - 1 for all-to-all).", ""]
    for op in OPS:
        if not any(k[0] == op for k in times):
            continue
        out.append("%s:" % TITLE[op])
        out.append("")
        out.append("| p | tree | direct | nbx | model l + h g |")
        out.append("|---|---|---|---|---|")
        for p in ps:
            cells = [fmt(times.get((op, ex, p))) for ex in EXCHANGES]
            m = model(op, p, probe)
            if all(c == "-" for c in cells) and m is None:
                continue
            out.append("| %d | %s | %s |" % (p, " | ".join(cells), fmt(m)))
        out.append("")
    if probe:
        out.append("bspprobe --quick (g us a word, l us):")
        out.append("")
        out.append("| p | g | l |")
        out.append("|---|---|---|")
        for p in sorted(probe):
            out.append("| %d | %.5f | %.3f |" % (p, probe[p][0], probe[p][1]))
        out.append("")
    out.append("Runs (this machine's wall time and peak memory):")
    out.append("")
    out.append("| what | exchange | p | wall s | peak MB | status |")
    out.append("|---|---|---|---|---|---|")
    for r in runs:
        out.append("| %s | %s | %s | %s | %s | %s |" % (r["what"], r["exchange"], r["p"],
                                                       r["wall_s"], r["maxrss_mb"], r["status"]))
    return "\n".join(out) + "\n"


def svg(times, probe, platform):
    ops = [op for op in OPS if any(k[0] == op for k in times)]
    ps = sorted({p for (_, _, p) in times})
    lo_x, hi_x = math.log2(min(ps)), math.log2(max(ps))
    if hi_x == lo_x:
        hi_x = lo_x + 1
    vals = [v for v in times.values() if v > 0]
    for op in ops:
        for p in ps:
            m = model(op, p, probe)
            if m and m > 0:
                vals.append(m)
    lo_y = math.floor(math.log10(min(vals)))
    hi_y = math.ceil(math.log10(max(vals)))
    if hi_y == lo_y:
        hi_y = lo_y + 1
    cols, pw, ph = 3, 300, 220
    ml, mr, mt, mb = 52, 12, 28, 36
    rows = (len(ops) + cols - 1) // cols
    width, height = cols * pw, rows * ph + 56
    s = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
         'font-family="sans-serif" font-size="11">' % (width, height),
         '<rect width="100%" height="100%" fill="white"/>',
         '<text x="%d" y="16" font-size="13">Simulated cost per operation against p '
         '(%s), the largest over processes</text>' % (8, escape(platform))]
    for i, op in enumerate(ops):
        ox, oy = (i % cols) * pw, 24 + (i // cols) * ph
        x0, x1, y0, y1 = ox + ml, ox + pw - mr, oy + ph - mb, oy + mt

        def X(p):
            return x0 + (math.log2(p) - lo_x) / (hi_x - lo_x) * (x1 - x0)

        def Y(v):
            return y0 - (math.log10(v) - lo_y) / (hi_y - lo_y) * (y0 - y1)
        s.append('<text x="%.1f" y="%d" font-size="12" font-weight="bold">%s</text>'
                 % (x0, oy + mt - 8, escape(TITLE[op])))
        s.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="none" '
                 'stroke="#888"/>' % (x0, y1, x1 - x0, y0 - y1))
        for e in range(lo_y, hi_y + 1):
            y = Y(10 ** e)
            s.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#ddd"/>'
                     % (x0, y, x1, y))
            s.append('<text x="%.1f" y="%.1f" text-anchor="end">%g us</text>'
                     % (x0 - 3, y + 4, 10 ** e))
        for p in ps:
            x = X(p)
            s.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#eee"/>'
                     % (x, y0, x, y1))
            s.append('<text x="%.1f" y="%.1f" text-anchor="middle">%d</text>'
                     % (x, y0 + 13, p))
        s.append('<text x="%.1f" y="%.1f" text-anchor="middle">p</text>'
                 % ((x0 + x1) / 2, y0 + 27))
        series = [(ex, [(p, times[(op, ex, p)]) for p in ps if (op, ex, p) in times], "")
                  for ex in EXCHANGES]
        series.append(("model", [(p, model(op, p, probe)) for p in ps
                                 if model(op, p, probe)], ' stroke-dasharray="5,3"'))
        for name, pts, dash in series:
            pts = [(p, v) for p, v in pts if v and v > 0]
            if not pts:
                continue
            path = " ".join("%.1f,%.1f" % (X(p), Y(v)) for p, v in pts)
            s.append('<polyline points="%s" fill="none" stroke="%s" stroke-width="1.6"%s/>'
                     % (path, COLOUR[name], dash))
            for p, v in pts:
                s.append('<circle cx="%.1f" cy="%.1f" r="2.2" fill="%s"/>'
                         % (X(p), Y(v), COLOUR[name]))
    ly = height - 14
    legend = [("tree", ""), ("direct", ""), ("nbx", ""),
              ("model", ' stroke-dasharray="5,3"')]
    for j, (name, dash) in enumerate(legend):
        lx = 12 + j * 200
        s.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"%s/>'
                 % (lx, ly - 4, lx + 26, ly - 4, COLOUR[name], dash))
        text = name if name != "model" else "BSP model l + h g (bspprobe)"
        s.append('<text x="%d" y="%d">%s</text>' % (lx + 32, ly, escape(text)))
    s.append("</svg>")
    return "\n".join(s) + "\n"


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: growth_plot.py DIR [PLATFORM]")
    dirname = sys.argv[1]
    platform = sys.argv[2] if len(sys.argv) > 2 else "fat-tree-1024"
    times, probe, runs = read(dirname)
    if not times:
        sys.exit("growth_plot.py: no times in %s/growth.csv" % dirname)
    md = tables(times, probe, runs, platform)
    with open(os.path.join(dirname, "growth.md"), "w") as f:
        f.write(md)
    with open(os.path.join(dirname, "growth.svg"), "w") as f:
        f.write(svg(times, probe, platform))
    sys.stdout.write(md)


if __name__ == "__main__":
    main()
