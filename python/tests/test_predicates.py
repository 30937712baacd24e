"""exactgeom.orient2d, orient3d, incircle, insphere: single points and arrays
against the Fraction oracle, arrays against the scalar calls, every dtype,
broadcasting, exact Python numbers, and the errors."""

import threading
from fractions import Fraction as F

import numpy as np
import pytest

import exactgeom as eg
import oracle

# name, exactgeom function, oracle, number of points, dimension
PREDICATES = [
    ("orient2d", eg.orient2d, oracle.orient2d, 3, 2),
    ("orient3d", eg.orient3d, oracle.orient3d, 4, 3),
    ("incircle", eg.incircle, oracle.incircle, 4, 2),
    ("insphere", eg.insphere, oracle.insphere, 5, 3),
]
IDS = [p[0] for p in PREDICATES]


def near_degenerate(rng, name, n):
    """n items of float64 points, most of them within rounding of the
    predicate's zero set (collinear, coplanar, cocircular, cospherical), some
    exactly on it, some random."""
    _, _, _, k, dim = next(p for p in PREDICATES if p[0] == name)
    pts = [rng.uniform(-1, 1, (n, dim)) for _ in range(k)]
    if name in ("orient2d", "orient3d"):
        # The last point an affine combination of the first dim, rounded.
        w = rng.uniform(-2, 2, (n, dim - 1))
        last = pts[0].copy()
        for j in range(dim - 1):
            last += w[:, j:j + 1] * (pts[j + 1] - pts[0])
        pts[-1] = last
    else:
        # Points on a circle or sphere around a random center, rounded.
        center = rng.uniform(-1, 1, (n, dim))
        radius = rng.uniform(0.1, 2, (n, 1))
        for j in range(k):
            v = rng.normal(size=(n, dim))
            pts[j] = center + radius * v / np.linalg.norm(v, axis=1, keepdims=True)
    # A quarter exactly degenerate: small integers, repeated points.
    q = n // 4
    for j in range(k):
        pts[j][:q] = rng.integers(-3, 4, (q, dim))
    pts[-1][:q // 2] = pts[0][:q // 2]
    # A quarter random.
    for j in range(k):
        pts[j][q:2 * q] = rng.uniform(-1, 1, (q, dim))
    return pts


def oracle_signs(orc, pts):
    n = len(pts[0])
    return np.array([orc(*(p[i].tolist() for p in pts)) for i in range(n)], dtype=np.int8)


@pytest.mark.parametrize("name,fn,orc,k,dim", PREDICATES, ids=IDS)
def test_arrays_match_oracle_and_scalar_calls(name, fn, orc, k, dim):
    rng = np.random.default_rng(15)
    pts = near_degenerate(rng, name, 240)
    got = fn(*pts)
    assert isinstance(got, np.ndarray) and got.dtype == np.int8 and got.shape == (240,)
    expected = oracle_signs(orc, pts)
    np.testing.assert_array_equal(got, expected)
    scalar = [fn(*(p[i] for p in pts)) for i in range(240)]  # 1-D arrays: single points
    assert scalar == expected.tolist()
    lists = [fn(*(p[i].tolist() for p in pts)) for i in range(240)]  # lists of floats
    assert lists == expected.tolist()
    assert all(type(s) is int for s in lists)
    # Every sign occurs, so the test is not vacuous.
    assert set(expected.tolist()) == {-1, 0, 1}


def test_orient2d_where_the_naive_determinant_is_wrong():
    p, q, r = (0.5 + 2.0 ** -53, 0.5), (12.0, 12.0), (24.0, 24.0)
    naive = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    assert naive == 0  # the float expression says collinear
    assert eg.orient2d(p, q, r) == oracle.orient2d(p, q, r) == -1


def test_orient2d_tiny_and_huge_doubles():
    # Products underflow (tiny) or need more than double's range (huge).
    for s in (2.0 ** -1070, 2.0 ** -600, 2.0 ** 500, 2.0 ** 1000):
        a, b, c = (0.0, 0.0), (3 * s, 1 * s), (6 * s, 2 * s + 2.0 ** -1074)
        assert eg.orient2d(a, b, c) == oracle.orient2d(a, b, c)
        assert eg.orient2d(np.array([a]), np.array([b]), np.array([c]))[0] == oracle.orient2d(a, b, c)


def test_convention_examples():
    assert eg.orient2d((0, 0), (1, 0), (0, 1)) == 1
    assert eg.orient3d((0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)) == 1  # CGAL's sign
    assert eg.incircle((1, 0), (0, 1), (-1, 0), (0, 0)) == 1
    # Inside the unit sphere: +1 when orient3d(a, b, c, d) is +1, reversed when -1.
    a, b, c, d = (1, 0, 0), (0, 1, 0), (0, 0, 1), (-1, 0, 0)
    assert eg.orient3d(b, a, c, d) == 1 and eg.insphere(b, a, c, d, (0, 0, 0)) == 1
    assert eg.insphere(a, b, c, d, (0, 0, 0)) == -1 and eg.insphere(a, b, c, d, (0, 0, -1)) == 0


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int32, np.int64])
@pytest.mark.parametrize("name,fn,orc,k,dim", PREDICATES, ids=IDS)
def test_every_dtype(name, fn, orc, k, dim, dtype):
    rng = np.random.default_rng(1)
    if np.issubdtype(dtype, np.integer):
        # Near the type's limit (int64: beyond 2**53, where float64 rounds),
        # with degenerate items: repeated points, points on a line.
        hi = np.iinfo(dtype).max
        pts = [rng.integers(-hi, hi, (120, dim), dtype=dtype, endpoint=True) for _ in range(k)]
        pts[-1][:40] = pts[0][:40]
        small = [rng.integers(-4, 5, (40, dim), dtype=dtype) for _ in range(k)]
        for j in range(k):
            pts[j][40:80] = small[j]
    else:
        pts = [p.astype(dtype) for p in near_degenerate(rng, name, 120)]
    got = fn(*pts)
    assert got.dtype == np.int8
    np.testing.assert_array_equal(got, oracle_signs(orc, pts))
    assert [fn(*(p[i] for p in pts)) for i in range(0, 120, 7)] == got[::7].tolist()


def test_mixed_dtypes_are_exact():
    # int64 beyond 2**53 with float64: converting to float64 would round,
    # those rows are answered from the exact values.
    big = 2 ** 62 + 1
    a = np.array([[big, big], [1, 2], [big, 3]], dtype=np.int64)
    b = np.array([[big + 1.0, big + 1.0], [0.5, 0.25], [0.0, 0.0]])
    c = np.array([[2.0 ** 63, 2.0 ** 63]], dtype=np.float32)
    got = eg.orient2d(a, b, c)
    want = [oracle.orient2d(a[i].tolist(), b[i].tolist(), c[0].tolist()) for i in range(3)]
    assert got.tolist() == want
    # int32 with float32, int64 with int32.
    rng = np.random.default_rng(2)
    for x, y, z in [(np.int32, np.float32, np.float64), (np.int64, np.int32, np.int32),
                    (np.int8, np.uint16, np.float16), (np.uint32, np.int64, np.float64)]:
        pts = [rng.integers(-100, 100, (50, 2)).astype(t) if np.issubdtype(t, np.signedinteger) or
               np.issubdtype(t, np.floating) else rng.integers(0, 100, (50, 2)).astype(t) for t in (x, y, z)]
        pts[2][:20] = pts[0][:20].astype(z)
        assert eg.orient2d(*pts).tolist() == oracle_signs(oracle.orient2d, pts).tolist()


def test_uint64_and_longdouble_are_exact():
    u = np.array([[2 ** 64 - 1, 2 ** 63 + 1], [5, 7]], dtype=np.uint64)
    v = np.array([[2 ** 63 - 3, 2 ** 63 - 1], [1, 1]], dtype=np.int64)
    w = np.array([[0.5, 0.25], [3.0, 2.0]])
    assert eg.orient2d(u, v, w).tolist() == [oracle.orient2d(u[i].tolist(), v[i].tolist(), w[i].tolist())
                                              for i in range(2)]
    ld = np.array([[1, 1]], dtype=np.longdouble) + np.longdouble(2) ** -60  # beyond double on x86
    x, y = np.array([[0.0, 0.0]]), np.array([[2.0, 2.0]])
    exact = [oracle.fr(F(*v.as_integer_ratio())) for v in ld[0]]
    assert eg.orient2d(x, y, ld).tolist() == [oracle.orient2d((0, 0), (2, 2), exact)]


def test_broadcasting_one_point_against_n():
    rng = np.random.default_rng(3)
    b, c = rng.uniform(-1, 1, (100, 2)), rng.uniform(-1, 1, (100, 2))
    c[:30] = b[:30] * 2  # collinear with the origin
    want = oracle_signs(oracle.orient2d, [np.zeros((100, 2)), b, c])
    for origin in ([0, 0], (0.0, 0.0), np.zeros(2), np.zeros((1, 2)), np.zeros((1, 2), dtype=np.int32),
                   [F(0), 0]):
        np.testing.assert_array_equal(eg.orient2d(origin, b, c), want)
    # Every argument but one broadcast; all of them arrays of one point.
    assert eg.orient2d([0, 0], [1, 0], c).tolist() == [oracle.sign(y) for y in c[:, 1]]
    one = eg.orient2d(np.zeros((1, 2)), np.array([[1, 0]]), np.array([[0, 1]]))
    assert isinstance(one, np.ndarray) and one.tolist() == [1]
    p = rng.uniform(-1, 1, (50, 3))
    assert eg.insphere([1, 0, 0], [0, 1, 0], [0, 0, 1], [-1, 0, 0], p).tolist() == [
        oracle.insphere([1, 0, 0], [0, 1, 0], [0, 0, 1], [-1, 0, 0], q) for q in p.tolist()]


def test_huge_python_ints_and_fractions():
    big = 10 ** 40
    a, b, c = (big, big + 1), (F(1, 3), F(-2, 7)), (big * 3 + 1, big * 3 + 3)
    assert eg.orient2d(a, b, c) == oracle.orient2d(a, b, c)
    # Exactly collinear with huge ints: any rounding would miss the zero.
    assert eg.orient2d((0, 0), (big, big + 1), (3 * big, 3 * big + 3)) == 0
    assert eg.orient2d((0, 0), (big, big + 1), (3 * big, 3 * big + 2)) == -1
    # Fractions on a circle: (3/5, 4/5) is on the unit circle.
    assert eg.incircle((1, 0), (0, 1), (-1, 0), (F(3, 5), F(4, 5))) == 0
    assert eg.incircle((1, 0), (0, 1), (-1, 0), (F(3, 5), F(4, 5) - F(1, 10 ** 30))) == 1
    assert eg.insphere((1, 0, 0), (0, 1, 0), (0, 0, 1), (-1, 0, 0), (F(2, 3), F(1, 3), F(2, 3))) == 0
    assert eg.orient3d((0, 0, 0), (big, 0, 0), (0, big, 0), (1, 1, F(1, big))) == 1
    # Arrays of them (object arrays and nested lists), against the oracle.
    rng = np.random.default_rng(4)
    rows = [[[int(x) * big + int(y) for x, y in rng.integers(-9, 9, (2, 2))] for _ in range(30)] for _ in range(3)]
    rows[2][:10] = [[2 * x for x in p] for p in rows[1][:10]]  # collinear with the origin
    rows[0][:10] = [[0, 0]] * 10
    want = [oracle.orient2d(*(r[i] for r in rows)) for i in range(30)]
    assert eg.orient2d(*rows).tolist() == want
    assert eg.orient2d(*(np.array(r, dtype=object) for r in rows)).tolist() == want
    fr_rows = [[[F(x, 7) for x in p] for p in r] for r in rows]
    assert eg.orient2d(*fr_rows).tolist() == want


def test_other_exact_number_types():
    import decimal
    d = decimal.Decimal("0.1")  # exactly 1/10, not the double 0.1
    assert eg.orient2d((0, 0), (10, 1), (1, d)) == 0
    assert eg.orient2d((0, 0), (10, 1), (1, 0.1)) == oracle.orient2d((0, 0), (10, 1), (1, 0.1)) == 1
    assert eg.orient2d((np.int64(0), np.float32(0)), (np.uint8(10), 1), (1, F(1, 10))) == 0


def test_empty_arrays_and_layouts():
    e = np.zeros((0, 2))
    r = eg.orient2d(e, e, e)
    assert r.dtype == np.int8 and r.shape == (0,)
    rng = np.random.default_rng(5)
    big = rng.uniform(-1, 1, (3000, 4))  # above the size where the GIL is released
    a, b, c = big[:, :2], big[:, 2:], np.asfortranarray(big[::-1, 1:3])  # views, any layout
    a[::3] = 0.25
    want = oracle_signs(oracle.orient2d, [a, b, c])
    np.testing.assert_array_equal(eg.orient2d(a, b, c), want)
    np.testing.assert_array_equal(eg.orient2d(a[::2], b[::2], c[::2]), want[::2])


def test_threads():
    rng = np.random.default_rng(6)
    pts = [rng.uniform(-1, 1, (20000, 3)) for _ in range(4)]
    want = eg.orient3d(*pts)
    results = []
    threads = [threading.Thread(target=lambda: results.append(eg.orient3d(*pts))) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 4 and all((r == want).all() for r in results)


# ---- errors

@pytest.mark.parametrize("bad,where", [
    (float("nan"), "c[1]"), (float("inf"), "c[1]"), (-float("inf"), "c[1]"),
])
def test_nan_and_inf_in_a_point(bad, where):
    with pytest.raises(ValueError, match=r"orient2d: " + where.replace("[", r"\[").replace("]", r"\]")):
        eg.orient2d((0, 0), (1, 1), (2, bad))


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_nan_and_inf_in_an_array_name_the_item(dtype):
    c = np.zeros((10, 2), dtype=dtype)
    c[5, 1] = np.nan
    c[7, 0] = np.inf
    with pytest.raises(ValueError, match=r"orient2d: c\[5, 1\] is nan"):
        eg.orient2d(np.ones((10, 2)), [2, 3], c)
    c[5, 1] = 0
    with pytest.raises(ValueError, match=r"orient2d: c\[7, 0\] is inf"):
        eg.orient2d(np.ones((10, 2), dtype=dtype), [2, 3], c)
    with pytest.raises(ValueError, match=r"insphere: e\[0, 2\] is -inf"):
        eg.insphere(*([np.zeros((4, 3))] * 4), np.array([[0, 0, -np.inf]] * 4))
    with pytest.raises(ValueError, match=r"orient2d: b\[1\] is nan"):
        eg.orient2d([[0, 0]], [0, float("nan")], [[1, 1]])


@pytest.mark.parametrize("name,fn,orc,k,dim", PREDICATES, ids=IDS)
def test_shape_errors_name_the_argument(name, fn, orc, k, dim):
    good = np.zeros((4, dim))
    wrong_dim = np.zeros((4, 5 - dim))
    args = [good] * k
    for j, argname in enumerate("abcde"[:k]):
        bad = list(args)
        bad[j] = wrong_dim
        with pytest.raises(ValueError, match=rf"{name}: {argname} has shape \(4, {5 - dim}\)"):
            fn(*bad)
        bad[j] = np.zeros((2, 4, dim))
        with pytest.raises(ValueError, match=rf"{name}: {argname} has shape \(2, 4, {dim}\)"):
            fn(*bad)
        bad[j] = [0] * (dim + 1)
        with pytest.raises(ValueError, match=rf"{name}: {argname} has {dim + 1} coordinates"):
            fn(*bad)
        bad[j] = np.zeros((3, dim))
        with pytest.raises(ValueError, match=rf"{name}: a has 4 points and {argname} has 3" if j else
                           rf"{name}: a has 3 points and b has 4"):
            fn(*bad)


def test_dtype_and_type_errors():
    ok = np.zeros((3, 2))
    for bad in (np.zeros((3, 2), dtype=complex), np.zeros((3, 2), dtype=bool), np.array([["a", "b"]] * 3)):
        with pytest.raises(ValueError, match=r"orient2d: b has dtype"):
            eg.orient2d(ok, bad, ok)
    with pytest.raises(TypeError, match=r"orient2d: a\[0\] is a bool"):
        eg.orient2d((True, 0), (1, 1), (2, 2))
    with pytest.raises(TypeError, match=r"orient2d: c\[1\] is a str"):
        eg.orient2d((0, 0), (1, 1), (2, "2"))
    with pytest.raises(TypeError, match=r"orient2d: c is a NoneType"):
        eg.orient2d((0, 0), (1, 1), None)
    with pytest.raises(ValueError, match=r"orient2d: b\[1\] .*denominator"):
        eg.orient2d((0, 0), (1, _BadRational()), (2, 2))


class _BadRational:
    numerator = 1
    denominator = 0
