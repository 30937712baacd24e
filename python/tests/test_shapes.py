"""Segments, segment-triangle distances, capsules and contact against the
Fraction oracle: exact results as Fractions, rounded ones correctly rounded."""

import math
import random
from decimal import Decimal
from fractions import Fraction as F

import numpy as np
import pytest

import exactgeom as eg
import oracle
from oracle import add, cross3, dot, fr, scale, sub, vec


def rand_coord(rng, kind):
    if kind == "int":
        return rng.randint(-4, 4)
    if kind == "half":
        return F(rng.randint(-8, 8), 2)
    if kind == "big":
        return rng.randint(-4, 4) * 10 ** 30 + rng.randint(-1, 1)
    return rng.uniform(-4, 4)  # a float, exact as given


def rand_point(rng, dim, kind):
    return tuple(rand_coord(rng, kind) for _ in range(dim))


def rand_segments(dim, n, seed):
    """n pairs of segments: random, sharing endpoints, collinear, parallel,
    zero-length, of ints, halves, huge ints and floats."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        kind = ("int", "half", "big", "float")[i % 4]
        s = (rand_point(rng, dim, kind), rand_point(rng, dim, kind))
        t = (rand_point(rng, dim, kind), rand_point(rng, dim, kind))
        case = i % 5
        if case == 0 and i % 10 == 0 and kind != "float":
            x = add(vec(s[0]), scale(sub(vec(s[1]), vec(s[0])), F(1, 3)))  # crossing s inside
            v = sub(vec(t[1]), vec(t[0]))
            t = (tuple(sub(x, v)), tuple(add(x, scale(v, F(1, 2)))))
        elif case == 1:
            t = (s[1], t[1])  # a shared endpoint
        elif case == 2 and kind != "float":
            d = sub(vec(s[1]), vec(s[0]))  # collinear
            t = (tuple(add(vec(s[0]), scale(d, F(rng.randint(-3, 3), 2)))),
                 tuple(add(vec(s[0]), scale(d, F(rng.randint(-3, 3), 2)))))
        elif case == 3 and kind != "float":
            d = sub(vec(s[1]), vec(s[0]))  # parallel
            t = (t[0], tuple(add(vec(t[0]), scale(d, F(rng.randint(-2, 2))))))
        elif case == 4 and i % 3 == 0:
            s = (s[0], s[0])  # zero length
        out.append((s, t))
    return out


def intersection_oracle(s, t):
    """(kind, point, overlap) of two closed segments, in Fractions."""
    p0, p1, q0, q1 = vec(s[0]), vec(s[1]), vec(t[0]), vec(t[1])
    d1, d2 = sub(p1, p0), sub(q1, q0)
    if oracle.segment_segment_d2(s, t) != 0:
        return "disjoint", None, None
    z = [F(0)] * len(p0)
    if d1 == z or d2 == z:  # a point on the other segment: an endpoint of it
        return "touch", tuple(p0 if d1 == z else q0), None
    cr = cross3(d1 + [F(0)] * (3 - len(d1)), d2 + [F(0)] * (3 - len(d2)))
    if cr == [0, 0, 0]:
        # Collinear (they meet): the common part, on the line of s.
        u = [dot(sub(q, p0), d1) / dot(d1, d1) for q in (q0, q1)]
        lo, hi = max(F(0), min(u)), min(F(1), max(u))
        a, b = add(p0, scale(d1, lo)), add(p0, scale(d1, hi))
        if lo == hi:
            return "touch", tuple(a), None
        return "overlap", None, tuple(sorted((tuple(a), tuple(b))))
    # One common point: P(u) = Q(v), from the normal equations.
    r = sub(p0, q0)
    aa, bb, ee = dot(d1, d1), dot(d1, d2), dot(d2, d2)
    den = aa * ee - bb * bb
    c, f = dot(d1, r), dot(d2, r)
    u, v = (bb * f - c * ee) / den, (aa * f - bb * c) / den
    point = tuple(add(p0, scale(d1, u)))
    return ("cross" if 0 < u < 1 and 0 < v < 1 else "touch"), point, None


@pytest.mark.parametrize("dim", [2, 3])
def test_segment_functions(dim):
    kinds = set()
    for s, t in rand_segments(dim, 400, seed=dim):
        d2 = oracle.segment_segment_d2(s, t)
        got = eg.segment_squared_distance(s, t)
        assert type(got) is F and got == d2, (s, t)
        assert eg.segment_distance(s, t) == oracle.sqrt_rounded(d2), (s, t)
        assert eg.segments_intersect(s, t) == (d2 == 0)
        kind, point, overlap = intersection_oracle(s, t)
        r = eg.segment_intersection(s, t)
        assert (r.kind, r.point, r.overlap) == (kind, point, overlap), (s, t)
        kinds.add(kind)
        cp = eg.segment_closest_points(s, t)
        assert cp.squared_distance == d2 and 0 <= cp.s <= 1 and 0 <= cp.t <= 1
        assert list(cp.on_first) == add(vec(s[0]), scale(sub(vec(s[1]), vec(s[0])), cp.s))
        assert list(cp.on_second) == add(vec(t[0]), scale(sub(vec(t[1]), vec(t[0])), cp.t))
        w = sub(list(cp.on_first), list(cp.on_second))
        assert dot(w, w) == d2
    assert kinds == {"disjoint", "cross", "touch", "overlap"}


@pytest.mark.parametrize("dim", [2, 3])
def test_point_segment(dim):
    for s, t in rand_segments(dim, 200, seed=10 + dim):
        p = t[0]
        d2 = oracle.point_segment_d2(p, s)
        assert eg.point_segment_squared_distance(p, s) == d2
        assert eg.point_segment_distance(p, s) == oracle.sqrt_rounded(d2)


def test_readme_examples():
    r = eg.segment_intersection(((0, 0), (3, 3)), ((0, 3), (3, 0)))
    assert r == ("cross", (F(3, 2), F(3, 2)), None)
    w, z = ((0, 0, 0), (0, 0, 5)), ((1, 1, -3), (1, 1, 9))
    assert eg.segment_squared_distance(w, z) == 2 and eg.segment_distance(w, z) == math.sqrt(2)
    assert eg.capsule_capsule((((0, 0), (4, 0)), 1), (((2, 2), (2, 5)), 1)) == (True, False)
    tri = ((0, 0, 0), (4, 0, 0), (0, 4, 0))
    assert eg.contact(((1, 1, 2), 3), tri) == (1.0, (0.0, 0.0, -1.0), (0.0, 0.0, -1.0), -1.0)
    cp = eg.segment_closest_points(((-2, 1, 3), (2, 1, 3)), ((0, 0, 0), (4, 0, 0)))
    assert cp.s == F(1, 2) and cp.squared_distance == 10


def rand_triangle(rng, kind):
    tri = [rand_point(rng, 3, kind) for _ in range(3)]
    if rng.random() < 0.15 and kind != "float":
        tri[2] = tuple(add(vec(tri[0]), scale(sub(vec(tri[1]), vec(tri[0])), F(1, 2))))  # collinear
    return tuple(tri)


def sign(v):
    return (v > 0) - (v < 0)


def crossing_2d(s, t):
    """Two 2-D segments cross at interior points of both (so that radius-0
    capsules overlap by more than touching: 0.3's `open`)."""
    def orient(a, b, c):
        return sign((fr(b[0]) - fr(a[0])) * (fr(c[1]) - fr(a[1])) - (fr(b[1]) - fr(a[1])) * (fr(c[0]) - fr(a[0])))
    return (orient(s[0], s[1], t[0]) * orient(s[0], s[1], t[1]) < 0 and
            orient(t[0], t[1], s[0]) * orient(t[0], t[1], s[1]) < 0)


def piercing(s, tri):
    """A 3-D segment through a triangle's interior: its ends strictly on
    either side of the plane, the crossing strictly inside."""
    def orient(a, b, c, d):
        return sign(dot(cross3(sub(vec(b), vec(a)), sub(vec(c), vec(a))), sub(vec(d), vec(a))))
    a, b, c = tri
    p, q = s
    if orient(a, b, c, p) * orient(a, b, c, q) >= 0:
        return False
    o = [orient(p, q, a, b), orient(p, q, b, c), orient(p, q, c, a)]
    return o[0] == o[1] == o[2] != 0


def test_segment_triangle_and_capsule_triangle():
    rng = random.Random(7)
    for i in range(300):
        kind = ("int", "half", "float", "big")[i % 4]
        tri = rand_triangle(rng, kind)
        s = (rand_point(rng, 3, kind), rand_point(rng, 3, kind))
        if i % 5 == 0:  # through the triangle's plane, near its centroid
            g = scale(add(add(vec(tri[0]), vec(tri[1])), vec(tri[2])), F(1, 3))
            s = (tuple(add(g, [F(0), F(0), F(2)])), tuple(add(g, [F(1, 3), F(0), F(-2)])))
        if i % 7 == 0:
            s = (s[0], s[0])
        d2 = oracle.segment_triangle_d2(s, tri)
        assert eg.segment_triangle_squared_distance(s, tri) == d2, (s, tri)
        assert eg.segment_triangle_squared_distance(s, {"tri": list(tri)}) == d2
        assert eg.segment_triangle_distance(s, tri) == oracle.sqrt_rounded(d2)
        for r in (F(0), F(1, 2), fr(oracle.sqrt_rounded(d2)), 2):
            # open: depth > 0, so also a radius-0 axis through the interior
            want = (d2 <= fr(r) ** 2, d2 < fr(r) ** 2 or (r == 0 and piercing(s, tri)))
            assert eg.capsule_triangle((s, r), tri) == want, (s, tri, r)
        if s[0] == s[1]:
            assert eg.capsule_triangle((s[0], 1), tri) == (d2 <= 1, d2 < 1)  # a ball


@pytest.mark.parametrize("dim", [2, 3])
def test_capsule_capsule(dim):
    rng = random.Random(20 + dim)
    for s, t in rand_segments(dim, 300, seed=30 + dim):
        d2 = oracle.segment_segment_d2(s, t)
        for r1, r2 in ((0, 0), (F(1, 2), F(1, 3)), (rng.uniform(0, 3), rng.uniform(0, 3)), (10 ** 31, 1)):
            rs = fr(r1) + fr(r2)
            # open: depth > 0, so also radius-0 2-D axes that cross
            want = (d2 <= rs * rs, d2 < rs * rs or (rs == 0 and dim == 2 and crossing_2d(s, t)))
            assert eg.capsule_capsule((s, r1), (t, r2)) == want
            assert eg.capsule_capsule({"seg": s, "r": r1}, {"seg": t, "r": r2}) == want
    # Exactly touching: the axes are r1 + r2 apart.
    assert eg.capsule_capsule((((0, 0), (4, 0)), F(1, 3)), (((2, 1), (9, 1)), F(2, 3))) == (True, False)
    assert eg.capsule_capsule((((0, 0), (4, 0)), 0.1), (((2, 0.3), (9, 0.3)), 0.2)) == \
        (F(0.3) <= F(0.1) + F(0.2), F(0.3) < F(0.1) + F(0.2))
    # Disks and balls: (center, r).
    assert eg.capsule_capsule(((0, 0), 1), ((3, 4), 4)) == (True, False)
    assert eg.capsule_capsule(((0, 0, 0), 1), ((2, 3, 6), 6)) == (True, False)


def decimal_float(x):
    return float(x)  # Decimal -> float is correctly rounded


def test_contact():
    rng = random.Random(9)
    checked = 0
    for dim in (2, 3):
        for s, t in rand_segments(dim, 300, seed=40 + dim):
            if any(isinstance(c, float) for p in s + t for c in p):
                continue
            r1, r2 = F(rng.randint(0, 8), 2), F(rng.randint(0, 8), 2)
            c = eg.contact((s, r1), (t, r2))
            d2 = oracle.segment_segment_d2(s, t)
            if d2 > (r1 + r2) ** 2:
                assert c is None
                continue
            checked += 1
            depth = Decimal(r1.numerator) / Decimal(r1.denominator) + \
                Decimal(r2.numerator) / Decimal(r2.denominator) - oracle.decimal_sqrt(d2)
            if d2 == 0:  # the cores meet: r1 + r2 plus their penetration (test_convex.py)
                assert c.normal is None
                assert c.depth >= float(r1 + r2) and c.gap == -float(r1 + r2)
                continue
            assert c.depth == decimal_float(depth), (s, t, r1, r2)
            cp = eg.segment_closest_points(s, t)  # any closest pair has the same direction
            w = sub(list(cp.on_second), list(cp.on_first))
            norm = oracle.decimal_sqrt(d2)
            want = tuple(decimal_float(Decimal(x.numerator) / Decimal(x.denominator) / norm) for x in w)
            assert c.normal == want, (s, t)
    assert checked > 100
    # A capsule and a triangle, both orders; the normal flips.
    tri = ((0, 0, 0), (4, 0, 0), (0, 4, 0))
    x = eg.contact((((1, 1, 1), (2, 1, 3)), 2), tri)
    assert x == (1.0, (0.0, 0.0, -1.0), (0.0, 0.0, -1.0), -1.0)
    y = eg.contact(tri, (((1, 1, 1), (2, 1, 3)), 2))
    assert y.depth == 1.0 and y.normal == (0.0, 0.0, 1.0) and y.depth_normal == (0.0, 0.0, 1.0)
    assert eg.contact(((9, 9, 9), 1), tri) is None
    # The ball's centre in the triangle: P = 0 (a point against a flat core has
    # no interior), depth r = 1, no direction.
    assert eg.contact(((1, 1, 0), 1), {"tri": list(tri)}) == (1.0, None, None, -1.0)


def test_huge_and_fraction_inputs():
    big = 10 ** 50
    s, t = ((0, 0), (big, 0)), ((big // 2, 1), (big // 2, F(1, 3)))
    assert eg.segment_squared_distance(s, t) == F(1, 9)
    assert eg.segment_intersection(s, ((F(1, 3), -1), (F(1, 3), 1))).point == (F(1, 3), 0)
    assert eg.capsule_capsule((s, F(1, 6)), (t, F(1, 6))) == (True, False)


def test_errors_name_the_argument():
    with pytest.raises(ValueError, match=r"segment_squared_distance: t\[1\]\[0\] is nan"):
        eg.segment_squared_distance(((0, 0), (1, 1)), ((0, 1), (float("nan"), 2)))
    with pytest.raises(ValueError, match=r"segment_intersection: s is not a segment"):
        eg.segment_intersection(((0, 0), (1, 1), (2, 2)), ((0, 1), (1, 2)))
    with pytest.raises(ValueError, match=r"segment_squared_distance: a 2-D and a 3-D shape"):
        eg.segment_squared_distance(((0, 0), (1, 1)), ((0, 1, 0), (1, 2, 0)))
    with pytest.raises(ValueError, match=r"capsule_capsule: c2\[1\] is negative"):
        eg.capsule_capsule((((0, 0), (1, 1)), 1), (((0, 0), (1, 1)), -1))
    with pytest.raises(ValueError, match=r"capsule_capsule: c1\[1\] is inf"):
        eg.capsule_capsule((((0, 0), (1, 1)), math.inf), (((0, 0), (1, 1)), 1))
    with pytest.raises(ValueError, match=r"capsule_triangle: tri\[2\] has 2 coordinates"):
        eg.capsule_triangle((((0, 0, 0), (1, 1, 1)), 1), ((0, 0, 0), (1, 0, 0), (0, 1)))
    # Two triangles are answered since 0.2 (equal and coplanar: touching, no interior).
    assert eg.contact(((0, 0, 0), (1, 0, 0), (0, 1, 0)), ((0, 0, 0), (1, 0, 0), (0, 1, 0))) == (0.0, None, None, 0.0)
    with pytest.raises(ValueError, match=r"contact: y is a dict without"):
        eg.contact(((0, 0, 0), (1, 0, 0), (0, 1, 0)), {"rad": 1})
    with pytest.raises(ValueError, match=r"segment_triangle_distance: s\[0\]\[2\] is -inf"):
        eg.segment_triangle_distance(((0, 0, -math.inf), (0, 0, 1)), ((0, 0, 0), (1, 0, 0), (0, 1, 0)))
    with pytest.raises(ValueError, match=r"point_segment_squared_distance: s\[1\] has 3 coordinates"):
        eg.point_segment_squared_distance((0, 0), ((0, 0), (1, 1, 1)))
    with pytest.raises(TypeError, match=r"segment_distance: s\[0\]\[0\] is a str"):
        eg.segment_distance((("0", 0), (1, 1)), ((0, 1), (1, 2)))
    # NumPy inputs work as sequences.
    assert eg.segment_squared_distance(np.array([[0, 0], [2, 0]]), np.array([[1, 1.5], [1, 3]])) == F(9, 4)


def test_names_before_0_3_are_gone_in_0_4():
    # Deprecated in 0.3 for one release: 0.4 has one name for each.
    s, t = ((0, 0, 0), (0, 0, 5)), ((1, 1, -3), (1, 1, 9))
    for old in ("distance2", "segment_distance2", "point_segment_distance2", "segment_triangle_distance2"):
        assert not hasattr(eg, old), old
    assert not hasattr(eg.segment_closest_points(s, t), "distance2")
    assert eg.segment_squared_distance(s, t) == eg.segment_closest_points(s, t).squared_distance == 2
