"""Any two shapes of one dimension (polygons, hulls, boxes, capsules,
triangles) through overlap, squared_distance, distance, closest_points, contact and
sweep: against an independent Fraction oracle in 2-D (brute force over edges
and corners), against hand-worked boxes in 3-D, and against `exactgeom eval`
on the same shapes (the module and the command must agree)."""

import json
import random
from fractions import Fraction as F

import pytest

import exactgeom as eg


def cross(o, a, b):
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def hull2(points):
    """Andrew's monotone chain, in Fractions (the oracle's own)."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts
    lower, upper = [], []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def point_segment_d2(p, a, b):
    d = (b[0] - a[0], b[1] - a[1])
    dd = d[0] * d[0] + d[1] * d[1]
    t = F(0) if dd == 0 else min(F(1), max(F(0), F((p[0] - a[0]) * d[0] + (p[1] - a[1]) * d[1]) / dd))
    x, y = a[0] + t * d[0] - p[0], a[1] + t * d[1] - p[1]
    return x * x + y * y


def segments_cross(a, b, c, d):
    def sgn(v):
        return (v > 0) - (v < 0)
    d1, d2, d3, d4 = sgn(cross(c, d, a)), sgn(cross(c, d, b)), sgn(cross(a, b, c)), sgn(cross(a, b, d))
    return d1 * d2 < 0 and d3 * d4 < 0


def inside(p, poly):
    if len(poly) < 3:
        return False
    return all(cross(poly[i], poly[(i + 1) % len(poly)], p) >= 0 for i in range(len(poly)))


def edges(poly):
    if len(poly) == 1:
        return [(poly[0], poly[0])]
    return [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]


def oracle_d2(P, Q):
    """Squared distance of two convex polygons (lists of corners, ccw)."""
    if any(inside(p, Q) for p in P) or any(inside(q, P) for q in Q):
        return F(0)
    if any(segments_cross(a, b, c, d) for a, b in edges(P) for c, d in edges(Q)):
        return F(0)
    best = None
    for a, b in edges(P):
        for q in Q:
            v = point_segment_d2(q, a, b)
            best = v if best is None else min(best, v)
    for c, d in edges(Q):
        for p in P:
            v = point_segment_d2(p, c, d)
            best = min(best, v)
    return best


def test_polygons_against_the_fraction_oracle():
    rng = random.Random(5)
    meet = 0
    for _ in range(300):
        P = [(F(rng.randint(-4, 4)), F(rng.randint(-4, 4), rng.randint(1, 2))) for _ in range(rng.randint(1, 6))]
        Q = [(F(rng.randint(-4, 4)), F(rng.randint(-4, 4))) for _ in range(rng.randint(1, 6))]
        want = oracle_d2(hull2(P), hull2(Q))
        got = eg.squared_distance({"poly": P}, {"poly": Q})
        assert got == want, (P, Q)
        meet += want == 0
        r = F(rng.randint(0, 4), 2)
        o = eg.overlap({"poly": P, "r": r}, {"poly": Q})
        # open: overlap by more than touching (depth > 0); for radius 0 and
        # meeting cores that is a positive penetration, as contact's depth.
        deeper = want < r * r or (want == 0 and r == 0 and eg.contact({"poly": P}, {"poly": Q}).depth > 0)
        assert o == (want <= r * r, deeper)
        p, q = eg.closest_points({"poly": P}, {"poly": Q})
        assert (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 == want
    assert meet > 30


def box(c, h, axes=None, r=None):
    d = len(c)
    axes = axes or [[1 if i == j else 0 for j in range(d)] for i in range(d)]
    out = {"box": {"c": list(c), "axes": axes, "h": list(h)}}
    if r is not None:
        out["r"] = r
    return out


def test_boxes_hand_worked():
    a = box((0, 0, 0), (1, 1, 1))
    assert eg.overlap(a, box((2, 0, 0), (1, 1, 1))) == (True, False)  # face to face: touching
    c = eg.contact(a, box((1.75, 0, 0), (1, 1, 1)))
    assert c.depth == 0.25 and c.depth_normal == (1.0, 0.0, 0.0) and c.normal is None and c.gap == 0.0
    nested = eg.contact(box((0, 0, 0), (2, 2, 2)), a)
    assert nested.depth == 3.0 and nested.depth_normal is None  # six directions tie
    assert eg.squared_distance(a, box((4, 0, 0), (1, 1, 1))) == 4
    assert eg.distance(a, {"hull": [(3, 0, 0), (5, 0, 0), (3, 2, 0), (3, 0, 2)]}) == 2.0
    # Not unit, not orthogonal axes: the parallelepiped they span.
    # (x, y) = s1 (2, 0) + s2 (1, 1): the nearest point to (5, 0) is the corner (3, 1).
    assert eg.squared_distance(box((0, 0, 0), (1, 1, 1), axes=[[2, 0, 0], [1, 1, 0], [0, 0, 1]]), ((5, 0, 0), 0)) == 5
    # Exact values, fractions included; a rounded box.
    assert eg.overlap(box((0, 0), (F(1, 3), 1), r=F(1, 3)), ((F(2, 3), 0), 0)) == (True, False)


def test_sweep():
    a = box((0, 0, 0), (0.5, 0.5, 0.5))
    assert eg.sweep(a, (4, 0, 0), box((2, 0, 0), (0.5, 0.5, 0.5))) == 0.25
    assert eg.sweep(a, (0, 4, 0), box((2, 0, 0), (0.5, 0.5, 0.5))) is None
    assert eg.sweep(((0, 0), 1), (8, 0), {"poly": [(4, -1), (6, -1), (6, 1), (4, 1)]}) == 0.375
    assert eg.sweep(((0, 0, 0), 1), (10, 0, 0), box((5, 0, 0), (1, 1, 1))) == 0.3
    with pytest.raises(ValueError):
        eg.sweep(a, (1, 0), box((2, 0, 0), (1, 1, 1)))


def test_errors_name_the_argument():
    with pytest.raises(ValueError, match="x"):
        eg.contact({"poly": []}, ((0, 0), 1))
    with pytest.raises(ValueError, match="half extent"):
        eg.overlap(box((0, 0, 0), (1, -1, 1)), ((0, 0, 0), 1))
    with pytest.raises(ValueError, match="one core"):
        eg.overlap({"seg": [(0, 0), (1, 0)], "poly": [(0, 0)], "r": 1}, ((0, 0), 1))
    with pytest.raises(ValueError):
        eg.contact({"hull": [(0, 0, float("nan"))]}, ((0, 0, 0), 1))


def test_the_module_and_eval_agree():
    rng = random.Random(8)
    lines, expect = [], []
    for i in range(60):
        x = box([rng.randint(-2, 2) for _ in range(3)], [rng.randint(0, 2) for _ in range(3)],
                axes=[[1, 0, 0], [0, 1, 1], [0, -1, 1]], r=F(rng.randint(0, 2), 2))
        y = {"hull": [[rng.randint(-3, 3) for _ in range(3)] for _ in range(5)]}
        jx = dict(x)
        jx["r"] = str(x["r"])
        lines.append(json.dumps({"id": i, "op": "contact", "x": jx, "y": y}))
        expect.append(eg.contact(x, y))
    for line, c in zip(eg.eval(lines), expect):
        a = json.loads(line)
        assert a["closed"] == (c is not None)
        if c is None:
            continue
        assert float.fromhex(a["depth"]) == c.depth
        if a["depth_normal"] is None:
            assert c.depth_normal is None
        else:
            assert tuple(float.fromhex(v) for v in a["depth_normal"]) == c.depth_normal
