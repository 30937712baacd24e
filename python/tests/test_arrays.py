"""The array forms of capsule_capsule, segment_distance and segment_squared_distance:
every item equals the scalar function's answer on random, degenerate
(touching, parallel, zero-length) and broadcast inputs, a sample agrees
with the Fraction oracle, and bad input is a ValueError."""

from fractions import Fraction as F

import numpy as np
import pytest

import exactgeom as eg
import oracle


def random_segments(rng, n, dim):
    return rng.uniform(-4, 4, size=(n, 2, dim))


def degenerate_segments(rng, n, dim):
    """Pairs built to sit on the boundary: touching end to end, parallel at
    a distance, zero-length, collinear overlapping (as rows 0::2 and 1::2)."""
    out = np.zeros((2 * n, 2, dim))
    for i in range(n):
        p = rng.integers(-8, 8, size=dim) / 4.0
        d = rng.integers(-8, 8, size=dim) / 4.0
        kind = i % 4
        a = np.array([p, p + d])
        if kind == 0:  # end to end
            b = np.array([p + d, p + 2 * d])
        elif kind == 1:  # parallel, offset by a dyadic normal-ish vector
            off = np.zeros(dim)
            off[0] = 0.5
            b = a + off
        elif kind == 2:  # zero-length second segment on the first's line
            b = np.array([p + d / 2, p + d / 2])
        else:  # collinear, overlapping
            b = np.array([p + d / 4, p + 3 * d / 2])
        out[2 * i], out[2 * i + 1] = a, b
    return out[0::2], out[1::2]


@pytest.mark.parametrize("dim", [2, 3])
def test_segment_distances_match_the_scalar_form(dim):
    rng = np.random.default_rng(7 + dim)
    s, t = random_segments(rng, 300, dim), random_segments(rng, 300, dim)
    ds, dt = degenerate_segments(rng, 100, dim)
    s, t = np.concatenate([s, ds]), np.concatenate([t, dt])
    d = eg.segment_distance(s, t)
    d2 = eg.segment_squared_distance(s, t)
    num, den = eg.segment_squared_distance(s, t, pairs=True)
    assert d.dtype == np.float64 and d.shape == (len(s),)
    assert d2.dtype == object and num.dtype == object
    for i in range(len(s)):
        si, ti = s[i].tolist(), t[i].tolist()
        assert d[i] == eg.segment_distance(si, ti)
        assert d2[i] == eg.segment_squared_distance(si, ti)
        assert isinstance(d2[i], F) and F(num[i], den[i]) == d2[i]
    # Degenerate rows include exact zeros (end to end, overlapping).
    assert (d[300:] == 0).sum() >= 50


def test_a_sample_agrees_with_the_fraction_oracle():
    rng = np.random.default_rng(11)
    s, t = random_segments(rng, 40, 3), random_segments(rng, 40, 3)
    d2 = eg.segment_squared_distance(s, t)
    d = eg.segment_distance(s, t)
    for i in range(len(s)):
        want = oracle.segment_segment_d2(s[i].tolist(), t[i].tolist())
        assert d2[i] == want
        assert d[i] == oracle.sqrt_rounded(want)


@pytest.mark.parametrize("dim", [2, 3])
def test_capsules_match_the_scalar_form(dim):
    rng = np.random.default_rng(3 + dim)
    n = 400
    s1, s2 = random_segments(rng, n, dim), random_segments(rng, n, dim)
    r1, r2 = rng.uniform(0, 2, n), rng.uniform(0, 2, n)
    # Touching pairs: the radius sum set to the exact distance where it is a
    # double (zero-length axes at dyadic points), so closed and open differ.
    p = rng.integers(-8, 8, size=(n // 4, dim)).astype(float)
    q = p.copy()
    q[:, 0] += 3.0
    s1[: n // 4] = np.stack([p, p], axis=1)
    s2[: n // 4] = np.stack([q, q], axis=1)
    r1[: n // 4], r2[: n // 4] = 1.0, 2.0
    o = eg.capsule_capsule((s1, r1), (s2, r2))
    closed = eg.capsule_capsule((s1, r1), (s2, r2), test="closed")
    opened = eg.capsule_capsule((s1, r1), (s2, r2), test="open")
    assert o.closed.dtype == np.bool_ and o.closed.shape == (n,)
    assert (o.closed == closed).all() and (o.open == opened).all()
    for i in range(n):
        want = eg.capsule_capsule((s1[i].tolist(), float(r1[i])), (s2[i].tolist(), float(r2[i])))
        assert (o.closed[i], o.open[i]) == (want.closed, want.open)
    assert o.closed[: n // 4].all() and not o.open[: n // 4].any()  # touching
    assert o.closed[n // 4:].any() and not o.closed[n // 4:].all()


def test_one_shape_is_broadcast_against_many():
    rng = np.random.default_rng(5)
    t = random_segments(rng, 50, 3)
    one = [[0.0, 0.0, 0.0], [1.0, 0.5, -0.25]]
    d = eg.segment_distance(one, t)
    assert d.shape == (50,)
    assert all(d[i] == eg.segment_distance(one, t[i].tolist()) for i in range(50))
    assert (eg.segment_distance(np.array([one]), t) == d).all()
    r = rng.uniform(0, 1, 50)
    o = eg.capsule_capsule((one, 0.5), (t, r))
    for i in range(50):
        assert o.closed[i] == eg.capsule_capsule((one, 0.5), (t[i].tolist(), float(r[i]))).closed
    # One radius for every capsule.
    same = eg.capsule_capsule((t, 0.25), (t[::-1].copy(), np.float64(0.25)), test="closed")
    assert same.shape == (50,)


def test_integer_and_float32_arrays_are_taken_exactly():
    s = np.array([[[0, 0], [4, 0]]] * 3, dtype=np.int32)
    t = np.array([[[0, 3], [4, 3]], [[5, 0], [9, 0]], [[1, -1], [1, 1]]], dtype=np.int64)
    assert eg.segment_squared_distance(s, t).tolist() == [9, 1, 0]
    f = s.astype(np.float32)
    assert (eg.segment_distance(f, t) == eg.segment_distance(s, t)).all()


def test_bad_input_is_a_value_error():
    s = np.zeros((3, 2, 3))
    with pytest.raises(ValueError, match="item 1"):
        bad = s.copy()
        bad[1, 0, 0] = np.nan
        eg.segment_distance(bad, s)
    with pytest.raises(ValueError):
        eg.segment_distance(s, np.zeros((4, 2, 3)))  # 3 against 4
    with pytest.raises(ValueError):
        eg.segment_distance(s, np.zeros((3, 2, 2)))  # 3-D against 2-D
    with pytest.raises(ValueError):
        eg.segment_distance(np.zeros((3, 3, 3)), s)  # not pairs of points
    with pytest.raises(ValueError, match="exactly"):
        big = np.array([[[2**53 + 1, 0, 0], [0, 0, 0]]], dtype=np.int64)
        eg.segment_distance(big, s)
    with pytest.raises(ValueError):
        eg.segment_distance(s.astype(object), s)
    with pytest.raises(ValueError, match="item 2"):
        eg.capsule_capsule((s, np.array([0.0, 1.0, -1.0])), (s, 0.0))
    with pytest.raises(ValueError):
        eg.capsule_capsule((s, np.zeros(2)), (s, 0.0))  # 2 radii for 3 segments
    with pytest.raises(ValueError):
        eg.capsule_capsule((s, np.zeros(3)), (s, 0.0), test="sometimes")


def test_scalar_forms_are_unchanged():
    assert eg.segment_squared_distance([[0, 0], [1, 0]], [[0, 2], [1, 2]]) == 4
    assert eg.segment_squared_distance([[0, 0], [1, 0]], [[0, 2], [1, 2]], pairs=True) == (4, 1)
    big = 10**30
    assert eg.segment_squared_distance([[big, 0], [big + 1, 0]], [[big, 1], [big + 1, 1]]) == 1
    o = eg.capsule_capsule(([[0, 0], [1, 0]], 1), ([[0, 2], [1, 2]], 1))
    assert (o.closed, o.open) == (True, False)
    assert eg.capsule_capsule(([[0, 0], [1, 0]], 1), ([[0, 2], [1, 2]], 1), test="open") is False


@pytest.mark.parametrize("dim", [2, 3])
def test_point_segment_distances_match_the_scalar_form(dim):
    rng = np.random.default_rng(13 + dim)
    p = rng.uniform(-4, 4, (200, dim))
    p[::4] = rng.integers(-4, 4, (50, dim))  # lattice points, some on the segments
    s = random_segments(rng, 200, dim)
    s[::4] = np.stack([p[::4] - 1, p[::4] + 1], axis=1)  # through the point: distance 0
    d, d2 = eg.point_segment_distance(p, s), eg.point_segment_squared_distance(p, s)
    num, den = eg.point_segment_squared_distance(p, s, pairs=True)
    for i in range(200):
        pi, si = p[i].tolist(), s[i].tolist()
        assert d[i] == eg.point_segment_distance(pi, si)
        assert d2[i] == eg.point_segment_squared_distance(pi, si) == F(num[i], den[i])
    assert (d[::4] == 0).all()
    one = eg.point_segment_distance([0.5] * dim, s)  # one point against n
    assert all(one[i] == eg.point_segment_distance([0.5] * dim, s[i].tolist()) for i in range(200))


def test_segment_triangle_distances_match_the_scalar_form_and_the_oracle():
    rng = np.random.default_rng(17)
    s = random_segments(rng, 200, 3)
    tri = rng.uniform(-4, 4, (200, 3, 3))
    tri[::5] = np.array([[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0]])
    s[::5] = np.array([[1.0, 1.0, -1.0], [1.0, 1.0, 1.0]])  # through the triangle: 0
    d, d2 = eg.segment_triangle_distance(s, tri), eg.segment_triangle_squared_distance(s, tri)
    for i in range(200):
        si, ti = s[i].tolist(), tri[i].tolist()
        assert d[i] == eg.segment_triangle_distance(si, ti)
        assert d2[i] == eg.segment_triangle_squared_distance(si, ti)
    for i in range(0, 200, 10):
        assert d2[i] == oracle.segment_triangle_d2(s[i].tolist(), tri[i].tolist())
    assert (d[::5] == 0).all()
    one = eg.segment_triangle_distance(s, tri[0])  # one triangle against n
    assert one.shape == (200,) and one[0] == d[0]
    with pytest.raises(ValueError):
        eg.segment_triangle_distance(np.zeros((3, 2, 2)), tri[:3])  # 2-D segments
    with pytest.raises(ValueError):
        eg.segment_triangle_distance(s[:3], np.zeros((3, 4, 3)))  # not triangles
