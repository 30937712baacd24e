#!/usr/bin/env python3
"""The examples of README.md and docs/*.md, run: what they show is what the
code is and prints.

  readme_test.py SOURCE_DIR BUILD_DIR [--python PYTHON]

Each fenced block of README.md and of docs/*.md that follows a marker
comment is checked:

  <!-- readme-test: file PATH -->     the block is the file PATH, whole
  <!-- readme-test: excerpt PATH -->  the block's lines stand in PATH, in one run
  <!-- readme-test: output CMD -->    CMD's standard output holds the block:
                                      its runs of lines between "..." lines
                                      stand in the output in order (CMD
                                      "python": the python block before it)
  <!-- readme-test: shell -->         each "$ " line runs in SOURCE_DIR and
                                      prints the lines after it
  <!-- readme-test: python -->        Python code, run by the next output block
  <!-- readme-test: ci -->            each command of the block (its lines that are
                                      not comments) is one that .ci/run runs

A path "build/..." in a command means BUILD_DIR. Without --python the
Python blocks are reported as not run (the module is not built). The README
is at most 250 lines, and each relative link of a page names a file.
"""
import os
import re
import subprocess
import sys

MARK = re.compile(r"^<!-- readme-test: (\w+)(?: (.*?))? -->$")
LINK = re.compile(r"\]\(([^)#:]+)(#[^)]*)?\)")
MAX_LINES = 250


def blocks(lines):
    """(kind, arg, block lines, line number) for every marked fenced block."""
    out = []
    i = 0
    while i < len(lines):
        m = MARK.match(lines[i])
        if not m:
            i += 1
            continue
        j = i + 1
        if j >= len(lines) or not lines[j].startswith("```"):
            sys.exit(f"README.md:{i + 1}: a readme-test marker not followed by a fenced block")
        k = j + 1
        while k < len(lines) and not lines[k].startswith("```"):
            k += 1
        out.append((m.group(1), m.group(2) or "", lines[j + 1:k], i + 1))
        i = k + 1
    return out


def holds(text_lines, block, ellipsis):
    """True when the block's runs (split at "..." lines) stand in text_lines in order."""
    runs, cur = [], []
    for line in block:
        if ellipsis and line.strip() == "...":
            runs.append(cur)
            cur = []
        else:
            cur.append(line)
    runs.append(cur)
    at = 0
    for run in runs:
        if not run:
            continue
        found = False
        for s in range(at, len(text_lines) - len(run) + 1):
            if text_lines[s:s + len(run)] == run:
                at, found = s + len(run), True
                break
        if not found:
            return False
    return True


def run(cmd, src, build, stdin=None, env=None):
    cmd = re.sub(r"(?<![\w/])build/", build.rstrip("/") + "/", cmd)
    p = subprocess.run(cmd, shell=True, cwd=src, input=stdin, capture_output=True, text=True, env=env, timeout=600)
    return p.returncode, p.stdout, p.stderr, cmd


def main():
    args = sys.argv[1:]
    python = None
    if "--python" in args:
        i = args.index("--python")
        python = args[i + 1]
        del args[i:i + 2]
    if len(args) != 2:
        print(__doc__)
        return 2
    src, build = os.path.abspath(args[0]), os.path.abspath(args[1])
    errors, checked = [], 0
    pages = ["README.md"] + sorted("docs/" + f for f in os.listdir(os.path.join(src, "docs")) if f.endswith(".md"))
    for page in pages:
        with open(os.path.join(src, page), encoding="utf-8") as f:
            text = f.read()
        lines = text.split("\n")
        if page == "README.md" and len(lines) - (text.endswith("\n")) > MAX_LINES:
            errors.append(f"README.md has {len(lines) - 1} lines, more than {MAX_LINES}")
        prose = re.sub(r"```.*?```", "", text, flags=re.S)
        prose = re.sub(r"`[^`\n]*`", "", prose)
        for m in LINK.finditer(prose):
            target = m.group(1).strip()
            if not os.path.exists(os.path.join(src, os.path.dirname(page), target)):
                errors.append(f"{page} links to {target}, which does not exist")
        checked += check_page(page, lines, src, build, python, errors)
    for e in errors:
        print("FAIL:", e)
    if not errors:
        print(f"readme: {checked} blocks checked in {len(pages)} pages")
    return 1 if errors else 0


def check_page(page, lines, src, build, python, errors):
    """Checks the marked blocks of one page; returns how many it checked."""
    checked = 0
    last_python = None
    for kind, arg, block, at in blocks(lines):
        where = f"{page}:{at}"
        if kind in ("file", "excerpt"):
            with open(os.path.join(src, arg), encoding="utf-8") as f:
                file_lines = f.read().rstrip("\n").split("\n")
            ok = file_lines == block if kind == "file" else holds(file_lines, block, False)
            if not ok:
                errors.append(f"{where}: the block is not {'the file' if kind == 'file' else 'an excerpt of'} {arg}")
            checked += 1
        elif kind == "ci":
            with open(os.path.join(src, ".ci", "run"), encoding="utf-8") as f:
                ci = f.read()
            for line in block:
                if line.strip() and not line.lstrip().startswith("#"):
                    if line.strip() not in ci:
                        errors.append(f"{where}: .ci/run does not run `{line.strip()}`")
                    checked += 1
        elif kind == "python":
            last_python = "\n".join(block) + "\n"
        elif kind == "output":
            if arg == "python":
                if last_python is None:
                    errors.append(f"{where}: an output of python without a python block before it")
                    continue
                if python is None:
                    print(f"{where}: not run (the Python module is not built)")
                    continue
                env = dict(os.environ, PYTHONPATH=os.path.join(build, "python"))
                rc, out, err, cmd = run(python + " -", src, build, stdin=last_python, env=env)
            else:
                rc, out, err, cmd = run(arg, src, build)
            if rc != 0:
                errors.append(f"{where}: `{cmd}` exited with {rc}: {err.strip()[-400:]}")
            elif not holds(out.rstrip("\n").split("\n"), block, True):
                errors.append(f"{where}: `{cmd}` printed\n{out[:2000]}\nwhich does not hold the README's block")
            checked += 1
        elif kind == "shell":
            i = 0
            while i < len(block):
                if not block[i].startswith("$ "):
                    errors.append(f"{where}: a shell block line that is not a $ command: {block[i]}")
                    break
                j = i + 1
                while j < len(block) and not block[j].startswith("$ "):
                    j += 1
                rc, out, err, cmd = run(block[i][2:], src, build)
                if rc != 0 or out.rstrip("\n").split("\n") != block[i + 1:j]:
                    errors.append(f"{where}: `{cmd}` exited with {rc} and printed\n{out}{err}instead of\n"
                                  + "\n".join(block[i + 1:j]))
                checked += 1
                i = j
        else:
            errors.append(f"{where}: unknown readme-test kind {kind}")
    return checked


if __name__ == "__main__":
    sys.exit(main())
