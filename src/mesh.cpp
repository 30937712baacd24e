// src/mesh.cpp: the union engine of mesh.hpp (detail/mesh_core.hpp): the
// bounding-volume tree, the classes of edges and vertices, and every
// question of a convex shape against a mesh, height field or chain, answered
// piece by piece by the convex engine (src/convex_*.cpp) and combined with
// the union semantics of docs/queries.md ("Meshes and chains").
//
// Why the answers are exact although a tree prunes pieces: every piece box
// holds the whole piece grown by its radius, rounded outward to doubles
// (mesh.hpp builds them; outward() here), and every query box holds
// everything a meeting piece could reach, rounded outward too; the tree's
// box test is closed. So a pruned piece is one whose box misses the query
// box, which no piece that meets the shape can do. The distance query first
// takes any piece's exact distance d, then asks for every box within d
// (rounded up) of the shape's core: the nearest piece is among them.
#include "exactgeom/detail/mesh_core.hpp"

#include <algorithm>
#include <boost/geometry.hpp>
#include <boost/geometry/index/rtree.hpp>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <utility>

#include "exactgeom/contact.hpp"
#include "exactgeom/detail/convex_filter.hpp"

namespace exactgeom {

const char* to_string(SurfaceFeature f) {
  switch (f) {
    case SurfaceFeature::face: return "face";
    case SurfaceFeature::boundary_edge: return "boundary_edge";
    case SurfaceFeature::degenerate_edge: return "degenerate_edge";
    case SurfaceFeature::convex_edge: return "convex_edge";
    case SurfaceFeature::flat_edge: return "flat_edge";
    case SurfaceFeature::concave_edge: return "concave_edge";
    case SurfaceFeature::unoriented_edge: return "unoriented_edge";
    case SurfaceFeature::nonmanifold_edge: return "nonmanifold_edge";
    case SurfaceFeature::vertex: return "vertex";
    case SurfaceFeature::flat_vertex: return "flat_vertex";
    case SurfaceFeature::convex_vertex: return "convex_vertex";
    case SurfaceFeature::concave_vertex: return "concave_vertex";
    case SurfaceFeature::end_vertex: return "end_vertex";
  }
  return "?";
}

namespace detail::mesh {

namespace bg = boost::geometry;
namespace bgi = boost::geometry::index;

namespace {
using BPoint = bg::model::point<double, 3, bg::cs::cartesian>;
using BBox = bg::model::box<BPoint>;
using Value = std::pair<BBox, std::uint32_t>;
// Linear split with 16 entries per node; the range constructor packs (STR
// bulk loading), which is what a mesh built once wants.
using RTree = bgi::rtree<Value, bgi::linear<16>>;

BBox to_bbox(const Box& b) {
  return BBox(BPoint(b.lo[0], b.lo[1], b.lo[2]), BPoint(b.hi[0], b.hi[1], b.hi[2]));
}
}  // namespace

struct Tree::Impl {
  RTree tree;
};

Tree::Tree() : impl_(std::make_unique<Impl>()) {}
Tree::Tree(const std::vector<Box>& boxes) : impl_(std::make_unique<Impl>()) {
  std::vector<Value> v;
  v.reserve(boxes.size());
  for (std::size_t i = 0; i < boxes.size(); ++i) v.emplace_back(to_bbox(boxes[i]), static_cast<std::uint32_t>(i));
  impl_->tree = RTree(v.begin(), v.end());
}
Tree::~Tree() = default;
Tree::Tree(Tree&&) noexcept = default;
Tree& Tree::operator=(Tree&&) noexcept = default;

void Tree::query(const Box& b, std::vector<std::uint32_t>& out) const {
  const BBox q = to_bbox(b);
  for (auto it = impl_->tree.qbegin(bgi::intersects(q)); it != impl_->tree.qend(); ++it) out.push_back(it->second);
}

std::uint32_t Tree::nearest(const Box& b) const {
  auto mid = [](double lo, double hi) {
    const double m = lo / 2 + hi / 2;
    return std::isfinite(m) ? m : (std::isfinite(lo) ? lo : (std::isfinite(hi) ? hi : 0.0));
  };
  const BPoint c(mid(b.lo[0], b.hi[0]), mid(b.lo[1], b.hi[1]), mid(b.lo[2], b.hi[2]));
  for (auto it = impl_->tree.qbegin(bgi::nearest(c, 1)); it != impl_->tree.qend(); ++it) return it->second;
  return 0;
}

std::size_t Tree::size() const { return impl_->tree.size(); }
std::size_t Tree::bytes() const {
  // Leaves hold the values; with 16 per node and packing, the inner levels
  // add about a fifteenth (an estimate, stated as such by mesh.hpp).
  return impl_->tree.size() * sizeof(Value) * 16 / 15 + sizeof(Impl);
}

void outward(const mpq_class& q, double& lo, double& hi) {
  const double d = q.get_d();  // truncates toward zero
  if (!std::isfinite(d) || std::fabs(d) == std::numeric_limits<double>::max()) {
    const double big = std::numeric_limits<double>::max(), inf = std::numeric_limits<double>::infinity();
    if (sgn(q) > 0) lo = mpq_class(big) <= q ? big : std::nextafter(big, 0.0), hi = inf;
    else lo = -inf, hi = mpq_class(-big) >= q ? -big : std::nextafter(-big, 0.0);
    return;
  }
  const int c = cmp(mpq_class(d), q);
  if (c == 0) lo = hi = d;
  else if (c < 0) lo = d, hi = std::nextafter(d, std::numeric_limits<double>::infinity());
  else lo = std::nextafter(d, -std::numeric_limits<double>::infinity()), hi = d;
}

namespace {

Box exact_box(const std::vector<mpq_class>& lo, const std::vector<mpq_class>& hi, const mpq_class& grow) {
  Box b;
  for (std::size_t k = 0; k < 3; ++k) {
    if (k >= lo.size()) {
      b.lo[k] = b.hi[k] = 0;
      continue;
    }
    double l, h, dummy;
    outward(lo[k] - grow, l, dummy);
    outward(hi[k] + grow, dummy, h);
    b.lo[k] = l, b.hi[k] = h;
  }
  return b;
}

}  // namespace

Box core_box(const Core& c, const mpq_class& grow) {
  const std::size_t d = static_cast<std::size_t>(c.dim), n = c.size();
  std::vector<mpq_class> lo(c.c.begin(), c.c.begin() + static_cast<std::ptrdiff_t>(d)), hi = lo;
  for (std::size_t i = 1; i < n; ++i)
    for (std::size_t k = 0; k < d; ++k) {
      const mpq_class& v = c.c[i * d + k];
      if (v < lo[k]) lo[k] = v;
      if (v > hi[k]) hi[k] = v;
    }
  return exact_box(lo, hi, grow);
}

Box swept_box(const Core& c, const std::vector<mpq_class>& v, const mpq_class& grow) {
  const std::size_t d = static_cast<std::size_t>(c.dim), n = c.size();
  std::vector<mpq_class> lo(c.c.begin(), c.c.begin() + static_cast<std::ptrdiff_t>(d)), hi = lo;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t k = 0; k < d; ++k) {
      const mpq_class a = c.c[i * d + k], b = a + v[k];
      lo[k] = std::min({lo[k], a, b}), hi[k] = std::max({hi[k], a, b});
    }
  return exact_box(lo, hi, grow);
}

// ---------------------------------------------------------------------------
// Features: which feature of a piece holds every closest point.
//
// With the cores apart, q - p = n is the same for every closest pair (p on
// the piece, q on the shape), so the closest points of the piece are S =
// piece ∩ (shape's core - n). Both lie in the plane (line, in 2-D) H through
// p orthogonal to n: S = F_piece ∩ (F_shape - n), where F_piece is the
// piece's face farthest along n (a vertex, an edge, or the whole triangle)
// and F_shape the core's face nearest along n (the hull of the core points
// with least n·x). A vertex face answers at once; an edge face needs the
// interval that conv(F_shape - n) cuts from the edge's line; the whole
// triangle needs conv(F_shape - n) clipped to the triangle (in the plane,
// projected along n's largest coordinate, which keeps orientations up to
// one sign). S is convex, so it lies in one edge exactly when every vertex
// of it does, and otherwise meets the triangle's interior.
namespace {

using Q = mpq_class;
using V3 = std::array<Q, 3>;

V3 point_at(const std::vector<Q>& c, int dim, std::size_t i) {
  V3 r{Q(0), Q(0), Q(0)};
  for (int k = 0; k < dim; ++k) r[static_cast<std::size_t>(k)] = c[i * static_cast<std::size_t>(dim) + static_cast<std::size_t>(k)];
  return r;
}
V3 sub(const V3& a, const V3& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
Q dot(const V3& a, const V3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
V3 cross(const V3& a, const V3& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

/// The interval of t with A + t D in conv(F), for F in a plane (normal n)
/// that holds the line (in 2-D every point of F lies on the line). False
/// when the hull misses the line.
bool line_interval(const V3& A, const V3& D, const std::vector<V3>& F, const V3& n, Q& lo, Q& hi) {
  const Q dd = dot(D, D);
  std::vector<Q> side, t;
  for (const V3& x : F) {
    const V3 w = sub(x, A);
    side.push_back(dot(cross(D, w), n));
    t.push_back(dot(w, D) / dd);
  }
  bool any = false;
  auto take = [&](const Q& v) {
    if (!any || v < lo) lo = v;
    if (!any || v > hi) hi = v;
    any = true;
  };
  for (std::size_t i = 0; i < F.size(); ++i) {
    if (sgn(side[i]) == 0) take(t[i]);
    if (sgn(side[i]) <= 0) continue;
    for (std::size_t j = 0; j < F.size(); ++j)
      if (sgn(side[j]) < 0) take(t[i] + (t[j] - t[i]) * (side[i] / (side[i] - side[j])));
  }
  return any;
}

using P2 = std::array<Q, 2>;
Q orient2(const P2& a, const P2& b, const P2& c) {
  return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

/// The convex hull of points, counterclockwise (Andrew's monotone chain,
/// exactly); collinear points give the two ends, one point itself.
std::vector<P2> hull2(std::vector<P2> p) {
  std::sort(p.begin(), p.end());
  p.erase(std::unique(p.begin(), p.end()), p.end());
  if (p.size() < 3) return p;
  std::vector<P2> h(2 * p.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    while (k >= 2 && sgn(orient2(h[k - 2], h[k - 1], p[i])) <= 0) --k;
    h[k++] = p[i];
  }
  for (std::size_t i = p.size() - 1, t = k + 1; i > 0; --i) {
    while (k >= t && sgn(orient2(h[k - 2], h[k - 1], p[i - 1])) <= 0) --k;
    h[k++] = p[i - 1];
  }
  h.resize(k - 1);
  return h;
}

}  // namespace

std::optional<PieceFeature> closest_feature(const Piece& p, const Core& shape, const std::vector<Q>& on_piece,
                                            const std::vector<Q>& on_shape) {
  // Two positions of the piece are equal. A face with a repeated index,
  // (i, i, j) in any order, is the segment v[i] v[j] (the point v[i] when
  // every index is i) and its features are named by those indices
  // (docs/queries.md "pieces"); where two different indices share a
  // position there is no feature.
  std::size_t seg_a = 0, seg_b = 0;  // the segment's two corners, when seg
  bool seg = false;
  if (p.degenerate == 2) {
    if (p.nv != 3) return std::nullopt;  // a chain segment of two indices at one position
    const bool e01 = p.v[0] == p.v[1], e12 = p.v[1] == p.v[2], e02 = p.v[0] == p.v[2];
    if (!e01 && !e12 && !e02) return std::nullopt;
    if (e01 && e12) return PieceFeature{PieceFeature::Kind::vertex, {p.v[0], p.v[0]}};
    seg_a = e12 ? 0 : 1;  // the lone corner and one of the repeated pair
    seg_b = e12 ? 1 : (e01 ? 2 : 0);
    if (p.core.dim == 3) {
      for (int k = 0; k < 3; ++k)  // different positions, or the two indices share one
        if (p.core.c[seg_a * 3 + static_cast<std::size_t>(k)] != p.core.c[seg_b * 3 + static_cast<std::size_t>(k)]) seg = true;
    }
    if (!seg) return std::nullopt;
  }
  const int dim = p.core.dim;
  V3 n{Q(0), Q(0), Q(0)};
  for (int k = 0; k < dim; ++k) n[static_cast<std::size_t>(k)] = on_shape[static_cast<std::size_t>(k)] - on_piece[static_cast<std::size_t>(k)];
  const std::size_t m = p.nv;
  std::array<V3, 3> P;
  for (std::size_t i = 0; i < m; ++i) P[i] = point_at(p.core.c, dim, i);

  auto vertex = [&](std::size_t i) { return PieceFeature{PieceFeature::Kind::vertex, {p.v[i], p.v[i]}}; };
  auto edge = [&](std::size_t i, std::size_t j) {
    return PieceFeature{PieceFeature::Kind::edge, {std::min(p.v[i], p.v[j]), std::max(p.v[i], p.v[j])}};
  };
  const PieceFeature face{PieceFeature::Kind::face, {0, 0}};

  // The piece's face farthest along n (of the segment's two corners, for a
  // repeated index).
  std::vector<std::size_t> top;
  Q best;
  for (std::size_t i = 0; i < m; ++i) {
    if (seg && i != seg_a && i != seg_b) continue;
    const Q s = dot(n, P[i]);
    if (top.empty() || s > best) best = s, top.assign(1, i);
    else if (s == best) top.push_back(i);
  }
  if (top.size() == 1) return vertex(top[0]);

  // The shape's face nearest along n, moved onto the piece's plane.
  std::vector<V3> F;
  Q least;
  for (std::size_t i = 0; i < shape.size(); ++i) {
    const V3 x = point_at(shape.c, dim, i);
    const Q s = dot(n, x);
    if (F.empty() || s < least) least = s, F.assign(1, x);
    else if (s == least) F.push_back(x);
  }
  for (V3& x : F) x = sub(x, n);

  Q lo, hi;
  auto clamp01 = [&](const Q& top_t) {
    if (lo < 0) lo = 0;
    if (hi > top_t) hi = top_t;
  };
  if (seg) {  // a repeated index: the segment (seg_a, seg_b), n orthogonal to it
    if (!line_interval(P[seg_a], sub(P[seg_b], P[seg_a]), F, n, lo, hi)) return std::nullopt;
    clamp01(Q(1));
    if (sgn(hi) == 0) return vertex(seg_a);
    if (lo == 1) return vertex(seg_b);
    return edge(seg_a, seg_b);
  }
  if (m == 2) {  // a chain segment of positive length, n orthogonal to it
    if (!line_interval(P[0], sub(P[1], P[0]), F, n, lo, hi)) return std::nullopt;
    clamp01(Q(1));
    if (sgn(hi) == 0) return vertex(0);
    if (lo == 1) return vertex(1);
    return face;
  }
  if (p.degenerate == 1) {  // three distinct collinear positions, n orthogonal to their line
    const V3 D0 = sub(P[1], P[0]);  // nonzero: the three positions are distinct
    std::array<std::size_t, 3> ord{0, 1, 2};
    std::sort(ord.begin(), ord.end(), [&](std::size_t a, std::size_t b) { return dot(P[a], D0) < dot(P[b], D0); });
    const std::size_t a = ord[0], b = ord[1], c = ord[2];
    const V3 D = sub(P[c], P[a]);
    const Q tb = dot(sub(P[b], P[a]), D) / dot(D, D);
    if (!line_interval(P[a], D, F, n, lo, hi)) return std::nullopt;
    clamp01(Q(1));
    if (hi <= tb) {
      if (sgn(hi) == 0) return vertex(a);
      if (lo == tb) return vertex(b);
      return edge(a, b);
    }
    if (lo >= tb) {
      if (hi == tb) return vertex(b);
      if (lo == 1) return vertex(c);
      return edge(b, c);
    }
    return std::nullopt;  // the closest points span the middle vertex
  }
  if (top.size() == 2) {
    const std::size_t i = top[0], j = top[1];
    if (!line_interval(P[i], sub(P[j], P[i]), F, n, lo, hi)) return std::nullopt;
    clamp01(Q(1));
    if (sgn(hi) == 0) return vertex(i);
    if (lo == 1) return vertex(j);
    return edge(i, j);
  }
  // n is normal to the triangle: clip the shape's face to it, in the plane
  // that drops n's largest coordinate.
  std::size_t drop = 0;
  for (std::size_t k = 1; k < 3; ++k)
    if (abs(n[k]) > abs(n[drop])) drop = k;
  auto proj = [&](const V3& x) {
    P2 r;
    std::size_t j = 0;
    for (std::size_t k = 0; k < 3; ++k)
      if (k != drop) r[j++] = x[k];
    return r;
  };
  std::array<P2, 3> T{proj(P[0]), proj(P[1]), proj(P[2])};
  const int o = sgn(orient2(T[0], T[1], T[2]));
  std::vector<P2> K;
  for (const V3& x : F) K.push_back(proj(x));
  // Most shapes' faces lie inside the triangle or reach into it: a vertex of
  // K strictly inside answers face at once, and a K inside the triangle
  // (edges included) is S itself, so the clip below only runs for a face
  // that crosses the triangle's boundary.
  {
    bool all_in = true;
    unsigned common_in = 7;
    for (const P2& x : K) {
      unsigned on = 0;
      int inside = 0;
      for (unsigned e = 0; e < 3; ++e) {
        const int sg = sgn(orient2(T[e], T[(e + 1) % 3], x)) * o;
        if (sg > 0) ++inside;
        else if (sg == 0) on |= 1u << e;
        else all_in = false;
      }
      if (inside == 3) return face;
      common_in &= on;
    }
    if (all_in) {
      if (common_in == 0) return face;
      if (common_in == 1) return edge(0, 1);
      if (common_in == 2) return edge(1, 2);
      if (common_in == 4) return edge(2, 0);
      if (common_in == 3) return vertex(1);
      if (common_in == 6) return vertex(2);
      return vertex(0);
    }
  }
  K = hull2(std::move(K));
  for (std::size_t e = 0; e < 3 && !K.empty(); ++e) {
    const P2 &u = T[e], &w = T[(e + 1) % 3];
    std::vector<P2> out;
    auto cut = [&](const P2& s, const P2& t, const Q& os, const Q& ot) {
      const Q f = os / (os - ot);
      out.push_back({s[0] + (t[0] - s[0]) * f, s[1] + (t[1] - s[1]) * f});
    };
    for (std::size_t i = 0; i < K.size(); ++i) {  // Sutherland-Hodgman, inside: on or left of u -> w
      const P2& s = K[(i + K.size() - 1) % K.size()];
      const P2& t = K[i];
      const Q os = orient2(u, w, s) * o, ot = orient2(u, w, t) * o;
      if (sgn(ot) >= 0) {
        if (sgn(os) < 0) cut(s, t, os, ot);
        out.push_back(t);
      } else if (sgn(os) >= 0) {
        cut(s, t, os, ot);
      }
    }
    K = std::move(out);
  }
  if (K.empty()) return std::nullopt;
  unsigned common = 7;
  for (const P2& x : K) {
    unsigned on = 0;
    for (unsigned e = 0; e < 3; ++e)
      if (sgn(orient2(T[e], T[(e + 1) % 3], x)) == 0) on |= 1u << e;
    common &= on;
  }
  if (common == 0) return face;
  if (common == 1) return edge(0, 1);
  if (common == 2) return edge(1, 2);
  if (common == 4) return edge(2, 0);
  if (common == 3) return vertex(1);  // edges 0 and 1 meet at vertex 1
  if (common == 6) return vertex(2);
  return vertex(0);  // edges 2 and 0
}

// ---------------------------------------------------------------------------
// The union questions.
namespace {

/// A core in doubles for the filter of convex_filter.hpp: each coordinate
/// rounded to nearest, rho bounding the largest rounding error, the radius
/// rounded up (so "certainly apart" stays certain).
struct DoubleView {
  std::vector<double> v;
  std::size_t n = 0;
  double rho = 0, r = 0;
  bool ok = true;
};
DoubleView double_view(const Core& c) {
  DoubleView d;
  d.n = c.size();
  for (const Q& q : c.c) {
    double lo, hi;
    outward(q, lo, hi);
    if (!std::isfinite(lo) || !std::isfinite(hi)) d.ok = false;
    d.v.push_back(lo);
    d.rho = std::max(d.rho, hi - lo);  // >= |q - lo|
  }
  double lo, hi;
  outward(c.r, lo, hi);
  d.r = hi;
  d.ok = d.ok && std::isfinite(hi);
  return d;
}
/// True when the double filter certifies the shape and piece apart (dist > R).
bool certainly_apart(const DoubleView& a, const Core& piece) {
  if (!a.ok) return false;
  const DoubleView b = double_view(piece);
  if (!b.ok) return false;
  return cvx::gjk_filter(a.v.data(), a.n, b.v.data(), b.n, piece.dim, std::max(a.rho, b.rho), a.r, b.r, false) < 0;
}

std::vector<std::uint32_t> sorted_candidates(const Surface& s, const Box& b) {
  std::vector<std::uint32_t> c;
  s.candidates(b, c);
  std::sort(c.begin(), c.end());
  c.erase(std::unique(c.begin(), c.end()), c.end());
  return c;
}

std::vector<Q> diff(const cvx::Separation& s) {
  std::vector<Q> w;
  for (std::size_t k = 0; k < s.p.size(); ++k) w.push_back(s.q[k] - s.p[k]);
  return w;
}

bool same_direction(const std::vector<Q>& a, const std::vector<Q>& b) {
  V3 u{Q(0), Q(0), Q(0)}, w{Q(0), Q(0), Q(0)};
  for (std::size_t k = 0; k < a.size(); ++k) u[k] = a[k], w[k] = b[k];
  const V3 c = cross(u, w);
  return sgn(c[0]) == 0 && sgn(c[1]) == 0 && sgn(c[2]) == 0 && sgn(dot(u, w)) > 0;
}

std::vector<double> unit_of(const std::vector<Q>& w, const Q& w2) {
  std::vector<double> u;
  for (const Q& k : w) u.push_back(detail::round_unit_component(k, w2));
  return u;
}

cvx::Separation piece_distance(const Core& shape, const Piece& p, bool surface_is_x) {
  return surface_is_x ? cvx::core_distance(p.core, shape) : cvx::core_distance(shape, p.core);
}

struct Nearest {
  cvx::Separation sep;
  std::uint32_t piece = 0;
  bool unique_direction = true;  // every piece attaining the least distance has the same q - p
};

/// A lower bound on the distance between two boxes (0 when they meet):
/// each coordinate gap and the root rounded, so the result is scaled down by
/// 2^-50 relative, far more than the few roundings can add. Squares that
/// overflow give +inf, which only ever meets an upper bound that is +inf
/// too (the gaps are at most the distance, so the distance's square, whose
/// root rounded up is the bound, overflows as well): nothing is pruned then.
double box_gap_lower(const Box& a, const Box& b) {
  double s2 = 0;
  for (std::size_t k = 0; k < 3; ++k) {
    const double g = std::max({a.lo[k] - b.hi[k], b.lo[k] - a.hi[k], 0.0});
    s2 += g * g;
  }
  return std::sqrt(s2) * (1 - 0x1p-50);
}

/// The box b grown by e >= 0 (a double, possibly +inf), rounded outward.
Box grown(Box b, double e) {
  for (std::size_t k = 0; k < 3; ++k) {
    b.lo[k] = std::nextafter(b.lo[k] - e, -std::numeric_limits<double>::infinity());
    b.hi[k] = std::nextafter(b.hi[k] + e, std::numeric_limits<double>::infinity());
  }
  return b;
}

double sqrt_up(const Q& d2) {
  double lo, hi;
  outward(d2, lo, hi);
  return std::nextafter(std::sqrt(hi), std::numeric_limits<double>::infinity());
}

Nearest nearest_piece(const Core& shape, const Surface& s, bool surface_is_x) {
  if (s.pieces() == 0) throw invalid_input("a mesh, height field or chain without pieces");
  const Box sbox = core_box(shape, 0);
  const std::uint32_t guess = s.near(sbox);
  const cvx::Separation first = piece_distance(shape, s.piece(guess), surface_is_x);
  // Every piece within the first guess's distance (rounded up) of the core,
  // visited nearest box first: once a box is farther than the best distance
  // found so far, so are all that follow (far from a large mesh, most boxes
  // of the query are never measured exactly).
  std::vector<std::pair<double, std::uint32_t>> order;
  // The query box in doubles: sqrt_up is +inf for a distance beyond the
  // largest double, which no rational can hold (mpq_set_d on it is
  // SIGFPE: issue 52, E8).
  for (std::uint32_t k : sorted_candidates(s, grown(sbox, sqrt_up(first.dist2)))) {
    const Piece p = s.piece(k);
    order.emplace_back(box_gap_lower(sbox, core_box(p.core, 0)), k);
  }
  std::sort(order.begin(), order.end());
  std::vector<std::pair<std::uint32_t, cvx::Separation>> seen{{guess, first}};
  Q best = first.dist2;
  double ub = sqrt_up(best);
  for (const auto& [lb, k] : order) {
    if (lb > ub) break;
    if (k == guess) continue;
    cvx::Separation d = piece_distance(shape, s.piece(k), surface_is_x);
    if (d.dist2 < best) best = d.dist2, ub = sqrt_up(best);
    seen.emplace_back(k, std::move(d));
  }
  Nearest n;
  bool found = false;
  for (const auto& [k, d] : seen)  // the least index among the nearest
    if (d.dist2 == best && (!found || k < n.piece)) n.piece = k, n.sep = d, found = true;
  const std::vector<Q> w = diff(n.sep);
  for (const auto& [k, d] : seen)
    if (d.dist2 == best && diff(d) != w) n.unique_direction = false;
  return n;
}

}  // namespace

UnionSeparation union_distance(const Core& shape, const Surface& s, bool surface_is_x) {
  Nearest n = nearest_piece(shape, s, surface_is_x);
  return UnionSeparation{std::move(n.sep), n.piece};
}

bool union_meets(const Core& shape, const Surface& s, bool strict) {
  if (s.pieces() == 0) throw invalid_input("a mesh, height field or chain without pieces");
  const DoubleView dv = double_view(shape);
  for (std::uint32_t k : sorted_candidates(s, core_box(shape, shape.r))) {
    const Piece p = s.piece(k);
    if (certainly_apart(dv, p.core)) continue;
    const Q R = shape.r + p.core.r;
    const cvx::Separation d = cvx::core_distance(shape, p.core);
    if (!strict) {
      if (d.dist2 <= R * R) return true;
      continue;
    }
    if (d.dist2 < R * R) return true;
    if (sgn(d.dist2) > 0) continue;
    if (sgn(cvx::core_penetration(shape, p.core).p2) > 0) return true;
  }
  return false;
}

UnionFacts union_contact(const Core& shape, const Surface& s, bool surface_is_x, bool with_features,
                         const std::vector<std::uint32_t>* candidates) {
  if (s.pieces() == 0) throw invalid_input("a mesh, height field or chain without pieces");
  UnionFacts u;
  std::vector<std::uint32_t> own;
  if (candidates) {
    own = *candidates;
    std::sort(own.begin(), own.end());
    own.erase(std::unique(own.begin(), own.end()), own.end());
  } else {
    own = sorted_candidates(s, core_box(shape, shape.r));
  }
  const DoubleView dv = candidates ? DoubleView{} : double_view(shape);
  for (std::uint32_t k : own) {
    const Piece p = s.piece(k);
    if (!candidates && certainly_apart(dv, p.core)) continue;  // a caller's list is already filtered
    PieceFacts pf;
    pf.piece = k;
    pf.f = surface_is_x ? cvx::core_contact(p.core, shape) : cvx::core_contact(shape, p.core);
    if (!pf.f.closed) continue;
    if (with_features && sgn(pf.f.sep.dist2) > 0) {
      pf.feature = closest_feature(p, shape, surface_is_x ? pf.f.sep.p : pf.f.sep.q,
                                   surface_is_x ? pf.f.sep.q : pf.f.sep.p);
      if (pf.feature) pf.mesh_feature = s.classify(*pf.feature);
    }
    u.pieces.push_back(std::move(pf));
  }
  if (u.pieces.empty()) {  // apart: the least distance over every piece
    const Nearest n = nearest_piece(shape, s, surface_is_x);
    const Q R = shape.r + s.piece(n.piece).core.r;
    u.dist2 = n.sep.dist2;
    u.nearest = n.piece;
    u.sep = n.sep;
    const double g = detail::round_depth(R, u.dist2);
    u.gap = g == 0 ? 0.0 : -g;
    if (sgn(u.dist2) > 0 && n.unique_direction) u.normal = unit_of(diff(n.sep), u.dist2);
    return u;
  }
  // Some piece meets: the least distance is among them (every piece nearer
  // than a meeting one meets too).
  u.closed = true;
  const PieceFacts* least = nullptr;
  const PieceFacts* deepest = nullptr;
  // The depth's order, exactly (R is the same for every piece): cores that
  // meet come first, by larger penetration; then apart cores, by smaller
  // distance.
  auto deeper = [](const cvx::ContactFacts& a, const cvx::ContactFacts& b) {
    const bool ma = sgn(a.sep.dist2) == 0, mb = sgn(b.sep.dist2) == 0;
    if (ma != mb) return ma ? 1 : -1;
    return ma ? cmp(a.p2, b.p2) : cmp(b.sep.dist2, a.sep.dist2);
  };
  for (const PieceFacts& p : u.pieces) {
    u.open = u.open || p.f.open;
    if (!least || p.f.sep.dist2 < least->f.sep.dist2) least = &p;
    if (!deepest || deeper(p.f, deepest->f) > 0) deepest = &p;
  }
  u.dist2 = least->f.sep.dist2;
  u.nearest = least->piece;
  u.sep = least->f.sep;
  u.gap = least->f.gap;
  if (sgn(u.dist2) > 0) {
    const std::vector<Q> w = diff(least->f.sep);
    bool agree = true;
    for (const PieceFacts& p : u.pieces)
      if (p.f.sep.dist2 == u.dist2 && diff(p.f.sep) != w) agree = false;
    if (agree) u.normal = least->f.normal;
  }
  u.depth = deepest->f.depth;
  if (deepest->f.depth_normal) {
    bool agree = true;
    for (const PieceFacts& p : u.pieces)
      if (deeper(p.f, deepest->f) == 0 && (!p.f.depth_normal || !same_direction(p.f.depth_dir, deepest->f.depth_dir)))
        agree = false;
    if (agree) u.depth_normal = deepest->f.depth_normal;
  }
  return u;
}

std::optional<double> union_time_of_impact(const Core& shape, const Surface& s, bool surface_is_x,
                                           const std::vector<Q>& v) {
  if (s.pieces() == 0) throw invalid_input("a mesh, height field or chain without pieces");
  std::vector<Q> sv = v;  // the shape's motion relative to the surface
  if (surface_is_x)
    for (Q& k : sv) k = -k;
  std::optional<double> best;
  for (std::uint32_t k : sorted_candidates(s, swept_box(shape, sv, shape.r))) {
    const Piece p = s.piece(k);
    const std::optional<double> t =
        surface_is_x ? cvx::core_time_of_impact(p.core, shape, v) : cvx::core_time_of_impact(shape, p.core, v);
    if (t && (!best || *t < *best)) best = t;
    if (best && *best == 0) break;
  }
  return best;
}

// ---------------------------------------------------------------------------
// Classes of a triangle mesh's edges and vertices.

SurfaceFeature MeshTopology::edge(std::uint32_t u, std::uint32_t w) const {
  const std::uint64_t key = (std::uint64_t(std::min(u, w)) << 32) | std::max(u, w);
  const auto it = std::lower_bound(edge_keys.begin(), edge_keys.end(), key);
  if (it == edge_keys.end() || *it != key) return SurfaceFeature::degenerate_edge;
  return edge_class[static_cast<std::size_t>(it - edge_keys.begin())];
}

std::size_t MeshTopology::bytes() const {
  return edge_keys.capacity() * sizeof(std::uint64_t) + edge_class.capacity() + vertex_class.capacity();
}

MeshTopology classify_mesh(std::size_t vertices, const std::vector<std::array<std::uint32_t, 3>>& faces,
                           const std::vector<std::uint8_t>& degenerate, OrientFn orient, const void* ctx) {
  struct Entry {
    std::uint64_t key;
    std::uint32_t face;
    std::uint8_t corner;  // the edge runs f[corner] -> f[corner + 1]
    std::uint8_t degenerate;
  };
  std::vector<Entry> e;
  e.reserve(faces.size() * 3);
  for (std::size_t k = 0; k < faces.size(); ++k)
    for (std::uint8_t c = 0; c < 3; ++c) {
      const std::uint32_t u = faces[k][c], w = faces[k][(c + 1) % 3];
      if (u == w) continue;
      e.push_back({(std::uint64_t(std::min(u, w)) << 32) | std::max(u, w), static_cast<std::uint32_t>(k), c,
                   degenerate[k]});
    }
  std::sort(e.begin(), e.end(), [](const Entry& a, const Entry& b) {
    return a.key != b.key ? a.key < b.key : a.face != b.face ? a.face < b.face : a.corner < b.corner;
  });
  MeshTopology t;
  // A vertex is flat only if no incident edge is anything but flat (and no
  // incident triangle is degenerate); the cycle test below settles the rest.
  std::vector<std::uint8_t> maybe_flat(vertices, 1), used(vertices, 0);
  for (std::size_t k = 0; k < faces.size(); ++k)
    for (std::uint32_t v : faces[k]) {
      used[v] = 1;
      if (degenerate[k]) maybe_flat[v] = 0;
    }
  for (std::size_t i = 0; i < e.size();) {
    std::size_t j = i;
    std::vector<const Entry*> nd;
    while (j < e.size() && e[j].key == e[i].key) {
      if (!e[j].degenerate) nd.push_back(&e[j]);
      ++j;
    }
    SurfaceFeature c;
    if (nd.empty()) c = SurfaceFeature::degenerate_edge;
    else if (nd.size() == 1) c = SurfaceFeature::boundary_edge;
    else if (nd.size() > 2) c = SurfaceFeature::nonmanifold_edge;
    else {
      const auto& f1 = faces[nd[0]->face];
      const auto& f2 = faces[nd[1]->face];
      const std::uint32_t u = f1[nd[0]->corner], w = f1[(nd[0]->corner + 1) % 3], a = f1[(nd[0]->corner + 2) % 3];
      const std::uint32_t u2 = f2[nd[1]->corner], b = f2[(nd[1]->corner + 2) % 3];
      if (u2 == u) c = SurfaceFeature::unoriented_edge;
      else {
        const int s = orient(ctx, u, w, a, b);
        c = s > 0 ? SurfaceFeature::concave_edge : s < 0 ? SurfaceFeature::convex_edge : SurfaceFeature::flat_edge;
      }
    }
    t.edge_keys.push_back(e[i].key);
    t.edge_class.push_back(c);
    if (c != SurfaceFeature::flat_edge) {
      maybe_flat[static_cast<std::size_t>(e[i].key >> 32)] = 0;
      maybe_flat[static_cast<std::size_t>(e[i].key & 0xffffffffu)] = 0;
    }
    i = j;
  }
  std::vector<SurfaceFeature>(vertices, SurfaceFeature::vertex).swap(t.vertex_class);
  // The cycle test: around a vertex whose every edge is flat (so shared by
  // exactly two triangles), the triangles' far edges form cycles; flat when
  // they form one.
  std::vector<std::uint32_t> start(vertices + 1, 0);
  for (std::size_t k = 0; k < faces.size(); ++k)
    for (std::uint32_t v : faces[k])
      if (maybe_flat[v] && used[v]) ++start[v + 1];
  for (std::size_t v = 0; v < vertices; ++v) start[v + 1] += start[v];
  std::vector<std::uint32_t> inc(start[vertices]), fill(start.begin(), start.end() - 1);
  for (std::size_t k = 0; k < faces.size(); ++k)
    for (std::uint32_t v : faces[k])
      if (maybe_flat[v] && used[v]) inc[fill[v]++] = static_cast<std::uint32_t>(k);
  std::vector<std::uint32_t> ids, parent;
  for (std::size_t v = 0; v < vertices; ++v) {
    if (!maybe_flat[v] || !used[v]) continue;
    ids.clear();
    for (std::uint32_t i = start[v]; i < start[v + 1]; ++i)
      for (std::uint32_t x : faces[inc[i]])
        if (x != v) ids.push_back(x);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    parent.resize(ids.size());
    std::iota(parent.begin(), parent.end(), 0u);
    auto find = [&](std::uint32_t a) {
      while (parent[a] != a) a = parent[a] = parent[parent[a]];
      return a;
    };
    auto id = [&](std::uint32_t x) {
      return static_cast<std::uint32_t>(std::lower_bound(ids.begin(), ids.end(), x) - ids.begin());
    };
    std::size_t comps = ids.size();
    for (std::uint32_t i = start[v]; i < start[v + 1]; ++i) {
      std::uint32_t o[2], j = 0;
      for (std::uint32_t x : faces[inc[i]])
        if (x != v) o[j++] = x;
      const std::uint32_t a = find(id(o[0])), b = find(id(o[1]));
      if (a != b) parent[a] = b, --comps;
    }
    if (comps == 1) t.vertex_class[v] = SurfaceFeature::flat_vertex;
  }
  return t;
}

}  // namespace detail::mesh
}  // namespace exactgeom
