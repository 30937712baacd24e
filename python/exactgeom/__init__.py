"""exactgeom: exact computational geometry for Python.

Exact orientation predicates (orient2d, orient3d, incircle, insphere), exact
segment intersections and distances, overlap, distance, closest points,
contact (penetration depth and direction) and time of impact for any two
shapes (points, balls, segments, capsules, triangles, polygons, hulls,
boxes), each for one query or over NumPy arrays of n (docs/python.md), the
JSON Lines query engine of `exactgeom eval` (eval), and audits of
float collision functions written in Python (audit_pair, audit_manifold, audit_overlap; sharded and
merged with merge_reports; drawn as one HTML page with audit_html).
exactgeom.dask (optional, needs Dask) runs eval over a Dask bag and audits
on a dask.distributed cluster.

Every input is taken exactly as given: a float is the binary number it holds;
Python ints of any size and fractions.Fraction are exact too. Exact results are
fractions.Fraction, rounded ones float (correctly rounded). See docs/python.md.
"""

from ._types import ClosestPoints, Contact, MeshClosestPoints, MeshContact, MeshContacts, Overlap, PieceContact, SegmentIntersection
from ._exactgeom import (
    SURFACE_FEATURES,
    AuditReport,
    Chain,
    EvalMeshes,
    HeightField,
    Mesh,
    FamilyAudit,
    WrongCase,
    __version__,
    audit_manifold,
    audit_overlap,
    audit_pair,
    eval,
    incircle,
    insphere,
    merge_reports,
    orient2d,
    orient3d,
)
from . import _arrays, _exactgeom, _meshes
from ._arrays import SEGMENT_KINDS

_ARRAY_FORMS = """

Array form: segments as a NumPy array of shape (n, 2, D) (a capsule as
(segments, radii), radii of shape (n,) or one number), exact in float64;
one shape (a plain segment or capsule) is used for every i against n. The
loop runs in C++ without the GIL. See docs/python.md."""


def capsule_capsule(c1, c2, test="both"):
    if _arrays.capsule_form(c1, c2):
        return _arrays.capsule_capsule(c1, c2, test)
    if test not in _arrays._TESTS:
        raise ValueError(f"capsule_capsule: test is one of {_arrays._TESTS}, not {test!r}")
    o = _exactgeom.capsule_capsule(c1, c2)
    return o if test == "both" else (o.closed if test == "closed" else o.open)


def segments_intersect(s, t):
    if _arrays.segment_form(s, t):
        return _arrays.segments_intersect(s, t)
    return _exactgeom.segments_intersect(s, t)


def segment_intersection(s, t):
    if _arrays.segment_form(s, t):
        return _arrays.segment_intersection(s, t)
    return _exactgeom.segment_intersection(s, t)


def segment_closest_points(s, t):
    if _arrays.segment_form(s, t):
        return _arrays.segment_closest_points(s, t)
    return _exactgeom.segment_closest_points(s, t)


def overlap(x, y, test="both"):
    m = _meshes.split(x, y, "overlap")
    if m:
        r = _meshes.ask("overlap", *m)
        return r.closed if test == "closed" else r.open if test == "open" else r
    if _arrays.shape_form(x, y):
        return _arrays.overlap(x, y, test)
    if test not in _arrays._TESTS:
        raise ValueError(f"overlap: test is one of {_arrays._TESTS}, not {test!r}")
    o = _exactgeom.overlap(x, y)
    return o if test == "both" else (o.closed if test == "closed" else o.open)


def capsule_triangle(c, tri, test="both"):
    if _arrays.shape_form(c) or isinstance(tri, _arrays.np.ndarray) and tri.ndim == 3:
        return _arrays.overlap(c, tri, test, "capsule_triangle")
    if test not in _arrays._TESTS:
        raise ValueError(f"capsule_triangle: test is one of {_arrays._TESTS}, not {test!r}")
    o = _exactgeom.capsule_triangle(c, tri)
    return o if test == "both" else (o.closed if test == "closed" else o.open)


def distance(x, y):
    m = _meshes.split(x, y, "distance")
    if m:
        return _meshes.ask("distance", *m)
    if _arrays.shape_form(x, y):
        return _arrays.distance(x, y)
    return _exactgeom.distance(x, y)


def squared_distance(x, y, pairs=False):
    m = _meshes.split(x, y, "squared_distance")
    if m:
        return _meshes.ask("squared_distance", *m)
    if _arrays.shape_form(x, y):
        return _arrays.squared_distance(x, y, pairs)
    d = _exactgeom.squared_distance(x, y)
    return (d.numerator, d.denominator) if pairs else d


def closest_points(x, y):
    m = _meshes.split(x, y, "closest_points")
    if m:
        return _meshes.ask("closest_points", *m)
    if _arrays.shape_form(x, y):
        return _arrays.closest_points(x, y)
    return _exactgeom.closest_points(x, y)


def contact(x, y):
    m = _meshes.split(x, y, "contact")
    if m:
        return _meshes.ask("contact", *m)
    if _arrays.shape_form(x, y):
        return _arrays.contact(x, y)
    return _exactgeom.contact(x, y)


def sweep(x, v, y):
    m = _meshes.split(x, y, "sweep")
    if m:
        return _meshes.ask("sweep", *m, v)
    if _arrays.shape_form(x, y) or isinstance(v, _arrays.np.ndarray) and v.ndim == 2:
        return _arrays.sweep(x, v, y)
    return _exactgeom.sweep(x, v, y)


def segment_distance(s, t):
    if _arrays.segment_form(s, t):
        return _arrays.segment_distance(s, t)
    return _exactgeom.segment_distance(s, t)


def segment_squared_distance(s, t, pairs=False):
    if _arrays.segment_form(s, t):
        return _arrays.segment_squared_distance(s, t, pairs)
    d = _exactgeom.segment_squared_distance(s, t)
    return (d.numerator, d.denominator) if pairs else d


def point_segment_distance(p, s):
    if _arrays.point_form(p, s):
        return _arrays.point_segment_distance(p, s)
    return _exactgeom.point_segment_distance(p, s)


def point_segment_squared_distance(p, s, pairs=False):
    if _arrays.point_form(p, s):
        return _arrays.point_segment_distance(p, s, exact=True, pairs=pairs)
    d = _exactgeom.point_segment_squared_distance(p, s)
    return (d.numerator, d.denominator) if pairs else d


def segment_triangle_distance(s, tri):
    if _arrays.triangle_form(s, tri):
        return _arrays.segment_triangle_distance(s, tri)
    return _exactgeom.segment_triangle_distance(s, tri)


def segment_triangle_squared_distance(s, tri, pairs=False):
    if _arrays.triangle_form(s, tri):
        return _arrays.segment_triangle_distance(s, tri, exact=True, pairs=pairs)
    d = _exactgeom.segment_triangle_squared_distance(s, tri)
    return (d.numerator, d.denominator) if pairs else d


# Each wrapper's doc: the compiled function's, what the wrapper adds
# (pairs=, for the exact ones), the array form, and what it returns.
_PAIRS = "\n\npairs=True: (numerator, denominator) Python ints instead of a Fraction."
_FLOATS = " Returns a float64 array."
_EXACT = " Returns an object array of Fractions, or with pairs=True two object arrays of Python ints " \
    "(numerators, denominators)."
for _f, _shapes, _returns in ((segment_distance, "", _FLOATS), (segment_squared_distance, "", _EXACT),
                              (point_segment_distance, " Points as an array of shape (n, D).", _FLOATS),
                              (point_segment_squared_distance, " Points as an array of shape (n, D).", _EXACT),
                              (segment_triangle_distance, " Triangles as an array of shape (n, 3, 3).", _FLOATS),
                              (segment_triangle_squared_distance, " Triangles as an array of shape (n, 3, 3).", _EXACT)):
    _f.__doc__ = getattr(_exactgeom, _f.__name__).__doc__ + (_PAIRS if _returns is _EXACT else "") + \
        _ARRAY_FORMS + _shapes + _returns

capsule_capsule.__doc__ = (_exactgeom.capsule_capsule.__doc__ +
                           "\n\ntest: 'both' (Overlap), 'closed' or 'open' (that one answer)." + _ARRAY_FORMS +
                           " Returns Overlap of two bool arrays, or the bool array the test names.")

_SHAPE_ARRAYS = """

Array form: any argument may be a shape array of n shapes (the others one
shape, used for every i): segments (n, 2, D) or triangles (n, 3, 3) as
arrays; capsules as (segments (n, 2, D), radii); balls as (centres (n, D),
radii (n,)); or the query format's dicts holding arrays: {"seg": (n, 2, D),
"r": r}, {"tri": (n, 3, 3)}, {"poly": (n, k, 2), "count": (n,), "r": r},
{"hull": (n, k, 3), "count": (n,), "r": r} (padded: row i uses its first
count[i] points; count defaults to k), {"box": {"c": (n, D), "axes": (n, D,
D), "h": (n, D)}, "r": r}; r one number or (n,). Values exact in float64.
The loop runs in C++ without the GIL. See docs/python.md."""
_TEST = "\n\ntest: 'both' (Overlap), 'closed' or 'open' (that one answer)."
for _f, _returns in ((overlap, _TEST + _SHAPE_ARRAYS + " Returns Overlap of two bool arrays, or the one the test names."),
                     (capsule_triangle, _TEST + _SHAPE_ARRAYS + " Returns Overlap of two bool arrays, or the one the "
                      "test names."),
                     (distance, _SHAPE_ARRAYS + " Returns a float64 array."),
                     (squared_distance, _PAIRS + _SHAPE_ARRAYS + _EXACT),
                     (closest_points, _SHAPE_ARRAYS + " Returns an object array of Fractions of shape (n, 2, D): "
                      "[i, 0] on x's core, [i, 1] on y's."),
                     (contact, _SHAPE_ARRAYS + " Returns Contact of float64 arrays: depth (n,), normal (n, D), "
                      "depth_normal (n, D), gap (n,), NaN where there is none (every field NaN where the shapes do "
                      "not meet)."),
                     (sweep, _SHAPE_ARRAYS + " v: (n, D) or one vector. Returns a float64 array, NaN where x never "
                      "meets y.")):
    _f.__doc__ = getattr(_exactgeom, _f.__name__).__doc__ + _returns

for _f, _returns in ((segments_intersect, " Returns a bool array."),
                     (segment_intersection, " Returns SegmentIntersection of arrays: kind, int8 codes into "
                      "SEGMENT_KINDS ('disjoint', 'cross', 'touch', 'overlap'); point, an object array (n, D) of "
                      "Fractions (None where the kind has no point); overlap, an object array (n, 2, D) (None where "
                      "the kind is not overlap)."),
                     (segment_closest_points, " Returns ClosestPoints of object arrays of Fractions: s, t (n,), "
                      "on_first, on_second (n, D), squared_distance (n,).")):
    _f.__doc__ = getattr(_exactgeom, _f.__name__).__doc__ + _ARRAY_FORMS + _returns

def audit_html(reports, path=None, title="exactgeom audit"):
    """The audit reports (AuditReport objects of audit, audit_pair,
    merge_reports or AuditReport.from_json; one report or a sequence) as one
    self-contained HTML page: the families as bars, the error histogram of
    real-valued reports, each kept wrong case drawn from its query line next
    to its numbers (exactgeom/audit/html.hpp). Returns the page's text, and
    writes it to `path` (UTF-8; a str or path-like) when one is given:
    OSError when it cannot be written."""
    if isinstance(reports, AuditReport):
        reports = [reports]
    page = _exactgeom._audit_html(list(reports), str(title))
    if path is not None:
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(page)
    return page


def _ccd(kind, t0, t1, ms):
    import numpy as np
    a = np.asarray(t0, dtype=np.float64)
    b = np.asarray(t1, dtype=np.float64)
    if a.ndim == 2:
        a = a[np.newaxis]
    if b.ndim == 2:
        b = b[np.newaxis]
    m = np.atleast_1d(np.asarray(ms, dtype=np.float64))
    return _exactgeom._ccd(kind, a, b, m)


def ccd_vertex_face(t0, t1, ms=0.0):
    """Continuous collision of moving vertex-triangle pairs, exactly (docs/queries.md,
    "Moving primitives"; exactgeom/ccd.hpp).

    t0, t1: arrays of shape (n, 4, 3) (or (4, 3) for one query): the vertex and the
    triangle's three corners [v, f0, f1, f2] at the start and at the end of the step,
    each point moving linearly; float64 values taken exactly. ms: the minimum
    separation, one number or one per query (>= 0).

    Returns (hit, toi, toi_lo): a bool array (some t in [0, 1] has the vertex within ms
    of the closed triangle), and float64 arrays of the least such t rounded to nearest
    and its largest double below (NaN where there is no hit). The loop runs in C++
    without the GIL. ValueError for NaN or infinite values, a negative ms, or arrays of
    another shape."""
    return _ccd("vertex_face", t0, t1, ms)


def ccd_edge_edge(t0, t1, ms=0.0):
    """Continuous collision of moving edge pairs, exactly: t0, t1 of shape (n, 4, 3) hold
    [a0, a1, b0, b1] (edge a from a0 to a1, edge b from b0 to b1); otherwise as
    ccd_vertex_face (docs/python.md)."""
    return _ccd("edge_edge", t0, t1, ms)


def load_meshes(paths):
    """EvalMeshes for eval(..., meshes=...) from {name: path}: each file one
    JSON object {"v": [points], "f": [[i, j, k], ...]}, exact, as
    `exactgeom eval --mesh NAME=FILE` reads it. ValueError naming the file
    for one that is not a valid mesh."""
    texts = {}
    for name, path in paths.items():
        with open(path, "rb") as f:
            texts[name] = f.read().decode("utf-8")
    return EvalMeshes(texts)


__all__ = [
    "SURFACE_FEATURES",
    "AuditReport",
    "Chain",
    "EvalMeshes",
    "HeightField",
    "Mesh",
    "MeshClosestPoints",
    "MeshContact",
    "MeshContacts",
    "PieceContact",
    "ClosestPoints",
    "Contact",
    "FamilyAudit",
    "Overlap",
    "SEGMENT_KINDS",
    "SegmentIntersection",
    "WrongCase",
    "__version__",
    "audit_html",
    "audit_manifold",
    "audit_overlap",
    "audit_pair",
    "capsule_capsule",
    "capsule_triangle",
    "ccd_edge_edge",
    "ccd_vertex_face",
    "closest_points",
    "contact",
    "distance",
    "eval",
    "incircle",
    "load_meshes",
    "insphere",
    "merge_reports",
    "orient2d",
    "orient3d",
    "overlap",
    "point_segment_distance",
    "point_segment_squared_distance",
    "segment_closest_points",
    "segment_distance",
    "segment_intersection",
    "segment_squared_distance",
    "segment_triangle_distance",
    "segment_triangle_squared_distance",
    "segments_intersect",
    "squared_distance",
    "sweep",
]


# A name of the release before, kept for one release: it warns once per call
# site and answers as the new one.
def _renamed(old, new, since):
    def alias(*args, **kwargs):
        import warnings
        warnings.warn(f"exactgeom.{old} is exactgeom.{new.__name__} since {since}", DeprecationWarning, stacklevel=2)
        return new(*args, **kwargs)
    alias.__name__ = old
    alias.__doc__ = f"Deprecated: {new.__name__} (renamed in {since})."
    return alias


# 0.4: one name per kind of audit (audit_pair, audit_overlap, audit_manifold, ...).
audit = _renamed("audit", audit_overlap, "0.4")
