// exactgeom/detail/mesh_core.hpp: the exact engine behind mesh.hpp, out of
// line in the library (src/mesh/: the tree, the closest feature, the union
// questions, the topology). A mesh, height field or chain reaches
// it as a Surface: its pieces (filled triangles or segments, each an exact
// Core of convex_core.hpp), a way to find the pieces whose conservative
// boxes meet a box, and the classes of its edges and vertices. The engine
// answers each question piece by piece with the convex engine and combines
// the answers with the union semantics of docs/queries.md ("Meshes and
// chains").
#pragma once

#include <gmpxx.h>

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "exactgeom/detail/convex_core.hpp"
#include "exactgeom/detail/convex_filter.hpp"

namespace exactgeom {

/// What a feature of one piece is in the whole surface (docs/queries.md,
/// "Meshes and chains"), decided exactly from the vertices as given.
enum class SurfaceFeature : std::uint8_t {
  face,              ///< a piece's relative interior
  boundary_edge,     ///< an edge of exactly one non-degenerate triangle
  degenerate_edge,   ///< an edge of degenerate triangles only
  convex_edge,       ///< two triangles, consistent winding, the second behind the first's plane
  flat_edge,         ///< ... on it (a seam in a plane: where ghost contacts come from)
  concave_edge,      ///< ... in front of it
  unoriented_edge,   ///< two triangles running through the edge in the same direction
  nonmanifold_edge,  ///< three or more non-degenerate triangles
  vertex,            ///< a mesh vertex that is not flat
  flat_vertex,       ///< a mesh vertex in a plane (every edge flat, one cycle), or a chain's straight joint
  convex_vertex,     ///< a chain vertex that turns left (orient2d > 0)
  concave_vertex,    ///< a chain vertex that turns right (orient2d < 0)
  end_vertex,        ///< a chain vertex of one segment only
};

/// The name docs/queries.md gives a class ("flat_edge", ...).
const char* to_string(SurfaceFeature f);

/// The smallest feature of one piece that holds every point of the piece
/// closest to the other shape's core: the piece's interior (kind face), an
/// edge (vertex indices v[0] < v[1]) or a vertex (v[0]; v[1] == v[0]).
/// A degenerate triangle has no face: collinear corners give the edges and
/// vertices of the segment they cover; a face with a repeated index, (i, i,
/// j) in any order, is the segment v[i] v[j] (edge {i, j}, vertices i and j;
/// the vertex i for (i, i, i)). Where two different indices share a
/// position, a contact has no feature (std::nullopt).
struct PieceFeature {
  enum class Kind : std::uint8_t { face, edge, vertex } kind = Kind::face;
  std::array<std::uint32_t, 2> v{};
  friend bool operator==(const PieceFeature&, const PieceFeature&) = default;
};

namespace detail::mesh {

using cvx::Core;

/// A box in double coordinates (2-D surfaces use z = 0).
struct Box {
  std::array<double, 3> lo{}, hi{};
};

/// A bounding-volume tree over piece boxes: Boost.Geometry's rtree,
/// bulk-loaded (packed) once. The boxes must already be conservative (every
/// point of the piece, radius included, inside its box); queries are closed
/// (a box touching the query box is found).
class Tree {
 public:
  Tree();
  explicit Tree(const std::vector<Box>& boxes);
  ~Tree();
  Tree(Tree&&) noexcept;
  Tree& operator=(Tree&&) noexcept;
  /// Appends the indices of the boxes that meet b (closed), in no order.
  void query(const Box& b, std::vector<std::uint32_t>& out) const;
  /// The index of a box nearest to b (a first guess for distance queries;
  /// correctness never depends on it being the nearest).
  std::uint32_t nearest(const Box& b) const;
  std::size_t size() const;
  std::size_t bytes() const;  // an estimate of the tree's memory

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// One piece as the engine sees it: its exact core (3 points of a triangle,
/// 2 of a segment, radius included), its vertex indices, and whether it is
/// degenerate: 0 not, 1 collinear with three distinct positions (or a
/// segment of positive length), 2 two of its positions equal.
struct Piece {
  std::uint32_t index = 0;
  Core core;
  std::array<std::uint32_t, 3> v{};
  std::uint8_t nv = 3;
  std::uint8_t degenerate = 0;
};

/// What the engine asks of a mesh, height field or chain.
class Surface {
 public:
  virtual ~Surface() = default;
  virtual int dim() const = 0;
  virtual std::size_t pieces() const = 0;
  /// Appends the pieces whose conservative boxes meet b.
  virtual void candidates(const Box& b, std::vector<std::uint32_t>& out) const = 0;
  /// Some piece near b (a first guess).
  virtual std::uint32_t near(const Box& b) const = 0;
  virtual Piece piece(std::uint32_t k) const = 0;
  /// The class of a piece feature in the whole surface.
  virtual SurfaceFeature classify(const PieceFeature& f) const = 0;
};

/// The conservative box of a core grown by `grow` (>= 0): rounded outward.
Box core_box(const Core& c, const mpq_class& grow);
/// The box of a core swept by t v, t in [0, 1], grown by `grow`.
Box swept_box(const Core& c, const std::vector<mpq_class>& v, const mpq_class& grow);
using cvx::outward;  // [lo, hi] doubles around an exact value (convex_filter.hpp)

/// One piece's answer in a union contact.
struct PieceFacts {
  std::uint32_t piece = 0;
  cvx::ContactFacts f;                         // x and y as the question gave them
  std::optional<PieceFeature> feature;         // none when the cores meet (or a degenerate piece has none)
  std::optional<SurfaceFeature> mesh_feature;  // the feature's class; none when feature is none
};

/// The union's answer (docs/queries.md "Meshes and chains").
struct UnionFacts {
  bool closed = false, open = false;
  mpq_class dist2;                             // least over the pieces
  std::uint32_t nearest = 0;                   // a piece attaining it
  cvx::Separation sep;                         // its closest pair (p on x, q on y)
  double gap = 0;
  std::optional<std::vector<double>> normal;
  double depth = 0;
  std::optional<std::vector<double>> depth_normal;
  std::vector<PieceFacts> pieces;              // the pieces that meet, increasing index
};

/// The least distance between the shape's core and any piece, with the
/// piece and a closest pair. surface_is_x: the surface is the question's
/// first shape (p lies on it).
struct UnionSeparation {
  cvx::Separation sep;
  std::uint32_t piece = 0;
};
UnionSeparation union_distance(const Core& shape, const Surface& s, bool surface_is_x);

/// closed (strict false) or open (strict true) test of the union, piece by
/// piece through the convex engine.
bool union_meets(const Core& shape, const Surface& s, bool strict);

/// Everything `contact` answers; with_features false skips the features
/// (contact() of mesh.hpp computes them; the closed/depth answers do not
/// need them).
/// `candidates`, when given, replaces the tree's candidates: a caller's
/// list, already pruned of pieces certainly apart (a double filter), so it
/// holds every piece that meets the shape.
UnionFacts union_contact(const Core& shape, const Surface& s, bool surface_is_x, bool with_features = true,
                         const std::vector<std::uint32_t>* candidates = nullptr);

/// The least t in [0, 1] at which the moving side (the shape when
/// surface_is_x is false, else the surface) translated by t v meets the
/// other, correctly rounded; none when never.
std::optional<double> union_time_of_impact(const Core& shape, const Surface& s, bool surface_is_x,
                                           const std::vector<mpq_class>& v);

/// The smallest feature of piece p holding every point of p closest to the
/// shape's core, given n = on_shape - on_piece for a closest pair (the same
/// for every pair) at positive distance; none for a piece whose positions
/// coincide or when no feature holds them all.
std::optional<PieceFeature> closest_feature(const Piece& p, const Core& shape, const std::vector<mpq_class>& n);

/// Edge and vertex classes of a triangle mesh, built once from the faces.
/// orient(u, w, a, b) is the exact orient3d sign of b against the plane of
/// (u, w, a); degenerate[k] is Piece::degenerate of face k.
struct MeshTopology {
  std::vector<std::uint64_t> edge_keys;            // (min << 32) | max, sorted
  std::vector<SurfaceFeature> edge_class;          // per key
  std::vector<SurfaceFeature> vertex_class;        // per vertex
  SurfaceFeature edge(std::uint32_t u, std::uint32_t w) const;
  std::size_t bytes() const;
};
using OrientFn = int (*)(const void* ctx, std::uint32_t u, std::uint32_t w, std::uint32_t a, std::uint32_t b);
MeshTopology classify_mesh(std::size_t vertices, const std::vector<std::array<std::uint32_t, 3>>& faces,
                           const std::vector<std::uint8_t>& degenerate, OrientFn orient, const void* ctx);

}  // namespace detail::mesh
}  // namespace exactgeom
