// The penetration of two convex cores that meet, and the contact facts of
// any two cores (detail/convex_core.hpp), exactly.
//
// The definition (docs/queries.md, "Penetration"): P = min over unit u of
//   h(u) = max(a.u, a in A) - min(b.u, b in B),
// the support function of M = A - B (A the core of x, B of y), which
// contains the origin when the cores meet. Why the minimum is a facet of M,
// and why trying more directions cannot undercut it:
//  - For every unit u, h(u) >= P*, the distance from the origin to M's
//    boundary: the ball of radius P* about the origin lies in M, so M
//    reaches at least P* in every direction. So no candidate, facet or not,
//    gives less than P*.
//  - The point of M's boundary nearest the origin lies on a facet F, and
//    then the unit outward normal u_F has h(u_F) = P* (the ball touches F's
//    plane there). So P = P*, attained at a facet normal.
//  - If h(u) = P for a unit u, the ball of radius P touches the plane
//    {x : x.u = P} at P u, a boundary point of M; every facet through P u
//    has the ball on its inner side and touches it there, so its normal is
//    u. Hence the directions attaining P are exactly the normals of the
//    facets at distance P: one such direction is the answer, two or more
//    (distinct) are a tie.
// The facets of the Minkowski sum A + (-B) have normals among: A's facet
// normals, -B's facet normals (minus B's), and the cross products of an
// edge of A with an edge of B (a facet spanned by two non-parallel edges;
// van den Bergen 2001, ch. 4; Ericson 5.5). So P is the least h(u)/|u| over
// those, with the support computed over the vertices, in integers. An edge
// pair gives a facet only where the arcs its edges trace on the Gauss map
// cross (Gregorius, "The Separating Axis Test between Convex Polyhedra",
// GDC 2013); pairs whose arcs certainly do not cross are skipped, every
// other pair is tried (a wrong candidate costs time, never the answer).
// When M has no interior (the edge directions of A and B span less than
// the space), P = 0 and every direction normal to M's span ties.
//
// In 2-D the facets of M are edges: the edge normals of A and of -B.
#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

#include "engine.hpp"
#include "exactgeom/contact.hpp"
#include "exactgeom/detail/hull.hpp"

namespace exactgeom::detail::cvx {

namespace {

/// A polytope's facet normals (outward, integer) and edges (endpoints and
/// the facets on either side, -1 where there is none).
template <int D>
struct Shape {
  int hdim = 0;
  std::vector<V<D>> normals;
  struct Edge {
    std::uint32_t a, b;
    int f1 = -1, f2 = -1;
  };
  std::vector<Edge> edges;
};

Shape<3> shape3(const IntCore<3>& c) {
  Shape<3> s;
  int hdim = c.hull_dim;
  std::vector<std::vector<std::uint32_t>> facets = c.facets;
  std::vector<std::uint32_t> corners;
  if (hdim < 0) {
    std::vector<Point3<Z>> p;
    for (const auto& v : c.v) p.push_back({v[0], v[1], v[2]});
    const hull::Hull3 h = hull::hull3(std::span<const Point3<Z>>(p));
    hdim = h.dim;
    facets = h.facets;
    corners = h.corners;
  } else {
    for (std::uint32_t i = 0; i < c.v.size(); ++i) corners.push_back(i);
  }
  s.hdim = hdim;
  if (hdim == 1) {
    // The segment between the two extreme points.
    s.edges.push_back({corners.front(), corners.back()});
    if (corners.size() != 2) {
      // Given as a point list: take the lexicographic extremes.
      auto less = [&](std::uint32_t i, std::uint32_t j) {
        return std::lexicographical_compare(c.v[i].begin(), c.v[i].end(), c.v[j].begin(), c.v[j].end());
      };
      const auto [lo, hi] = std::minmax_element(corners.begin(), corners.end(), less);
      s.edges.back() = {*lo, *hi};
    }
    return s;
  }
  if (hdim < 2) return s;
  for (const auto& f : facets) {
    const V<3> n = cross(sub(c.v[f[1]], c.v[f[0]]), sub(c.v[f[2]], c.v[f[1]]));
    s.normals.push_back(n);
  }
  if (hdim == 2) {
    s.normals.push_back(neg<3>(s.normals[0]));  // the flat core's other side
    const auto& f = facets[0];
    for (std::size_t k = 0; k < f.size(); ++k) s.edges.push_back({f[k], f[(k + 1) % f.size()], 0, 1});
    return s;
  }
  std::map<std::pair<std::uint32_t, std::uint32_t>, int> owner;
  for (std::size_t i = 0; i < facets.size(); ++i)
    for (std::size_t k = 0; k < facets[i].size(); ++k)
      owner[{facets[i][k], facets[i][(k + 1) % facets[i].size()]}] = static_cast<int>(i);
  for (const auto& [e, f] : owner) {
    if (e.first > e.second) continue;  // each edge once
    const auto twin = owner.find({e.second, e.first});
    s.edges.push_back({e.first, e.second, f, twin == owner.end() ? -1 : twin->second});
  }
  return s;
}

Shape<2> shape2(const IntCore<2>& c) {
  Shape<2> s;
  std::vector<std::uint32_t> cyc;
  if (c.hull_dim >= 0) {
    for (std::uint32_t i = 0; i < c.v.size(); ++i) cyc.push_back(i);
  } else {
    std::vector<Point2<Z>> p;
    for (const auto& v : c.v) p.push_back({v[0], v[1]});
    cyc = hull::hull2(std::span<const Point2<Z>>(p));
  }
  s.hdim = cyc.size() >= 3 ? 2 : static_cast<int>(cyc.size()) - 1;
  if (s.hdim == 0) return s;
  const std::size_t m = cyc.size();
  for (std::size_t k = 0; k < (m == 2 ? 2 : m); ++k) {
    // Counterclockwise: the outward normal of edge u -> w is (dy, -dx). A
    // segment (m = 2) is the two-sided polygon u -> w -> u.
    const std::uint32_t u = cyc[k], w = cyc[(k + 1) % m];
    const V<2> d = sub(c.v[w], c.v[u]);
    s.normals.push_back({d[1], Z(-d[0])});
    s.edges.push_back({u, w, static_cast<int>(k), -1});
  }
  return s;
}

template <int D>
Z support_gap(const V<D>& u, const std::vector<V<D>>& A, const std::vector<V<D>>& B) {
  Z hi, lo, t;
  dot_into<D>(hi, u, A[0]);
  for (std::size_t i = 1; i < A.size(); ++i) {
    dot_into<D>(t, u, A[i]);
    if (t > hi) hi = t;
  }
  dot_into<D>(lo, u, B[0]);
  for (std::size_t i = 1; i < B.size(); ++i) {
    dot_into<D>(t, u, B[i]);
    if (t < lo) lo = t;
  }
  return Z(hi - lo);
}

/// The least h(u)/|u| over candidates, and the distinct directions that
/// attain it.
template <int D>
struct Best {
  bool have = false;
  Z h, u2;  // h(u) and |u|^2 of the best
  std::vector<V<D>> dirs;
  void offer(const V<D>& u, const std::vector<V<D>>& A, const std::vector<V<D>>& B) {
    if (is_zero<D>(u)) return;
    const Z h_u = support_gap<D>(u, A, B);
    if (sgn(h_u) < 0) throw std::logic_error("exactgeom: penetration asked of cores that do not meet");
    const Z uu = dot<D>(u, u);
    if (!have) {
      have = true, h = h_u, u2 = uu, dirs = {u};
      return;
    }
    // Compare h_u / |u| with h / |best|: squares, both sides >= 0.
    const Z lhs = h_u * h_u * u2, rhs = h * h * uu;
    if (lhs < rhs) {
      h = h_u, u2 = uu, dirs = {u};
    } else if (lhs == rhs) {
      for (const V<D>& d : dirs)
        if (same_direction<D>(d, u)) return;
      dirs.push_back(u);
    }
  }
};

/// Which of u and -u lies in the cone {s na + t nb : s, t >= 0} of an
/// edge's two facet normals (+1: u, -1: -u, 0: neither, or not decided).
/// u, na and nb are all orthogonal to the edge direction e, so in the plane
/// orthogonal to e the cone is the arc from na to nb (shorter than a half
/// turn: adjacent facets of a solid are never parallel), and w lies in it
/// iff turning from na to w and from w to nb goes the way from na to nb
/// does: the signs of (na x w).e and (w x nb).e are both that of
/// (na x nb).e (or zero). The normals are integer vectors of any lengths,
/// so no test on na + nb (the bisector only of unit normals) may stand in
/// for this one: a long na and a short nb put the whole arc near nb on the
/// far side of na + nb. (That was the wrong depth of issue 43: u taken on
/// the wrong side, the true facet never offered.)
int arc_side(const V<3>& na, const V<3>& nb, const V<3>& e, const V<3>& u) {
  const int s0 = sgn(dot<3>(cross(na, nb), e));
  if (s0 == 0) return 0;
  const int s1 = sgn(dot<3>(cross(na, u), e)), s2 = sgn(dot<3>(cross(u, nb), e));
  if (s1 != -s0 && s2 != -s0) return 1;   // u in the cone (possibly on a bounding ray)
  if (s1 != s0 && s2 != s0) return -1;    // -u: both signs flip
  return 0;
}

/// The directions of the edges span the whole space.
bool spans3(const std::vector<V<3>>& dirs) {
  std::vector<V<3>> basis;
  for (const V<3>& d : dirs) {
    if (is_zero<3>(d)) continue;
    if (basis.empty()) {
      basis.push_back(d);
    } else if (basis.size() == 1) {
      if (!is_zero<3>(cross(basis[0], d))) basis.push_back(d);
    } else if (sgn(det3(basis[0], basis[1], d)) != 0) {
      return true;
    }
  }
  return false;
}

Penetration penetration3(const Scaled<3>& s) {
  const Shape<3> a = shape3(s.x), b = shape3(s.y);
  std::vector<V<3>> dirs;
  for (const auto& e : a.edges) dirs.push_back(sub(s.x.v[e.b], s.x.v[e.a]));
  for (const auto& e : b.edges) dirs.push_back(sub(s.y.v[e.b], s.y.v[e.a]));
  Penetration out;
  if (!spans3(dirs)) return out;  // M has no interior: P = 0, directions tie
  out.interior = true;
  const auto& A = s.x.v;
  const auto& B = s.y.v;
  Best<3> best;
  for (const V<3>& n : a.normals) best.offer(n, A, B);
  for (const V<3>& n : b.normals) best.offer(neg<3>(n), A, B);
  for (const auto& ea : a.edges) {
    const V<3> da = sub(A[ea.b], A[ea.a]);
    for (const auto& eb : b.edges) {
      const V<3> db = sub(B[eb.b], B[eb.a]);
      const V<3> u = cross(da, db);
      if (is_zero<3>(u)) continue;  // parallel edges span no facet
      bool pruned = false;
      if (ea.f1 >= 0 && ea.f2 >= 0 && eb.f1 >= 0 && eb.f2 >= 0) {
        // Arcs a->b (A's facet normals at ea) and c->d (-B's at eb) on the
        // Gauss map cross iff these signs say so; any zero keeps the pair.
        const V<3>& na = a.normals[static_cast<std::size_t>(ea.f1)];
        const V<3>& nb = a.normals[static_cast<std::size_t>(ea.f2)];
        const V<3> nc = neg<3>(b.normals[static_cast<std::size_t>(eb.f1)]);
        const V<3> nd = neg<3>(b.normals[static_cast<std::size_t>(eb.f2)]);
        const V<3> ba = cross(nb, na), dc = cross(nd, nc);
        const int cba = sgn(dot<3>(nc, ba)), dba = sgn(dot<3>(nd, ba));
        const int adc = sgn(dot<3>(na, dc)), bdc = sgn(dot<3>(nb, dc));
        if (cba != 0 && dba != 0 && adc != 0 && bdc != 0)
          pruned = !(cba * dba < 0 && adc * bdc < 0 && cba * bdc > 0);
      }
      if (pruned) continue;
      // The facet's outward normal lies on A's arc: u or -u, whichever lies
      // in the cone of A's two facet normals at the edge; both where
      // neither does or A's edge has no two facets.
      int side = 0;
      if (ea.f1 >= 0 && ea.f2 >= 0)
        side = arc_side(a.normals[static_cast<std::size_t>(ea.f1)], a.normals[static_cast<std::size_t>(ea.f2)], da, u);
      if (side >= 0) best.offer(u, A, B);
      if (side <= 0) best.offer(neg<3>(u), A, B);
    }
  }
  out.p2 = mpq_class(Z(best.h * best.h), Z(best.u2 * s.L * s.L));
  out.p2.canonicalize();
  if (best.dirs.size() == 1)
    for (const Z& k : best.dirs[0]) out.n.emplace_back(k);
  else
    for (const V<3>& d : best.dirs) out.ties.emplace_back(d.begin(), d.end());
  return out;
}

Penetration penetration2(const Scaled<2>& s) {
  const Shape<2> a = shape2(s.x), b = shape2(s.y);
  std::vector<V<2>> dirs;
  for (const auto& e : a.edges) dirs.push_back(sub(s.x.v[e.b], s.x.v[e.a]));
  for (const auto& e : b.edges) dirs.push_back(sub(s.y.v[e.b], s.y.v[e.a]));
  bool spans = false;
  for (std::size_t i = 0; i < dirs.size() && !spans; ++i)
    for (std::size_t j = i + 1; j < dirs.size() && !spans; ++j) spans = sgn(cross2(dirs[i], dirs[j])) != 0;
  Penetration out;
  if (!spans) return out;
  out.interior = true;
  Best<2> best;
  for (const V<2>& n : a.normals) best.offer(n, s.x.v, s.y.v);
  for (const V<2>& n : b.normals) best.offer(neg<2>(n), s.x.v, s.y.v);
  out.p2 = mpq_class(Z(best.h * best.h), Z(best.u2 * s.L * s.L));
  out.p2.canonicalize();
  if (best.dirs.size() == 1)
    for (const Z& k : best.dirs[0]) out.n.emplace_back(k);
  else
    for (const V<2>& d : best.dirs) out.ties.emplace_back(d.begin(), d.end());
  return out;
}

}  // namespace

namespace {
/// The exit distance along n (see core_exit) in the scaled integers: the
/// least h(u) / (u . n) over the facet-normal candidates u with u . n > 0
/// (every candidate's half-space contains M, and M's facets are among
/// them), as num / den; false when no candidate faces n.
template <int D>
bool exit_scaled(const Shape<D>& a, const Shape<D>& b, const std::vector<V<D>>& A, const std::vector<V<D>>& B,
                 const V<D>& n, Z& num, Z& den) {
  bool have = false;
  auto offer = [&](const V<D>& u) {
    const Z un = dot<D>(u, n);
    if (sgn(un) <= 0) return;
    const Z h = support_gap<D>(u, A, B);
    if (!have || h * den < num * un) num = h, den = un, have = true;
  };
  for (const V<D>& u : a.normals) offer(u);
  for (const V<D>& u : b.normals) offer(neg<D>(u));
  if constexpr (D == 3) {
    for (const auto& ea : a.edges)
      for (const auto& eb : b.edges) {
        const V<3> u = cross(sub(A[ea.b], A[ea.a]), sub(B[eb.b], B[eb.a]));
        if (is_zero<3>(u)) continue;
        offer(u), offer(neg<3>(u));
      }
  }
  return have;
}
}  // namespace

std::optional<mpq_class> core_exit(const Core& x, const Core& y, const std::vector<mpq_class>& n) {
  if (x.dim != y.dim || n.size() != static_cast<std::size_t>(x.dim))
    throw invalid_input("core_exit: cores and direction of different dimensions");
  if (sgn(x.r) != 0 || sgn(y.r) != 0) return std::nullopt;
  Z k = 1;  // n scaled to integers: n' = k n
  for (const mpq_class& c : n) mpz_lcm(k.get_mpz_t(), k.get_mpz_t(), c.get_den_mpz_t());
  Z num, den;
  bool have = false;
  Z L;
  if (x.dim == 2) {
    const Scaled<2> s = scale<2>(x, y);
    V<2> ni;
    for (int i = 0; i < 2; ++i) ni[i] = Z(n[static_cast<std::size_t>(i)] * k);
    have = exit_scaled<2>(shape2(s.x), shape2(s.y), s.x.v, s.y.v, ni, num, den);
    L = s.L;
  } else {
    const Scaled<3> s = scale<3>(x, y);
    V<3> ni;
    for (int i = 0; i < 3; ++i) ni[i] = Z(n[static_cast<std::size_t>(i)] * k);
    have = exit_scaled<3>(shape3(s.x), shape3(s.y), s.x.v, s.y.v, ni, num, den);
    L = s.L;
  }
  if (!have) return std::nullopt;
  mpq_class t(Z(num * k), Z(den * L));  // along n' by num / (den L); n' = k n
  t.canonicalize();
  return t;
}

Penetration core_penetration(const Core& x, const Core& y) {
  if (x.dim != y.dim) throw invalid_input("convex cores of different dimensions");
  if (x.dim == 2) return penetration2(scale<2>(x, y));
  return penetration3(scale<3>(x, y));
}

ContactFacts core_contact(const Core& x, const Core& y, Pair pair) {
  ContactFacts f;
  f.sep = core_distance(x, y, pair);
  f.R = x.r + y.r;
  const mpq_class R2 = f.R * f.R;
  f.closed = f.sep.dist2 <= R2;
  f.open = f.sep.dist2 < R2;
  // R - dist; exactly 0 when touching (dist2 = R^2 with R >= 0: resting
  // contact, where the rounding walk's exact comparisons were a tenth of the
  // mesh contact's cost).
  const double g = sgn(f.R) >= 0 && f.sep.dist2 == R2 ? 0.0 : round_depth(f.R, f.sep.dist2);
  f.gap = g == 0 ? 0.0 : -g;
  auto unit = [](const std::vector<mpq_class>& w, const mpq_class& w2) {
    std::vector<double> u;
    for (const mpq_class& k : w) u.push_back(round_unit_component(k, w2));
    return u;
  };
  if (sgn(f.sep.dist2) > 0) {
    const std::vector<mpq_class>& w = f.sep.w;
    f.normal = unit(w, f.sep.dist2);
    if (f.open) {  // disjoint cores, overlapping shapes: the depth is R - dist, along the normal
      f.depth = g;
      f.depth_normal = f.normal;
      f.depth_dir = w;
    }
    return f;
  }
  const Penetration p = core_penetration(x, y);
  f.p2 = p.p2;
  f.depth = round_sum_sqrt(f.R, p.p2);
  const bool positive = sgn(f.R) > 0 || sgn(p.p2) > 0;
  f.open = positive;  // depth > 0: two solids of radius 0 that interpenetrate overlap
  if (positive && !p.n.empty()) {
    mpq_class n2 = 0;
    for (const mpq_class& k : p.n) n2 += k * k;
    f.depth_normal = unit(p.n, n2);
    f.depth_dir = p.n;
  }
  return f;
}

}  // namespace exactgeom::detail::cvx
