#!/usr/bin/env python3
"""The measured tables of docs/performance.md: written by `exactgeom report --readme`, never by hand.

  readme_tables.py splice DOC BLOCK         put BLOCK (a file) between the markers
  readme_tables.py check DOC TOOL          run `TOOL report --readme` briefly and
                                            check that DOC's block has the
                                            same shape (its numbers are not compared:
                                            machines differ)

scripts/update_readme.sh runs `splice` after a full report run; the test suite
runs `check` (tests/CMakeLists.txt, readme_tables), so a table edited by hand,
a row the report has and the page lacks (or the reverse) or a changed format
fails the tests.
"""
import re
import subprocess
import sys

BEGIN = "<!-- exactgeom report --readme: begin (scripts/update_readme.sh writes this block) -->"
END = "<!-- exactgeom report --readme: end -->"
# Lines whose text is the run's own (the machine, the tally of targets): only
# their first word is compared.
FREE_LINES = ("Run:", "Machine:", "Targets:", "Spread:")
# A cell that says a count was not taken (the check runs without callgrind)
# stands for a measured one.
UNMEASURED_CELLS = ("not counted",)
# Optional tables (by their heading) and rows (by their first cell).
OPTIONAL_TABLES = ("**mesh_model_intersects**",)
OPTIONAL_ROWS = ("| `mesh_model_intersects/",)


def split(text):
    """(before, block, after) around the markers; exits when they are missing."""
    try:
        head, rest = text.split(BEGIN + "\n", 1)
        block, tail = rest.split(END + "\n", 1)
    except ValueError:
        sys.exit("readme_tables: the page lacks the markers\n  %s\n  %s" % (BEGIN, END))
    return head, block, tail


def shape(block):
    """The block with every measured value replaced by '#'.

    Table cells holding a digit become '#'; other lines have their numbers
    replaced. Rows of the optional CGAL comparison, and the line saying it was
    not built, are left out, so a build without CGAL checks the rest; so is
    the real-model table (it needs assimp and assimp's test models).
    """
    out = []
    skipping = False
    for line in block.splitlines():
        # The real-model table (bench/mesh_bench.cpp: a model file of a
        # Debian package, read through assimp) exists only where both are
        # installed: left out like the CGAL rows, and its target row too.
        if line.startswith("**"):
            skipping = line.startswith(OPTIONAL_TABLES)
        elif skipping and not (line.startswith("|") or not line.strip()):
            skipping = False
        if skipping or line.startswith(OPTIONAL_ROWS):
            continue
        if line.startswith(FREE_LINES):
            out.append(line.split()[0])
        elif line.startswith("Not built:") or line.startswith("| cgal"):
            continue
        elif line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            out.append("|".join("#" if re.search(r"\d", c) or c in UNMEASURED_CELLS else c for c in cells))
        else:
            out.append(re.sub(r"\d+(\.\d+)?", "#", line))
    # A left-out line leaves its blank neighbours: runs of blank lines count as one.
    return [l for i, l in enumerate(out) if l.strip() or i == 0 or out[i - 1].strip()]


def main(argv):
    if len(argv) != 4 or argv[1] not in ("splice", "check"):
        sys.exit(__doc__)
    with open(argv[2], encoding="utf-8") as f:
        readme = f.read()
    head, block, tail = split(readme)
    if argv[1] == "splice":
        with open(argv[3], encoding="utf-8") as f:
            new = f.read()
        if not new.endswith("\n"):
            new += "\n"
        with open(argv[2], "w", encoding="utf-8") as f:
            f.write(head + BEGIN + "\n" + new + END + "\n" + tail)
        return 0
    run = subprocess.run([argv[3], "report", "--readme", "--min-time", "0.001", "--cases", "20",
                          "--processes", "1"],
                         capture_output=True, text=True, check=True)
    want, have = shape(run.stdout), shape(block)
    # The block starts with the Run: line the script adds.
    if have and have[0] == "Run:":
        have = have[1:]
        while have and have[0] == "":
            have = have[1:]
    if want == have:
        print("readme_tables: the measured tables have the report's shape (%d lines)" % len(want))
        return 0
    import difflib
    sys.stdout.writelines(difflib.unified_diff([l + "\n" for l in have], [l + "\n" for l in want],
                                               "docs/performance.md (shape)", "exactgeom report --readme (shape)"))
    print("readme_tables: the tables of docs/performance.md differ from what `exactgeom report --readme` prints;\n"
          "run scripts/update_readme.sh and commit the result")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
