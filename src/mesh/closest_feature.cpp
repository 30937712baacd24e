// src/mesh/closest_feature.cpp: which feature of a piece (vertex, edge or
// face of a mesh triangle, vertex or edge of a chain segment) holds every
// closest point of a shape apart from it (detail/mesh_core.hpp), exactly.
#include "exactgeom/detail/mesh_core.hpp"

#include <algorithm>
#include <utility>

#include "exactgeom/detail/vec.hpp"

namespace exactgeom {
namespace detail::mesh {

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

}  // namespace detail::mesh
}  // namespace exactgeom
