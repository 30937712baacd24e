// exactgeom/reference/ccd.hpp: the float continuous collision of moving
// primitives that simulators ship, in F = float or double, measured against
// the exact answer of exactgeom/ccd.hpp (exactgeom/audit/ccd.hpp, `exactgeom
// report`). Points [v, f0, f1, f2] (vertex-face) or [a0, a1, b0, b1]
// (edge-edge) at the start and at the end of the step, each moving linearly.
//
// Sources, written here from the published algorithms:
//  - cubic_ccd_*: X. Provot, "Collision and self-collision handling in cloth
//    model dedicated to design garments" (Graphics Interface 1997) and R.
//    Bridson, R. Fedkiw and J. Anderson, "Robust Treatment of Collisions,
//    Contact and Friction for Cloth Animation" (SIGGRAPH 2002), section 6.4:
//    the times at which the four points are coplanar are the roots of a
//    cubic in t (the coefficients in double); each root in [0, 1], earliest
//    first, is checked by the proximity test at that time (the closest
//    points within ms plus an inclusion tolerance `eta`). Roots are isolated
//    between the cubic's critical points and found by bisection. It keeps
//    the method's known failures on purpose: a rounded coefficient or root
//    misses grazing and exactly touching contacts (false negatives), the
//    tolerance reports near misses (false positives), and primitives
//    coplanar for the whole step (the cubic identically zero) are judged at
//    t = 0 only.
//  - additive_ccd_*: M. Li, D. M. Kaufman and C. Jiang, "Codimensional
//    Incremental Potential Contact" (ACM TOG 40(4), 2021), Algorithm 1
//    (additive CCD): conservative advancement -- the displacements made
//    relative to their mean, l_p a bound on the distance's rate of change,
//    steps of (1 - s) then 0.9 times the current gap over l_p, stopping when
//    the gap has shrunk to s of its start. Conservative by design: its time
//    is before the exact one (never after, but for rounding), and a pair
//    that comes within the stop gap reports a hit (false positives near
//    misses). s = 0.1 as in the paper; an iteration cap as implementations
//    have (returned as a hit at the time reached).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <vector>

#include "exactgeom/geometry.hpp"
#include "exactgeom/reference/ericson.hpp"
#include "exactgeom/reference/mesh_contacts.hpp"

namespace exactgeom::reference {

/// Four points of a primitive pair at one end of the step.
template <class F>
using CcdPoints = std::array<MeshVec<F>, 4>;

namespace ccd_detail {
using mesh_contacts_detail::axpy;
using mesh_contacts_detail::cross;
using mesh_contacts_detail::dot;
using mesh_contacts_detail::sub;

template <class F>
F det(const MeshVec<F>& a, const MeshVec<F>& b, const MeshVec<F>& c) {
  return dot(a, cross(b, c));
}

/// The points at time t, in F.
template <class F>
CcdPoints<F> at(const CcdPoints<F>& t0, const CcdPoints<F>& t1, F t) {
  CcdPoints<F> p;
  for (std::size_t i = 0; i < 4; ++i) p[i] = axpy(t0[i], t, sub(t1[i], t0[i]));
  return p;
}

/// The squared distance between the primitives (the vertex and the closed
/// triangle, or the two closed segments), in F.
template <class F>
F distance2(const CcdPoints<F>& p, bool vertex_face) {
  if (vertex_face) {
    int region = 0;
    const MeshVec<F> q = mesh_contacts_detail::closest_point(p[0], p[1], p[2], p[3], region);
    const MeshVec<F> d = sub(p[0], q);
    return dot(d, d);
  }
  auto pt = [&](std::size_t i) { return Point3<F>{p[i][0], p[i][1], p[i][2]}; };
  return ClosestPtSegmentSegment<F, Point3>(pt(0), pt(1), pt(2), pt(3)).dist2;
}

/// The coplanarity cubic's coefficients d0 + d1 t + d2 t^2 + d3 t^3 (the
/// determinant of three vectors x0 + t v).
template <class F>
std::array<F, 4> cubic(const CcdPoints<F>& t0, const CcdPoints<F>& t1, bool vertex_face) {
  // vertex-face: b - a, c - a, p - a; edge-edge: a1 - a0, b0 - a0, b1 - a0.
  const std::size_t o = vertex_face ? 1 : 0;
  const std::array<std::size_t, 3> idx = vertex_face ? std::array<std::size_t, 3>{2, 3, 0} : std::array<std::size_t, 3>{1, 2, 3};
  std::array<MeshVec<F>, 3> x0, v;
  for (std::size_t k = 0; k < 3; ++k) {
    x0[k] = sub(t0[idx[k]], t0[o]);
    v[k] = sub(sub(t1[idx[k]], t1[o]), x0[k]);
  }
  return {det(x0[0], x0[1], x0[2]), det(v[0], x0[1], x0[2]) + det(x0[0], v[1], x0[2]) + det(x0[0], x0[1], v[2]),
          det(x0[0], v[1], v[2]) + det(v[0], x0[1], v[2]) + det(v[0], v[1], x0[2]), det(v[0], v[1], v[2])};
}

template <class F>
F eval(const std::array<F, 4>& c, F t) {
  return ((c[3] * t + c[2]) * t + c[1]) * t + c[0];
}

/// The roots of the cubic in [0, 1], increasing: [0, 1] split at the
/// derivative's roots, bisection where the sign changes (or the value is 0).
template <class F>
std::vector<F> roots(const std::array<F, 4>& c) {
  std::vector<F> cuts{F(0)};
  // 3 c3 t^2 + 2 c2 t + c1 = 0.
  const F qa = 3 * c[3], qb = 2 * c[2], qc = c[1];
  if (qa != F(0)) {
    const F disc = qb * qb - 4 * qa * qc;
    if (disc >= F(0)) {
      const F r = std::sqrt(disc);
      for (F t : {(-qb - r) / (2 * qa), (-qb + r) / (2 * qa)})
        if (t > F(0) && t < F(1)) cuts.push_back(t);
    }
  } else if (qb != F(0)) {
    const F t = -qc / qb;
    if (t > F(0) && t < F(1)) cuts.push_back(t);
  }
  cuts.push_back(F(1));
  std::sort(cuts.begin(), cuts.end());
  std::vector<F> out;
  for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
    F lo = cuts[i], hi = cuts[i + 1];
    F flo = eval(c, lo), fhi = eval(c, hi);
    if (flo == F(0)) {
      if (out.empty() || out.back() != lo) out.push_back(lo);
      continue;
    }
    if (fhi == F(0)) {
      out.push_back(hi);
      continue;
    }
    if ((flo < F(0)) == (fhi < F(0))) continue;
    for (int k = 0; k < 80; ++k) {
      const F m = (lo + hi) / 2;
      if (m <= lo || m >= hi) break;
      const F fm = eval(c, m);
      if ((fm < F(0)) == (flo < F(0))) lo = m, flo = fm;
      else hi = m;
    }
    out.push_back(lo);
  }
  return out;
}

template <class F>
std::optional<F> cubic_ccd(const CcdPoints<F>& t0, const CcdPoints<F>& t1, F ms, F eta, bool vertex_face) {
  const F within = (ms + eta) * (ms + eta);
  const std::array<F, 4> c = cubic(t0, t1, vertex_face);
  if (c[0] == F(0) && c[1] == F(0) && c[2] == F(0) && c[3] == F(0))  // coplanar all along: judged at t = 0
    return distance2(t0, vertex_face) <= within ? std::optional<F>(F(0)) : std::nullopt;
  for (F t : roots(c))
    if (distance2(at(t0, t1, t), vertex_face) <= within) return t;
  return std::nullopt;
}

template <class F>
std::optional<F> additive_ccd(const CcdPoints<F>& t0, const CcdPoints<F>& t1, F ms, F s, int max_iterations,
                              bool vertex_face) {
  CcdPoints<F> x = t0, p;
  MeshVec<F> mean{F(0), F(0), F(0)};
  for (std::size_t i = 0; i < 4; ++i) {
    p[i] = sub(t1[i], t0[i]);
    for (std::size_t k = 0; k < 3; ++k) mean[k] += p[i][k] / F(4);
  }
  for (auto& q : p) q = sub(q, mean);
  auto len = [](const MeshVec<F>& a) { return std::sqrt(dot(a, a)); };
  const F lp = vertex_face ? len(p[0]) + std::max({len(p[1]), len(p[2]), len(p[3])})
                           : std::max(len(p[0]), len(p[1])) + std::max(len(p[2]), len(p[3]));
  F d2 = distance2(x, vertex_face);
  if (d2 <= ms * ms) return F(0);
  if (lp == F(0)) return std::nullopt;
  // The gap d - ms, written as the paper does (accurate near ms); 0 at d = ms = 0.
  auto gap = [ms](F dsq) {
    const F den = std::sqrt(dsq) + ms;
    return den > F(0) ? (dsq - ms * ms) / den : F(0);
  };
  const F g = s * gap(d2);
  F t = 0, tl = (1 - s) * gap(d2) / lp;
  for (int it = 0; it < max_iterations; ++it) {
    for (std::size_t i = 0; i < 4; ++i) x[i] = axpy(x[i], tl, p[i]);
    d2 = distance2(x, vertex_face);
    if (t > F(0) && gap(d2) < g) return t;
    t += tl;
    if (t > F(1)) return std::nullopt;
    tl = F(0.9) * gap(d2) / lp;
  }
  return t;  // the iteration cap: a hit at the time reached (conservative)
}
}  // namespace ccd_detail

/// Provot's and Bridson et al.'s cubic-root CCD of a vertex and a triangle:
/// the first coplanar time in [0, 1] at which the closest points are within
/// ms + eta, or none (see the top of the file).
template <class F>
std::optional<F> cubic_ccd_vertex_face(const CcdPoints<F>& t0, const CcdPoints<F>& t1, F ms = F(0), F eta = F(1e-6)) {
  return ccd_detail::cubic_ccd(t0, t1, ms, eta, true);
}
/// The same for two edges.
template <class F>
std::optional<F> cubic_ccd_edge_edge(const CcdPoints<F>& t0, const CcdPoints<F>& t1, F ms = F(0), F eta = F(1e-6)) {
  return ccd_detail::cubic_ccd(t0, t1, ms, eta, false);
}
/// Li, Kaufman and Jiang's additive CCD (conservative advancement) of a
/// vertex and a triangle, to within s of the starting gap.
template <class F>
std::optional<F> additive_ccd_vertex_face(const CcdPoints<F>& t0, const CcdPoints<F>& t1, F ms = F(0), F s = F(0.1),
                                          int max_iterations = 1000000) {
  return ccd_detail::additive_ccd(t0, t1, ms, s, max_iterations, true);
}
/// The same for two edges.
template <class F>
std::optional<F> additive_ccd_edge_edge(const CcdPoints<F>& t0, const CcdPoints<F>& t1, F ms = F(0), F s = F(0.1),
                                        int max_iterations = 1000000) {
  return ccd_detail::additive_ccd(t0, t1, ms, s, max_iterations, false);
}

}  // namespace exactgeom::reference
