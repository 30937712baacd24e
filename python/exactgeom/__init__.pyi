"""Type stubs of exactgeom (the functions are in the compiled module
exactgeom._exactgeom; see docs/python.md)."""

import decimal
import fractions
import os
import numbers
from typing import Callable, Iterable, List, Literal, Mapping, NamedTuple, Optional, Sequence, Tuple, Union, overload

import numpy as np
import numpy.typing as npt

from ._types import ClosestPoints as ClosestPoints
from ._types import Contact as Contact
from ._types import MeshClosestPoints as MeshClosestPoints
from ._types import MeshContact as MeshContact
from ._types import MeshContacts as MeshContacts
from ._types import PieceContact as PieceContact
from ._types import Overlap as Overlap
from ._types import SegmentIntersection as SegmentIntersection

__version__: str

# A coordinate: taken exactly as given.
Number = Union[int, float, fractions.Fraction, decimal.Decimal, np.integer, np.floating, numbers.Rational]
# One point: a sequence of 2 or 3 numbers (or a NumPy array of shape (2,) / (3,)).
PointLike = Union[Sequence[Number], npt.NDArray[np.generic]]
# Many points: an array of shape (n, 2) / (n, 3), or nested sequences.
PointsLike = Union[npt.ArrayLike, Sequence[Sequence[Number]]]
SegmentLike = Sequence[PointLike]
# (segment, r), (center, r) for a disk or ball, or {"seg": segment, "r": r}.
CapsuleLike = Union[Tuple[SegmentLike, Number], Tuple[PointLike, Number], Mapping[str, object]]
# Three 3-D points, or {"tri": [p, q, r]}.
TriangleLike = Union[Sequence[PointLike], Mapping[str, object]]
# Any shape of the query format: a capsule or triangle as above, or a dict
# {"poly": [points], "r": r}, {"hull": [points], "r": r},
# {"box": {"c": point, "axes": [vectors], "h": [half extents]}, "r": r}.
ShapeLike = Union[CapsuleLike, TriangleLike, Mapping[str, object]]
Signs = npt.NDArray[np.int8]

# ---- predicates: an int for single points, an int8 array of shape (n,) otherwise

@overload
def orient2d(a: Sequence[Number], b: Sequence[Number], c: Sequence[Number]) -> int: ...
@overload
def orient2d(a: PointsLike, b: PointsLike, c: PointsLike) -> Union[int, Signs]: ...
@overload
def orient3d(a: Sequence[Number], b: Sequence[Number], c: Sequence[Number], d: Sequence[Number]) -> int: ...
@overload
def orient3d(a: PointsLike, b: PointsLike, c: PointsLike, d: PointsLike) -> Union[int, Signs]: ...
@overload
def incircle(a: Sequence[Number], b: Sequence[Number], c: Sequence[Number], d: Sequence[Number]) -> int: ...
@overload
def incircle(a: PointsLike, b: PointsLike, c: PointsLike, d: PointsLike) -> Union[int, Signs]: ...
@overload
def insphere(
    a: Sequence[Number], b: Sequence[Number], c: Sequence[Number], d: Sequence[Number], e: Sequence[Number]
) -> int: ...
@overload
def insphere(a: PointsLike, b: PointsLike, c: PointsLike, d: PointsLike, e: PointsLike) -> Union[int, Signs]: ...

# ---- segments, triangles, capsules, contact

# Array forms (docs/python.md): segments as a float64-exact array of shape
# (n, 2, D), capsules as (segments, radii); one shape broadcast against n.
SegmentArray = npt.NDArray[np.generic]
CapsuleArray = Tuple[npt.ArrayLike, npt.ArrayLike]
Bools = npt.NDArray[np.bool_]

SEGMENT_KINDS: Tuple[str, str, str, str]  # the names of segment_intersection's kind codes 0..3
@overload
def segments_intersect(s: SegmentLike, t: SegmentLike) -> bool: ...
@overload
def segments_intersect(s: Union[SegmentArray, SegmentLike], t: Union[SegmentArray, SegmentLike]) -> Union[bool, Bools]: ...
# The array forms return SegmentIntersection / ClosestPoints whose fields
# are arrays (kind: int8 codes into SEGMENT_KINDS; the rest object arrays).
def segment_intersection(s: Union[SegmentArray, SegmentLike], t: Union[SegmentArray, SegmentLike]) -> SegmentIntersection: ...
def segment_closest_points(s: Union[SegmentArray, SegmentLike], t: Union[SegmentArray, SegmentLike]) -> ClosestPoints: ...

@overload
def segment_squared_distance(s: SegmentLike, t: SegmentLike, pairs: Literal[False] = ...) -> fractions.Fraction: ...
@overload
def segment_squared_distance(s: Union[SegmentArray, SegmentLike], t: Union[SegmentArray, SegmentLike],
                      pairs: bool = ...) -> Union[npt.NDArray[np.object_], Tuple[npt.NDArray[np.object_], npt.NDArray[np.object_]]]: ...
@overload
def segment_distance(s: SegmentLike, t: SegmentLike) -> float: ...
@overload
def segment_distance(s: Union[SegmentArray, SegmentLike], t: Union[SegmentArray, SegmentLike]) -> npt.NDArray[np.float64]: ...
ExactArray = Union[npt.NDArray[np.object_], Tuple[npt.NDArray[np.object_], npt.NDArray[np.object_]]]
@overload
def point_segment_squared_distance(p: PointLike, s: SegmentLike, pairs: Literal[False] = ...) -> fractions.Fraction: ...
@overload
def point_segment_squared_distance(p: Union[PointsLike, PointLike], s: Union[SegmentArray, SegmentLike],
                            pairs: bool = ...) -> Union[ExactArray, Tuple[int, int]]: ...
@overload
def point_segment_distance(p: PointLike, s: SegmentLike) -> float: ...
@overload
def point_segment_distance(p: Union[PointsLike, PointLike], s: Union[SegmentArray, SegmentLike]) -> npt.NDArray[np.float64]: ...
@overload
def segment_triangle_squared_distance(s: SegmentLike, tri: TriangleLike, pairs: Literal[False] = ...) -> fractions.Fraction: ...
@overload
def segment_triangle_squared_distance(s: Union[SegmentArray, SegmentLike], tri: Union[npt.ArrayLike, TriangleLike],
                               pairs: bool = ...) -> Union[ExactArray, Tuple[int, int]]: ...
@overload
def segment_triangle_distance(s: SegmentLike, tri: TriangleLike) -> float: ...
@overload
def segment_triangle_distance(s: Union[SegmentArray, SegmentLike], tri: Union[npt.ArrayLike, TriangleLike]) -> npt.NDArray[np.float64]: ...
@overload
def capsule_capsule(c1: CapsuleLike, c2: CapsuleLike, test: Literal["both"] = ...) -> Overlap: ...
@overload
def capsule_capsule(c1: CapsuleLike, c2: CapsuleLike, test: Literal["closed", "open"]) -> bool: ...
@overload
def capsule_capsule(c1: Union[CapsuleArray, CapsuleLike], c2: Union[CapsuleArray, CapsuleLike],
                    test: str = ...) -> Union[Overlap, Bools]: ...
# Shape arrays (docs/python.md): n shapes as arrays -- segments (n, 2, D),
# triangles (n, 3, 3), (segments, radii), (centres (n, D), radii (n,)), or a
# query-format dict holding arrays ("seg", "tri", "poly"/"hull" with "count",
# "box" with "c", "axes", "h"; "r").
ShapeArray = Union[npt.NDArray[np.generic], Tuple[npt.ArrayLike, npt.ArrayLike], Mapping[str, object]]
Floats = npt.NDArray[np.float64]

# contact's array form returns a Contact whose fields are arrays (this type
# exists in the stub only, to say so).
class ContactArrays(NamedTuple):
    depth: Floats
    normal: Floats
    depth_normal: Floats
    gap: Floats

@overload
def capsule_triangle(c: CapsuleLike, tri: TriangleLike, test: Literal["both"] = ...) -> Overlap: ...
@overload
def capsule_triangle(c: CapsuleLike, tri: TriangleLike, test: Literal["closed", "open"]) -> bool: ...
@overload
def capsule_triangle(c: Union[ShapeArray, CapsuleLike], tri: Union[ShapeArray, TriangleLike],
                     test: str = ...) -> Union[Overlap, Bools]: ...
def contact(x: Union[ShapeArray, ShapeLike], y: Union[ShapeArray, ShapeLike]) -> Union[Optional[Contact], ContactArrays]: ...
@overload
def overlap(x: ShapeLike, y: ShapeLike, test: Literal["both"] = ...) -> Overlap: ...
@overload
def overlap(x: ShapeLike, y: ShapeLike, test: Literal["closed", "open"]) -> bool: ...
@overload
def overlap(x: Union[ShapeArray, ShapeLike], y: Union[ShapeArray, ShapeLike], test: str = ...) -> Union[Overlap, Bools]: ...
@overload
def squared_distance(x: ShapeLike, y: ShapeLike, pairs: Literal[False] = ...) -> fractions.Fraction: ...
@overload
def squared_distance(x: Union[ShapeArray, ShapeLike], y: Union[ShapeArray, ShapeLike],
              pairs: bool = ...) -> Union[fractions.Fraction, Tuple[int, int], ExactArray]: ...
def distance(x: Union[ShapeArray, ShapeLike], y: Union[ShapeArray, ShapeLike]) -> Union[float, Floats]: ...
def closest_points(
    x: Union[ShapeArray, ShapeLike], y: Union[ShapeArray, ShapeLike]
) -> Union[Tuple[Tuple[fractions.Fraction, ...], Tuple[fractions.Fraction, ...]], npt.NDArray[np.object_]]: ...
def sweep(x: Union[ShapeArray, ShapeLike], v: Union[PointLike, PointsLike],
          y: Union[ShapeArray, ShapeLike]) -> Union[Optional[float], Floats]: ...

# ---- moving primitives (docs/python.md): (hit, toi, toi_lo), NaN for no hit
def ccd_vertex_face(t0: npt.ArrayLike, t1: npt.ArrayLike, ms: npt.ArrayLike = 0.0) -> Tuple[npt.NDArray[np.bool_], npt.NDArray[np.float64], npt.NDArray[np.float64]]: ...
def ccd_edge_edge(t0: npt.ArrayLike, t1: npt.ArrayLike, ms: npt.ArrayLike = 0.0) -> Tuple[npt.NDArray[np.bool_], npt.NDArray[np.float64], npt.NDArray[np.float64]]: ...

# ---- meshes, height fields, chains: each question above also takes one of
# these for x or y (the other a shape or a shape array of the same dimension);
# contact then answers MeshContact / MeshContacts, closest_points
# MeshClosestPoints.

SURFACE_FEATURES: Tuple[str, ...]

class Mesh:
    def __init__(self, vertices: npt.ArrayLike, faces: npt.ArrayLike, r: float = 0.0) -> None: ...
    def __len__(self) -> int: ...
    @property
    def r(self) -> float: ...
    @property
    def nbytes(self) -> int: ...
    def edge_class(self, u: int, w: int) -> str: ...
    def vertex_class(self, v: int) -> str: ...

class HeightField:
    def __init__(self, heights: npt.ArrayLike, origin: Tuple[float, float, float] = ...,
                 spacing: Tuple[float, float] = ..., diagonal: Literal["main", "anti", "alternating"] = ...,
                 r: float = 0.0) -> None: ...
    def __len__(self) -> int: ...
    @property
    def nbytes(self) -> int: ...
    def edge_class(self, u: int, w: int) -> str: ...
    def vertex_class(self, v: int) -> str: ...

class Chain:
    def __init__(self, points: npt.ArrayLike, loop: bool = False, r: float = 0.0) -> None: ...
    def __len__(self) -> int: ...
    @property
    def nbytes(self) -> int: ...
    def vertex_class(self, v: int) -> str: ...

# ---- the query engine

class EvalMeshes:
    def __init__(self, texts: Mapping[str, str]) -> None: ...
    def names(self) -> List[str]: ...

def load_meshes(paths: Mapping[str, str]) -> EvalMeshes: ...

def eval(
    lines: Union[str, bytes, Iterable[Union[str, bytes]]], max_line_bytes: int = ..., first_line: int = 1,
    meshes: Optional[EvalMeshes] = None
) -> List[str]: ...

# ---- audits

ShapeName = Literal[
    "point2", "circle", "segment2", "capsule2", "point3", "sphere", "segment3", "capsule3", "triangle"
]
QuestionName = Literal[
    "closed_overlap",
    "open_overlap",
    "squared_distance",
    "distance",
    "gap",
    "depth",
    "normal",
    "closest_points",
    "time_of_impact",
]

class WrongCase:
    @property
    def query(self) -> str: ...
    @property
    def expected(self) -> str: ...
    @property
    def got(self) -> str: ...
    @property
    def values(self) -> List[float]: ...
    @property
    def margin(self) -> float: ...
    @property
    def margin_ulps(self) -> float: ...
    @property
    def gross(self) -> bool: ...
    @property
    def index(self) -> int: ...

class FamilyAudit:
    @property
    def name(self) -> str: ...
    @property
    def cases(self) -> int: ...
    @property
    def wrong(self) -> int: ...
    @property
    def gross(self) -> int: ...
    @property
    def false_positives(self) -> int: ...
    @property
    def false_negatives(self) -> int: ...
    @property
    def opposite_sign(self) -> int: ...
    @property
    def got_none(self) -> int: ...
    @property
    def got_value(self) -> int: ...
    @property
    def skipped(self) -> int: ...
    @property
    def max_ulp(self) -> float: ...
    @property
    def max_scale_ulp(self) -> float: ...
    @property
    def max_abs(self) -> float: ...
    @property
    def ulp_histogram(self) -> List[int]: ...
    @property
    def smallest(self) -> List[WrongCase]: ...

class AuditReport:
    @property
    def algorithm(self) -> str: ...
    @property
    def question(self) -> str: ...
    @property
    def families(self) -> List[FamilyAudit]: ...
    @property
    def cases(self) -> int: ...
    @property
    def wrong(self) -> int: ...
    @property
    def gross(self) -> int: ...
    @property
    def wrong_cases(self) -> List[WrongCase]: ...
    @property
    def shard(self) -> str: ...
    def markdown(self) -> str: ...
    def json(self) -> str: ...
    @staticmethod
    def from_json(line: str) -> AuditReport: ...

def merge_reports(shards: Sequence[AuditReport]) -> AuditReport: ...
def audit_html(
    reports: Union[AuditReport, Iterable[AuditReport]],
    path: Optional[Union[str, os.PathLike[str]]] = None,
    title: str = "exactgeom audit",
) -> str: ...

def audit_pair(
    fn: Callable[..., object],
    question: QuestionName,
    x: ShapeName,
    y: Optional[ShapeName] = None,
    *,
    cases: int = 10000,
    seed: int = 1,
    families: Optional[Sequence[str]] = None,
    keep: int = 3,
    tolerance: float = 1.0,
    unit: Literal["exact_ulps", "scale_ulps", "absolute"] = "exact_ulps",
    scale: Literal["largest", "radius_sum"] = "largest",
    gross_band: float = 64.0,
    x_float32: bool = False,
    y_float32: bool = False,
    name: Optional[str] = None,
    shard: Optional[Tuple[int, int]] = None,
) -> AuditReport: ...
def audit_manifold(
    fn: Callable[..., object],
    x: ShapeName,
    y: Optional[ShapeName] = None,
    *,
    contact_tolerance: float = 0.0,
    existence: Literal["closed", "open"] = "closed",
    cases: int = 10000,
    seed: int = 1,
    families: Optional[Sequence[str]] = None,
    keep: int = 3,
    tolerance: float = 1.0,
    unit: Literal["exact_ulps", "scale_ulps", "absolute"] = "exact_ulps",
    scale: Literal["largest", "radius_sum"] = "largest",
    gross_band: float = 64.0,
    x_float32: bool = False,
    y_float32: bool = False,
    name: Optional[str] = None,
    shard: Optional[Tuple[int, int]] = None,
) -> List[AuditReport]: ...
def audit_overlap(
    fn: Callable[..., object],
    shape: ShapeName,
    *,
    overlap: Literal["closed", "open"] = "closed",
    cases: int = 10000,
    seed: int = 1,
    families: Optional[Sequence[str]] = None,
    keep: int = 3,
    gross_band: float = 64.0,
    float32: bool = False,
    name: Optional[str] = None,
    shard: Optional[Tuple[int, int]] = None,
) -> AuditReport: ...

# Deprecated names, kept for one release: they warn and answer as the new ones.
audit = audit_overlap  # before 0.4
