"""exactgeom.audit and audit_pair with Python functions under test: a
deliberately wrong float function is caught, a correct one is not, and the
report's counts, markdown, JSON and wrong cases are consistent."""

import html
import json
import math
from fractions import Fraction as F

import pytest

import exactgeom as eg
import oracle


def exact_capsule_overlap(closed):
    """A correct overlap test for two capsules ((a, b), r): exact, in Fractions."""
    def fn(x, y):
        (s, r1), (t, r2) = x, y
        d2, rs = oracle.segment_segment_d2(s, t), F(r1) + F(r2)
        return d2 <= rs * rs if closed else d2 < rs * rs
    return fn


def endpoints_only(x, y):
    """Wrong: the distance of the axes from their endpoints' distances only
    (misses crossing axes), in floats."""
    (s, r1), (t, r2) = x, y

    def pd2(p, a, b):
        vx, vy, wx, wy = b[0] - a[0], b[1] - a[1], p[0] - a[0], p[1] - a[1]
        ll = vx * vx + vy * vy
        u = 0.0 if ll == 0 else min(1.0, max(0.0, (wx * vx + wy * vy) / ll))
        dx, dy = wx - u * vx, wy - u * vy
        return dx * dx + dy * dy

    d2 = min(pd2(s[0], *t), pd2(s[1], *t), pd2(t[0], *s), pd2(t[1], *s))
    return d2 <= (r1 + r2) ** 2


def test_wrong_function_is_caught():
    r = eg.audit_overlap(endpoints_only, "capsule2", cases=200, keep=2)
    assert r.algorithm == "endpoints_only"
    assert r.cases == sum(f.cases for f in r.families) > 0
    assert r.wrong == sum(f.wrong for f in r.families) > 0
    assert r.gross > 0  # crossing axes: far from the boundary, not a rounding miss
    assert r.wrong == sum(f.false_positives + f.false_negatives for f in r.families)
    cases = r.wrong_cases
    assert 0 < len(cases) <= 2 * len(r.families)
    assert cases[0].gross and cases[0].expected == "true" and cases[0].got == "false"
    # The kept cases are query lines; replayed, the engine gives the exact answer.
    for w, answer in zip(cases, eg.eval([w.query for w in cases])):
        assert json.loads(answer)["closed"] == (w.expected == "true")
    md = r.markdown()
    assert "endpoints_only" in md and cases[0].query in md
    js = json.loads(r.json())
    assert js["algorithm"] == "endpoints_only"
    assert [(f["family"], f["cases"], f["wrong"], f["gross"]) for f in js["families"]] == [
        (f.name, f.cases, f.wrong, f.gross) for f in r.families]
    assert [w["query"] for f in js["families"] for w in f["smallest"]] == [w.query for w in cases]
    assert "wrong of" in repr(r)


@pytest.mark.parametrize("closed", [True, False])
@pytest.mark.parametrize("shape", ["capsule2", "capsule3"])
def test_correct_function_is_not_caught(shape, closed):
    r = eg.audit_overlap(exact_capsule_overlap(closed), shape, overlap="closed" if closed else "open", cases=60,
                 name="exact")
    assert r.algorithm == "exact"
    assert r.cases > 0 and r.wrong == 0 and r.wrong_cases == []


def test_naive_float_circles_are_caught_near_the_boundary():
    def naive(x, y):
        (c1, r1), (c2, r2) = x, y
        return (c1[0] - c2[0]) ** 2 + (c1[1] - c2[1]) ** 2 <= (r1 + r2) ** 2

    r = eg.audit_overlap(naive, "circle", cases=300)
    assert r.wrong > 0 and r.gross == 0  # rounding-level misses only
    touching = next(f for f in r.families if f.name == "touching")
    assert touching.wrong > 0


def point_segment_distance_exact(p, s):
    return oracle.sqrt_rounded(oracle.point_segment_d2(p, s))


def point_line_distance(p, s):
    """Wrong: the distance to the segment's line, not to the segment."""
    (ax, ay), (bx, by) = s
    ll = math.hypot(bx - ax, by - ay)
    if ll == 0:
        return math.hypot(p[0] - ax, p[1] - ay)
    return abs((bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)) / ll


def test_distance_audits():
    good = eg.audit_pair(point_segment_distance_exact, "distance", "point2", "segment2", cases=60)
    assert good.cases > 0 and good.wrong == 0
    for f in good.families:
        assert f.max_ulp == 0 and f.ulp_histogram[0] == f.cases - f.skipped
    bad = eg.audit_pair(point_line_distance, "distance", "point2", "segment2", cases=60)
    assert bad.wrong > 0 and bad.gross > 0
    assert max(f.max_ulp for f in bad.families) > 1e6
    # squared_distance of two segments in 3-D, exact (Fraction -> float is correctly rounded).
    exact_d2 = lambda s, t: float(oracle.segment_segment_d2(s, t))  # noqa: E731
    d2 = eg.audit_pair(exact_d2, "squared_distance", "segment3", cases=30)
    assert d2.wrong == 0
    # 0.3.0's name of the question still works, with a DeprecationWarning, and asks the same.
    with pytest.warns(DeprecationWarning, match="squared_distance"):
        old = eg.audit_pair(exact_d2, "distance2", "segment3", cases=30)
    assert old.json() == d2.json()


def test_same_seed_same_report():
    a = eg.audit_overlap(endpoints_only, "capsule2", cases=50, seed=7)
    b = eg.audit_overlap(endpoints_only, "capsule2", cases=50, seed=7)
    assert a.json() == b.json()
    some = eg.audit_overlap(endpoints_only, "capsule2", cases=50, families=["random", "touching"])
    assert [f.name for f in some.families] == ["random", "touching"]


def test_audit_is_audit_overlap_before_0_4():
    # The name before 0.4 still answers, the same report, with a DeprecationWarning.
    with pytest.warns(DeprecationWarning, match="exactgeom.audit is exactgeom.audit_overlap since 0.4"):
        old = eg.audit(endpoints_only, "capsule2", cases=50, seed=7)
    assert old.json() == eg.audit_overlap(endpoints_only, "capsule2", cases=50, seed=7).json()
    assert "audit" not in eg.__all__ and "audit_overlap" in eg.__all__


def test_errors():
    def boom(x, y):
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        eg.audit_overlap(boom, "circle", cases=5)
    with pytest.raises(TypeError, match=r"audit: the function returned 'yes'"):
        eg.audit_overlap(lambda x, y: "yes", "circle", cases=5)
    with pytest.raises(ValueError, match=r"audit: x = 'cylinder' is not a shape"):
        eg.audit_overlap(endpoints_only, "cylinder")
    with pytest.raises(ValueError, match=r"is not a question"):
        eg.audit_pair(endpoints_only, "volume", "circle")
    with pytest.raises(ValueError, match=r"different dimensions"):
        eg.audit_pair(endpoints_only, "distance", "circle", "sphere")
    with pytest.raises(ValueError, match=r"is not a case family"):
        eg.audit_overlap(endpoints_only, "circle", families=["nope"])


def test_shards_merge_into_the_unsharded_report():
    whole = eg.audit_overlap(endpoints_only, "capsule2", cases=120, keep=2)
    shards = [eg.audit_overlap(endpoints_only, "capsule2", cases=120, keep=2, shard=(i, 3)) for i in range(3)]
    assert [s.shard for s in shards] == ["0/3", "1/3", "2/3"] and whole.shard == ""
    assert sum(s.cases for s in shards) == whole.cases and sum(s.wrong for s in shards) == whole.wrong
    for order in (shards, shards[::-1]):
        merged = eg.merge_reports(order)
        assert merged.json() == whole.json() and merged.markdown() == whole.markdown()
    # Through json() (a shard's file) and pickle (a Dask or multiprocessing result).
    import pickle
    read = [eg.AuditReport.from_json(s.json()) for s in shards]
    assert eg.merge_reports(read).json() == whole.json()
    assert pickle.loads(pickle.dumps(whole)).json() == whole.json()
    with pytest.raises(ValueError):
        eg.merge_reports(shards[:2])  # shard 2/3 missing
    with pytest.raises(ValueError):
        eg.merge_reports([shards[0], shards[0], shards[2]])  # one repeated
    with pytest.raises(ValueError):
        eg.AuditReport.from_json("{}")
    for bad in ((3, 3), (0, 0)):
        with pytest.raises(ValueError, match="shard"):
            eg.audit_overlap(endpoints_only, "capsule2", cases=10, shard=bad)


def test_shard_files_merge_with_the_command(tool, tmp_path):
    # docs/python.md's Slurm recipe: shards written as JSON lines by Python,
    # merged by `exactgeom audit --merge` (and read back by from_json).
    import subprocess
    whole = eg.audit_overlap(endpoints_only, "capsule2", cases=60, keep=2)
    files = []
    for i in range(2):
        files.append(tmp_path / f"shard{i}.json")
        files[-1].write_text(eg.audit_overlap(endpoints_only, "capsule2", cases=60, keep=2, shard=(i, 2)).json() + "\n")
    out = subprocess.run([tool, "audit", "--merge", "--json", *map(str, files)], stdout=subprocess.PIPE,
                         check=True, timeout=60).stdout.decode()
    assert out == whole.json() + "\n"
    assert eg.merge_reports([eg.AuditReport.from_json(f.read_text()) for f in files]).json() == whole.json()


def test_audit_html_page(tmp_path):
    # exactgeom.audit_html: one self-contained page, a drawing per kept case.
    import re
    boolean = eg.audit_overlap(endpoints_only, "capsule2", cases=80, keep=2)
    real = eg.audit_pair(point_line_distance, "distance", "point2", "segment2", cases=40, keep=1)
    kept = len(boolean.wrong_cases) + len(real.wrong_cases)
    assert len(boolean.wrong_cases) > 0 and len(real.wrong_cases) > 0
    path = tmp_path / "audit.html"
    page = eg.audit_html([boolean, real], path, title="two <audits>")
    assert path.read_text(encoding="utf-8") == page
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert "<title>two &lt;audits&gt;</title>" in page
    # No network: nothing fetched (the SVGs' xmlns is a name, not a fetch).
    assert not re.search(r"""(src|href)\s*=\s*["']?\s*(https?:)?//""", page, re.I)
    assert not re.search(r"<link\b|@import|url\(", page, re.I)
    assert page.count('<svg class="case"') == kept
    assert page.count('<svg class="chart histogram"') == 1  # the real-valued report only
    assert page.count('<svg class="chart families"') == 2
    for w in boolean.wrong_cases + real.wrong_cases:
        assert html.escape(w.query, quote=True).replace("&#x27;", "&#39;") in page  # the replay line, escaped
    for r in (boolean, real):
        assert html.escape(r.algorithm) in page
    # One report alone, no file; and a report read back from its JSON.
    assert eg.audit_html(boolean).count('<svg class="case"') == len(boolean.wrong_cases)
    assert eg.audit_html([eg.AuditReport.from_json(real.json())], title="t") == eg.audit_html(real, title="t")
    with pytest.raises(OSError):
        eg.audit_html(real, tmp_path / "no such dir" / "a.html")


def ball_manifold(point_at_centre=False):
    """A ball-ball contact manifold in floats: the normal from x's centre
    toward y's, one point in the middle of the centre line's overlap with
    both balls (or, wrong on purpose, at x's centre) with the separation
    d - r1 - r2."""
    def fn(x, y):
        (c1, r1), (c2, r2) = x, y
        d = math.dist(c1, c2)
        if d > r1 + r2:
            return None
        if d == 0:
            return ((0.0, 0.0, 1.0), [])
        n = tuple((b - a) / d for a, b in zip(c1, c2))
        lo, hi = max(-r1, d - r2), min(r1, d + r2)  # along n from c1: in x and in y
        at = c1 if point_at_centre else tuple(a + (lo + hi) / 2 * k for a, k in zip(c1, n))
        return (n, [(at, d - r1 - r2)])
    return fn


def test_audit_manifold():
    options = dict(cases=150, tolerance=64, unit="scale_ulps", families=["random", "touching", "far_from_origin"])
    good = eg.audit_manifold(ball_manifold(), "sphere", name="ball manifold", **options)
    assert [r.algorithm for r in good] == ["ball manifold: " + q for q in
                                           ("contact?", "depth", "normal", "points", "separations")]
    assert all(r.cases == 450 for r in good)
    assert [r.gross for r in good] == [0] * 5, [r.markdown() for r in good if r.gross]
    bad = eg.audit_manifold(ball_manifold(point_at_centre=True), "sphere", **options)
    assert bad[3].gross > 20, bad[3].markdown()  # the point is not on y
    assert bad[4].gross == 0 and bad[2].gross == 0  # the rest is the same function
    with pytest.raises(ValueError, match="at most 4"):
        eg.audit_manifold(lambda x, y: ((0.0, 0.0, 1.0), [((0.0, 0.0, 0.0), 0.0)] * 5), "sphere", cases=5)
    with pytest.raises(TypeError, match="normal, \\[\\(point, separation\\)"):
        eg.audit_manifold(lambda x, y: 1.0, "sphere", cases=5)
    with pytest.raises(ValueError, match="existence"):
        eg.audit_manifold(ball_manifold(), "sphere", existence="sometimes", cases=5)
    with pytest.raises(ValueError, match="contact_tolerance"):
        eg.audit_manifold(ball_manifold(), "sphere", contact_tolerance=-1.0, cases=5)
