// exactgeom/reference/gjk_epa.hpp: GJK distance and EPA penetration depth between convex hulls of point sets, in S = float/double.
// Source: Gilbert, Johnson, Keerthi, IEEE J. Robotics and Automation 4(2) 1988; van den Bergen, J. Graphics Tools 4(2) 1999, GDC 2001 (EPA), Collision Detection in Interactive 3D Environments (2003); Ericson, Real-Time Collision Detection (2005) 9.5.
//
// Written here from the algorithms (no code copied). A shape is the convex
// hull ("core") of a non-empty set of points, optionally inflated by a
// radius; only gjk_overlap takes the radii, the rest works on the cores.
//
// Conventions. Everything runs on the Minkowski difference C = A - B =
// {a - b}. GJK descends to v, the point of C nearest the origin, so
// v = on_a - on_b points from b's closest point to a's, and
// distance = |v|. When the cores overlap the origin is inside C; the
// penetration depth is its distance to the boundary of C, and `normal` is
// C's outward unit normal there. That normal points from a toward b:
// moving b by +depth * normal (or a by -depth * normal) leaves the cores
// touching. The caller adds radii: rounded shapes overlap by depth + ra + rb.
//
// Tolerance (van den Bergen's relative rule). Each GJK step has the upper
// bound |v| >= dist and the lower bound v.w / |v| <= dist (w = the support
// point of C in direction -v); GJK stops when
//     |v|^2 - v.w <= tolerance^2 * |v|^2,
// which bounds the relative error of the distance by tolerance^2 (before
// rounding). Defaults: tolerance = 1e-3 for float, 1e-6 for double, i.e. a
// relative distance error of 1e-6 / 1e-12. EPA stops on the same rule with
// the face distance d <= depth <= n.w: n.w - d <= tolerance^2 * |n.w|.
// Both also stop when the support point is already a vertex (rounding has
// stalled them), GJK when |v| stops decreasing (keeping the better v), and
// GJK takes |v| <= 4 ulps of the simplex's size as 0 (van den Bergen's
// "v is approximately zero" test, with a smaller threshold).
//
// Simplex: Johnson's sub-algorithm over all subsets of the (at most D + 1)
// simplex points, with van den Bergen's backup (the subset nearest the
// origin among those with positive weights) when rounding leaves no subset
// that passes. A full simplex (a tetrahedron in 3-D) is taken to enclose
// the origin only when its v is near zero: rounding passes flat ones too.
//
// Known weaknesses, by design (tests/float_convex_test.cpp measures some):
// - the distance is |v| rounded, from float barycentric weights: many ulps
//   off near degenerate simplices, and touching cores may come out at a
//   tiny positive distance, or at 0 from the zero test when they are
//   apart by less than that threshold;
// - overlap is decided by distance == 0 after the zero test: cores closer
//   than a few ulps of their size count as meeting, and cores overlapping
//   by a few ulps may come out a few ulps apart;
// - EPA needs A - B to be full-dimensional (two flat coplanar sets make it
//   fail, valid = false); its horizon is found by a global visibility scan,
//   which rounding can make inconsistent on nearly coplanar faces; it
//   returns valid = false (with its best estimate) if max_iterations runs
//   out.
// Spans: S is deduced from std::span arguments; for vectors or arrays name
// it, e.g. gjk_distance<double>(va, vb).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <span>
#include <utility>
#include <vector>

#include "exactgeom/vector.hpp"

namespace exactgeom::reference {

/// The default tolerance (see the top of the file): its square is the
/// relative error bound of the distance, 1e-6 for float, 1e-12 for double.
template <class S>
inline constexpr S gjk_default_tolerance = S(1e-6);
template <>
inline constexpr float gjk_default_tolerance<float> = 1e-3f;

/// GJK's answer. on_a - on_b is the final v; distance = |v|, or exactly 0
/// when the cores overlap or touch within the zero test.
template <class S, std::size_t D = 3>
struct GjkResult {
  S distance;                   ///< between the cores, >= 0; NaN for an empty input
  std::array<S, D> on_a;        ///< closest point in the hull of a
  std::array<S, D> on_b;        ///< closest point in the hull of b
  int iterations;               ///< support-point evaluations
  bool converged;               ///< false when max_iterations ran out first (or empty input)
};

/// EPA's answer (epa_penetration), for cores that overlap.
template <class S>
struct PenetrationResult {
  S depth;                  ///< minimum translation distance of the cores, >= 0
  std::array<S, 3> normal;  ///< unit, from a toward b: b moves by +depth * normal to separate
  bool valid;               ///< false: the cores do not overlap, or EPA failed
};

namespace gjk_detail {
template <class S, std::size_t D>
using Vec = std::array<S, D>;

using exactgeom::cross;  // the library's vector vocabulary (exactgeom/vector.hpp)
using exactgeom::dot;
using exactgeom::scaled;
using exactgeom::sub;

/// Index of a point of pts maximizing p.d (the first on ties).
template <class S, std::size_t D>
std::size_t support(std::span<const Vec<S, D>> pts, const Vec<S, D>& d) {
  std::size_t best = 0;
  S best_dot = dot(pts[0], d);
  for (std::size_t i = 1; i < pts.size(); ++i) {
    const S x = dot(pts[i], d);
    if (x > best_dot) {
      best_dot = x;
      best = i;
    }
  }
  return best;
}

/// GJK's current simplex: up to D + 1 support points of C = A - B, the
/// first n of each array in use.
template <class S, std::size_t D>
struct Simplex {
  std::array<Vec<S, D>, D + 1> y;          ///< points of A - B
  std::array<std::size_t, D + 1> ia;       ///< y[k] = a[ia[k]] - b[ib[k]]: the index into a
  std::array<std::size_t, D + 1> ib;       ///< the index into b (as ia)
  std::array<S, D + 1> lambda;             ///< barycentric coordinates of v
  std::size_t n = 0;                       ///< the number of points, 0 to D + 1
  /// Support points are identified by their index pair, so "already here"
  /// is exact and needs no tolerance.
  bool has(std::size_t i, std::size_t j) const {
    for (std::size_t k = 0; k < n; ++k)
      if (ia[k] == i && ib[k] == j) return true;
    return false;
  }
};

// |v|^2 below which v is rounding noise of the simplex's points: 4 ulps
// of the largest.
template <class S, std::size_t D>
S zero_threshold2(const Simplex<S, D>& s) {
  constexpr S eps = std::numeric_limits<S>::epsilon();
  S size2 = S(0);
  for (std::size_t k = 0; k < s.n; ++k) size2 = std::max(size2, dot(s.y[k], s.y[k]));
  return S(16) * eps * eps * size2;
}

// Johnson's sub-algorithm. Delta_j(X + j) = sum over i in X of
// Delta_i(X) (y_k - y_j).y_i (k = any fixed member of X) gives, for every
// subset X, weights proportional to the barycentric coordinates of the
// point of aff(X) nearest the origin. Subsets are bit masks, and a subset
// minus one point is a smaller mask, so one ascending pass fills the table.
// Returns v and reduces s to the chosen subset, with its lambdas.
template <class S, std::size_t D>
Vec<S, D> johnson(Simplex<S, D>& s) {
  constexpr std::size_t N = D + 1, M = std::size_t{1} << N;
  const std::size_t full = (std::size_t{1} << s.n) - 1;
  std::array<std::array<S, N>, M> delta{};
  for (std::size_t X = 1; X <= full; ++X) {
    if ((X & (X - 1)) == 0) {
      for (std::size_t i = 0; i < s.n; ++i)
        if (X >> i & 1) delta[X][i] = S(1);
      continue;
    }
    for (std::size_t j = 0; j < s.n; ++j) {
      if (!(X >> j & 1)) continue;
      const std::size_t Xj = X & ~(std::size_t{1} << j);
      std::size_t k = 0;
      while (!(Xj >> k & 1)) ++k;
      const Vec<S, D> e = sub(s.y[k], s.y[j]);  // subtract first: fewer cancellations
      S sum = S(0);
      for (std::size_t i = 0; i < s.n; ++i)
        if (Xj >> i & 1) sum += delta[Xj][i] * dot(e, s.y[i]);
      delta[X][j] = sum;
    }
  }
  // In exact arithmetic one subset passes; rounding can leave none or
  // several, so take the nearest passing one, else the nearest with
  // positive weights (every convex combination is a point of C, so the
  // nearest is never worse than any other). A full D-simplex passes with
  // nothing left to test, so rounding alone can pass a flat one, whose v
  // then lies in its plane, as far out as its nearest face's; it counts
  // only when its v is zero or far nearer than every face's, as it is when
  // it holds the origin.
  const std::size_t whole = (std::size_t{1} << N) - 1;
  std::size_t pick = 0, backup = 0;
  S pick_v2 = std::numeric_limits<S>::infinity(), backup_v2 = pick_v2, whole_v2 = pick_v2;
  for (std::size_t X = 1; X <= full; ++X) {
    S total = S(0);
    bool positive = true;
    for (std::size_t i = 0; i < s.n; ++i) {
      if (!(X >> i & 1)) continue;
      positive = positive && delta[X][i] > S(0);
      total += delta[X][i];
    }
    if (!positive) continue;
    Vec<S, D> v{};
    for (std::size_t i = 0; i < s.n; ++i)
      if (X >> i & 1)
        for (std::size_t c = 0; c < D; ++c) v[c] += delta[X][i] / total * s.y[i][c];
    const S v2 = dot(v, v);
    if (X == whole) {
      whole_v2 = v2;
      continue;
    }
    bool passes = true;
    for (std::size_t j = 0; j < s.n; ++j)
      if (!(X >> j & 1) && delta[X | (std::size_t{1} << j)][j] > S(0)) passes = false;
    if (passes && v2 < pick_v2) pick = X, pick_v2 = v2;
    if (v2 < backup_v2) backup = X, backup_v2 = v2;
  }
  if (whole_v2 <= zero_threshold2(s) || S(4) * whole_v2 < backup_v2) pick = whole;
  else if (pick == 0) pick = backup;
  S total = S(0);
  for (std::size_t i = 0; i < s.n; ++i)
    if (pick >> i & 1) total += delta[pick][i];
  Simplex<S, D> out;
  Vec<S, D> v{};
  for (std::size_t i = 0; i < s.n; ++i) {
    if (!(pick >> i & 1)) continue;
    const S l = delta[pick][i] / total;
    out.y[out.n] = s.y[i], out.ia[out.n] = s.ia[i], out.ib[out.n] = s.ib[i];
    out.lambda[out.n++] = l;
    for (std::size_t c = 0; c < D; ++c) v[c] += l * s.y[i][c];
  }
  s = out;
  return v;
}

template <class S, std::size_t D>
void witnesses(const Simplex<S, D>& s, std::span<const Vec<S, D>> a, std::span<const Vec<S, D>> b,
               GjkResult<S, D>& r) {
  r.on_a = {}, r.on_b = {};
  for (std::size_t k = 0; k < s.n; ++k)
    for (std::size_t c = 0; c < D; ++c) {
      r.on_a[c] += s.lambda[k] * a[s.ia[k]][c];
      r.on_b[c] += s.lambda[k] * b[s.ib[k]][c];
    }
}

// The GJK loop. Coarse = true is the deliberately buggy twin: it stops at
// a 1% relative gap whatever the tolerance. s is left holding the final
// simplex (for EPA).
template <class S, std::size_t D, bool Coarse>
GjkResult<S, D> gjk_run(std::span<const Vec<S, D>> a, std::span<const Vec<S, D>> b, S tolerance,
                        int max_iterations, Simplex<S, D>& s) {
  GjkResult<S, D> r{};
  s.n = 0;
  if (a.empty() || b.empty()) {
    r.distance = std::numeric_limits<S>::quiet_NaN();
    return r;
  }
  const S rel2 = Coarse ? S(1e-2) : tolerance * tolerance;
  // Any point of C starts the descent; it starts the simplex too, so that
  // |v| decreases from the first step on and a rise means rounding.
  Vec<S, D> v = sub(a[0], b[0]);
  s.y[0] = v, s.ia[0] = 0, s.ib[0] = 0, s.lambda[0] = S(1), s.n = 1;
  r.on_a = a[0], r.on_b = b[0];
  S v2 = dot(v, v);
  while (v2 > S(0)) {
    if (r.iterations >= max_iterations) {
      r.distance = std::sqrt(v2);
      return r;
    }
    ++r.iterations;
    const std::size_t i = support(a, scaled(v, S(-1))), j = support(b, v);
    const Vec<S, D> w = sub(a[i], b[j]);
    if (v2 - dot(v, w) <= rel2 * v2 || s.has(i, j)) break;
    s.y[s.n] = w, s.ia[s.n] = i, s.ib[s.n] = j, ++s.n;
    const Vec<S, D> nv = johnson(s);
    if (s.n == D + 1) {  // the simplex encloses the origin
      witnesses(s, a, b, r);
      v2 = S(0);
      break;
    }
    const S nv2 = dot(nv, nv);
    if (!(nv2 < v2)) break;  // rounding stalled the descent: keep the better v
    v = nv, v2 = nv2;
    witnesses(s, a, b, r);
    if (v2 <= zero_threshold2(s)) v2 = S(0);
  }
  r.distance = std::sqrt(v2);
  r.converged = true;
  return r;
}
}  // namespace gjk_detail

/// GJK (van den Bergen 1999/2003; RTCD 9.5): distance between the convex
/// hulls of a and b (non-empty), closest points, and whether the relative
/// rule (or a stall guard) ended it before max_iterations.
template <class S>
GjkResult<S> gjk_distance(std::span<const std::array<S, 3>> a, std::span<const std::array<S, 3>> b,
                          S tolerance = gjk_default_tolerance<S>, int max_iterations = 64) {
  gjk_detail::Simplex<S, 3> s;
  return gjk_detail::gjk_run<S, 3, false>(a, b, tolerance, max_iterations, s);
}

/// A deliberately buggy twin of gjk_distance: it stops as soon as the
/// support point cannot shrink |v| by a relative 1% (|v|^2 - v.w <=
/// 1e-2 |v|^2), ignoring `tolerance` (kept for a drop-in signature), so it
/// reports distances up to about 1% too large. It exists so that an audit
/// can be shown to see a GJK termination bug; never use it as an answer.
template <class S>
GjkResult<S> gjk_distance_no_termination_guard(std::span<const std::array<S, 3>> a,
                                               std::span<const std::array<S, 3>> b,
                                               S tolerance = gjk_default_tolerance<S>,
                                               int max_iterations = 64) {
  gjk_detail::Simplex<S, 3> s;
  return gjk_detail::gjk_run<S, 3, true>(a, b, tolerance, max_iterations, s);
}

/// Closed overlap of the rounded hulls: distance(cores) <= ra + rb, touching counts.
template <class S>
bool gjk_overlap(std::span<const std::array<S, 3>> a, std::span<const std::array<S, 3>> b, S ra,
                 S rb, S tolerance = gjk_default_tolerance<S>, int max_iterations = 64) {
  return gjk_distance<S>(a, b, tolerance, max_iterations).distance <= ra + rb;
}

/// GJK for convex polygons (hulls of 2-D point sets); as gjk_distance.
template <class S>
GjkResult<S, 2> gjk2_distance(std::span<const std::array<S, 2>> a,
                              std::span<const std::array<S, 2>> b,
                              S tolerance = gjk_default_tolerance<S>, int max_iterations = 64) {
  gjk_detail::Simplex<S, 2> s;
  return gjk_detail::gjk_run<S, 2, false>(a, b, tolerance, max_iterations, s);
}

template <class S>
bool gjk2_overlap(std::span<const std::array<S, 2>> a, std::span<const std::array<S, 2>> b, S ra,
                  S rb, S tolerance = gjk_default_tolerance<S>, int max_iterations = 64) {
  return gjk2_distance<S>(a, b, tolerance, max_iterations).distance <= ra + rb;
}

/// EPA (van den Bergen, GDC 2001): penetration depth and direction of the
/// cores of a and b, on C = A - B, seeded by GJK's enclosing simplex. A
/// simplex GJK left with fewer than 4 points (touching, or the zero test)
/// is blown up with support points in axis directions, then perpendicular
/// to its segment, then along its triangle's normal. max_iterations bounds
/// GJK and EPA separately.
template <class S>
PenetrationResult<S> epa_penetration(std::span<const std::array<S, 3>> a,
                                     std::span<const std::array<S, 3>> b,
                                     S tolerance = gjk_default_tolerance<S>,
                                     int max_iterations = 64) {
  using V = std::array<S, 3>;
  using namespace gjk_detail;
  PenetrationResult<S> res{S(0), {S(0), S(0), S(0)}, false};
  Simplex<S, 3> s;
  if (!(gjk_run<S, 3, false>(a, b, tolerance, max_iterations, s).distance == S(0))) return res;

  struct Vert {
    V w;
    std::size_t ia, ib;
  };
  const auto support_of = [&](const V& d) {
    const std::size_t i = support(a, d), j = support(b, scaled(d, S(-1)));
    return Vert{sub(a[i], b[j]), i, j};
  };
  std::vector<Vert> verts;
  for (std::size_t k = 0; k < s.n; ++k) verts.push_back({s.y[k], s.ia[k], s.ib[k]});

  // Thresholds for "affinely independent" are relative to the size of the
  // coordinates, whose rounding is what a flat C looks like.
  S scale = S(0);
  for (const auto& p : a) scale = std::max(scale, std::sqrt(dot(p, p)));
  S bmax = S(0);
  for (const auto& p : b) bmax = std::max(bmax, std::sqrt(dot(p, p)));
  const S tiny = S(8) * std::numeric_limits<S>::epsilon() * (scale + bmax);

  // Blow a degenerate simplex up to a tetrahedron: the candidate farthest
  // from the current affine hull wins.
  while (verts.size() < 4) {
    const V w0 = verts[0].w;
    std::vector<V> dirs;
    V e{}, nrm{};
    if (verts.size() == 1) {
      for (std::size_t k = 0; k < 3; ++k)
        for (S sg : {S(1), S(-1)}) {
          V d{};
          d[k] = sg;
          dirs.push_back(d);
        }
    } else if (verts.size() == 2) {
      e = sub(verts[1].w, w0);
      std::size_t k = 0;
      for (std::size_t c = 1; c < 3; ++c)
        if (std::abs(e[c]) < std::abs(e[k])) k = c;
      V ax{};
      ax[k] = S(1);
      const V u = cross(e, ax), t = cross(e, u);
      dirs = {u, scaled(u, S(-1)), t, scaled(t, S(-1))};
    } else {
      nrm = cross(sub(verts[1].w, w0), sub(verts[2].w, w0));
      dirs = {nrm, scaled(nrm, S(-1))};
    }
    Vert best{};
    S best_off = S(0);
    for (const V& d : dirs) {
      const Vert c = support_of(d);
      const V q = sub(c.w, w0);
      S off;  // distance of c from the affine hull so far
      if (verts.size() == 1) off = std::sqrt(dot(q, q));
      else if (verts.size() == 2) off = std::sqrt(dot(cross(e, q), cross(e, q)) / dot(e, e));
      else off = std::abs(dot(nrm, q)) / std::sqrt(dot(nrm, nrm));
      if (off > best_off) best_off = off, best = c;
    }
    if (!(best_off > tiny)) return res;  // C is flat: no interior to measure
    verts.push_back(best);
  }

  struct Face {
    std::array<std::size_t, 3> v;
    V n;
    S d;  // distance of the face's plane from the origin (+inf when degenerate)
    bool alive;
  };
  std::vector<Face> faces;
  const auto add_face = [&](std::size_t i, std::size_t j, std::size_t k) {
    Face f{{i, j, k}, cross(sub(verts[j].w, verts[i].w), sub(verts[k].w, verts[i].w)),
           std::numeric_limits<S>::infinity(), true};
    const S len = std::sqrt(dot(f.n, f.n));
    if (len > S(0)) f.n = scaled(f.n, S(1) / len), f.d = dot(f.n, verts[i].w);
    faces.push_back(f);
  };
  {
    const V& p0 = verts[0].w;
    if (dot(cross(sub(verts[1].w, p0), sub(verts[2].w, p0)), sub(verts[3].w, p0)) > S(0))
      std::swap(verts[1], verts[2]);  // outward normals by the right-hand rule
    add_face(0, 1, 2), add_face(0, 3, 1), add_face(0, 2, 3), add_face(1, 3, 2);
  }
  const auto nearest = [&]() {
    std::size_t best = faces.size();
    for (std::size_t f = 0; f < faces.size(); ++f)
      if (faces[f].alive && (best == faces.size() || faces[f].d < faces[best].d)) best = f;
    return best;
  };
  const S tol2 = tolerance * tolerance;
  for (int it = 0; it < max_iterations; ++it) {
    const std::size_t fi = nearest();
    if (fi == faces.size() || !(faces[fi].d < std::numeric_limits<S>::infinity())) return res;
    const Face f = faces[fi];
    const Vert c = support_of(f.n);
    const S wd = dot(f.n, c.w);
    bool known = false;
    for (const Vert& p : verts) known = known || (p.ia == c.ia && p.ib == c.ib);
    // f.d <= depth <= n.w, because the polytope lies inside C and w is on it.
    if (wd - f.d <= tol2 * std::abs(wd) || known) {
      res = {std::max(f.d, S(0)), f.n, true};
      return res;
    }
    verts.push_back(c);
    const std::size_t nv = verts.size() - 1;
    // Faces that see w go; their boundary (edges not shared by two dying
    // faces, the shared ones cancelling as opposite directed edges) is the
    // horizon, which keeps its orientation in the new faces.
    std::vector<std::pair<std::size_t, std::size_t>> horizon;
    for (Face& g : faces) {
      if (!g.alive || !(dot(g.n, sub(c.w, verts[g.v[0]].w)) > S(0))) continue;
      g.alive = false;
      for (std::size_t k = 0; k < 3; ++k) {
        const std::size_t p = g.v[k], q = g.v[(k + 1) % 3];
        const auto rev = std::find(horizon.begin(), horizon.end(), std::pair{q, p});
        if (rev != horizon.end()) horizon.erase(rev);
        else horizon.emplace_back(p, q);
      }
    }
    for (const auto& [p, q] : horizon) add_face(p, q, nv);
  }
  // Out of iterations: report the best lower bound, marked invalid.
  if (const std::size_t fi = nearest(); fi != faces.size() && faces[fi].d < std::numeric_limits<S>::infinity())
    res.depth = std::max(faces[fi].d, S(0)), res.normal = faces[fi].n;
  return res;
}

}  // namespace exactgeom::reference
