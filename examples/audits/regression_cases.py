#!/usr/bin/env python3
"""Turns the Markdown of the engine audits into the case table of
examples/audits/engine_regressions_test.cpp (between its BEGIN/END CASES markers).

Usage: regression_cases.py AUDIT_OUTPUT.md... > /dev/null (rewrites the test)
The subjects whose reference is a constant ("on both segments") are not
wrong answers and are left out.
"""
import pathlib
import re
import sys

TEST = pathlib.Path(__file__).resolve().parent / "engine_regressions_test.cpp"


def eval_expect(subject, expected, line):
    """The field `exactgeom eval` must print for this line, or '' to skip."""
    if '"op":"capsule_triangle"' in line:
        return f'"open":{expected}'
    if '"op":"capsule_capsule"' in line:
        if "signed" in subject:  # fcl: the exact sign of distance - r1 - r2
            return {"-1": '"closed":true,"open":true', "0": '"closed":true,"open":false',
                    "1": '"closed":false'}[expected]
        closed = "useRadii=true" in subject or "CollideEdgeAndCircle" in subject
        return f'"{"closed" if closed else "open"}":{expected}'
    if '"op":"segment_distance2"' in line and "SegmentSqrDistance" not in subject:
        return f'"dist":"{expected}"'
    if '"op":"segment_intersection"' in line and "(kind)" in subject and expected != "1":
        return '"kind":"' + {"0": "disjoint", "2": "overlap"}[expected] + '"'
    return ""


def main():
    rows = []
    for path in sys.argv[1:]:
        subject = None
        lines = pathlib.Path(path).read_text().splitlines()
        for i, l in enumerate(lines):
            if l.startswith("### "):
                subject = l[4:]
            # AuditReport::markdown: "- family: exact X, float Y; severity"
            m = re.match(r"- (\w+): exact (\S+), float (\S+?); ", l)
            if m and subject and "on both segments" not in subject:
                query = lines[i + 1].strip().strip("`")
                rows.append((subject, m.group(1), m.group(2), m.group(3), query))
    out = []
    for subject, family, expected, got, query in rows:
        esc = query.replace("\\", "\\\\").replace('"', '\\"')
        ev = eval_expect(subject, expected, query).replace('"', '\\"')
        out.append(f'    {{"{subject}", "{family}", "{expected}", "{got}", "{ev}",\n     "{esc}"}},')
    text = TEST.read_text()
    begin, end = "// BEGIN CASES\n", "    // END CASES"
    a, b = text.index(begin) + len(begin), text.index(end)
    TEST.write_text(text[:a] + "\n".join(out) + "\n" + text[b:])
    print(f"{len(rows)} cases", file=sys.stderr)


if __name__ == "__main__":
    main()
