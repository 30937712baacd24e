#!/usr/bin/env python3
"""How much two runs of `exactgeom report --readme` moved, kind by kind.

  compare_runs.py A.md B.md

A and B are the outputs of two runs (scripts/update_readme.sh keeps the last
one in build/readme_run.md; docs/performance.md, between its markers, is one
too). Prints Markdown: for the time ratios (medians over processes) and the
instruction ratios (callgrind) of every benchmark cell both runs have, the
median and largest relative change between the runs; then every target
whose verdict differs between them. The same code run twice should move the
instruction ratios by nothing and the time ratios by their noise.
"""
import re
import statistics
import sys

RATIO = re.compile(r"^([0-9.]+)x")
INSTR = re.compile(r", ([0-9.]+)x instr")


def block(text):
    begin = text.find("<!-- exactgeom report --readme: begin")
    if begin >= 0:
        text = text[text.index("\n", begin) + 1:text.index("<!-- exactgeom report --readme: end")]
    return text


def parse(path):
    """({(table, impl, set): (time ratio, instruction ratio or None)}, {target: (verdict, ratio text)})."""
    with open(path, encoding="utf-8") as f:
        text = block(f.read())
    cells, targets = {}, {}
    table, sets = None, []
    for line in text.splitlines():
        if line.startswith("**") and line.endswith("**"):
            table, sets = line.strip("*"), []
            continue
        if not line.startswith("|"):
            continue
        row = [c.strip() for c in line.strip().strip("|").split("|")]
        if row[0] == "benchmark":
            table, sets = "targets", []
            continue
        if table == "targets" and row[0].startswith("`") and len(row) == 5:
            name = "%s vs %s" % (row[0].strip("`"), row[1])
            verdict = "met" if row[4].endswith("(met)") else ("missed" if "missed" in row[4] else "-")
            targets[name] = (verdict, row[2])
            continue
        if table and table != "targets":
            if row[0] == "implementation":
                sets = row[1:]
                continue
            if row[0].startswith("---"):
                continue
            for s, cell in zip(sets, row[1:]):
                m = RATIO.match(cell)
                if not m:
                    continue
                i = INSTR.search(cell)
                cells[(table, row[0], s)] = (float(m.group(1)), float(i.group(1)) if i else None)
    return cells, targets


def change(a, b):
    return abs(b - a) / a if a > 0 else 0.0


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    (ca, ta), (cb, tb) = parse(argv[1]), parse(argv[2])
    common = sorted(set(ca) & set(cb))
    if not common:
        sys.exit("compare_runs: the two runs have no benchmark cell in common")
    time_moves = [(change(ca[k][0], cb[k][0]), k) for k in common]
    instr_moves = [(change(ca[k][1], cb[k][1]), k) for k in common if ca[k][1] and cb[k][1]]
    print("| kind of figure | cells | median change | largest change |")
    print("| --- | ---: | ---: | --- |")
    for label, moves in (("time ratio (median over processes)", time_moves),
                         ("instruction ratio (callgrind)", instr_moves)):
        if not moves:
            print("| %s | 0 | - | - |" % label)
            continue
        worst = max(moves)
        print("| %s | %d | %.1f%% | %.1f%% (%s/%s/%s) |" % (
            label, len(moves), 100 * statistics.median(m for m, _ in moves), 100 * worst[0], *worst[1]))
    flips = [(n, ta[n], tb[n]) for n in sorted(set(ta) & set(tb)) if ta[n][0] != tb[n][0]]
    print()
    print("Targets judged in both runs: %d; verdicts that differ: %d." % (len(set(ta) & set(tb)), len(flips)))
    if flips:
        print()
        print("| target | first run | second run |")
        print("| --- | --- | --- |")
        for name, a, b in flips:
            print("| `%s` | %s (%s) | %s (%s) |" % (name, a[1], a[0], b[1], b[0]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
