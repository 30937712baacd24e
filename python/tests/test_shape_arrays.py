"""The array forms of overlap, capsule_triangle, distance, squared_distance,
closest_points, contact and sweep, for every kind of shape (points, balls,
segments, capsules, triangles, padded polygons and hulls, boxes): every item
equals the scalar function's answer (closest points: the same difference,
a point of each core) on random and lattice (touching,
collinear, nested) inputs and with one shape broadcast; a sample agrees with
the Fraction oracle; bad input is a ValueError naming the item."""

import math
from fractions import Fraction as F

import numpy as np
import pytest

import exactgeom as eg
import oracle

N = 24


def lattice(rng, shape):
    """Small multiples of 1/4: many touching and collinear cases."""
    return rng.integers(-6, 7, size=shape) / 4.0


def rotation(rng, dim):
    """An orthonormal frame exact in double: axis permutations and signs,
    and in 2-D the 3-4-5 rotation (scaled: 0.6, 0.8 are not exact, so the
    box's axes are what they are; both forms take them as given)."""
    if dim == 2:
        c, s = rng.choice([(1.0, 0.0), (0.6, 0.8), (0.0, 1.0)])
        return np.array([[c, s], [-s, c]])
    m = np.eye(3)[rng.permutation(3)]
    return m * rng.choice([-1.0, 1.0], size=(3, 1))


def shape_sets(rng, dim, gen):
    """Each kind of shape as (array form, list of scalar forms)."""
    n = N
    out = {}
    seg = gen(rng, (n, 2, dim))
    r = np.abs(gen(rng, n))
    out["segment"] = (seg, [{"seg": s.tolist(), "r": 0} for s in seg])
    out["capsule"] = ((seg, r), [(s.tolist(), float(ri)) for s, ri in zip(seg, r)])
    c = gen(rng, (n, dim))
    out["ball"] = ((c, r), [(ci.tolist(), float(ri)) for ci, ri in zip(c, r)])
    k = 5
    pts = gen(rng, (n, k, dim))
    count = rng.integers(1, k + 1, size=n)
    pts[np.arange(k)[None, :] >= count[:, None]] = np.nan  # padding: never read
    key = "poly" if dim == 2 else "hull"
    out[key] = ({key: pts, "count": count, "r": r},
                [{key: p[:m].tolist(), "r": float(ri)} for p, m, ri in zip(pts, count, r)])
    axes = np.array([rotation(rng, dim) for _ in range(n)])
    h = np.abs(gen(rng, (n, dim)))
    out["box"] = ({"box": {"c": c, "axes": axes, "h": h}, "r": r},
                  [{"box": {"c": ci.tolist(), "axes": a.tolist(), "h": hi.tolist()}, "r": float(ri)}
                   for ci, a, hi, ri in zip(c, axes, h, r)])
    if dim == 3:
        tri = gen(rng, (n, 3, 3))
        out["triangle"] = (tri, [t.tolist() for t in tri])
        out["thick triangle"] = ({"tri": tri, "r": r}, [{"tri": t.tolist(), "r": float(ri)} for t, ri in zip(tri, r)])
    return out


def nan_or(x):
    return math.nan if x is None else x


def same(a, b):
    return (math.isnan(a) and math.isnan(b)) or a == b


def check_pair(xa, xs, ya, ys, dim):
    ov = eg.overlap(xa, ya)
    dist = eg.distance(xa, ya)
    d2 = eg.squared_distance(xa, ya)
    num, den = eg.squared_distance(xa, ya, pairs=True)
    cp = eg.closest_points(xa, ya)
    con = eg.contact(xa, ya)
    v = np.tile(np.array([1.0, -0.5, 0.25][:dim]), (len(xs), 1))
    sw = eg.sweep(xa, v, ya)
    assert cp.shape == (len(xs), 2, dim)
    for i, (x, y) in enumerate(zip(xs, ys)):
        assert tuple(ov.closed[i:i + 1]) + tuple(ov.open[i:i + 1]) == tuple(eg.overlap(x, y)), i
        assert dist[i] == eg.distance(x, y)
        assert d2[i] == eg.squared_distance(x, y) == F(num[i], den[i])
        # Where several pairs are closest, either may be given: the same
        # difference, a point of each core.
        p, q = eg.closest_points(x, y)
        assert [b - a for a, b in zip(cp[i, 0], cp[i, 1])] == [b - a for a, b in zip(p, q)]
        if tuple(cp[i, 0]) != p:
            assert eg.squared_distance((tuple(cp[i, 0]), 0), x) == 0 and eg.squared_distance((tuple(cp[i, 1]), 0), y) == 0
        c = eg.contact(x, y)
        if c is None:
            assert all(math.isnan(a) for a in (con.depth[i], con.gap[i], *con.normal[i], *con.depth_normal[i]))
        else:
            assert con.depth[i] == c.depth and con.gap[i] == c.gap
            assert all(same(a, b) for a, b in zip(con.normal[i], c.normal or [math.nan] * dim))
            assert all(same(a, b) for a, b in zip(con.depth_normal[i], c.depth_normal or [math.nan] * dim))
        assert same(sw[i], nan_or(eg.sweep(x, tuple(v[i]), y)))


@pytest.mark.parametrize("dim", [2, 3])
@pytest.mark.parametrize("gen", [lattice, lambda rng, shape: rng.uniform(-2, 2, size=shape)], ids=["lattice", "random"])
def test_every_pair_of_kinds_matches_the_scalar_form(dim, gen):
    rng = np.random.default_rng(dim)
    sets = shape_sets(rng, dim, gen)
    names = sorted(sets)
    for i, nx in enumerate(names):
        for ny in names[i:]:
            if nx == ny == "triangle":
                continue
            (xa, xs), (ya, ys) = sets[nx], sets[ny]
            check_pair(xa, xs, ya, ys, dim)


def test_one_shape_is_broadcast_against_many():
    rng = np.random.default_rng(7)
    seg = lattice(rng, (N, 2, 3))
    r = np.abs(lattice(rng, N))
    box = {"box": {"c": [0.0, 0.0, 0.0], "axes": np.eye(3), "h": [1.0, 0.5, 0.25]}, "r": 0.5}
    one = {"box": {"c": [0.0, 0.0, 0.0], "axes": np.eye(3).tolist(), "h": [1.0, 0.5, 0.25]}, "r": 0.5}
    got = eg.squared_distance((seg, r), box)
    assert list(got) == [eg.squared_distance((s.tolist(), float(ri)), one) for s, ri in zip(seg, r)]
    assert list(eg.overlap(box, (seg, r), test="closed")) == [eg.overlap(one, (s.tolist(), float(ri))).closed
                                                              for s, ri in zip(seg, r)]
    # One segment (1, 2, D) against many radii; one triangle against many capsules.
    tri = np.array([[[0.0, 0, 0], [1, 0, 0], [0, 1, 0]]])
    assert list(eg.capsule_triangle((seg[:1], r), tri, test="open")) == [
        eg.capsule_triangle((seg[0].tolist(), float(ri)), tri[0].tolist()).open for ri in r]
    # v broadcast against the shapes, and the shapes against many v.
    v = lattice(rng, (N, 3))
    assert np.array_equal(eg.sweep((seg, r), v[0], box), eg.sweep((seg, r), np.tile(v[0], (N, 1)), box),
                          equal_nan=True)
    many = eg.sweep({"seg": seg[:1], "r": 0.25}, v, box)
    assert many.shape == (N,)
    for i in range(N):
        assert same(many[i], nan_or(eg.sweep({"seg": seg[0].tolist(), "r": 0.25}, tuple(v[i]), one)))


def test_a_sample_agrees_with_the_fraction_oracle():
    rng = np.random.default_rng(11)
    s, t = rng.uniform(-3, 3, size=(N, 2, 3)), lattice(rng, (N, 2, 3))
    r1, r2 = np.abs(lattice(rng, N)), np.abs(lattice(rng, N))
    d2 = eg.squared_distance((s, r1), (t, r2))
    ov = eg.overlap((s, r1), (t, r2))
    for i in range(N):
        want = oracle.segment_segment_d2(s[i].tolist(), t[i].tolist())
        assert d2[i] == want
        rs = F(r1[i]) + F(r2[i])
        assert ov.closed[i] == (want <= rs * rs) and ov.open[i] == (want < rs * rs)
    tri = lattice(rng, (N, 3, 3))
    d2 = eg.squared_distance(s, tri)
    for i in range(N):
        assert d2[i] == oracle.segment_triangle_d2(s[i].tolist(), tri[i].tolist())
    # A box and a point: the distance to the clamped point, in Fractions.
    c, h = lattice(rng, (N, 3)), np.abs(lattice(rng, (N, 3)))
    p = rng.uniform(-3, 3, size=(N, 3))
    d2 = eg.squared_distance({"box": {"c": c, "axes": np.eye(3), "h": h}}, (p, np.zeros(N)))
    for i in range(N):
        want = sum((F(p[i, k]) - min(max(F(p[i, k]), F(c[i, k]) - F(h[i, k])), F(c[i, k]) + F(h[i, k]))) ** 2
                   for k in range(3))
        assert d2[i] == want


def test_bad_input_is_a_value_error():
    seg = np.zeros((4, 2, 2))
    with pytest.raises(ValueError, match="item 2"):
        r = np.ones(4)
        r[2] = -1
        eg.distance((seg, r), seg)
    bad = seg.copy()
    bad[1, 0, 0] = np.nan
    with pytest.raises(ValueError, match="item 1"):
        eg.overlap(bad, seg)
    with pytest.raises(ValueError, match="item 3"):
        pts = np.zeros((4, 3, 2))
        pts[3, 1, 1] = np.inf
        eg.contact({"poly": pts}, seg)
    with pytest.raises(ValueError, match="must agree"):
        eg.distance(seg, np.zeros((3, 2, 2)))
    with pytest.raises(ValueError, match="3-D"):
        eg.distance(seg, np.zeros((4, 3, 3)))
    with pytest.raises(ValueError, match="count"):
        eg.distance({"poly": np.zeros((4, 3, 2)), "count": [1, 2, 3, 4]}, seg)
    with pytest.raises(ValueError, match="does not hold exactly|scalar form"):
        eg.distance(np.array([[[2**60 + 1, 0], [0, 0]]], dtype=np.int64), seg)
    with pytest.raises(ValueError, match="test"):
        eg.overlap(seg, seg, test="closedish")
    with pytest.raises(ValueError, match="box"):
        eg.distance({"box": {"c": np.zeros((4, 2))}}, seg)


def test_scalar_forms_are_unchanged():
    x = {"poly": [[0, 0], [2, 0], [0, 2]], "r": 0}
    y = ([3, 3], 1)
    assert eg.overlap(x, y) == (False, False)
    assert eg.overlap(x, y, test="closed") is False
    assert eg.squared_distance(x, y) == 8 and eg.squared_distance(x, y, pairs=True) == (8, 1)
    assert eg.contact(x, ([1, 1], 1)) is not None and eg.sweep(x, (2, 2), y) is not None


@pytest.mark.parametrize("dim", [2, 3])
def test_segment_intersections_match_the_scalar_form(dim):
    # Half the pairs on a coarse lattice: crossing, touching, overlapping and
    # disjoint pairs all occur.
    rng = np.random.default_rng(13 + dim)
    s = np.concatenate([rng.integers(-2, 3, size=(60, 2, dim)) / 2.0, rng.uniform(-2, 2, size=(20, 2, dim))])
    t = np.concatenate([rng.integers(-2, 3, size=(60, 2, dim)) / 2.0, rng.uniform(-2, 2, size=(20, 2, dim))])
    if dim == 3:
        t[:30, :, 2] = s[:30, :, 2] = 0.0  # coplanar: 3-D crossings
    s[0], t[0] = 0.0, 0.0
    s[0, 1, 0], t[0, 0, 0], t[0, 1, 0] = 1.0, 0.5, 2.0  # collinear, overlapping
    meet = eg.segments_intersect(s, t)
    r = eg.segment_intersection(s, t)
    c = eg.segment_closest_points(s, t)
    assert r.kind.dtype == np.int8 and r.point.shape == (80, dim) and r.overlap.shape == (80, 2, dim)
    kinds = set()
    for i in range(len(s)):
        want = eg.segment_intersection(s[i].tolist(), t[i].tolist())
        kinds.add(want.kind)
        assert eg.SEGMENT_KINDS[r.kind[i]] == want.kind
        assert bool(meet[i]) == (want.kind != "disjoint") == eg.segments_intersect(s[i].tolist(), t[i].tolist())
        assert (tuple(r.point[i]) if want.point else (None,) * dim) == (want.point or (None,) * dim)
        if want.overlap:
            assert (tuple(r.overlap[i, 0]), tuple(r.overlap[i, 1])) == want.overlap
        else:
            assert all(v is None for v in r.overlap[i].ravel())
        w = eg.segment_closest_points(s[i].tolist(), t[i].tolist())
        assert (c.s[i], c.t[i], tuple(c.on_first[i]), tuple(c.on_second[i]), c.squared_distance[i]) == tuple(w)
        assert c.squared_distance[i] == oracle.segment_segment_d2(s[i].tolist(), t[i].tolist())
    assert kinds == set(eg.SEGMENT_KINDS)
    # One segment against many.
    one = eg.segment_intersection(s[:1], t)
    assert list(one.kind) == [eg.SEGMENT_KINDS.index(eg.segment_intersection(s[0].tolist(), u.tolist()).kind)
                              for u in t]


def test_empty_arrays_give_empty_answers():
    z2, z3 = np.zeros((0, 2, 2)), np.zeros((0, 2, 3))
    box = {"box": {"c": [0.0, 0, 0], "axes": np.eye(3), "h": [1.0, 1, 1]}}
    assert eg.distance((z3, 1.0), box).shape == (0,)
    assert eg.squared_distance(z3, z3).shape == (0,)
    assert eg.closest_points(z3, box).shape == (0, 2, 3)
    assert eg.contact(z3, box).normal.shape == (0, 3)
    assert eg.overlap(box, {"hull": np.zeros((0, 4, 3))}, test="closed").shape == (0,)
    assert eg.sweep((z3, 1.0), [1.0, 0, 0], box).shape == (0,)
    assert eg.segment_intersection(z2, [[0.0, 0], [1, 1]]).kind.shape == (0,)
    assert eg.segments_intersect(z2, z2).shape == (0,)
    with pytest.raises(ValueError, match="must agree"):
        eg.distance(z3, np.zeros((2, 2, 3)))
