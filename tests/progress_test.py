#!/usr/bin/env python3
"""The progress lines of `exactgeom eval FILE` and `exactgeom audit`, through a
pseudo-terminal: shown on standard error when it is a terminal and the
output is not, with what --help says they show; nothing otherwise, nor
with --quiet; and the output itself unchanged.

  progress_test.py TOOL
"""
import os
import pty
import subprocess
import sys
import tempfile


def run(argv, stderr_tty, stdout_path):
    """(exit status, what reached standard error) with stdout to a file."""
    with open(stdout_path, "wb") as out:
        if not stderr_tty:
            p = subprocess.run(argv, stdout=out, stderr=subprocess.PIPE, timeout=600)
            return p.returncode, p.stderr.decode()
        master, slave = pty.openpty()
        p = subprocess.Popen(argv, stdout=out, stderr=slave, stdin=subprocess.DEVNULL)
        os.close(slave)
        got = b""
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the other end closed: the program ended
                break
            if not chunk:
                break
            got += chunk
        os.close(master)
        return p.wait(timeout=600), got.decode(errors="replace")


def last_line(err):
    """The progress line as it stands at the end (a terminal turns \\n into \\r\\n)."""
    shown = [x for x in err.replace("\r\n", "\n").split("\r") if x.strip()]
    return shown[-1] if shown else ""


def main():
    tool = sys.argv[1]
    errors = []

    def check(what, cond):
        if not cond:
            errors.append(what)

    with tempfile.TemporaryDirectory() as d:
        queries = os.path.join(d, "q.jsonl")
        n = 20000
        with open(queries, "w") as f:
            for i in range(n):
                f.write('{"id":%d,"op":"orient2d","a":[0,0],"b":[%d,1],"c":[1,%d]}\n' % (i, i, i % 7))
        out = os.path.join(d, "out")
        rc, err = run([tool, "eval", "--threads", "1", queries], True, out)
        answers = open(out).read().count("\n")
        check(f"eval on a tty: exit {rc}", rc == 0)
        check(f"eval on a tty: {answers} answers, not {n}", answers == n)
        last = last_line(err)
        for part in (f"{n} lines", "lines/s", "0 errors", "100% of the file", "s left"):
            check(f"eval's progress line lacks {part!r}: {err!r}", part in last)
        check("eval's progress line does not end its line", err.endswith("\n"))
        rc, err = run([tool, "eval", "--threads", "1", queries], False, out)
        check(f"eval without a tty printed {err!r} on standard error", rc == 0 and err == "")
        rc, err = run([tool, "eval", "--quiet", queries], True, out)
        check(f"eval --quiet printed {err!r} on standard error", rc == 0 and err == "")

        audit = [tool, "audit", "--algorithm", "orient2d/.*", "--cases", "40"]
        rc, err = run(audit, True, out)
        reports = open(out).read()
        check(f"audit on a tty: exit {rc}", rc == 0)
        total = reports.count("\n### ") + reports.startswith("### ")
        last = last_line(err)
        for part in (f"[{total}/{total}]", " cases, ", "cases/s", "0 s left"):
            check(f"audit's progress line lacks {part!r}: {last!r}", part in last)
        check(f"audit's progress never named a running algorithm: {err!r}", "; orient2d/" in err)
        rc, err = run(audit, False, out)
        check(f"audit without a tty printed {err!r}", rc == 0 and err == "")
        check("audit's output differs with and without the progress line", open(out).read() == reports)
        rc, err = run(audit + ["--quiet"], True, out)
        check(f"audit --quiet printed {err!r}", rc == 0 and err == "")
    for e in errors:
        print("FAIL:", e)
    if not errors:
        print("progress: eval and audit show their progress on a terminal only")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
