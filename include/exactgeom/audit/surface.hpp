// exactgeom/audit/surface.hpp: audits of an engine's collisions against level
// geometry -- triangle meshes, height fields and 2-D chains -- against the
// exact union answers of exactgeom/mesh.hpp (docs/auditing_meshes.md).
//
// The engine sees each case as a SurfaceCase (vertices and indices, as
// Bullet's btTriangleIndexVertexArray, ODE's dTriMeshData, FCL's BVHModel
// hold them; for terrain also the same surface as a height-field grid; for
// chains the points in order, as b2ChainShape and Chipmunk's segments with
// neighbours hold them) and one convex shape of yours (shape_adapter, as
// audit_pair):
//
//   auto r = audit_surface<MySphere>(
//       [](const SurfaceCase& level, const MySphere& s) {
//         std::vector<SurfaceContact> out;  // one per contact the engine reports
//         ...
//         return out;
//       }, {.cases = 200}, "my mesh contact");
//   for (const auto& report : r) std::cout << report.markdown();
//
// Every vertex of a case is a float (engines store level geometry in float),
// so the exact answer is about exactly what the engine holds. Reports are
// AuditReports (markdown, json, merge_reports, the HTML page of
// exactgeom/audit/html.hpp); kept wrong cases are `contact` or `sweep` lines of
// docs/queries.md with the mesh or chain inline, which `exactgeom eval`
// replays. Kept cases are not shrunk (a mesh case is kept as generated).
#pragma once

#include <gmpxx.h>

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "exactgeom/audit/flatten.hpp"
#include "exactgeom/audit/types.hpp"
#include "exactgeom/mesh.hpp"

namespace exactgeom::audit {

/// The case families of the surface audits (docs/auditing_meshes.md).
enum class SurfaceFamily {
  // 3-D, contact (audit_surface):
  flat_seams,            // shapes resting on and sliding across shared edges and vertices of a flat floor
  terrain,               // a height field (random heights, every diagonal style), offsets 0 or 1e3 .. 1e6
  concave_corners,       // valleys, steps and a wall meeting the floor: shapes in the corner
  convex_ridges,         // ridges and the rims of steps: shapes resting on the convex edge
  long_thin,             // a floor of long thin triangles (edge 1e3 .. 1e5 times the penetration)
  degenerate_triangles,  // a floor with zero-area triangles (collinear or repeated corners) along its seams
  // 3-D, sweeps (audit_surface_sweep):
  seam_sweeps,     // down onto shared edges and vertices of a flat floor, and through it
  terrain_sweeps,  // down onto a height field, and through it
  // 2-D chains, contact (audit_surface):
  chain_floor,    // floors of collinear segments: flat joints
  chain_steps,    // steps: concave and convex corners
  chain_corners,  // convex corners (a closed loop around a solid)
  chain_ends,     // the free ends of an open chain
};
std::string_view to_string(SurfaceFamily f);
/// Whether family f is a 2-D chain family; whether it is a sweep family.
bool is_chain_family(SurfaceFamily f);
bool is_sweep_family(SurfaceFamily f);

/// The level geometry of a case, as an engine receives it.
struct SurfaceCase {
  int dim = 3;  ///< 3 for a mesh or terrain, 2 for a chain
  /// Vertices (3-D), or the chain's points (2-D, z = 0); every value a float.
  std::vector<std::array<double, 3>> vertices;
  /// Triangles (3-D; indices into vertices): the pieces, in this order.
  std::vector<std::array<std::uint32_t, 3>> triangles;
  /// 2-D: the chain is closed (the last point joins the first). Open chains'
  /// segments are (p_i, p_i+1); a loop's also (p_last, p_0): the pieces.
  bool loop = false;
  /// Terrain families: the same surface as a height field, sample (i, j) at
  /// origin + (i dx, j dy, heights[j * columns + i]), cells split as
  /// `diagonal` says (exactgeom::HeightField3); `triangles` is its
  /// triangulation in HeightField3's piece order (cell (i, j) is pieces
  /// 2 (j (columns - 1) + i) and +1).
  struct Grid {
    std::size_t columns = 0;          ///< samples along x (i = 0 .. columns - 1): HeightField3's nx
    std::size_t rows = 0;             ///< samples along y (j = 0 .. rows - 1): HeightField3's ny
    double dx = 1;                    ///< the spacing along x (> 0)
    double dy = 1;                    ///< the spacing along y (> 0)
    std::array<double, 3> origin{};   ///< where sample (0, 0) is at height 0 (heights add to its z)
    std::vector<double> heights;      ///< columns * rows heights, sample (i, j)'s at j * columns + i
    HeightFieldDiagonal diagonal = HeightFieldDiagonal::main;  ///< how each cell is split into two triangles
  };
  std::optional<Grid> grid;  ///< the height field of a terrain or terrain_sweeps case; empty for the others
  /// The number of pieces (triangles, or the chain's segments).
  std::size_t pieces() const;
};

/// One contact an engine reports between the surface and the shape.
struct SurfaceContact {
  /// Unit, from the surface toward the shape: the direction the engine
  /// pushes the shape out along (2-D: z = 0).
  std::array<double, 3> normal{};
  /// The penetration along it (>= 0 overlapping; negative: apart, for an
  /// engine with a contact distance).
  double depth = 0;
  /// The piece (triangle, segment) the engine says it came from, when it says.
  std::optional<std::size_t> piece;
};

/// The length a surface report measures severities in (the gross band, the
/// ULP columns, the 4-ULP slack of the normal and time questions).
enum class SurfaceScale {
  /// The case's largest magnitude (every vertex and the shape): float code
  /// that works in world coordinates cannot do better than its ULPs, so a
  /// 6e-5-deep sphere on terrain at offset 1e6 is rounding-level.
  case_largest,
  /// The magnitude local to the contact: the largest coordinate of the shape
  /// and of the pieces near it (those it meets, else the nearest; for a cast,
  /// those its whole sweep meets, and the motion), measured from the shape's
  /// centre -- what code that subtracts the shape's position first (double
  /// positions, float shapes) is owed.
  local,
};

/// Options of the surface audits beside AuditOptions (whose cases, seed,
/// shards, keep and gross_band they use; its families are the pair
/// families and are not used here). New members are added at the end, so
/// designated initializers keep compiling.
struct SurfaceOptions {
  /// The families to run; empty: every family of the audit's kind and
  /// dimension.
  std::vector<SurfaceFamily> families{};
  /// The contact question: closed (touching is contact) or open.
  Overlap existence = Overlap::closed;
  /// The engine's contact distance (a length): a contact reported for shapes
  /// apart by at most this is not wrong; in audit_surface_sweep, a time
  /// reported for a cast whose whole sweep comes within this of the surface
  /// without touching it is not wrong.
  double contact_distance = 0;
  /// One-sided surfaces, as engines default to (Jolt's EBackFaceMode::
  /// IgnoreBackFaces; Box2D's chains): a triangle's front is the side
  /// (p1 - p0) x (p2 - p0) points to (corners counterclockwise seen from the
  /// front), a chain segment's the side (e.y, -e.x) points to. The exact
  /// reference is then the union of the front faces: for contacts, the
  /// pieces whose plane has the shape's centre (a ball's, the capsule axis's
  /// midpoint, a box's) on or in front of it; for casts, the pieces the
  /// motion does not approach from behind (n . v <= 0). A degenerate piece
  /// has no back. The contact families keep the pressed shape's centre in
  /// front of every piece it meets (the press is halved until it is), and
  /// `features` calls a reported contact from a back face wrong.
  bool one_sided = false;
  /// The diagonal of every grid's cells (flat_seams, degenerate_triangles,
  /// seam_sweeps, terrain, terrain_sweeps), for an engine with one fixed
  /// split: HeightFieldDiagonal::main is the cell (i, j) split from sample
  /// (i, j) to (i + 1, j + 1), anti from (i + 1, j) to (i, j + 1),
  /// alternating main where i + j is even (exactgeom::HeightField3). Empty:
  /// each case draws one of the three; the cases are otherwise the same.
  std::optional<HeightFieldDiagonal> diagonal{};
  /// audit_surface_sweep: a cast that stops short of touching by design, or
  /// within a documented tolerance (Jolt's shape casts stop within their
  /// collision tolerance, 1e-4 by default: {0, 1e-4}). The reference is the
  /// first time the shape grown by `separation` touches the surface, and an
  /// answer is right when its backward error -- how far the region the shape
  /// sweeps by the answered time is from touching -- is within `tolerance`
  /// (a none: when the whole cast stays within it). Severity: the backward
  /// error beyond the tolerance. Kept lines carry the grown shape.
  std::optional<SweepTarget> sweep_target{};
  /// What severities are measured in (reports say which in their question).
  SurfaceScale scale = SurfaceScale::case_largest;
  /// Cases your engine cannot take (say a height field whose diagonal is not
  /// its own): false skips the case (FamilyAudit::skipped). The shape
  /// adapter's `valid`, when it has one, is asked too, as in audit_pair.
  std::function<bool(const SurfaceCase&)> valid{};
};

namespace detail {
/// One user shape in flat layout (doubles) and, with to_exact, the shape it
/// holds (rationals; empty when the adapter does not read back).
using SurfaceApprox = std::function<std::vector<SurfaceContact>(const SurfaceCase&, std::span<const double>)>;
using SurfaceSweepApprox =
    std::function<std::optional<double>(const SurfaceCase&, std::span<const double>, const std::array<double, 3>&)>;
using HeldShape = std::function<std::vector<mpq_class>(std::span<const double>)>;
/// The adapter's valid(), on the generated shape (flat layout); empty: none.
using ShapeValid = std::function<bool(std::span<const double>)>;
std::array<AuditReport, 4> surface_contact_audit(ShapeKind kind, int dim, bool float_shape, std::string name,
                                                 const SurfaceApprox& approx, const HeldShape& held,
                                                 const ShapeValid& valid, const AuditOptions& o,
                                                 const SurfaceOptions& so);
AuditReport surface_sweep_audit(ShapeKind kind, int dim, bool float_shape, std::string name,
                                const SurfaceSweepApprox& approx, const HeldShape& held, const ShapeValid& valid,
                                const AuditOptions& o, const SurfaceOptions& so);

template <class U>
HeldShape held_shape() {
  using A = shape_adapter<U>;
  using E = typename A::exact_type;
  if constexpr (requires(const E& e) { A::to_exact(A::from_exact(e)); }) {
    return [](std::span<const double> c) {
      std::vector<mpq_class> h(c.size());
      detail::flatten<mpq_class>(A::to_exact(A::from_exact(detail::unflatten<E>(c))), std::span<mpq_class>(h));
      return h;
    };
  }
  return {};
}

template <class U>
ShapeValid shape_valid() {
  using A = shape_adapter<U>;
  using E = typename A::exact_type;
  if constexpr (requires(const E& e) { A::valid(e); }) {
    return [](std::span<const double> c) {
      const E e = detail::unflatten<E>(c);
      if constexpr (requires { A::valid(A::to_exact(A::from_exact(e))); })
        return static_cast<bool>(A::valid(A::to_exact(A::from_exact(e))));
      else
        return static_cast<bool>(A::valid(e));
    };
  }
  return {};
}
}  // namespace detail

/// The four audits of an engine's contacts against level geometry:
/// fn(const SurfaceCase&, const UShape&) returns the engine's contacts (a
/// std::vector<SurfaceContact>, empty: none). UShape's adapter has a 3-D
/// exact_type for meshes and height fields (Sphere, Capsule3, Box3) or a
/// 2-D one for chains (Circle, Capsule2, Box2). Returns, named name + ...:
///  ": contact?"  whether it reports a contact (closed, or open per
///                SurfaceOptions::existence) against the exact union test;
///  ": depth"     the deepest contact's depth against the union's exact depth
///                (the largest over the pieces; contacts agreeing on both);
///  ": normal"    each reported contact's normal (depth > 0), by its extra
///                push: how much further the shape moves along it to clear
///                the smooth patch of the piece it names (the overlapping
///                pieces joined by flat edges and vertices) than along the
///                worst right normal there (a face normal of the patch;
///                either face's at a concave edge; a lone piece's own depth
///                normal) -- 0 for the plane's normal on a flat floor, large
///                for a ghost normal that pushes along a seam; without a
///                piece, the piece it fits best; the case's error is its
///                worst contact's (docs/auditing_meshes.md);
///  ": features"  whether every reported contact that names its piece is a
///                contact of a real feature: wrong when it names a piece the
///                shape does not meet, or a contact that can be a ghost (its
///                piece's closest feature a ghost site -- a flat or concave
///                edge, a flat vertex; a chain's flat or concave vertex --, a
///                degenerate piece, a penetrated piece of a smooth patch) with
///                a normal whose extra push is beyond 4 ULPs.
/// Gross: beyond AuditOptions::gross_band ULPs (float ULPs for float code)
/// of the case's scale (SurfaceOptions::scale: its largest magnitude unless
/// asked otherwise) from the decision boundary -- for a length answer, its
/// error; for a normal, its extra push.
/// invalid_input for a family of the other dimension or kind, a negative or
/// non-finite contact_distance, or a shard outside 0 <= index < count.
template <class UShape, class Fn>
std::array<AuditReport, 4> audit_surface(Fn&& fn, const AuditOptions& o = {}, std::string name = "user surface contact",
                                         const SurfaceOptions& so = {}) {
  using A = shape_adapter<UShape>;
  using E = typename A::exact_type;
  constexpr ShapeKind kind = detail::shape_info<E>::kind;
  constexpr int dim = detail::shape_info<E>::dim;
  static_assert(kind == ShapeKind::ball || kind == ShapeKind::capsule || kind == ShapeKind::box,
                "audit_surface: the shape is a ball, capsule or box");
  detail::SurfaceApprox approx = [&fn](const SurfaceCase& level, std::span<const double> c) {
    const UShape s = A::from_exact(detail::unflatten<E>(c));
    return std::vector<SurfaceContact>(fn(level, s));
  };
  return detail::surface_contact_audit(kind, dim, detail::is_float_scalar_v<A>, std::move(name), approx,
                                       detail::held_shape<UShape>(), detail::shape_valid<UShape>(), o, so);
}

/// The audit of a shape cast against level geometry (continuous collision):
/// fn(const SurfaceCase&, const UShape&, const std::array<double, 3>& v)
/// returns the first t in [0, 1] at which the shape translated by t v
/// touches the surface (a number, or an empty std::optional: no contact in
/// the frame). The reference is the union's exact time of impact, correctly
/// rounded. An answer is wrong when the shape travels more than 4 ULPs (of
/// the case's scale) between the exact time and the answered one, or with
/// SurfaceOptions::sweep_target when its backward error exceeds the
/// target's tolerance. Severity (gross or not) is the backward error: how far
/// the region the shape sweeps by the answered time is from touching the
/// surface -- late (or none where the cast meets it): how deep that region
/// goes, through the surface when it tunnels; early (or a time where the
/// cast never meets it): how far it stays. A shape sliding across a floor
/// it overlaps by 1e-9 is wrong at any later time, and rounding-level.
template <class UShape, class Fn>
AuditReport audit_surface_sweep(Fn&& fn, const AuditOptions& o = {}, std::string name = "user surface sweep",
                                const SurfaceOptions& so = {}) {
  using A = shape_adapter<UShape>;
  using E = typename A::exact_type;
  constexpr ShapeKind kind = detail::shape_info<E>::kind;
  constexpr int dim = detail::shape_info<E>::dim;
  static_assert(dim == 3, "audit_surface_sweep: 3-D shapes (meshes and height fields)");
  detail::SurfaceSweepApprox approx = [&fn](const SurfaceCase& level, std::span<const double> c,
                                            const std::array<double, 3>& v) -> std::optional<double> {
    const UShape s = A::from_exact(detail::unflatten<E>(c));
    const auto t = fn(level, s, v);
    if constexpr (detail::is_optional<std::remove_cvref_t<decltype(t)>>::value)
      return t ? std::optional<double>(static_cast<double>(*t)) : std::nullopt;
    else
      return static_cast<double>(t);
  };
  return detail::surface_sweep_audit(kind, dim, detail::is_float_scalar_v<A>, std::move(name), approx,
                                     detail::held_shape<UShape>(), detail::shape_valid<UShape>(), o, so);
}

}  // namespace exactgeom::audit
