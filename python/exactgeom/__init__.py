"""exactgeom: exact computational geometry for Python.

Exact orientation predicates over NumPy arrays (orient2d, orient3d, incircle,
insphere), exact segment intersections and distances, overlap, distance,
closest points, contact (penetration depth and direction) and time of impact
for any two shapes (capsules, triangles, polygons, hulls, boxes), the JSON Lines query engine of `exactgeom eval` (eval), and audits of
float collision functions written in Python (audit_pair, audit).

Every input is taken exactly as given: a float is the binary number it holds;
Python ints of any size and fractions.Fraction are exact too. Exact results are
fractions.Fraction, rounded ones float (correctly rounded). See docs/python.md.
"""

from ._types import ClosestPoints, Contact, Overlap, SegmentIntersection
from ._exactgeom import (
    AuditReport,
    FamilyAudit,
    WrongCase,
    __version__,
    audit,
    audit_pair,
    capsule_capsule,
    capsule_triangle,
    closest_points,
    contact,
    distance,
    distance2,
    eval,
    incircle,
    insphere,
    orient2d,
    orient3d,
    overlap,
    point_segment_distance,
    point_segment_distance2,
    segment_closest_points,
    segment_distance,
    segment_distance2,
    segment_intersection,
    segment_triangle_distance,
    segment_triangle_distance2,
    segments_intersect,
    sweep,
)

__all__ = [
    "AuditReport",
    "ClosestPoints",
    "Contact",
    "FamilyAudit",
    "Overlap",
    "SegmentIntersection",
    "WrongCase",
    "__version__",
    "audit",
    "audit_pair",
    "capsule_capsule",
    "capsule_triangle",
    "closest_points",
    "contact",
    "distance",
    "distance2",
    "eval",
    "incircle",
    "insphere",
    "orient2d",
    "orient3d",
    "overlap",
    "point_segment_distance",
    "point_segment_distance2",
    "segment_closest_points",
    "segment_distance",
    "segment_distance2",
    "segment_intersection",
    "segment_triangle_distance",
    "segment_triangle_distance2",
    "segments_intersect",
    "sweep",
]
