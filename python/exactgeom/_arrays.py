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
from ._types import Overlap

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


def segment_distance2(s, t, pairs=False):
    a, b = _segments(s, "s"), _segments(t, "t")
    _agree(a.shape[0], b.shape[0], "s", "t")
    return _exactgeom._segment_distance2_batch(a, b, bool(pairs))


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
