// exactgeom/mesh.hpp: level geometry, exactly -- triangle meshes, height
// fields and 2-D chains of segments -- and every question of a convex shape
// (convex.hpp) against them.
//
//   TriangleMesh3<T>   vertices and index triples, as engines and files store
//                      them, plus a radius: the union of its filled triangles
//                      (a degenerate one is the segment or point it covers),
//                      each grown by the radius. The structure is the one the
//                      indices write (two triangles meet along an edge when
//                      they share its two indices), never found by comparing
//                      coordinates.
//   HeightField3<T>    a grid of heights with origin and spacing, each cell
//                      two triangles split along either diagonal; the grid
//                      is its own tree (no triangle is stored).
//   Chain2<T>          points p0, p1, ..., an open chain of segments or a
//                      loop, plus a radius (Box2D's chains, platform levels).
//
// Both are built once: the exact class of every edge and vertex
// (SurfaceFeature: boundary, convex, flat, concave, ... edges; flat or not
// vertices; a chain's convex, flat, concave and end vertices) and a
// bounding-volume tree over the pieces (Boost.Geometry's rtree, packed),
// whose boxes are rounded outward so that no piece that meets a shape is ever
// pruned. Copies share the built data.
//
// The questions, for any convex shape x of the same dimension (any
// coordinate type: both sides reach the engine exactly), in either order
// (docs/queries.md, "Meshes and chains"):
//
//   intersects(x, m)          some piece meets x (touching counts)
//   interiors_overlap(x, m)   some piece overlaps x by more than touching
//                             (decided piece by piece: a radius-0 core through
//                             a seam touches each piece only on its boundary)
//   squared_distance(x, m)    the least over the pieces, exact
//   distance(x, m)            its root, correctly rounded (rational.hpp)
//   closest_points(x, m)      a closest pair, with the piece (ClosestPoints::piece)
//   contact(x, m)             when they meet: the union's contact (normal none
//                             where closest pairs disagree, the deepest piece's
//                             depth) and, per meeting piece, its own contact,
//                             the feature of the piece holding its closest
//                             points and what that feature is in the whole
//                             surface: a flat or concave edge, a flat vertex,
//                             is where engines make ghost contacts
//   time_of_impact(x, v, m)   the least t in [0, 1] at which x moved by t v
//                             meets some piece; time_of_impact(m, v, x) moves m
//
// Errors (exactgeom::invalid_input, at construction): no triangles (a chain
// of fewer than two points), an index out of range, a NaN or infinite
// float/double value, a negative radius. A mesh against a mesh has no
// overload.
#pragma once

#include <gmpxx.h>

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "exactgeom/contact.hpp"
#include "exactgeom/convex.hpp"
#include "exactgeom/detail/mesh_core.hpp"
#include "exactgeom/geometry.hpp"
#include "exactgeom/predicates.hpp"
#include "exactgeom/rational.hpp"

namespace exactgeom {

namespace detail::mesh {

/// [lo, hi] doubles around a coordinate value: exact for the types whose
/// values are doubles, rounded outward for the others.
template <class T>
void bounds(const T& v, double& lo, double& hi) {
  if constexpr (cvx::double_exact_v<T>) lo = hi = static_cast<double>(v);
  else outward(exactgeom::to_mpq(v), lo, hi);
}

/// The conservative box of points grown by a radius (rhi >= the radius).
template <class P>
Box points_box(const P* const* p, std::size_t n, double rhi) {
  Box b;
  for (std::size_t i = 0; i < n; ++i) {
    double c[3][2] = {{0, 0}, {0, 0}, {0, 0}};
    bounds(p[i]->x, c[0][0], c[0][1]);
    bounds(p[i]->y, c[1][0], c[1][1]);
    if constexpr (requires { p[i]->z; }) bounds(p[i]->z, c[2][0], c[2][1]);
    for (std::size_t k = 0; k < 3; ++k) {
      if (i == 0 || c[k][0] < b.lo[k]) b.lo[k] = c[k][0];
      if (i == 0 || c[k][1] > b.hi[k]) b.hi[k] = c[k][1];
    }
  }
  if (rhi != 0)
    for (std::size_t k = 0; k < (requires { p[0]->z; } ? 3u : 2u); ++k) {
      b.lo[k] = std::nextafter(b.lo[k] - rhi, -HUGE_VAL);
      b.hi[k] = std::nextafter(b.hi[k] + rhi, HUGE_VAL);
    }
  return b;
}

template <class T>
double radius_hi(const T& r) {
  double lo, hi;
  bounds(r, lo, hi);
  return hi;
}

template <class P>
void push_point(Core& c, const P& p) {
  c.c.push_back(exactgeom::to_mpq(p.x));
  c.c.push_back(exactgeom::to_mpq(p.y));
  if constexpr (requires { p.z; }) c.c.push_back(exactgeom::to_mpq(p.z));
}

template <class P>
bool same_position(const P& a, const P& b) {
  if constexpr (requires { a.z; }) return a.x == b.x && a.y == b.y && a.z == b.z;
  else return a.x == b.x && a.y == b.y;
}

}  // namespace detail::mesh

/// A triangle mesh grown by a radius (see the top of this file).
template <class T>
class TriangleMesh3 {
 public:
  using coord = T;                             ///< the coordinate type
  using Face = std::array<std::uint32_t, 3>;  ///< a face: three indices into vertices()

  /// Builds the classes and the tree. Throws invalid_input for no faces, an
  /// index out of range, a NaN or infinite value, a negative radius.
  TriangleMesh3(std::vector<Point3<T>> vertices, std::vector<Face> faces, T radius = T(0))
      : d_(std::make_shared<Data>(std::move(vertices), std::move(faces), std::move(radius))) {}

  /// The vertices, as given.
  const std::vector<Point3<T>>& vertices() const { return d_->v; }
  /// The faces (the pieces), as given: face k is piece k.
  const std::vector<Face>& faces() const { return d_->f; }
  /// The radius every triangle is grown by, >= 0.
  const T& radius() const { return d_->r; }
  /// The number of faces (pieces).
  std::size_t size() const { return d_->f.size(); }
  /// Face k as a triangle (without the radius).
  Triangle3<T> triangle(std::size_t k) const {
    const Face& f = d_->f[k];
    return Triangle3<T>{d_->v[f[0]], d_->v[f[1]], d_->v[f[2]]};
  }
  /// True when face k's positions are collinear (or two of them equal).
  bool degenerate(std::size_t k) const { return d_->degenerate[k] != 0; }
  /// The class of edge (u, w) (either order) in the whole mesh; an index
  /// pair that is no edge of any face answers degenerate_edge.
  SurfaceFeature edge_class(std::uint32_t u, std::uint32_t w) const { return d_->topo.edge(u, w); }
  /// flat_vertex or vertex.
  SurfaceFeature vertex_class(std::uint32_t v) const { return d_->topo.vertex_class.at(v); }
  /// What a feature of a piece is in the whole mesh.
  SurfaceFeature classify(const PieceFeature& f) const { return d_->classify(f); }
  /// Memory held (vertices, faces, classes, tree), in bytes; the tree's share
  /// is an estimate.
  std::size_t bytes() const {
    return d_->v.capacity() * sizeof(Point3<T>) + d_->f.capacity() * sizeof(Face) + d_->degenerate.capacity() +
           d_->topo.bytes() + d_->tree.bytes();
  }
  /// Appends the pieces whose boxes (rounded outward, radius included) meet
  /// the closed box [lo, hi]: every piece that meets anything inside it is
  /// among them (the tree's query, for float code that wants the same
  /// candidates).
  void candidates(const Point3<double>& lo, const Point3<double>& hi, std::vector<std::uint32_t>& out) const {
    d_->candidates(detail::mesh::Box{{lo.x, lo.y, lo.z}, {hi.x, hi.y, hi.z}}, out);
  }
  /// The engine's view (detail/mesh_core.hpp), for the library's own use.
  const detail::mesh::Surface& surface() const { return *d_; }

 private:
  struct Data final : detail::mesh::Surface {
    std::vector<Point3<T>> v;
    std::vector<Face> f;
    T r;
    mpq_class rq;
    std::vector<std::uint8_t> degenerate;
    detail::mesh::MeshTopology topo;
    detail::mesh::Tree tree;

    Data(std::vector<Point3<T>> vv, std::vector<Face> ff, T rr) : v(std::move(vv)), f(std::move(ff)), r(std::move(rr)) {
      if (f.empty()) throw invalid_input("TriangleMesh3: no triangles");
      detail::require_valid_radius(r, "TriangleMesh3 radius");
      for (const Point3<T>& p : v) detail::require_valid_point(p, "TriangleMesh3 vertex");
      for (std::size_t k = 0; k < f.size(); ++k)
        for (std::uint32_t i : f[k])
          if (i >= v.size())
            throw invalid_input("TriangleMesh3: face " + std::to_string(k) + " has index " + std::to_string(i) +
                                ", out of range (" + std::to_string(v.size()) + " vertices)");
      rq = exactgeom::to_mpq(r);
      degenerate.resize(f.size());
      std::vector<detail::mesh::Box> boxes(f.size());
      const double rhi = detail::mesh::radius_hi(r);
      for (std::size_t k = 0; k < f.size(); ++k) {
        const Point3<T>* p[3] = {&v[f[k][0]], &v[f[k][1]], &v[f[k][2]]};
        boxes[k] = detail::mesh::points_box(p, 3, rhi);
        using detail::mesh::same_position;
        if (same_position(*p[0], *p[1]) || same_position(*p[1], *p[2]) || same_position(*p[0], *p[2]))
          degenerate[k] = 2;
        else if (collinear(*p[0], *p[1], *p[2]))
          degenerate[k] = 1;
      }
      topo = detail::mesh::classify_mesh(v.size(), f, degenerate, &orient_cb, this);
      tree = detail::mesh::Tree(boxes);
    }
    static bool collinear(const Point3<T>& a, const Point3<T>& b, const Point3<T>& c) {
      auto o = [](const T& ax, const T& ay, const T& bx, const T& by, const T& cx, const T& cy) {
        return orient2d(Point2<T>{ax, ay}, Point2<T>{bx, by}, Point2<T>{cx, cy}) == Sign{0};
      };
      return o(a.x, a.y, b.x, b.y, c.x, c.y) && o(a.y, a.z, b.y, b.z, c.y, c.z) && o(a.z, a.x, b.z, b.x, c.z, c.x);
    }
    static int orient_cb(const void* ctx, std::uint32_t u, std::uint32_t w, std::uint32_t a, std::uint32_t b) {
      const Data& d = *static_cast<const Data*>(ctx);
      return static_cast<int>(orient3d(d.v[u], d.v[w], d.v[a], d.v[b]));
    }
    int dim() const override { return 3; }
    std::size_t pieces() const override { return f.size(); }
    void candidates(const detail::mesh::Box& b, std::vector<std::uint32_t>& out) const override { tree.query(b, out); }
    std::uint32_t near(const detail::mesh::Box& b) const override { return tree.nearest(b); }
    detail::mesh::Piece piece(std::uint32_t k) const override {
      detail::mesh::Piece p;
      p.index = k;
      p.core.dim = 3;
      p.core.r = rq;
      p.core.c.reserve(9);  // no copies of the rationals as it grows
      for (std::uint32_t i : f[k]) detail::mesh::push_point(p.core, v[i]);
      p.v = f[k];
      p.nv = 3;
      p.degenerate = degenerate[k];
      return p;
    }
    SurfaceFeature classify(const PieceFeature& x) const override {
      switch (x.kind) {
        case PieceFeature::Kind::face: return SurfaceFeature::face;
        case PieceFeature::Kind::edge: return topo.edge(x.v[0], x.v[1]);
        case PieceFeature::Kind::vertex: return topo.vertex_class.at(x.v[0]);
      }
      return SurfaceFeature::vertex;
    }
  };
  std::shared_ptr<const Data> d_;
};

/// A 2-D chain of segments grown by a radius: (p0, p1), ..., and (p_last,
/// p0) when loop. Walked with the solid on the left (a counterclockwise loop
/// around a solid): a vertex turning left is convex.
template <class T>
class Chain2 {
 public:
  using coord = T;  ///< the coordinate type

  /// Throws invalid_input for fewer than two points, a NaN or infinite value,
  /// a negative radius.
  Chain2(std::vector<Point2<T>> points, bool loop = false, T radius = T(0))
      : d_(std::make_shared<Data>(std::move(points), loop, std::move(radius))) {}

  /// The points p0, p1, ..., as given.
  const std::vector<Point2<T>>& points() const { return d_->p; }
  /// True when the chain is closed by the segment (p_last, p0).
  bool loop() const { return d_->loop; }
  /// The radius every segment is grown by, >= 0.
  const T& radius() const { return d_->r; }
  /// The number of segments: points - 1, or points when a loop.
  std::size_t size() const { return d_->pieces(); }
  /// Segment k: (p_k, p_{k+1}), the last of a loop back to p0.
  Segment2<T> segment(std::size_t k) const {
    return Segment2<T>{d_->p[k], d_->p[(k + 1) % d_->p.size()]};
  }
  /// convex_vertex, flat_vertex, concave_vertex or end_vertex.
  SurfaceFeature vertex_class(std::uint32_t i) const { return d_->cls.at(i); }
  /// What a feature of a segment is in the whole chain: vertex_class of its
  /// vertex for a vertex, face otherwise.
  SurfaceFeature classify(const PieceFeature& f) const { return d_->classify(f); }
  /// Memory held (points, classes, tree), in bytes; the tree's share is an
  /// estimate.
  std::size_t bytes() const {
    return d_->p.capacity() * sizeof(Point2<T>) + d_->cls.capacity() + d_->tree.bytes();
  }
  /// As TriangleMesh3::candidates, in the plane (z ignored: pass 0).
  void candidates(const Point2<double>& lo, const Point2<double>& hi, std::vector<std::uint32_t>& out) const {
    d_->candidates(detail::mesh::Box{{lo.x, lo.y, 0.0}, {hi.x, hi.y, 0.0}}, out);
  }
  /// The engine's view (detail/mesh_core.hpp), for the library's own use.
  const detail::mesh::Surface& surface() const { return *d_; }

 private:
  struct Data final : detail::mesh::Surface {
    std::vector<Point2<T>> p;
    bool loop;
    T r;
    mpq_class rq;
    std::vector<SurfaceFeature> cls;
    detail::mesh::Tree tree;

    Data(std::vector<Point2<T>> pp, bool lp, T rr) : p(std::move(pp)), loop(lp), r(std::move(rr)) {
      if (p.size() < 2) throw invalid_input("Chain2: fewer than two points");
      detail::require_valid_radius(r, "Chain2 radius");
      for (const Point2<T>& q : p) detail::require_valid_point(q, "Chain2 point");
      if (p.size() > 0xffffffffu) throw invalid_input("Chain2: more than 2^32 - 1 points");
      rq = exactgeom::to_mpq(r);
      const std::size_t n = p.size();
      cls.resize(n);
      for (std::size_t i = 0; i < n; ++i) {
        if (!loop && (i == 0 || i == n - 1)) {
          cls[i] = SurfaceFeature::end_vertex;
          continue;
        }
        const int s = static_cast<int>(orient2d(p[(i + n - 1) % n], p[i], p[(i + 1) % n]));
        cls[i] = s > 0 ? SurfaceFeature::convex_vertex : s < 0 ? SurfaceFeature::concave_vertex : SurfaceFeature::flat_vertex;
      }
      std::vector<detail::mesh::Box> boxes(pieces());
      const double rhi = detail::mesh::radius_hi(r);
      for (std::size_t k = 0; k < boxes.size(); ++k) {
        const Point2<T>* q[2] = {&p[k], &p[(k + 1) % n]};
        boxes[k] = detail::mesh::points_box(q, 2, rhi);
      }
      tree = detail::mesh::Tree(boxes);
    }
    int dim() const override { return 2; }
    std::size_t pieces() const override { return loop ? p.size() : p.size() - 1; }
    void candidates(const detail::mesh::Box& b, std::vector<std::uint32_t>& out) const override { tree.query(b, out); }
    std::uint32_t near(const detail::mesh::Box& b) const override { return tree.nearest(b); }
    detail::mesh::Piece piece(std::uint32_t k) const override {
      detail::mesh::Piece q;
      const std::uint32_t j = static_cast<std::uint32_t>((k + 1) % p.size());
      q.index = k;
      q.core.dim = 2;
      q.core.r = rq;
      q.core.c.reserve(4);
      detail::mesh::push_point(q.core, p[k]);
      detail::mesh::push_point(q.core, p[j]);
      q.v = {k, j, j};
      q.nv = 2;
      q.degenerate = detail::mesh::same_position(p[k], p[j]) ? 2 : 0;
      return q;
    }
    SurfaceFeature classify(const PieceFeature& x) const override {
      if (x.kind == PieceFeature::Kind::vertex) return cls.at(x.v[0]);
      return SurfaceFeature::face;
    }
  };
  std::shared_ptr<const Data> d_;
};

/// How a height field splits each grid cell into two triangles: along the
/// diagonal from (i, j) to (i+1, j+1), along the other one (from (i+1, j) to
/// (i, j+1)), or alternating between them (main where i + j is even: the
/// "diamond" pattern some engines use).
enum class HeightFieldDiagonal : std::uint8_t { main, anti, alternating };

/// A height field: an nx by ny grid of heights, vertex (i, j) at exactly
/// (origin.x + i dx, origin.y + j dy, origin.z + heights[j nx + i]) -- the
/// exact values, whatever an engine's float arithmetic rounds them to -- each
/// cell split into two triangles by `diagonal`, grown by a radius. The
/// pieces are implied by the grid (cell (i, j) holds pieces 2 (j (nx - 1) +
/// i) and that + 1; vertex (i, j) is index j nx + i); no triangle is stored,
/// and the grid itself finds the cells under a box.
template <class T>
class HeightField3 {
 public:
  using coord = T;  ///< the coordinate type

  /// Throws invalid_input for nx or ny below 2, heights.size() != nx ny, a
  /// spacing that is not positive, a NaN or infinite value, a negative radius.
  HeightField3(std::size_t nx, std::size_t ny, std::vector<T> heights, Point3<T> origin, T dx, T dy,
               HeightFieldDiagonal diagonal = HeightFieldDiagonal::main, T radius = T(0))
      : d_(std::make_shared<Data>(nx, ny, std::move(heights), std::move(origin), std::move(dx), std::move(dy), diagonal,
                                  std::move(radius))) {}

  /// The number of vertices along x (i = 0 .. nx - 1), >= 2.
  std::size_t nx() const { return d_->nx; }
  /// The number of vertices along y (j = 0 .. ny - 1), >= 2.
  std::size_t ny() const { return d_->ny; }
  /// The heights, nx ny of them, vertex (i, j)'s at j nx + i.
  const std::vector<T>& heights() const { return d_->h; }
  /// The radius every triangle is grown by, >= 0.
  const T& radius() const { return d_->r; }
  /// How each cell is split into its two triangles.
  HeightFieldDiagonal diagonal() const { return d_->diag; }
  /// The number of triangles: 2 (nx - 1) (ny - 1).
  std::size_t size() const { return d_->pieces(); }
  /// Piece k's vertex indices (counterclockwise seen from above when dx, dy > 0).
  std::array<std::uint32_t, 3> face(std::size_t k) const { return d_->face(k); }
  /// Vertex v's exact position.
  Point3<mpq_class> vertex(std::uint32_t v) const { return d_->pos(v); }
  /// The class of edge (u, w) (either order) in the whole field:
  /// boundary_edge on the rim, convex_edge, flat_edge or concave_edge
  /// inside; degenerate_edge for a vertex pair that is no edge of the grid.
  SurfaceFeature edge_class(std::uint32_t u, std::uint32_t w) const { return d_->edge(u, w); }
  /// flat_vertex for an inner vertex whose edges are all flat, else vertex
  /// (every vertex of the rim).
  SurfaceFeature vertex_class(std::uint32_t v) const { return d_->vertex(v); }
  /// What a feature of a piece is in the whole field.
  SurfaceFeature classify(const PieceFeature& f) const { return d_->classify(f); }
  /// Memory held (heights, per-cell z bounds), in bytes.
  std::size_t bytes() const { return d_->h.capacity() * sizeof(T) + d_->zbox.capacity() * sizeof(double); }
  /// Appends the pieces whose boxes (rounded outward, radius included) meet
  /// the closed box [lo, hi]: every piece that meets anything inside it is
  /// among them (the tree's query, for float code that wants the same
  /// candidates).
  void candidates(const Point3<double>& lo, const Point3<double>& hi, std::vector<std::uint32_t>& out) const {
    d_->candidates(detail::mesh::Box{{lo.x, lo.y, lo.z}, {hi.x, hi.y, hi.z}}, out);
  }
  /// The engine's view (detail/mesh_core.hpp), for the library's own use.
  const detail::mesh::Surface& surface() const { return *d_; }

 private:
  struct Data final : detail::mesh::Surface {
    std::size_t nx, ny;
    std::vector<T> h;
    Point3<T> o;
    T dx, dy;
    HeightFieldDiagonal diag;
    T r;
    mpq_class rq, oxq, oyq, ozq, dxq, dyq;
    double ox_d, oy_d, dx_d, dy_d;
    std::vector<double> zbox;  // per cell: lowest and highest z of its corners, radius included, rounded outward

    Data(std::size_t nx_, std::size_t ny_, std::vector<T> h_, Point3<T> o_, T dx_, T dy_, HeightFieldDiagonal d_,
         T r_)
        : nx(nx_), ny(ny_), h(std::move(h_)), o(std::move(o_)), dx(std::move(dx_)), dy(std::move(dy_)), diag(d_),
          r(std::move(r_)) {
      if (nx < 2 || ny < 2) throw invalid_input("HeightField3: fewer than 2 by 2 heights");
      if (nx > 0xffffu * 0x10000u / ny) throw invalid_input("HeightField3: more than 2^32 - 1 vertices");
      if (h.size() != nx * ny) throw invalid_input("HeightField3: heights.size() is not nx * ny");
      detail::require_valid_radius(r, "HeightField3 radius");
      detail::require_valid_point(o, "HeightField3 origin");
      detail::require_valid_value(dx, "HeightField3 dx");
      detail::require_valid_value(dy, "HeightField3 dy");
      for (const T& z : h) detail::require_valid_value(z, "HeightField3 height");
      if (!(T(0) < dx) || !(T(0) < dy)) throw invalid_input("HeightField3: the spacing must be positive");
      rq = exactgeom::to_mpq(r), oxq = exactgeom::to_mpq(o.x), oyq = exactgeom::to_mpq(o.y), ozq = exactgeom::to_mpq(o.z);
      dxq = exactgeom::to_mpq(dx), dyq = exactgeom::to_mpq(dy);
      ox_d = oxq.get_d(), oy_d = oyq.get_d(), dx_d = dxq.get_d(), dy_d = dyq.get_d();
      const double rhi = detail::mesh::radius_hi(r);
      double zlo, zhi;
      detail::mesh::bounds(o.z, zlo, zhi);
      zbox.resize(2 * (nx - 1) * (ny - 1));
      for (std::size_t j = 0; j + 1 < ny; ++j)
        for (std::size_t i = 0; i + 1 < nx; ++i) {
          double lo = HUGE_VAL, hi = -HUGE_VAL;
          for (std::size_t c = 0; c < 4; ++c) {
            double a, b;
            detail::mesh::bounds(h[(j + c / 2) * nx + i + c % 2], a, b);
            lo = std::min(lo, a), hi = std::max(hi, b);
          }
          // z = origin.z + height -/+ r in double: two roundings, each off by
          // at most 2^-53 (|lo| + |zlo| + rhi); the margin is four times that
          // (and a subnormal step), so the box holds the exact range however
          // the sums round or are reassociated.
          const double m = (std::fabs(lo) + std::fabs(zlo) + std::fabs(hi) + std::fabs(zhi) + rhi) * 0x1p-50 + 0x1p-1000;
          zbox[2 * (j * (nx - 1) + i)] = (lo + zlo - rhi) - m;
          zbox[2 * (j * (nx - 1) + i) + 1] = (hi + zhi + rhi) + m;
        }
    }
    bool main_diagonal(std::size_t i, std::size_t j) const {
      return diag == HeightFieldDiagonal::main || (diag == HeightFieldDiagonal::alternating && (i + j) % 2 == 0);
    }
    std::array<std::uint32_t, 3> face(std::size_t k) const {
      const std::size_t cell = k / 2, i = cell % (nx - 1), j = cell / (nx - 1);
      const auto v = [&](std::size_t a, std::size_t b) { return static_cast<std::uint32_t>(b * nx + a); };
      if (main_diagonal(i, j))
        return k % 2 == 0 ? std::array{v(i, j), v(i + 1, j), v(i + 1, j + 1)} : std::array{v(i, j), v(i + 1, j + 1), v(i, j + 1)};
      return k % 2 == 0 ? std::array{v(i, j), v(i + 1, j), v(i, j + 1)} : std::array{v(i + 1, j), v(i + 1, j + 1), v(i, j + 1)};
    }
    Point3<mpq_class> pos(std::uint32_t v) const {
      const std::size_t i = v % nx, j = v / nx;
      return Point3<mpq_class>{oxq + dxq * static_cast<unsigned long>(i), oyq + dyq * static_cast<unsigned long>(j),
                               ozq + exactgeom::to_mpq(h[v])};
    }
    int dim() const override { return 3; }
    std::size_t pieces() const override { return 2 * (nx - 1) * (ny - 1); }
    /// The cells whose x, y range may meet [lo, hi] (one cell of margin
    /// beyond the rounded division, which errs by far less than a cell).
    void cell_range(double lo, double hi, double o0, double d, std::size_t n, std::size_t& a, std::size_t& b) const {
      const double fa = std::floor((lo - o0) / d) - 1, fb = std::floor((hi - o0) / d) + 1;
      const double last = static_cast<double>(n - 2);
      a = fa <= 0 ? 0 : fa >= last ? n - 2 : static_cast<std::size_t>(fa);
      b = fb <= 0 ? 0 : fb >= last ? n - 2 : static_cast<std::size_t>(fb);
      if (!(fb >= 0) || !(fa <= last)) a = 1, b = 0;  // misses the grid (or NaN: nothing)
      if (std::isnan(fa) || std::isnan(fb)) a = 0, b = n - 2;
    }
    void candidates(const detail::mesh::Box& q, std::vector<std::uint32_t>& out) const override {
      std::size_t i0, i1, j0, j1;
      const double rhi = detail::mesh::radius_hi(r);
      cell_range(q.lo[0] - rhi, q.hi[0] + rhi, ox_d, dx_d, nx, i0, i1);
      cell_range(q.lo[1] - rhi, q.hi[1] + rhi, oy_d, dy_d, ny, j0, j1);
      for (std::size_t j = j0; j <= j1 && i0 <= i1; ++j)
        for (std::size_t i = i0; i <= i1; ++i) {
          const std::size_t c = j * (nx - 1) + i;
          if (zbox[2 * c] > q.hi[2] || zbox[2 * c + 1] < q.lo[2]) continue;
          out.push_back(static_cast<std::uint32_t>(2 * c));
          out.push_back(static_cast<std::uint32_t>(2 * c + 1));
        }
    }
    std::uint32_t near(const detail::mesh::Box& q) const override {
      std::size_t i0, i1, j0, j1;
      const double mx = q.lo[0] / 2 + q.hi[0] / 2, my = q.lo[1] / 2 + q.hi[1] / 2;
      cell_range(mx, mx, ox_d, dx_d, nx, i0, i1);
      cell_range(my, my, oy_d, dy_d, ny, j0, j1);
      const std::size_t i = std::min(i0 + 1, nx - 2), j = std::min(j0 + 1, ny - 2);
      return static_cast<std::uint32_t>(2 * (j * (nx - 1) + (i0 > i1 ? 0 : i)));
    }
    detail::mesh::Piece piece(std::uint32_t k) const override {
      detail::mesh::Piece p;
      p.index = k;
      p.core.dim = 3;
      p.core.r = rq;
      p.v = face(k);
      p.core.c.reserve(9);
      for (std::uint32_t v : p.v) {
        const Point3<mpq_class> x = pos(v);
        p.core.c.push_back(x.x), p.core.c.push_back(x.y), p.core.c.push_back(x.z);
      }
      p.nv = 3;
      p.degenerate = 0;  // the xy projection of every triangle has positive area
      return p;
    }
    /// The triangles (1 or 2) that have edge (u, w).
    std::vector<std::array<std::uint32_t, 3>> triangles_of(std::uint32_t u, std::uint32_t w) const {
      std::vector<std::array<std::uint32_t, 3>> t;
      const std::size_t iu = u % nx, ju = u / nx, iw = w % nx, jw = w / nx;
      const std::size_t ilo = std::min(iu, iw), jlo = std::min(ju, jw);
      for (std::size_t j = jlo == 0 ? 0 : jlo - 1; j <= std::min(jlo, ny - 2); ++j)
        for (std::size_t i = ilo == 0 ? 0 : ilo - 1; i <= std::min(ilo, nx - 2); ++i)
          for (std::size_t k = 0; k < 2; ++k) {
            const auto f = face(2 * (j * (nx - 1) + i) + k);
            int hit = 0;
            for (std::uint32_t x : f) hit += x == u || x == w;
            if (hit == 2) t.push_back(f);
          }
      return t;
    }
    SurfaceFeature edge(std::uint32_t u, std::uint32_t w) const {
      const auto t = triangles_of(u, w);
      if (t.size() == 1) return SurfaceFeature::boundary_edge;
      if (t.size() != 2) return SurfaceFeature::degenerate_edge;  // not an edge of the grid
      // Orient by the first triangle's direction through the edge.
      auto corner = [&](const std::array<std::uint32_t, 3>& f, std::uint32_t a) {
        for (std::size_t c = 0; c < 3; ++c)
          if (f[c] == a) return c;
        return std::size_t(3);
      };
      std::size_t cu = corner(t[0], u);
      if (t[0][(cu + 1) % 3] != w) std::swap(u, w), cu = corner(t[0], u);
      const std::uint32_t a = t[0][(cu + 2) % 3];
      std::uint32_t b = 0;
      for (std::uint32_t x : t[1])
        if (x != u && x != w) b = x;
      const int s = static_cast<int>(orient3d(pos(u), pos(w), pos(a), pos(b)));
      return s > 0 ? SurfaceFeature::concave_edge : s < 0 ? SurfaceFeature::convex_edge : SurfaceFeature::flat_edge;
    }
    SurfaceFeature vertex(std::uint32_t v) const {
      const std::size_t i = v % nx, j = v / nx;
      if (i == 0 || j == 0 || i + 1 == nx || j + 1 == ny) return SurfaceFeature::vertex;  // on the rim
      // An inner vertex: its triangles always form one cycle; flat when every edge at it is.
      for (std::size_t cj = j - 1; cj <= j; ++cj)
        for (std::size_t ci = i - 1; ci <= i; ++ci)
          for (std::size_t k = 0; k < 2; ++k) {
            const auto f = face(2 * (cj * (nx - 1) + ci) + k);
            for (std::uint32_t x : f)
              if (x != v && (f[0] == v || f[1] == v || f[2] == v) && edge(v, x) != SurfaceFeature::flat_edge)
                return SurfaceFeature::vertex;
          }
      return SurfaceFeature::flat_vertex;
    }
    SurfaceFeature classify(const PieceFeature& x) const override {
      switch (x.kind) {
        case PieceFeature::Kind::face: return SurfaceFeature::face;
        case PieceFeature::Kind::edge: return edge(x.v[0], x.v[1]);
        case PieceFeature::Kind::vertex: return vertex(x.v[0]);
      }
      return SurfaceFeature::vertex;
    }
  };
  std::shared_ptr<const Data> d_;
};

/// One meeting piece's part of a contact against a mesh or chain (P is
/// Point2<double> or Point3<double>): its contact as if it were alone, and
/// the feature holding its closest points.
template <class P>
struct PieceContact {
  std::size_t piece = 0;                       ///< face or segment index
  Fraction<mpz_class> squared_distance;        ///< between the cores, exact
  double gap = 0;                              ///< dist - r_x - r_y, rounded
  std::optional<P> normal;                     ///< as Contact::normal, for this piece
  double depth = 0;                            ///< as Contact::depth, for this piece
  std::optional<P> depth_normal;               ///< as Contact::depth_normal, for this piece
  bool open = false;                           ///< depth > 0 exactly
  std::optional<PieceFeature> feature;         ///< none when the cores meet (or a degenerate piece has none)
  std::optional<SurfaceFeature> surface_feature;  ///< the feature in the whole surface; none when feature is
};

/// contact() against a mesh or chain: the union's contact (Contact's
/// members: normal none where closest pairs disagree; the deepest piece's
/// depth, depth_normal none where the deepest pieces disagree), its exact
/// squared distance, and the meeting pieces in increasing index.
template <class P>
struct MeshContact : Contact<P> {
  Fraction<mpz_class> squared_distance;  ///< the least over the pieces (between the cores), exact
  std::vector<PieceContact<P>> pieces;   ///< the meeting pieces, in increasing index
};

namespace detail::mesh {

template <class M>
struct surface_traits;
template <class T>
struct surface_traits<TriangleMesh3<T>> {
  using coord = T;
  static constexpr int dim = 3;
  using piece_shape = Triangle3<T>;
};
template <class T>
struct surface_traits<Chain2<T>> {
  using coord = T;
  static constexpr int dim = 2;
  using piece_shape = Segment2<T>;
};
template <class T>
struct surface_traits<HeightField3<T>> {  // its vertices are exact rationals: no plain triangle of T to hand over
  using coord = T;
  static constexpr int dim = 3;
};

/// A convex shape and a surface of one dimension; their coordinate types
/// may differ (both reach the engine as exact rationals).
template <class S, class M>
concept ShapeSurfacePair = ConvexShape<S> && requires { surface_traits<M>::dim; } &&
                           shape_dimension_v<S> == surface_traits<M>::dim;

template <class M>
auto piece_shape(const M& m, std::size_t k) {
  if constexpr (surface_traits<M>::dim == 3) return m.triangle(k);
  else return m.segment(k);
}

/// A conservative box of a shape (its core grown by its radius): from the
/// double filter's view of the core when the coordinates are doubles
/// exactly (rho bounds a box's rounded corners), else from the exact core.
template <class S>
Box shape_box(const S& x) {
  using T = typename cvx::shape_traits<S>::coord;
  constexpr int D = cvx::shape_traits<S>::dim;
  if constexpr (cvx::double_exact_v<T>) {
    const cvx::DoubleCore d = cvx::double_core(x);
    if (d.ok && d.n > 0) {
      Box b;
      for (std::size_t k = 0; k < static_cast<std::size_t>(D); ++k) {
        double lo = d.v[k], hi = d.v[k];
        for (std::size_t i = 1; i < d.n; ++i) {
          lo = std::min(lo, d.v[i * D + k]);
          hi = std::max(hi, d.v[i * D + k]);
        }
        const double g = std::nextafter(d.rho + d.r, HUGE_VAL);
        b.lo[k] = std::nextafter(lo - g, -HUGE_VAL);
        b.hi[k] = std::nextafter(hi + g, HUGE_VAL);
      }
      return b;
    }
  }
  const Core c = cvx::shape_traits<S>::to_core(x);
  return core_box(c, c.r);
}

template <class S, class M>
bool meets(const S& x, const M& m, bool strict) {
  if constexpr (requires { typename surface_traits<M>::piece_shape; } &&
                std::is_same_v<typename cvx::shape_traits<S>::coord, typename surface_traits<M>::coord>) {
    if (m.radius() == typename surface_traits<M>::coord(0)) {
      // Radius 0: each candidate piece is a plain triangle or segment, and the
      // filtered pair functions of convex.hpp and capsules.hpp answer.
      std::vector<std::uint32_t> cand;
      m.surface().candidates(shape_box(x), cand);
      for (std::uint32_t k : cand) {
        const auto piece = piece_shape(m, k);
        if (strict ? interiors_overlap(x, piece) : intersects(x, piece)) return true;
      }
      return false;
    }
  }
  return union_meets(cvx::shape_traits<S>::to_core(x), m.surface(), strict);
}

/// The pieces that may meet x, pruned by the double filter of convex.hpp
/// (a piece it certifies apart cannot be in a contact); false when the pair
/// has no such filter (the engine then queries the tree itself).
template <class S, class M>
bool prefiltered(const S& x, const M& m, std::vector<std::uint32_t>& out) {
  if constexpr (requires { typename surface_traits<M>::piece_shape; } &&
                std::is_same_v<typename cvx::shape_traits<S>::coord, typename surface_traits<M>::coord> &&
                cvx::double_exact_v<typename cvx::shape_traits<S>::coord>) {
    if (m.radius() != typename surface_traits<M>::coord(0)) return false;
    std::vector<std::uint32_t> cand;
    m.surface().candidates(shape_box(x), cand);
    for (std::uint32_t k : cand)
      if (cvx::overlap_filter(x, piece_shape(m, k), false) >= 0) out.push_back(k);
    return true;
  } else {
    (void)x, (void)m, (void)out;
    return false;
  }
}

template <class S, class M>
UnionFacts contact_facts(const S& x, const M& m, bool surface_is_x) {
  std::vector<std::uint32_t> cand;
  const bool pruned = prefiltered(x, m, cand);
  return union_contact(cvx::shape_traits<S>::to_core(x), m.surface(), surface_is_x, true, pruned ? &cand : nullptr);
}

template <class S>
std::vector<mpq_class> motion(const S& v) {
  std::vector<mpq_class> m{exactgeom::to_mpq(v.x), exactgeom::to_mpq(v.y)};
  if constexpr (requires { v.z; }) m.push_back(exactgeom::to_mpq(v.z));
  return m;
}

template <int D>
using exact_point = std::conditional_t<D == 2, Point2<Fraction<mpz_class>>, Point3<Fraction<mpz_class>>>;
template <int D>
using double_point = std::conditional_t<D == 2, Point2<double>, Point3<double>>;

template <class P>
P exact_of(const std::vector<mpq_class>& v) {
  P p{};
  p.x = cvx::fraction(v[0]);
  p.y = cvx::fraction(v[1]);
  if constexpr (requires { p.z; }) p.z = cvx::fraction(v[2]);
  return p;
}

template <class P>
MeshContact<P> to_contact(const UnionFacts& u) {
  MeshContact<P> c;
  c.depth = u.depth;
  c.normal = detail::point_of<P>(u.normal);
  c.depth_normal = detail::point_of<P>(u.depth_normal);
  c.gap = u.gap;
  c.squared_distance = cvx::fraction(u.dist2);
  for (const PieceFacts& p : u.pieces) {
    PieceContact<P> q;
    q.piece = p.piece;
    q.squared_distance = cvx::fraction(p.f.sep.dist2);
    q.gap = p.f.gap;
    q.normal = detail::point_of<P>(p.f.normal);
    q.depth = p.f.depth;
    q.depth_normal = detail::point_of<P>(p.f.depth_normal);
    q.open = p.f.open;
    q.feature = p.feature;
    q.surface_feature = p.mesh_feature;
    c.pieces.push_back(std::move(q));
  }
  return c;
}

/// closest_points and contact for either order (surface_is_x: the surface
/// is the question's first shape; pairs and directions follow).
template <class S, class M>
ClosestPoints<exact_point<shape_dimension_v<S>>> closest_of(const S& x, const M& m, bool surface_is_x) {
  using P = exact_point<shape_dimension_v<S>>;
  const auto u = union_distance(cvx::shape_traits<S>::to_core(x), m.surface(), surface_is_x);
  ClosestPoints<P> out;
  out.on_first = exact_of<P>(u.sep.p);
  out.on_second = exact_of<P>(u.sep.q);
  out.squared_distance = cvx::fraction(u.sep.dist2);
  out.piece = u.piece;
  return out;
}
template <class S, class M>
std::optional<MeshContact<double_point<shape_dimension_v<S>>>> contact_of(const S& x, const M& m, bool surface_is_x) {
  const UnionFacts u = contact_facts(x, m, surface_is_x);
  if (!u.closed) return std::nullopt;
  return to_contact<double_point<shape_dimension_v<S>>>(u);
}


}  // namespace detail::mesh

/// The dimension of a surface type: 3 for TriangleMesh3 and HeightField3,
/// 2 for Chain2.
template <class M>
  requires requires { detail::mesh::surface_traits<M>::dim; }
inline constexpr int surface_dimension_v = detail::mesh::surface_traits<M>::dim;

// ---- The questions, convex shape first ------------------------------------

template <class S, class M>
  requires detail::mesh::ShapeSurfacePair<S, M>
bool intersects(const S& x, const M& m) {
  return detail::mesh::meets(x, m, false);
}

template <class S, class M>
  requires detail::mesh::ShapeSurfacePair<S, M>
bool interiors_overlap(const S& x, const M& m) {
  return detail::mesh::meets(x, m, true);
}

template <class S, class M>
  requires detail::mesh::ShapeSurfacePair<S, M>
Fraction<mpz_class> squared_distance(const S& x, const M& m) {
  const auto u = detail::mesh::union_distance(detail::cvx::shape_traits<S>::to_core(x), m.surface(), false);
  return detail::cvx::fraction(u.sep.dist2);
}

template <class S, class M>
  requires detail::mesh::ShapeSurfacePair<S, M>
ClosestPoints<detail::mesh::exact_point<shape_dimension_v<S>>> closest_points(const S& x, const M& m) {
  return detail::mesh::closest_of(x, m, false);
}

/// Nothing when x meets no piece; else the union's contact and its pieces.
template <class S, class M>
  requires detail::mesh::ShapeSurfacePair<S, M>
std::optional<MeshContact<detail::mesh::double_point<shape_dimension_v<S>>>> contact(const S& x, const M& m) {
  return detail::mesh::contact_of(x, m, false);
}

/// The least t in [0, 1] at which x moved by t v meets some piece of m.
template <class S, class M>
  requires detail::mesh::ShapeSurfacePair<S, M>
std::optional<double> time_of_impact(
    const S& x,
    const std::conditional_t<shape_dimension_v<S> == 2, Point2<typename detail::cvx::shape_traits<S>::coord>,
                             Point3<typename detail::cvx::shape_traits<S>::coord>>& v,
    const M& m) {
  return detail::mesh::union_time_of_impact(detail::cvx::shape_traits<S>::to_core(x), m.surface(), false,
                                            detail::mesh::motion(v));
}

// ---- The same with the surface first (directions and pairs swap) ----------

template <class M, class S>
  requires detail::mesh::ShapeSurfacePair<S, M>
bool intersects(const M& m, const S& x) {
  return detail::mesh::meets(x, m, false);
}

template <class M, class S>
  requires detail::mesh::ShapeSurfacePair<S, M>
bool interiors_overlap(const M& m, const S& x) {
  return detail::mesh::meets(x, m, true);
}

template <class M, class S>
  requires detail::mesh::ShapeSurfacePair<S, M>
Fraction<mpz_class> squared_distance(const M& m, const S& x) {
  return squared_distance(x, m);
}

template <class M, class S>
  requires detail::mesh::ShapeSurfacePair<S, M>
ClosestPoints<detail::mesh::exact_point<shape_dimension_v<S>>> closest_points(const M& m, const S& x) {
  return detail::mesh::closest_of(x, m, true);
}

template <class M, class S>
  requires detail::mesh::ShapeSurfacePair<S, M>
std::optional<MeshContact<detail::mesh::double_point<shape_dimension_v<S>>>> contact(const M& m, const S& x) {
  return detail::mesh::contact_of(x, m, true);
}

/// The least t in [0, 1] at which m moved by t v meets x.
template <class M, class S>
  requires detail::mesh::ShapeSurfacePair<S, M>
std::optional<double> time_of_impact(
    const M& m,
    const std::conditional_t<shape_dimension_v<S> == 2, Point2<typename M::coord>, Point3<typename M::coord>>& v,
    const S& x) {
  return detail::mesh::union_time_of_impact(detail::cvx::shape_traits<S>::to_core(x), m.surface(), true,
                                            detail::mesh::motion(v));
}

}  // namespace exactgeom
