#!/usr/bin/env python3
"""Runs one engine audit program and checks its counts against the numbers
docs/engine_audits.md states, so the document and the engines cannot drift
apart unnoticed (ctest runs this for every audit, at the documented size).

    check_counts.py DOC -- PROGRAM [ARGS...]
    check_counts.py --update DOC -- PROGRAM [ARGS...]

With --update, DOC is rewritten to state what the program printed (each
documented family row replaced by the printed one when the two tables have
the same columns, else its cases/wrong/gross cells; each totals row's
numbers): after a change to what an audit measures, rerun, then read the
prose around the tables again -- it is not updated.

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


# A row of the totals tables: '| `name` | wrong | gross |', or with the name
# as <code>...</code> and its "::" escaped (the API reference's Doxygen
# would take a "::name" in backticks for a link to resolve).
TOTAL_ROW = r"^\| (`([^`]+)`|<code>([^<]+)</code>) \| (\d+) \| (\d+) \|\s*$"


def total_name(m):
    return m.group(2) if m.group(2) is not None else m.group(3).replace("\\::", "::")


def totals(text):
    """{name: (wrong, gross)} from the rows of the totals tables (TOTAL_ROW)."""
    out = {}
    for m in re.finditer(TOTAL_ROW, text, re.M):
        out[total_name(m)] = (int(m.group(4)), int(m.group(5)))
    return out


def printed_rows(text):
    """{name: (header_cells, {family: line})} of the program's tables."""
    out = {}
    name = None
    header = None
    for line in text.splitlines():
        if line.startswith("### ") and not line.startswith("####"):
            name, header = line[4:].strip(), None
            continue
        if name is None or not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
            out[name] = (header, {})
            continue
        if set(cells[0]) <= set("-: "):
            continue
        out[name][1][cells[0]] = line
    return out


def update(doc_path, stdout):
    doc = open(doc_path, encoding="utf-8").read()
    printed = printed_rows(stdout)
    sums = {n: (sum(int(dict(zip(h, [c.strip() for c in l.strip().strip("|").split("|")]))["wrong"]) for l in rows.values()),
                sum(int(dict(zip(h, [c.strip() for c in l.strip().strip("|").split("|")]))["gross"]) for l in rows.values()))
            for n, (h, rows) in printed.items() if "wrong" in h}
    out = []
    name = None
    header = None
    for line in doc.splitlines():
        if line.startswith("#### "):
            name, header = line[5:].strip(), None
        elif line.startswith("#"):
            name, header = None, None
        m = re.match(TOTAL_ROW, line)
        if m and total_name(m) in sums:
            w, g = sums[total_name(m)]
            line = f"| {m.group(1)} | {w} | {g} |"
        elif name in printed and line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if header is None:
                header = cells
            elif not set(cells[0]) <= set("-: ") and cells[0] in printed[name][1]:
                new = printed[name][1][cells[0]]
                if header == printed[name][0]:
                    line = new
                else:
                    p = dict(zip(printed[name][0], [c.strip() for c in new.strip().strip("|").split("|")]))
                    for k in ("cases", "wrong", "gross"):
                        if k in header and k in p:
                            cells[header.index(k)] = p[k]
                    line = "| " + " | ".join(cells) + " |"
        elif not line.startswith("|"):
            header = None if not line.startswith("#### ") else header
        out.append(line)
    open(doc_path, "w", encoding="utf-8").write("\n".join(out) + ("\n" if doc.endswith("\n") else ""))


def main(argv):
    if len(argv) >= 2 and argv[1] == "--update":
        if len(argv) < 5 or argv[3] != "--":
            print(__doc__)
            return 2
        run = subprocess.run(argv[4:], capture_output=True, text=True)
        if run.returncode != 0:
            print(run.stdout + run.stderr)
            return 1
        update(argv[2], run.stdout)
        return main([argv[0], argv[2], "--"] + argv[4:])
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
