"""The result types of exactgeom's functions (plain NamedTuples: they compare,
unpack and print like tuples)."""

from fractions import Fraction
from typing import Any, NamedTuple, Optional, Tuple

Point = Tuple[Fraction, ...]


class Overlap(NamedTuple):
    """How two closed shapes meet: capsule_capsule, capsule_triangle, overlap."""

    closed: bool
    """The closed shapes meet: distance <= r1 + r2 (touching counts)."""
    open: bool
    """They overlap by more than touching (contact's depth > 0): distance <
    r1 + r2, or cores of radius 0 that cross (interpenetrating boxes)."""


class SegmentIntersection(NamedTuple):
    """How two closed segments meet: segment_intersection."""

    kind: str
    """'disjoint', 'cross' (one point, interior to both), 'touch' (one point, an
    endpoint of at least one) or 'overlap' (a common part of positive length)."""
    point: Optional[Point]
    """cross, touch: the common point, exactly; else None."""
    overlap: Optional[Tuple[Point, Point]]
    """overlap: the common part's endpoints in increasing lexicographic order;
    else None."""


class ClosestPoints(NamedTuple):
    """The exact closest points of two segments: segment_closest_points."""

    s: Fraction
    """The parameter on the first segment, in [0, 1]."""
    t: Fraction
    """The parameter on the second segment, in [0, 1]."""
    on_first: Point
    """s0 + s (s1 - s0)."""
    on_second: Point
    """t0 + t (t1 - t0)."""
    squared_distance: Fraction
    """|on_first - on_second|**2, the squared distance."""


class Contact(NamedTuple):
    """The contact of two meeting shapes: contact."""

    depth: float
    """The length of the shortest translation of y after which the shapes only
    touch, correctly rounded (>= 0; 0 when they touch): r_x + r_y - distance
    when the cores are apart, r_x + r_y plus the cores' penetration when they
    meet."""
    normal: Optional[Tuple[float, ...]]
    """The unit vector from x's closest core point toward y's, each component
    correctly rounded; None when the cores meet."""
    depth_normal: Optional[Tuple[float, ...]]
    """The direction y moves in the shortest translation, unit, correctly
    rounded; None when depth is 0 or when several directions tie."""
    gap: float
    """distance - r_x - r_y, correctly rounded (negative when they overlap)."""


class PieceContact(NamedTuple):
    """One meeting piece of a mesh, height field or chain in MeshContact:
    its contact as if it were alone, and where its closest points lie."""

    piece: int
    """The triangle's (segment's) index."""
    squared_distance: Fraction
    """Between the cores, exact."""
    gap: float
    normal: Optional[Tuple[float, ...]]
    depth: float
    depth_normal: Optional[Tuple[float, ...]]
    open: bool
    """This piece alone overlaps the shape by more than touching."""
    feature: Optional[tuple]
    """The smallest feature of the piece holding every closest point:
    ("face",), ("edge", (i, j)) or ("vertex", (i,)), vertex indices of the
    surface; None when the cores meet (or a degenerate piece has none)."""
    surface_feature: Optional[str]
    """What that feature is in the whole surface: "face", "flat_edge",
    "convex_edge", "concave_edge", "boundary_edge", "flat_vertex", ...
    (exactgeom.SURFACE_FEATURES); a flat or concave edge, a flat vertex, is
    where engines make ghost contacts."""


class MeshContact(NamedTuple):
    """contact() of a shape and a Mesh, HeightField or Chain: the union's
    contact (docs/queries.md "Meshes and chains") and its meeting pieces."""

    depth: float
    """The deepest piece's depth."""
    normal: Optional[Tuple[float, ...]]
    """As Contact.normal; None also where closest pairs disagree."""
    depth_normal: Optional[Tuple[float, ...]]
    """The deepest piece's depth_normal; None where the deepest pieces disagree."""
    gap: float
    squared_distance: Fraction
    pieces: Tuple[PieceContact, ...]
    """The meeting pieces, in increasing index."""


class MeshClosestPoints(NamedTuple):
    """closest_points() against a Mesh, HeightField or Chain."""

    on_first: Point
    on_second: Point
    squared_distance: Fraction
    piece: int
    """The piece holding the surface's closest point."""


class MeshContacts(NamedTuple):
    """contact() of a shape array and a surface: the union's fields per item
    (NaN where the shapes do not meet) and the pieces flat: item i's pieces
    are rows offsets[i]:offsets[i+1]."""

    closed: Any
    depth: Any
    normal: Any
    depth_normal: Any
    gap: Any
    offsets: Any
    piece: Any
    piece_depth: Any
    piece_gap: Any
    piece_normal: Any
    piece_depth_normal: Any
    feature_kind: Any
    """-1 none, 0 face, 1 edge, 2 vertex."""
    feature_v: Any
    """(P, 2) vertex indices, -1 where unused."""
    surface_feature: Any
    """Index into exactgeom.SURFACE_FEATURES, -1 none."""
