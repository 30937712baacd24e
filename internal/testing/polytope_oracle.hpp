// internal/testing/polytope_oracle.hpp: the slow, independent oracle for convex
// polytopes ("cores", radius 0) in 2-D and 3-D: the exact squared distance,
// the exact squared penetration depth with its minimizing directions, and
// the exact time of impact of a translating core, all in mpq_class and
// brute force. It shares no code with the library's polytope engine; the
// only geometry it borrows is capsule_oracle.hpp's point/segment/triangle
// distances.
//
// A core is the convex hull of a finite, non-empty list of points in any
// order (repeats, collinear and coplanar points allowed). A 2-D core is given
// as 3-D points with z = 0 and dim = 2; its distance is the same as the flat
// 3-D shape's, but its penetration and time of impact are taken in the plane.
//
// How it works, the obvious way:
//
// * make_hull() gives each point list its H-representation by brute force:
//   the equalities of its affine hull, and every plane (3-D hull) / in-plane
//   line (flat hull) / end (collinear hull) through points of the list that
//   has all of them on one side -- those are exactly the facets, because a
//   supporting plane through three non-collinear points of a full polytope
//   touches it in a 2-face. The vertices, edges and 2-faces then follow
//   from the face lattice: the smallest face holding a set of points is cut
//   out by the facets active at all of them, and its dimension is 3 minus
//   the rank of their normals together with the affine hull's.
// * Two cores meet iff an edge or a vertex of one meets the other (at a
//   vertex v of the intersection, the minimal faces of A and B through v
//   have trivially intersecting directions, so their dimensions add up to
//   at most 3 in 3-D and 2 in 2-D: one of them is a vertex or an edge), and
//   a segment meets a hull iff the parameters t in [0, 1] that satisfy every
//   (linear in t) constraint of the H-representation form a non-empty
//   interval.
// * Disjoint cores: the closest pair can be taken as a vertex against a face,
//   a face against a vertex, or an edge against an edge (a vertex of the
//   intersection of the two parallel faces supporting the closest pair), so
//   the distance is the minimum over vertex-triangle, triangle-vertex and
//   segment-segment distances, with each 2-face covered by the triangles
//   fanned from its first vertex over its edges and each vertex also a
//   zero-length segment. Every one of these is a subset of its core, so no
//   term is below the true distance.
// * Penetration and time of impact work on M = conv(B) - conv(A) =
//   conv{b - a}, the hull of all vertex differences, built by make_hull()
//   like any other point list: A + t v meets B iff t v lies in M.
//
// Sign conventions (A is x, B is y, the second core is the one that moves
// away):
//
//   P = min over unit n of [max(a.n, a in A) - min(b.n, b in B)]
//     = min over unit n of h_{A-B}(n)        (h the support function)
//
// Translating B by s n moves M by s n; B just stops overlapping A when the
// origin leaves the interior of M + s n, i.e. when -s n reaches the boundary
// of M. With the origin inside M, the nearest boundary point of M is the foot
// of the perpendicular on the nearest facet plane u.x = c (u the OUTWARD
// normal of M, c >= 0), at distance c / |u|, reached when -s n = (c/|u|^2) u:
// the direction B moves is n = -u, the outward facet normal of A - B, and
// P^2 = c^2 / |u|^2. Worked example: A = [0,1]^2, B = [3/4, 7/4] x [0,1]
// (B to the right of A, overlapping by 1/4). M = B - A = [-1/4, 7/4] x [-1, 1];
// its facets sit at distances 1/4 (x = -1/4, outward u = (-1,0)), 7/4, 1, 1
// from the origin, so P = 1/4, P^2 = 1/16, and n = -u = (+1, 0): B moves
// right, away from A. Check against the definition: for n = (1, 0),
// max a.x - min b.x = 1 - 3/4 = 1/4.
//
// Directions are returned as rational vectors scaled so that their largest
// absolute component is exactly 1 (canonical_direction), deduplicated
// (same_direction) and sorted lexicographically. When the origin is inside
// M they are exactly the unit minimizers of the definition, up to scale.
// When the origin is on M's boundary (the cores touch, P = 0) they are the
// normals of the facets whose plane holds the origin; any non-negative
// combination of them also gives 0 (the whole normal cone minimizes).
// When M has no interior in R^dim (the cores are flat against each other,
// e.g. two coplanar triangles in 3-D), P = 0 and no direction is given.
//
// Size limits: each point list holds at most kMaxCorePoints points (distinct
// or not); penetration() and time_of_impact_r0() also need
// |vertices(A)| * |vertices(B)| <= kMaxDifferencePoints, because M's hull is
// built from all the differences by the O(m^4) brute force. Beyond them the
// functions throw std::invalid_argument rather than run for minutes.
#pragma once

#include <gmpxx.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include "testing/capsule_oracle.hpp"

namespace exactgeom::testing::polytope_oracle {

using Q = mpq_class;
using QV = std::array<mpq_class, 3>;

using exactgeom::testing::capsule_oracle::qcross;
using exactgeom::testing::capsule_oracle::qdot;
using exactgeom::testing::capsule_oracle::qsub;

inline constexpr std::size_t kMaxCorePoints = 40;
inline constexpr std::size_t kMaxDifferencePoints = 64;

inline bool is_zero(const QV& a) { return a[0] == 0 && a[1] == 0 && a[2] == 0; }
inline QV qneg(const QV& a) { return {-a[0], -a[1], -a[2]}; }
inline QV qscale(const QV& a, const Q& s) { return {a[0] * s, a[1] * s, a[2] * s}; }

/// a and b are non-zero and point the same way.
inline bool same_direction(const QV& a, const QV& b) {
  return !is_zero(a) && !is_zero(b) && is_zero(qcross(a, b)) && qdot(a, b) > 0;
}

/// n scaled by a positive factor so that max |n_i| = 1: one representative
/// per direction, so equal directions compare equal with ==.
inline QV canonical_direction(const QV& n) {
  Q m = 0;
  for (const Q& x : n) m = std::max(m, Q(abs(x)));
  if (m == 0) throw std::invalid_argument("polytope_oracle: zero direction");
  return qscale(n, Q(1 / m));
}

/// n.x <= c for a facet (n outward), n.x == c for an equality.
struct Plane {
  QV n;
  Q c;
};

/// The rank of a set of vectors, by Gaussian elimination.
inline int rank_of(std::vector<QV> rows) {
  std::size_t r = 0;
  for (std::size_t col = 0; col < 3 && r < rows.size(); ++col) {
    std::size_t p = r;
    while (p < rows.size() && rows[p][col] == 0) ++p;
    if (p == rows.size()) continue;
    std::swap(rows[r], rows[p]);
    for (std::size_t i = r + 1; i < rows.size(); ++i) {
      const Q f = rows[i][col] / rows[r][col];
      for (std::size_t j = 0; j < 3; ++j) rows[i][j] -= f * rows[r][j];
    }
    ++r;
  }
  return static_cast<int>(r);
}

/// The H- and V-description of conv(points).
struct Hull {
  int k = -1;                                    ///< affine dimension, 0..3
  std::vector<QV> vertices;                      ///< the extreme points, distinct
  std::vector<Plane> equalities;                 ///< the affine hull: n.x == c for each
  std::vector<Plane> facets;                     ///< n.x <= c, one per facet within the affine hull
  std::vector<std::array<std::size_t, 2>> edges; ///< vertex index pairs, i < j
  std::vector<std::vector<std::size_t>> faces2;  ///< vertex indices of each 2-dimensional face
};

namespace detail {

inline bool on_plane(const Plane& h, const QV& x) { return qdot(h.n, x) == h.c; }

// Scaled so that facets found from different point pairs/triples compare
// equal.
inline Plane canonical_plane(const QV& n, const Q& c) {
  const QV u = canonical_direction(n);
  Q s = 0;
  for (std::size_t i = 0; i < 3; ++i)
    if (n[i] != 0) {
      s = u[i] / n[i];
      break;
    }
  return {u, Q(c * s)};
}

// Keeps the plane through p with normal n (n.x == n.p) if every point is on
// one side of it, oriented so that they are all on the n.x <= c side.
// Returns whether that plane is new.
inline bool add_if_supporting(std::vector<Plane>& facets, const std::vector<QV>& pts, const QV& p,
                              const QV& n) {
  const Q c = qdot(n, p);
  bool below = false, above = false;
  for (const QV& x : pts) {
    const Q s = qdot(n, x);
    if (s < c) below = true;
    if (s > c) above = true;
    if (below && above) return false;
  }
  const Plane h = above ? canonical_plane(qneg(n), -c) : canonical_plane(n, c);
  for (const Plane& g : facets)
    if (g.n == h.n && g.c == h.c) return false;
  facets.push_back(h);
  return true;
}

// For each point, the indices of the facets found so far that hold it: a
// pair (flat hull) or a triple (3-D hull) of points on a common known facet
// spans that facet's line or plane again (or no plane, when collinear), so
// the full scan of add_if_supporting can be skipped for it. Only speed: on
// grid-like inputs most triples lie on some facet.
struct Incidence {
  std::vector<std::vector<std::size_t>> on;

  explicit Incidence(std::size_t n) : on(n) {}
  void record(const std::vector<Plane>& facets, const std::vector<QV>& pts) {
    const std::size_t f = facets.size() - 1;
    for (std::size_t i = 0; i < pts.size(); ++i)
      if (on_plane(facets[f], pts[i])) on[i].push_back(f);
  }
  bool share(std::initializer_list<std::size_t> idx) const {
    const std::size_t first = *idx.begin();
    for (const std::size_t f : on[first]) {
      bool all = true;
      for (const std::size_t i : idx) all = all && std::find(on[i].begin(), on[i].end(), f) != on[i].end();
      if (all) return true;
    }
    return false;
  }
};

inline std::vector<QV> active_normals(const Hull& h, const std::vector<QV>& at) {
  std::vector<QV> rows;
  for (const Plane& e : h.equalities) rows.push_back(e.n);
  for (const Plane& f : h.facets) {
    bool all = true;
    for (const QV& x : at) all = all && on_plane(f, x);
    if (all) rows.push_back(f.n);
  }
  return rows;
}

}  // namespace detail

inline Hull make_hull(std::vector<QV> pts) {
  if (pts.empty()) throw std::invalid_argument("polytope_oracle: empty point list");
  std::sort(pts.begin(), pts.end());
  pts.erase(std::unique(pts.begin(), pts.end()), pts.end());
  const std::size_t n = pts.size();

  // The affine dimension: a second point (the list has no repeats now), a
  // point off their line, a point off that plane.
  Hull h;
  const QV& p0 = pts[0];
  QV u{}, normal{};
  h.k = 0;
  if (n > 1) {
    u = qsub(pts[1], p0);
    h.k = 1;
  }
  for (std::size_t i = 1; i < n && h.k == 1; ++i) {
    normal = qcross(u, qsub(pts[i], p0));
    if (!is_zero(normal)) h.k = 2;
  }
  for (std::size_t i = 1; i < n && h.k == 2; ++i)
    if (qdot(normal, qsub(pts[i], p0)) != 0) h.k = 3;

  switch (h.k) {
    case 0:
      for (std::size_t a = 0; a < 3; ++a) {
        QV e{};
        e[a] = 1;
        h.equalities.push_back({e, p0[a]});
      }
      break;
    case 1: {
      // Two independent normals of the line: u x e is non-zero for some axis
      // e, and u x (u x e) is orthogonal to both u and u x e.
      QV w1{};
      for (std::size_t a = 0; a < 3 && is_zero(w1); ++a) {
        QV e{};
        e[a] = 1;
        w1 = qcross(u, e);
      }
      const QV w2 = qcross(u, w1);
      h.equalities.push_back({w1, qdot(w1, p0)});
      h.equalities.push_back({w2, qdot(w2, p0)});
      for (const QV& p : pts) (void)detail::add_if_supporting(h.facets, pts, p, u);
      break;
    }
    case 2: {
      h.equalities.push_back({normal, qdot(normal, p0)});
      detail::Incidence inc(n);
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j)
          if (!inc.share({i, j}) &&
              detail::add_if_supporting(h.facets, pts, pts[i], qcross(normal, qsub(pts[j], pts[i]))))
            inc.record(h.facets, pts);
      break;
    }
    default: {
      detail::Incidence inc(n);
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j)
          for (std::size_t l = j + 1; l < n; ++l) {
            if (inc.share({i, j, l})) continue;
            const QV m = qcross(qsub(pts[j], pts[i]), qsub(pts[l], pts[i]));
            if (!is_zero(m) && detail::add_if_supporting(h.facets, pts, pts[i], m)) inc.record(h.facets, pts);
          }
      break;
    }
  }

  // The smallest face holding a set of points is cut out by the facets
  // active at all of them, within the affine hull; its dimension is 3 minus
  // the rank of those normals. A point alone on a 0-face is a vertex; two
  // distinct vertices alone on a 1-face are the ends of an edge.
  for (const QV& p : pts)
    if (rank_of(detail::active_normals(h, {p})) == 3) h.vertices.push_back(p);
  const std::size_t nv = h.vertices.size();
  for (std::size_t i = 0; i < nv; ++i)
    for (std::size_t j = i + 1; j < nv; ++j)
      if (rank_of(detail::active_normals(h, {h.vertices[i], h.vertices[j]})) >= 2) h.edges.push_back({i, j});
  if (h.k == 2) {
    std::vector<std::size_t> all(nv);
    for (std::size_t i = 0; i < nv; ++i) all[i] = i;
    h.faces2.push_back(all);
  } else if (h.k == 3) {
    for (const Plane& f : h.facets) {
      std::vector<std::size_t> on;
      for (std::size_t i = 0; i < nv; ++i)
        if (detail::on_plane(f, h.vertices[i])) on.push_back(i);
      h.faces2.push_back(on);
    }
  }
  return h;
}

/// x satisfies every equality and facet inequality of h.
inline bool contains(const Hull& h, const QV& x) {
  for (const Plane& e : h.equalities)
    if (qdot(e.n, x) != e.c) return false;
  for (const Plane& f : h.facets)
    if (qdot(f.n, x) > f.c) return false;
  return true;
}

/// The interval [lo, hi] of t in [0, 1] with p + t (q - p) in h, or nothing.
inline std::optional<std::pair<Q, Q>> clip_segment(const Hull& h, const QV& p, const QV& q) {
  const QV d = qsub(q, p);
  Q lo = 0, hi = 1;
  for (const Plane& e : h.equalities) {
    const Q nd = qdot(e.n, d), gap = e.c - qdot(e.n, p);
    if (nd == 0) {
      if (gap != 0) return std::nullopt;
    } else {
      const Q t = gap / nd;
      lo = std::max(lo, t);
      hi = std::min(hi, t);
    }
  }
  for (const Plane& f : h.facets) {
    const Q nd = qdot(f.n, d), gap = f.c - qdot(f.n, p);
    if (nd == 0) {
      if (gap < 0) return std::nullopt;
    } else if (nd > 0) {
      hi = std::min(hi, Q(gap / nd));
    } else {
      lo = std::max(lo, Q(gap / nd));
    }
  }
  if (lo > hi) return std::nullopt;
  return std::make_pair(lo, hi);
}

/// The edges of h, and each vertex as a zero-length segment.
inline std::vector<std::array<QV, 2>> segments(const Hull& h) {
  std::vector<std::array<QV, 2>> s;
  for (const QV& v : h.vertices) s.push_back({v, v});
  for (const auto& e : h.edges) s.push_back({h.vertices[e[0]], h.vertices[e[1]]});
  return s;
}

/// Triangles that together cover every 2-face of h: the fan from the face's
/// first vertex over the face's edges that miss that vertex (the ray from
/// that vertex through any point of the face leaves it on such an edge, or
/// runs along an edge through the vertex, which is a side of a triangle of
/// the fan at its far end).
inline std::vector<std::array<QV, 3>> triangles(const Hull& h) {
  std::vector<std::array<QV, 3>> t;
  for (const auto& face : h.faces2) {
    const std::size_t f0 = face.front();
    auto in_face = [&](std::size_t i) { return std::find(face.begin(), face.end(), i) != face.end(); };
    for (const auto& e : h.edges)
      if (e[0] != f0 && e[1] != f0 && in_face(e[0]) && in_face(e[1]))
        t.push_back({h.vertices[f0], h.vertices[e[0]], h.vertices[e[1]]});
  }
  return t;
}

/// conv(a) and conv(b) share a point: a vertex or edge of one meets the other.
inline bool meet(const Hull& a, const Hull& b) {
  for (const auto& s : segments(a))
    if (clip_segment(b, s[0], s[1])) return true;
  for (const auto& s : segments(b))
    if (clip_segment(a, s[0], s[1])) return true;
  return false;
}

namespace detail {

inline void check_input(const std::vector<QV>& pts, int dim) {
  if (dim != 2 && dim != 3) throw std::invalid_argument("polytope_oracle: dim must be 2 or 3");
  if (pts.empty()) throw std::invalid_argument("polytope_oracle: empty point list");
  if (pts.size() > kMaxCorePoints) throw std::invalid_argument("polytope_oracle: more than kMaxCorePoints points");
  if (dim == 2)
    for (const QV& p : pts)
      if (p[2] != 0) throw std::invalid_argument("polytope_oracle: a 2-D point with z != 0");
}

/// M = conv(B) - conv(A) = conv{b - a : a, b vertices}.
inline Hull difference_hull(const Hull& a, const Hull& b) {
  if (a.vertices.size() * b.vertices.size() > kMaxDifferencePoints)
    throw std::invalid_argument("polytope_oracle: |vertices(A)| * |vertices(B)| > kMaxDifferencePoints");
  std::vector<QV> diff;
  for (const QV& y : b.vertices)
    for (const QV& x : a.vertices) diff.push_back(qsub(y, x));
  return make_hull(diff);
}

}  // namespace detail

/// The exact squared distance between conv(A) and conv(B) (0 when they meet).
inline Q distance2(const std::vector<QV>& A, const std::vector<QV>& B, int dim) {
  detail::check_input(A, dim);
  detail::check_input(B, dim);
  const Hull a = make_hull(A), b = make_hull(B);
  if (meet(a, b)) return 0;
  std::optional<Q> best;
  auto keep = [&](const Q& d2) {
    if (!best || d2 < *best) best = d2;
  };
  const auto sa = segments(a), sb = segments(b);
  for (const auto& s : sa)
    for (const auto& t : sb) keep(exactgeom::testing::capsule_oracle::oracle_segment_segment(s[0], s[1], t[0], t[1]));
  for (const auto& t : triangles(b))
    for (const QV& v : a.vertices) keep(exactgeom::testing::capsule_oracle::oracle_point_triangle(v, t[0], t[1], t[2]));
  for (const auto& t : triangles(a))
    for (const QV& v : b.vertices) keep(exactgeom::testing::capsule_oracle::oracle_point_triangle(v, t[0], t[1], t[2]));
  return *best;
}

/// The penetration of A and B; see the top of the file for the conventions.
struct Penetration {
  bool meet = false;      ///< the cores share a point; nothing below is meaningful when false
  bool interior = false;  ///< M = B - A has interior in R^dim; when false depth2 = 0, no directions
  Q depth2 = 0;           ///< P^2
  /// The directions B moves to separate by P (the outward normals of the
  /// nearest facets of A - B), canonical_direction()-scaled, sorted.
  std::vector<QV> directions;
};

inline Penetration penetration(const std::vector<QV>& A, const std::vector<QV>& B, int dim) {
  detail::check_input(A, dim);
  detail::check_input(B, dim);
  const Hull m = detail::difference_hull(make_hull(A), make_hull(B));
  Penetration r;
  r.meet = contains(m, QV{});
  if (!r.meet) return r;
  r.interior = m.k == dim;
  if (!r.interior) return r;
  std::optional<Q> best;
  for (const Plane& f : m.facets) {
    // The origin is inside M, so no facet plane has it beyond: c >= 0, and
    // c^2 / |n|^2 orders the facets by their distance from it.
    const Q d2 = f.c * f.c / qdot(f.n, f.n);
    if (!best || d2 < *best) {
      best = d2;
      r.directions.clear();
    }
    if (d2 == *best) {
      const QV dir = canonical_direction(qneg(f.n));
      bool seen = false;
      for (const QV& x : r.directions) seen = seen || same_direction(x, dir);
      if (!seen) r.directions.push_back(dir);
    }
  }
  r.depth2 = *best;
  std::sort(r.directions.begin(), r.directions.end());
  return r;
}

/// P^2. Throws std::domain_error when the cores do not meet (P is defined
/// only for meeting cores).
inline Q penetration2(const std::vector<QV>& A, const std::vector<QV>& B, int dim) {
  const Penetration p = penetration(A, B, dim);
  if (!p.meet) throw std::domain_error("polytope_oracle::penetration2: the cores do not meet");
  return p.depth2;
}

/// The minimizing directions of penetration2 (empty when M has no interior).
/// Throws std::domain_error when the cores do not meet.
inline std::vector<QV> penetration_directions(const std::vector<QV>& A, const std::vector<QV>& B, int dim) {
  Penetration p = penetration(A, B, dim);
  if (!p.meet) throw std::domain_error("polytope_oracle::penetration_directions: the cores do not meet");
  return std::move(p.directions);
}

/// The least t in [0, 1] at which conv(A) + t v meets conv(B) (radius 0),
/// or nothing. Exact for flat and collinear M too: {t : t v in M} is the
/// segment [0, v] clipped by M's H-description.
inline std::optional<Q> time_of_impact_r0(const std::vector<QV>& A, const std::vector<QV>& B, const QV& v,
                                          int dim) {
  detail::check_input(A, dim);
  detail::check_input(B, dim);
  detail::check_input({v}, dim);
  const Hull m = detail::difference_hull(make_hull(A), make_hull(B));
  const auto range = clip_segment(m, QV{}, v);
  if (!range) return std::nullopt;
  return range->first;
}

}  // namespace exactgeom::testing::polytope_oracle
