"""The array forms of capsule_capsule, segment_distance(2),
point_segment_distance(2) and segment_triangle_distance(2).

A segment array has shape (n, 2, D) (n segments, each two D-points, D 2 or
3); points (n, D); triangles (n, 3, 3); a capsule array is a pair
(segments, radii) with radii of shape (n,) or a single number. One segment (shape (2, D), or a nested sequence) or one
capsule is used for every i against an array of n (broadcast, as the
predicates do). The values must be exact in float64: float64, float32 and
integer arrays whose values float64 holds exactly; anything else (Python
ints beyond 2**53, Fractions: object arrays) is refused with ValueError --
the scalar forms take those. The loop runs in C++ with the GIL released;
each item is the scalar function's answer.
"""

import numpy as np

from . import _exactgeom
from ._types import ClosestPoints, Contact, Overlap, SegmentIntersection

_TESTS = ("both", "closed", "open")


def _f64(value, name):
    a = np.asarray(value)
    if a.dtype == np.float64:
        return np.ascontiguousarray(a)
    if a.dtype.kind not in "iuf":
        raise ValueError(f"{name}: the array form takes numbers of a float or integer dtype, not {a.dtype} "
                         "(the scalar form takes any exact values)")
    out = a.astype(np.float64)
    if not np.array_equal(out.astype(a.dtype), a, equal_nan=a.dtype.kind == "f"):
        raise ValueError(f"{name}: values that float64 does not hold exactly (the scalar form takes them)")
    return np.ascontiguousarray(out)


def _segments(value, name):
    a = _f64(value, name)
    if a.ndim == 2:
        a = a[np.newaxis]
    if a.ndim != 3 or a.shape[1] != 2 or a.shape[2] not in (2, 3):
        raise ValueError(f"{name}: want segments of shape (n, 2, D) or one of shape (2, D), D 2 or 3; "
                         f"got shape {np.shape(value)}")
    return a


def _capsule(value, name):
    if isinstance(value, dict):
        value = (value.get("seg"), value.get("r"))
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise ValueError(f"{name}: want a capsule array (segments, radii)")
    seg = _segments(value[0], name + " segments")
    r = _f64(value[1], name + " radii")
    if r.ndim == 0:
        r = r.reshape(1)
    if r.ndim != 1 or r.shape[0] not in (1, seg.shape[0]):
        raise ValueError(f"{name}: want one radius per segment ({seg.shape[0]}) or one; got shape {r.shape}")
    return seg, r


def segment_form(*values):
    """True when a value is a NumPy segment array (ndim 3): the array form."""
    return any(isinstance(v, np.ndarray) and v.ndim == 3 for v in values)


def capsule_form(*values):
    """True when a capsule's segments are a NumPy array of ndim 3 or its
    radius a NumPy array of ndim 1: the array form."""
    for v in values:
        if isinstance(v, dict):
            v = (v.get("seg"), v.get("r"))
        if isinstance(v, (tuple, list)) and len(v) == 2:
            seg, r = v
            if (isinstance(seg, np.ndarray) and seg.ndim == 3) or (isinstance(r, np.ndarray) and r.ndim == 1):
                return True
    return False


def capsule_capsule(c1, c2, test="both"):
    if test not in _TESTS:
        raise ValueError(f"capsule_capsule: test is one of {_TESTS}, not {test!r}")
    s1, r1 = _capsule(c1, "c1")
    s2, r2 = _capsule(c2, "c2")
    _agree(s1.shape[0], s2.shape[0], "c1", "c2")
    closed, open_ = _exactgeom._capsule_capsule_batch(s1, r1, s2, r2, test != "open", test != "closed")
    if test == "closed":
        return closed
    if test == "open":
        return open_
    return Overlap(closed, open_)


def segment_distance(s, t):
    a, b = _segments(s, "s"), _segments(t, "t")
    _agree(a.shape[0], b.shape[0], "s", "t")
    return _exactgeom._segment_distance_batch(a, b)


def segment_squared_distance(s, t, pairs=False):
    a, b = _segments(s, "s"), _segments(t, "t")
    _agree(a.shape[0], b.shape[0], "s", "t")
    return _exactgeom._segment_squared_distance_batch(a, b, bool(pairs))


def _agree(n, m, x, y):
    if n != m and n != 1 and m != 1:
        raise ValueError(f"{x} has {n} shapes and {y} {m}: they must agree, or one must be a single shape")


def _rows(value, name, shape):
    """An array of n rows of `shape` (one row broadcast: its shape alone)."""
    a = _f64(value, name)
    if a.shape == shape:
        a = a[np.newaxis]
    if a.ndim != len(shape) + 1 or a.shape[1:] != shape:
        raise ValueError(f"{name}: want shape (n, {', '.join(map(str, shape))}) or {shape}; got {np.shape(value)}")
    return np.ascontiguousarray(a)


def point_form(p, s):
    """True when p is an ndarray of points (ndim 2) or s a segment array."""
    return (isinstance(p, np.ndarray) and p.ndim == 2) or segment_form(s)


def triangle_form(s, tri):
    return segment_form(s) or (isinstance(tri, np.ndarray) and tri.ndim == 3)


def point_segment_distance(p, s, exact=False, pairs=False):
    b = _segments(s, "s")
    a = _rows(p, "p", (b.shape[2],))
    _agree(a.shape[0], b.shape[0], "p", "s")
    return _exactgeom._point_segment_batch(a, b, exact, bool(pairs))


def segment_triangle_distance(s, tri, exact=False, pairs=False):
    a = _segments(s, "s")
    b = _rows(tri, "tri", (3, 3))
    _agree(a.shape[0], b.shape[0], "s", "tri")
    return _exactgeom._segment_triangle_batch(a, b, exact, bool(pairs))


# ---- any two shapes: overlap, capsule_triangle, distance, squared_distance,
# closest_points, contact, sweep. Each argument becomes a shape array
# (kind, points, counts, radii) of n shapes or one (arrays_shapes.cpp):
#   kind 0: points (m, 1, D) (points, balls) or (m, 2, D) (segments, capsules)
#   kind 1: triangles (m, 3, 3), radius 0
#   kind 2: polygons / hulls (m, k, D) padded, the first counts[i] points used
#   kind 3: boxes (m, D + 2, D): centre, D axes, D half extents

_CORES = ("seg", "tri", "poly", "hull")


def _is_array(v, ndim):
    return isinstance(v, np.ndarray) and v.ndim == ndim


def shape_form(*values):
    """True when a value is a shape array: an ndarray of segments (n, 2, D)
    or triangles (n, 3, 3); (segments (n, 2, D), radii) or (centres (n, D),
    radii (n,)); a query-format dict whose core or "r" is an array."""
    for v in values:
        if isinstance(v, np.ndarray) and v.ndim == 3:
            return True
        if isinstance(v, (tuple, list)) and len(v) == 2:
            a, r = v
            if _is_array(a, 3) or (isinstance(a, np.ndarray) and _is_array(r, 1)):
                return True
        if isinstance(v, dict):
            if any(_is_array(v.get(k), 3) for k in _CORES) or _is_array(v.get("r"), 1) or "count" in v:
                return True
            b = v.get("box")
            if isinstance(b, dict) and any(isinstance(b.get(k), np.ndarray) and b.get(k).ndim >= 2
                                           for k in ("c", "axes", "h")):
                return True
    return False


def _stack(parts, name):
    """Arrays of m rows or one, as m rows each."""
    m = next((p.shape[0] for p in parts if p.shape[0] != 1), 1)  # 0 rows too
    for p in parts:
        if p.shape[0] not in (1, m):
            raise ValueError(f"{name}: its arrays have {sorted({q.shape[0] for q in parts})} rows; "
                             "they must agree, or one must be 1")
    return [np.ascontiguousarray(np.broadcast_to(p, (m,) + p.shape[1:])) for p in parts]


def _radii(r, name):
    a = _f64(0.0 if r is None else r, name + " radius")
    if a.ndim == 0:
        a = a.reshape(1)
    if a.ndim != 1:
        raise ValueError(f"{name}: radii must be one number or an array of shape (n,); got shape {a.shape}")
    return a


def _points(value, name, k=None, dims=(2, 3)):
    """An array of m rows of k points (k None: any), D in dims; one row as
    its own shape (k, D)."""
    a = _f64(value, name)
    if a.ndim == 2:
        a = a[np.newaxis]
    if a.ndim != 3 or (k is not None and a.shape[1] != k) or a.shape[1] == 0 or a.shape[2] not in dims:
        want = f"(n, {k if k is not None else 'k'}, D) or ({k if k is not None else 'k'}, D), D in {dims}"
        raise ValueError(f"{name}: want points of shape {want}; got shape {np.shape(value)}")
    return a


def _kinded(kind, pts, counts, radii, name):
    """A shape array: points, counts (default: every row's k points) and
    radii, each of m rows or one, as m rows each."""
    if counts is None:
        counts = np.full(pts.shape[0], pts.shape[1], dtype=np.int64)
    pts, counts, radii = _stack([pts, counts, radii], name)
    return (kind, pts, counts, radii)


def _shape_array(v, name):
    if isinstance(v, dict):
        return _dict_array(v, name)
    if isinstance(v, (tuple, list)) and len(v) == 2:
        a, r = np.asarray(v[0]), v[1]
        if a.ndim == 1 or (a.ndim == 2 and _is_array(r, 1)):
            # balls: one centre (D,), or centres (n, D) with an array of radii
            c = _f64(a, name + " centres")
            if c.shape[-1] not in (2, 3):
                raise ValueError(f"{name}: centres must be 2-D or 3-D points; got shape {a.shape}")
            return _kinded(0, c.reshape(-1, 1, c.shape[-1]), None, _radii(r, name), name)
        return _kinded(0, _points(a, name + " segments", 2), None, _radii(r, name), name)
    a = _f64(v, name)
    if a.shape[-2:] == (3, 3):
        return _kinded(1, _points(a, name, 3, (3,)), None, _radii(0.0, name), name)
    return _kinded(0, _points(a, name, 2), None, _radii(0.0, name), name)


def _dict_array(v, name):
    r = _radii(v.get("r"), name)
    if "box" in v:
        b = v["box"]
        if not isinstance(b, dict) or any(k not in b for k in ("c", "axes", "h")):
            raise ValueError(f'{name}: "box" must be a dict with "c", "axes" and "h"')
        c = _f64(b["c"], name + " box c")
        c = c[np.newaxis] if c.ndim == 1 else c
        if c.ndim != 2 or c.shape[1] not in (2, 3):
            raise ValueError(f"{name}: box centres must have shape (n, D) or (D,), D 2 or 3; got {c.shape}")
        d = c.shape[1]
        axes = _f64(b["axes"], name + " box axes")
        axes = axes[np.newaxis] if axes.ndim == 2 else axes
        h = _f64(b["h"], name + " box h")
        h = h[np.newaxis] if h.ndim == 1 else h
        if axes.shape[1:] != (d, d) or axes.ndim != 3 or h.ndim != 2 or h.shape[1] != d:
            raise ValueError(f"{name}: box axes must have shape (n, {d}, {d}) and h (n, {d}); "
                             f"got {axes.shape} and {h.shape}")
        c, axes, h, r = _stack([c, axes, h, r], name)
        return (3, np.ascontiguousarray(np.concatenate([c[:, None, :], axes, h[:, None, :]], axis=1)),
                np.full(c.shape[0], d + 2, dtype=np.int64), r)
    cores = [k for k in _CORES if k in v]
    if len(cores) != 1:
        raise ValueError(f'{name}: a shape dict has one of "seg", "tri", "poly", "hull" or "box"')
    core = cores[0]
    if core == "seg":
        return _kinded(0, _points(v["seg"], name + ' "seg"', 2), None, r, name)
    if core == "tri":
        pts = _points(v["tri"], name + ' "tri"', 3, (3,))
        if np.all(r == 0):
            return _kinded(1, pts, None, r, name)
        return _kinded(2, pts, None, r, name)  # a triangle with a radius: a flat hull
    pts = _points(v[core], f'{name} "{core}"', None, (2,) if core == "poly" else (3,))
    counts = None
    if "count" in v:
        counts = np.asarray(v["count"])
        if counts.dtype.kind not in "iu":
            raise ValueError(f'{name}: "count" must be integers, not {counts.dtype}')
        counts = counts.astype(np.int64).reshape(-1)
        if np.any(counts < 1) or np.any(counts > pts.shape[1]):
            raise ValueError(f'{name}: "count" must be between 1 and {pts.shape[1]} (the points per row)')
    return _kinded(2, pts, counts, r, name)


def _pair(x, y, fn):
    a, b = _shape_array(x, "x"), _shape_array(y, "y")
    _agree(a[1].shape[0], b[1].shape[0], "x", "y")
    if a[1].shape[2] != b[1].shape[2]:
        raise ValueError(f"{fn}: x is {a[1].shape[2]}-D and y {b[1].shape[2]}-D; they must agree")
    return a, b


def overlap(x, y, test="both", fn="overlap"):
    if test not in _TESTS:
        raise ValueError(f"{fn}: test is one of {_TESTS}, not {test!r}")
    a, b = _pair(x, y, fn)
    closed, open_ = _exactgeom._shapes_batch("overlap", a, b, None, test != "open", test != "closed", False)
    return closed if test == "closed" else open_ if test == "open" else Overlap(closed, open_)


def distance(x, y):
    a, b = _pair(x, y, "distance")
    return _exactgeom._shapes_batch("distance", a, b, None, False, False, False)


def squared_distance(x, y, pairs=False):
    a, b = _pair(x, y, "squared_distance")
    return _exactgeom._shapes_batch("squared_distance", a, b, None, False, False, bool(pairs))


def closest_points(x, y):
    a, b = _pair(x, y, "closest_points")
    return _exactgeom._shapes_batch("closest_points", a, b, None, False, False, False)


def contact(x, y):
    a, b = _pair(x, y, "contact")
    depth, normal, depth_normal, gap = _exactgeom._shapes_batch("contact", a, b, None, False, False, False)
    return Contact(depth, normal, depth_normal, gap)


def sweep(x, v, y):
    a, b = _pair(x, y, "sweep")
    d = a[1].shape[2]
    m = _rows(v, "v", (d,))
    _agree(max(a[1].shape[0], b[1].shape[0]), m.shape[0], "the shapes", "v")
    return _exactgeom._shapes_batch("sweep", a, b, m, False, False, False)


# ---- two segments: segments_intersect, segment_intersection,
# segment_closest_points.

SEGMENT_KINDS = ("disjoint", "cross", "touch", "overlap")


def _two_segments(s, t):
    a, b = _segments(s, "s"), _segments(t, "t")
    _agree(a.shape[0], b.shape[0], "s", "t")
    if a.shape[2] != b.shape[2]:
        raise ValueError(f"s is {a.shape[2]}-D and t {b.shape[2]}-D; they must agree")
    return a, b


def segments_intersect(s, t):
    return _exactgeom._segments_batch("test", *_two_segments(s, t))


def segment_intersection(s, t):
    kind, point, overlap_ = _exactgeom._segments_batch("intersection", *_two_segments(s, t))
    return SegmentIntersection(kind, point, overlap_)


def segment_closest_points(s, t):
    return ClosestPoints(*_exactgeom._segments_batch("closest", *_two_segments(s, t)))
