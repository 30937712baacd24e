"""Exact oracles for the exactgeom tests, written the obvious way with
fractions.Fraction and nothing of exactgeom: determinants by cofactor
expansion, distances by minimizing over the parameters, correct rounding by
comparing with the midpoints between doubles."""

import math
import struct
from decimal import Decimal, localcontext
from fractions import Fraction as F


def sign(x):
    return int(x > 0) - int(x < 0)


def fr(x):
    """Any exact number (int, float, Fraction, NumPy scalar) as a Fraction."""
    if isinstance(x, F):
        return x
    if isinstance(x, int):
        return F(x)
    if hasattr(x, "item"):  # NumPy scalars
        x = x.item()
    return F(x)


def vec(p):
    return [fr(x) for x in p]


def sub(p, q):
    return [a - b for a, b in zip(p, q)]


def add(p, q):
    return [a + b for a, b in zip(p, q)]


def scale(p, s):
    return [a * s for a in p]


def dot(p, q):
    return sum((a * b for a, b in zip(p, q)), F(0))


def cross3(u, v):
    return [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]


def det(m):
    """Determinant by cofactor expansion (exact for Fractions)."""
    if len(m) == 1:
        return m[0][0]
    return sum(((-1) ** j * m[0][j] * det([row[:j] + row[j + 1:] for row in m[1:]]) for j in range(len(m))), F(0))


# ---- predicates (docs/queries.md's definitions)

def orient2d(a, b, c):
    a, b, c = vec(a), vec(b), vec(c)
    return sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]))


def orient3d(a, b, c, d):
    a = vec(a)
    return sign(det([sub(vec(p), a) for p in (b, c, d)]))


def incircle(a, b, c, d):
    d = vec(d)
    rows = []
    for p in (a, b, c):
        u = sub(vec(p), d)
        rows.append(u + [dot(u, u)])
    return sign(det(rows))


def insphere(a, b, c, d, e):
    e = vec(e)
    rows = []
    for p in (a, b, c, d):
        u = sub(vec(p), e)
        rows.append(u + [dot(u, u)])
    return -sign(det(rows))


# ---- distances

def clamp01(t):
    return min(max(t, F(0)), F(1))


def point_segment_d2(p, s):
    p, a, b = vec(p), vec(s[0]), vec(s[1])
    d = sub(b, a)
    dd = dot(d, d)
    t = F(0) if dd == 0 else clamp01(dot(sub(p, a), d) / dd)
    w = sub(p, add(a, scale(d, t)))
    return dot(w, w)


def segment_segment_d2(s, t):
    """Minimum of the convex quadratic |P(u) - Q(v)|^2 over the unit square:
    an interior critical point, or the minimum over the four edges."""
    p0, p1, q0, q1 = vec(s[0]), vec(s[1]), vec(t[0]), vec(t[1])
    d1, d2, r = sub(p1, p0), sub(q1, q0), sub(p0, q0)
    best = min(point_segment_d2(p0, t), point_segment_d2(p1, t),
               point_segment_d2(q0, s), point_segment_d2(q1, s))
    a, b, e = dot(d1, d1), dot(d1, d2), dot(d2, d2)
    den = a * e - b * b
    if den != 0:
        c, f = dot(d1, r), dot(d2, r)
        u, v = (b * f - c * e) / den, (a * f - b * c) / den
        if 0 <= u <= 1 and 0 <= v <= 1:
            w = sub(add(p0, scale(d1, u)), add(q0, scale(d2, v)))
            best = min(best, dot(w, w))
    return best


def point_triangle_d2(p, tri):
    p, a, b, c = vec(p), vec(tri[0]), vec(tri[1]), vec(tri[2])
    n = cross3(sub(b, a), sub(c, a))
    nn = dot(n, n)
    edges = min(point_segment_d2(p, (a, b)), point_segment_d2(p, (b, c)), point_segment_d2(p, (c, a)))
    if nn == 0:
        return edges  # collinear corners: the segment they cover
    h = dot(sub(p, a), n) / nn
    q = sub(p, scale(n, h))  # the projection onto the plane
    inside = all(sign(dot(cross3(sub(y, x), sub(q, x)), n)) >= 0 for x, y in ((a, b), (b, c), (c, a)))
    return h * h * nn if inside else edges


def segment_crosses_triangle(s, tri):
    p, q = vec(s[0]), vec(s[1])
    a, b, c = vec(tri[0]), vec(tri[1]), vec(tri[2])
    n = cross3(sub(b, a), sub(c, a))
    hp, hq = dot(sub(p, a), n), dot(sub(q, a), n)
    if dot(n, n) == 0 or hp == hq or sign(hp) * sign(hq) > 0:
        return False
    x = add(p, scale(sub(q, p), hp / (hp - hq)))  # where the segment meets the plane
    return point_triangle_d2(x, tri) == 0


def segment_triangle_d2(s, tri):
    if segment_crosses_triangle(s, tri):
        return F(0)
    return min(point_triangle_d2(s[0], tri), point_triangle_d2(s[1], tri),
               *(segment_segment_d2(s, (tri[i], tri[(i + 1) % 3])) for i in range(3)))


# ---- correct rounding

def _even(x):
    return struct.unpack("<q", struct.pack("<d", x))[0] % 2 == 0


def sqrt_rounded(q):
    """The square root of the Fraction q >= 0, rounded to the nearest double
    (ties to even), decided exactly by comparing q with the squares of the
    midpoints between neighbouring doubles."""
    q = fr(q)
    if q == 0:
        return 0.0
    x = math.sqrt(float(q))
    for _ in range(8):
        up, down = math.nextafter(x, math.inf), math.nextafter(x, 0)
        mid_up, mid_down = ((F(x) + F(up)) / 2) ** 2, ((F(x) + F(down)) / 2) ** 2
        if mid_up < q or (mid_up == q and _even(up)):
            x = up
        elif mid_down > q or (mid_down == q and _even(down)):
            x = down
        else:
            return x
    raise AssertionError("sqrt_rounded did not converge")


def decimal_sqrt(q, digits=80):
    q = fr(q)
    with localcontext() as ctx:
        ctx.prec = digits
        return (Decimal(q.numerator) / Decimal(q.denominator)).sqrt()
