#!/usr/bin/env python3
"""Replays the kept cases of the mesh and chain audits that a document
quotes through `exactgeom eval`, and checks that eval answers what the
audit's exact reference said (ctest runs this on docs/engine_audits.md).

    replay_doc_lines.py DOC EXACTGEOM [SECTION]

Within SECTION of DOC (default: the "## Meshes, height fields and chains"
section, up to the next "## " heading), every kept case is an item as the
audit's Markdown prints it:

    - family: exact X, float Y; gross: ...
      `{"op":"contact",...}`

and belongs to the report named by the last "#### <name>" heading or
"From `<name>`:" sentence before it. For a report ending in ": depth" eval
must answer "depth":"X" (or, for X = none, "closed":false); ": contact?"
"closed":X or "open":X; ": time of impact" "toi":"X" (none: no toi). Every
other line must answer without an error. Exit status 0 when all agree, 1
with the differences, 2 for a usage error or no line found.
"""

import re
import subprocess
import sys


def items(text, section):
    start = text.find(section)
    if start < 0:
        return None
    end = text.find("\n## ", start + len(section))
    body = text[start:end if end >= 0 else len(text)]
    report = None
    out = []
    lines = body.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"^#### (.+)$", line) or re.search(r"From `([^`]+)`:", line)
        if m:
            report = m.group(1).strip()
        m = re.match(r"^\s*- [^:]+: exact (.+?), (?:float|engine|got) ", line)
        if m and i + 1 < len(lines):
            q = re.match(r"^\s*`(\{\"op\".*\})`\s*$", lines[i + 1])
            if q:
                out.append((report or "", m.group(1), q.group(1)))
    return out


def main(argv):
    if len(argv) not in (3, 4):
        print(__doc__)
        return 2
    text = open(argv[1], encoding="utf-8").read()
    section = argv[3] if len(argv) == 4 else "## Meshes, height fields and chains"
    cases = items(text, section)
    if not cases:
        print(f"replay_doc_lines: no kept case found in {section!r} of {argv[1]}")
        return 2
    run = subprocess.run([argv[2], "eval"], input="".join(c[2] + "\n" for c in cases),
                         capture_output=True, text=True)
    answers = run.stdout.splitlines()
    if len(answers) != len(cases):
        print(run.stderr)
        print(f"replay_doc_lines: {len(cases)} lines, {len(answers)} answers")
        return 1
    problems = []
    for (report, exact, line), answer in zip(cases, answers):
        if '"error"' in answer:
            problems.append(f"{report}: eval refused the line: {answer[:200]}")
            continue
        want = []
        if report.endswith(": depth"):
            want = ['"closed":false'] if exact == "none" else [f'"depth":"{exact}"']
        elif report.endswith(": contact?"):
            want = [f'"closed":{exact}', f'"open":{exact}']
        elif report.endswith(": time of impact"):
            want = [f'"toi":"{exact}"'] if exact != "none" else None
            if want is None:
                if '"toi":"' in answer:
                    problems.append(f"{report}: exact none, eval: {answer[:200]}")
                continue
        if want and not any(w in answer for w in want):
            problems.append(f"{report}: exact {exact}, eval: {answer[:300]}")
    for p in problems:
        print("replay_doc_lines: " + p)
    print(f"replay_doc_lines: {len(cases)} kept lines of {argv[1]} replayed, {len(problems)} differences")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
