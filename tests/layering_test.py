#!/usr/bin/env python3
"""The layering rules of docs/architecture.md, read from the includes.

  layering_test.py check ROOT      the repository at ROOT keeps the rules
  layering_test.py selftest ROOT   each rule fails on a violation planted in
                                   ROOT's files (in memory; nothing is written)

Rules (each a function below, each reporting "rule: file: what"):
  detail-includes-public  a header of include/exactgeom/detail/ includes a
                          header of the public API (exactgeom/*.hpp,
                          audit/, reference/); detail/ is the layer below it
  detail-outside-library  code outside the library's own sources (include/,
                          src/) names detail:: (its own or a library's);
                          the white-box tests and tools that may are listed
                          by name in WHITE_BOX, each with its reason
  include-cycle           a cycle among the repository's own includes
  core-includes-upper     the core (include/exactgeom/*.hpp, detail/, src/
                          outside src/audit/) includes exactgeom/audit/ or
                          exactgeom/reference/; the reference includes the audit
  public-includes-boost   a header under include/ other than exactgeom/boost.hpp
                          includes a Boost header (Boost is opt-in: it would
                          triple the compile time of every file including
                          the core)
  public-includes-private a header under include/ includes one of src/ (the
                          kernels in src/segments/kernel/ are the library's own)
  stale-debt              an entry of DETAIL_DEBT no longer occurs (the list
                          may only shrink, and must be shrunk)
  namespace-per-folder    a header of audit/, reference/ or internal/testing/
                          opens a namespace other than exactgeom::audit,
                          exactgeom::reference or exactgeom::testing (and
                          nested ones)
  repeated-basename       two of the repository's own sources or private
                          headers (everything outside include/) share a
                          file name: a name says which file it is, so a
                          reader never opens the wrong json.cpp (the public
                          headers mirror their namespaces on purpose:
                          exactgeom/audit/ccd.hpp audits exactgeom/ccd.hpp)
  folder-per-concept      a file directly in src/: the library's sources
                          live in the folder of their concept (src/convex/,
                          src/mesh/, ... as docs/architecture.md lists)
  query-line-by-hand      a source of the library, eval, the command or the
                          Python module (src/, internal/, tools/,
                          python/src/) spells a line of the query format
                          in a string literal (a quoted "op" member) outside
                          src/query_format/: eval's answers and the audit's
                          query lines are written by query_format::Line, the
                          one writer of docs/queries.md
"""
import os
import re
import sys

SOURCE_DIRS = ["include", "src", "internal", "tools", "python/src", "tests", "examples", "fuzz", "bench"]
EXTS = (".hpp", ".cpp", ".h")

# Files outside include/ and src/ that may name detail::, and why. A new
# entry needs a reason a reviewer accepts: a test of an internal stage that
# no public function exposes alone.
WHITE_BOX = {
    "tests/capsule_fast_test.cpp": "the capsule kernels' filter and fixed-width stages, one by one",
    "tests/triangle_fast_test.cpp": "the triangle kernels' filter stages, one by one",
    "tests/predicates_test.cpp": "the predicate filters and the fixed-width stages against the exact one",
    "tests/rational_test.cpp": "the correctly rounded ratio/sqrt helpers the roundings are built on",
    "tests/segments_test.cpp": "the fixed-width segment kernel's bit bounds",
    "tests/segment_triangle_test.cpp": "the segment-triangle kernel's stages",
    "tests/capsules_test.cpp": "the capsule kernel's stages against the oracle",
    "tests/convex_test.cpp": "the convex engine on raw cores (GJK, EPA, facets)",
    "tests/convex_filter_test.cpp": "the convex engine's double filter alone",
    "tests/audit_pair_test.cpp": "the audit's reference answers (audit::detail) against eval",
    "tests/audit_solid_test.cpp": "the audit's sweep reference (audit::detail)",
    "internal/testing/polytope_oracle.hpp": "the oracle converts cores (detail::cvx) to rationals",
    "internal/query/ops.cpp": "eval's shapes are known at run time: it builds the engine's cores directly",
    "internal/query/ops.hpp": "shape_core: eval's core of a query's shape, for the test that eval, the audit and the public API build one core",
    "tests/convex_core_builder_test.cpp": "the cores the public API, eval and the audit hand the engine (detail::cvx::Core), compared",
    "internal/query/meshes.hpp": "eval's meshes: the engine's view of a surface whose type is known at run time",
    "tests/closest_feature_test.cpp": "the closest feature of one piece, against the clipping oracle",
    "tests/mesh_test.cpp": "the union engine on raw cores: a height field against the same triangles stored",
    "tests/real_roots_test.cpp": "the exact real roots (src/algebraic/) that ccd's times are, against their oracle",
    "tests/ccd_test.cpp": "ccd's double filter alone (src/ccd/), against the exact path at its bounds",
    "bench/predicates_bench.cpp": "the filter-only rows (the filter stage's own cost)",
    "bench/segments_bench.cpp": "the correctly rounded ratio of the float rows' reference",
    "bench/ccd_bench.cpp": "the share of queries ccd's double filter leaves to the exact path (a row's note)",
}

# detail/ headers that still include a public header: the vocabulary they
# are written in (points and shapes, coordinate traits, Fraction, the
# predicates) is defined in public headers. Each is a debt (docs/
# architecture.md, "Known exceptions"); the list may only shrink.
DETAIL_DEBT = {
    ("include/exactgeom/detail/exact.hpp", "exactgeom/coordinate.hpp"),
    ("include/exactgeom/detail/hull.hpp", "exactgeom/geometry.hpp"),
    ("include/exactgeom/detail/hull.hpp", "exactgeom/predicates.hpp"),
    ("include/exactgeom/detail/vec.hpp", "exactgeom/geometry.hpp"),
    ("include/exactgeom/detail/batch_loop.hpp", "exactgeom/geometry.hpp"),
}

# Where lines of the query format are written only by query_format::Line: a
# string literal holding \"op\": (escaped quotes, then the colon) is one
# written by hand. Tests and examples keep such lines as data.
WRITER_SCOPE = ("src/", "internal/", "tools/", "python/src/")
QUERY_LINE_RE = re.compile(r'\\"op\\"\s*:')

INCLUDE_RE = re.compile(r'^\s*#\s*include\s*[<"]([^">]+)[">]', re.M)
NAMESPACE_RE = re.compile(r'^\s*namespace\s+([\w:]+)\s*\{', re.M)


def read_tree(root):
    files = {}
    for d in SOURCE_DIRS:
        top = os.path.join(root, d)
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames[:] = [x for x in dirnames if x not in ("data", "corpus")]
            for f in filenames:
                if f.endswith(EXTS):
                    path = os.path.join(dirpath, f)
                    with open(path, encoding="utf-8", errors="replace") as fh:
                        files[os.path.relpath(path, root)] = fh.read()
    return files


def strip_comments_and_strings(text):
    out = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    out = re.sub(r'R"(\w*)\(.*?\)\1"', '""', out, flags=re.S)
    out = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', out)
    return re.sub(r"//[^\n]*", "", out)


def resolve(files, src, inc):
    """The repository file an include names, or None (a system header)."""
    if inc.startswith("exactgeom/"):
        cand = ["include/" + inc]
    else:
        here = os.path.dirname(src)
        cand = [os.path.normpath(os.path.join(here, inc))]
        cand += [os.path.normpath(os.path.join(r, inc)) for r in ("internal", "tools", "src", "python/src", "tests")]
    for c in cand:
        if c in files:
            return c
    return None


def is_public(path):
    return path.startswith("include/exactgeom/") and not path.startswith("include/exactgeom/detail/")


def is_core(path):
    if path.startswith("include/exactgeom/"):
        return not path.startswith(("include/exactgeom/audit/", "include/exactgeom/reference/"))
    return path.startswith("src/") and not path.startswith("src/audit/")


def check(files):
    errors = []
    graph = {}
    debt_seen = set()
    for path, text in files.items():
        deps = []
        for inc in INCLUDE_RE.findall(text):
            target = resolve(files, path, inc)
            if target:
                deps.append(target)
            if (path, inc) in DETAIL_DEBT:
                debt_seen.add((path, inc))
            if path.startswith("include/") and inc.startswith("boost/") and path != "include/exactgeom/boost.hpp":
                errors.append(f"public-includes-boost: {path}: includes <{inc}> (only exactgeom/boost.hpp may)")
            if path.startswith("include/") and target and target.startswith("src/"):
                errors.append(f"public-includes-private: {path}: includes {inc} ({target})")
            if path.startswith("include/exactgeom/detail/") and target and is_public(target):
                if (path, inc) not in DETAIL_DEBT:
                    errors.append(f"detail-includes-public: {path}: includes {inc}")
            if is_core(path) and inc.startswith(("exactgeom/audit/", "exactgeom/reference/")):
                errors.append(f"core-includes-upper: {path}: includes {inc}")
            if path.startswith("include/exactgeom/reference/") and inc.startswith("exactgeom/audit/"):
                errors.append(f"core-includes-upper: {path}: the reference includes {inc}")
        graph[path] = deps
        if not path.startswith(("include/", "src/")) and path not in WHITE_BOX:
            code = strip_comments_and_strings(text)
            m = re.search(r"\bdetail::", code)
            if m:
                line = code.count("\n", 0, m.start()) + 1
                errors.append(f"detail-outside-library: {path}:{line}: names detail:: (not a listed white-box file)")
        for folder, ns in (("include/exactgeom/audit/", "exactgeom::audit"),
                           ("include/exactgeom/reference/", "exactgeom::reference"),
                           ("internal/testing/", "exactgeom::testing")):
            if path.startswith(folder):
                code = strip_comments_and_strings(text)
                opened = NAMESPACE_RE.findall(code)
                if opened and not opened[0].startswith(ns):
                    errors.append(f"namespace-per-folder: {path}: opens namespace {opened[0]}, not {ns}")
                for n in opened[1:]:
                    if n.startswith("exactgeom") and not n.startswith(ns):
                        errors.append(f"namespace-per-folder: {path}: opens namespace {n}, not {ns}")
    seen = {}
    for path in sorted(files):
        if path.startswith("include/"):
            continue
        base = os.path.basename(path)
        if base in seen:
            errors.append(f"repeated-basename: {path}: {base} is also {seen[base]}")
        else:
            seen[base] = path
        if path.startswith("src/") and path.count("/") == 1:
            errors.append(f"folder-per-concept: {path}: directly in src/, not in a concept's folder")
        if path.startswith(WRITER_SCOPE) and not path.startswith("src/query_format/"):
            m = QUERY_LINE_RE.search(files[path])
            if m:
                line = files[path].count("\n", 0, m.start()) + 1
                errors.append(f"query-line-by-hand: {path}:{line}: writes a query line's \"op\" by hand "
                              "(use query_format::Line)")
    for p in WHITE_BOX:
        if p in files and not re.search(r"\bdetail::", strip_comments_and_strings(files[p])):
            errors.append(f"detail-outside-library: {p} no longer names detail::: remove it from WHITE_BOX")
    for p, d in DETAIL_DEBT:
        if p in files and d not in INCLUDE_RE.findall(files[p]):
            errors.append(f"detail-includes-public: {p} no longer includes {d}: remove it from DETAIL_DEBT")
    errors += cycles(graph)
    for path, inc in sorted(DETAIL_DEBT - debt_seen):
        errors.append(f"stale-debt: {path} no longer includes {inc}: remove it from DETAIL_DEBT")
    return errors


def cycles(graph):
    found, state, stack = [], {}, []

    def visit(n):
        state[n] = 1
        stack.append(n)
        for m in graph.get(n, []):
            if state.get(m) == 1:
                cyc = stack[stack.index(m):] + [m]
                found.append("include-cycle: " + " -> ".join(cyc))
            elif m not in state:
                visit(m)
        stack.pop()
        state[n] = 2

    sys.setrecursionlimit(10000)
    for n in sorted(graph):
        if n not in state:
            visit(n)
    return found


def plant(files, path, line):
    out = dict(files)
    text = out[path]
    at = text.index("#include")
    out[path] = text[:at] + line + "\n" + text[at:]
    return out


def selftest(files):
    ok = True
    if check(files):
        print("selftest needs a clean tree first")
        return False
    cases = [
        ("detail-includes-public", "include/exactgeom/detail/int128.hpp", '#include "exactgeom/segments.hpp"'),
        ("public-includes-boost", "include/exactgeom/rational.hpp", "#include <boost/multiprecision/cpp_int.hpp>"),
        ("public-includes-boost", "include/exactgeom/detail/int128.hpp", "#include <boost/geometry.hpp>"),
        ("public-includes-private", "include/exactgeom/segments.hpp", '#include "segments/kernel/segment_kernel.hpp"'),
        ("detail-outside-library", "tools/exactgeom.cpp", "int planted = exactgeom::detail::planted;"),
        ("detail-outside-library", "python/src/bind_shapes.cpp", "using exactgeom::detail::planted;"),
        ("include-cycle", "include/exactgeom/geometry.hpp", '#include "exactgeom/convex.hpp"'),
        ("core-includes-upper", "include/exactgeom/segments.hpp", '#include "exactgeom/reference/ericson.hpp"'),
        ("core-includes-upper", "src/convex/contact.cpp", '#include "exactgeom/audit/types.hpp"'),
        ("core-includes-upper", "include/exactgeom/reference/ericson.hpp", '#include "exactgeom/audit/types.hpp"'),
        ("namespace-per-folder", "include/exactgeom/reference/ericson.hpp", "namespace exactgeom::ericson { }"),
        ("namespace-per-folder", "internal/testing/random.hpp", "namespace exactgeom::bench { }"),
        ("query-line-by-hand", "src/audit/cases.cpp", 'const char* planted = "{\\"op\\":\\"contact\\"}";'),
        ("query-line-by-hand", "internal/query/eval.cpp", 'const char* planted = ",\\"op\\":";'),
    ]
    # A comment or a string that says detail:: is not a use.
    quiet = plant(files, "tools/exactgeom.cpp", '// exactgeom::detail:: in a comment\nconst char* s = "detail::";')
    if check(quiet):
        print("FAIL: a comment or string naming detail:: was reported:", check(quiet))
        ok = False
    # A debt paid (the include removed) must leave the list too.
    paid = dict(files)
    paid["include/exactgeom/detail/vec.hpp"] = paid["include/exactgeom/detail/vec.hpp"].replace(
        '#include "exactgeom/geometry.hpp"', "")
    if not any(e.startswith("stale-debt:") for e in check(paid)):
        print("FAIL: a paid DETAIL_DEBT entry was not reported as stale-debt")
        ok = False
    else:
        print("caught stale-debt: include/exactgeom/detail/vec.hpp")
    # A file added: a second json.cpp, a source straight in src/.
    for rule, path in (("repeated-basename", "src/audit/eval.cpp"),
                       ("repeated-basename", "tools/json.cpp"),
                       ("folder-per-concept", "src/union.cpp")):
        errs = check(dict(files, **{path: "int planted;\n"}))
        if not any(e.startswith(rule + ":") for e in errs):
            print(f"FAIL: adding {path} was not reported as {rule} (got {errs})")
            ok = False
        else:
            print(f"caught {rule}: {path}")
    for rule, path, line in cases:
        errs = check(plant(files, path, line))
        if not any(e.startswith(rule + ":") for e in errs):
            print(f"FAIL: planting {line!r} in {path} was not reported as {rule} (got {errs})")
            ok = False
        else:
            print(f"caught {rule}: {path}")
    return ok


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("check", "selftest"):
        print(__doc__)
        return 2
    files = read_tree(sys.argv[2])
    if len(files) < 100:
        print(f"found only {len(files)} source files under {sys.argv[2]}")
        return 1
    if sys.argv[1] == "selftest":
        return 0 if selftest(files) else 1
    errors = check(files)
    for e in errors:
        print(e)
    if not errors:
        print(f"layering: {len(files)} files keep the rules ({len(DETAIL_DEBT)} known detail/ exceptions)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
