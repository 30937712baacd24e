#!/usr/bin/env python3
"""Runs one engine audit program and checks its counts against the numbers
docs/engine_audits.md states, so the document and the engines cannot drift
apart unnoticed (ctest runs this for every audit, at the documented size).

    check_counts.py DOC -- PROGRAM [ARGS...]

Every report the program prints (a "### <name>" heading and its table) must
be stated in DOC, either
  - as a section "#### <name>" whose per-family table gives the same cases,
    wrong and gross counts for every family, or
  - as a row "| `<name>` | wrong | gross |" of a totals table: the sums over
    the report's families.
Exit status 0 when everything agrees, 1 with a list of the differences.
"""

import re
import subprocess
import sys


def tables(text, heading):
    """{name: [(family, cases, wrong, gross), ...]} of every section whose
    heading starts with `heading` (e.g. '### ') and its first table."""
    out = {}
    name = None
    header = None
    for line in text.splitlines():
        if line.startswith(heading) and not line.startswith(heading + "#"):
            name = line[len(heading):].strip()
            header = None
            continue
        if name is None or not line.startswith("|"):
            if header is not None and not line.startswith("|"):
                name, header = None, None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
            continue
        if set(cells[0]) <= set("-: "):
            continue
        if "family" not in header:
            continue
        row = dict(zip(header, cells))
        try:
            out.setdefault(name, []).append(
                (row["family"], int(row["cases"]), int(row["wrong"]), int(row["gross"])))
        except (KeyError, ValueError):
            continue
    return out


def totals(text):
    """{name: (wrong, gross)} from rows '| `name` | wrong | gross |'."""
    out = {}
    for m in re.finditer(r"^\| `([^`]+)` \| (\d+) \| (\d+) \|\s*$", text, re.M):
        out[m.group(1)] = (int(m.group(2)), int(m.group(3)))
    return out


def main(argv):
    if len(argv) < 4 or argv[2] != "--":
        print(__doc__)
        return 2
    doc = open(argv[1], encoding="utf-8").read()
    run = subprocess.run(argv[3:], capture_output=True, text=True)
    if run.returncode != 0:
        print(run.stdout + run.stderr)
        print(f"check_counts: {argv[3]} exited with {run.returncode}")
        return 1
    printed = tables(run.stdout, "### ")
    if not printed:
        print(run.stdout)
        print("check_counts: the program printed no report")
        return 1
    stated = tables(doc, "#### ")
    stated_totals = totals(doc)
    problems = []
    for name, rows in printed.items():
        if name in stated:
            want = {r[0]: r[1:] for r in stated[name]}
            got = {r[0]: r[1:] for r in rows}
            if want.keys() != got.keys():
                problems.append(f"{name}: families {sorted(got)} printed, {sorted(want)} documented")
            for fam in sorted(want.keys() & got.keys()):
                if want[fam] != got[fam]:
                    problems.append(f"{name} / {fam}: (cases, wrong, gross) {got[fam]} printed, "
                                    f"{want[fam]} documented")
        elif name in stated_totals:
            got = (sum(r[2] for r in rows), sum(r[3] for r in rows))
            if got != stated_totals[name]:
                problems.append(f"{name}: (wrong, gross) {got} printed, {stated_totals[name]} documented")
        else:
            problems.append(f"{name}: printed, but docs state no counts for it")
    for p in problems:
        print("check_counts: " + p)
    checked = len(printed)
    print(f"check_counts: {checked} reports of {argv[3]}, {len(problems)} differences from {argv[1]}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
