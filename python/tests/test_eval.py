"""exactgeom.eval: the answers of `exactgeom eval`, byte for byte, on the
shared query files (valid, errors, hostile) and on generated lines."""

import json
import random
import subprocess

import pytest

import exactgeom as eg

FILES = ["eval_valid.jsonl", "eval_errors.jsonl", "eval_hostile.jsonl"]


def command_answers(tool, data, *options):
    """The command's output lines for input bytes `data` (its exit status is
    1 when a line is an error: not checked here)."""
    out = subprocess.run([tool, "eval", "--quiet", *options], input=data, stdout=subprocess.PIPE,
                         check=False, timeout=60).stdout
    text = out.decode("utf-8", "surrogateescape")
    assert text == "" or text.endswith("\n")
    return text.split("\n")[:-1]


@pytest.mark.parametrize("name", FILES)
def test_query_files_match_the_command(tool, data_dir, name):
    path = data_dir / name
    data = path.read_bytes()
    want = command_answers(tool, data)
    assert want  # the files are not empty
    assert eg.eval(data) == want  # one bytes object: the whole text
    assert eg.eval(data.split(b"\n")) == want  # a list of lines
    with open(path, encoding="utf-8", errors="surrogateescape", newline="") as f:
        assert eg.eval(f) == want  # a text file object (lines keep their "\n")
    with open(path, "rb") as f:
        assert eg.eval(f) == want  # a binary file object
    assert eg.eval(line for line in data.split(b"\n")) == want  # a generator
    # And the expected output kept with the files (answers only: the command
    # may print nothing else to standard output).
    expected = path.with_suffix(".expected")
    if expected.exists():
        assert "\n".join(want) + "\n" == expected.read_text(encoding="utf-8", errors="surrogateescape")


def test_max_line_bytes_matches_the_command(tool, data_dir):
    data = (data_dir / "eval_valid.jsonl").read_bytes()
    assert eg.eval(data, max_line_bytes=60) == command_answers(tool, data, "--max-line-bytes", "60")
    with pytest.raises(ValueError):
        eg.eval([], max_line_bytes=0)


def generated_lines(seed, n):
    rng = random.Random(seed)

    def num():
        r = rng.random()
        if r < 0.3:
            return rng.randint(-5, 5)
        if r < 0.5:
            return f"{rng.randint(-9, 9)}/{rng.randint(1, 9)}"
        if r < 0.7:
            return float.hex(rng.uniform(-3, 3))
        if r < 0.8:
            return str(rng.randint(-10 ** 40, 10 ** 40))
        return rng.uniform(-3, 3)

    def pt(d):
        return [num() for _ in range(d)]

    def seg(d):
        return [pt(d), pt(d)]

    lines = []
    for i in range(n):
        d = rng.choice((2, 3))
        op = rng.choice(["orient2d", "orient3d", "incircle", "insphere", "segment_intersection",
                         "segment_distance2", "capsule_capsule", "capsule_triangle",
                         "segment_triangle_distance2", "contact"])
        q = {"id": i, "op": op}
        if op == "orient2d":
            q.update(a=pt(2), b=pt(2), c=pt(2))
        elif op == "orient3d":
            q.update(a=pt(3), b=pt(3), c=pt(3), d=pt(3))
        elif op == "incircle":
            q.update(a=pt(2), b=pt(2), c=pt(2), d=pt(2))
        elif op == "insphere":
            q.update(a=pt(3), b=pt(3), c=pt(3), d=pt(3), e=pt(3))
        elif op in ("segment_intersection", "segment_distance2"):
            q.update(s=seg(d), t=seg(d))
        elif op == "capsule_capsule":
            q.update(c1={"seg": seg(d), "r": rng.randint(0, 3)}, c2={"seg": seg(d), "r": "1/2"})
        elif op == "capsule_triangle":
            q.update(c={"seg": seg(3), "r": 1}, tri=[pt(3), pt(3), pt(3)])
        elif op == "segment_triangle_distance2":
            q.update(s=seg(3), tri=[pt(3), pt(3), pt(3)])
        else:
            q.update(x={"seg": seg(3), "r": 2}, y={"tri": [pt(3), pt(3), pt(3)]})
        lines.append(json.dumps(q, separators=(",", ":")))
        if i % 17 == 0:
            lines.append("")  # blank lines get no answer but are counted
        if i % 23 == 0:
            lines.append('{"id":%d,"op":"orient2d","a":[0,0],"b":[1,"x"]}' % i)  # an error line
    return lines


def test_generated_lines_match_the_command(tool):
    lines = generated_lines(15, 400)
    want = command_answers(tool, ("\n".join(lines) + "\n").encode())
    assert len(want) == sum(1 for line in lines if line)
    assert eg.eval(lines) == want
    assert eg.eval("\n".join(lines)) == want  # one str, no final newline
    assert any('"error"' in a for a in want) and any('"sign"' in a for a in want)
    # A part of the input answered on its own, numbered from its first line
    # (exactgeom.dask.eval_bag's partitions): the same lines of the answer.
    for k in (1, 37, 200):
        head = eg.eval(lines[:k])
        assert head + eg.eval(lines[k:], first_line=k + 1) == want
    with pytest.raises(ValueError, match="first_line"):
        eg.eval(lines, first_line=0)


def test_eval_without_the_command():
    assert eg.eval(['{"id":7,"op":"orient2d","a":[0,0],"b":[1,0],"c":[0,1]}', "", "  "]) == [
        '{"id":7,"op":"orient2d","sign":1}']
    out = eg.eval(["not json", '{"op":"orient2d","a":[0,0],"b":[1,0],"c":[0,1]}'])
    assert json.loads(out[0])["line"] == 1 and "error" in json.loads(out[0])
    assert eg.eval([]) == [] and eg.eval("") == []
    with pytest.raises(TypeError, match=r"eval: item 1 is a int"):
        eg.eval(["", 5])


def test_audit_cases_replay(tool):
    # The audit's wrong cases are query lines: eval answers them as the command does.
    def naive(x, y):
        (c1, r1), (c2, r2) = x, y
        return (c1[0] - c2[0]) ** 2 + (c1[1] - c2[1]) ** 2 <= (r1 + r2) ** 2

    report = eg.audit_overlap(naive, "circle", cases=300, keep=5)
    lines = [w.query for w in report.wrong_cases]
    assert lines
    answers = eg.eval(lines)
    assert answers == command_answers(tool, ("\n".join(lines) + "\n").encode())
    for w, a in zip(report.wrong_cases, answers):
        # The exact answer of each kept case is the query's "closed".
        assert json.loads(a)["closed"] == (w.expected == "true"), (w, a)
        assert w.got != w.expected
