// src/mesh/mesh_union.cpp: every question of a convex shape against a mesh,
// height field or chain (detail/mesh_core.hpp), answered piece by piece by
// the convex engine (src/convex/) and combined with the union semantics of
// docs/queries.md ("Meshes and chains"). The tree (src/mesh/mesh_tree.cpp)
// hands each question the pieces whose boxes meet its box; why that prunes
// no meeting piece is written there.
#include "exactgeom/detail/mesh_core.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

#include "exactgeom/contact.hpp"
#include "exactgeom/detail/convex_filter.hpp"
#include "exactgeom/detail/vec.hpp"

namespace exactgeom {
namespace detail::mesh {

using Q = mpq_class;
using V3 = std::array<Q, 3>;

// The union questions.
namespace {

/// True when the double filter certifies the shape and piece apart (dist > R).
bool certainly_apart(const cvx::DoubleCore& a, const Core& piece) {
  if (!a.ok) return false;
  const cvx::DoubleCore b = cvx::rounded_core(piece);
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
  const std::vector<Q>& w = n.sep.w;
  for (const auto& [k, d] : seen)
    if (d.dist2 == best && d.w != w) n.unique_direction = false;
  return n;
}

}  // namespace

UnionSeparation union_distance(const Core& shape, const Surface& s, bool surface_is_x) {
  Nearest n = nearest_piece(shape, s, surface_is_x);
  return UnionSeparation{std::move(n.sep), n.piece};
}

bool union_meets(const Core& shape, const Surface& s, bool strict) {
  if (s.pieces() == 0) throw invalid_input("a mesh, height field or chain without pieces");
  const cvx::DoubleCore dv = cvx::rounded_core(shape);
  for (std::uint32_t k : sorted_candidates(s, core_box(shape, shape.r))) {
    const Piece p = s.piece(k);
    if (certainly_apart(dv, p.core)) continue;
    const Q R = shape.r + p.core.r;
    const cvx::Separation d = cvx::core_distance(shape, p.core, cvx::Pair::any);  // dist2 alone is read
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
  const cvx::DoubleCore dv = candidates ? cvx::DoubleCore{} : cvx::rounded_core(shape);
  u.pieces.reserve(own.size());  // no copies of the pieces' rationals as it grows
  for (std::uint32_t k : own) {
    const Piece p = s.piece(k);
    if (!candidates && certainly_apart(dv, p.core)) continue;  // a caller's list is already filtered
    PieceFacts pf;
    pf.piece = k;
    // Pair::any: only dist2 and q - p of a piece's separation reach the
    // union's answer (closest_feature reads n = q - p alone).
    pf.f = surface_is_x ? cvx::core_contact(p.core, shape, cvx::Pair::any)
                        : cvx::core_contact(shape, p.core, cvx::Pair::any);
    if (!pf.f.closed) continue;
    if (with_features && sgn(pf.f.sep.dist2) > 0) {
      // n = the shape's closest point minus the piece's: q - p when the
      // surface is x, p - q when it is y.
      if (surface_is_x) {
        pf.feature = closest_feature(p, shape, pf.f.sep.w);
      } else {
        std::vector<Q> n = pf.f.sep.w;
        for (Q& c : n) c = -c;
        pf.feature = closest_feature(p, shape, n);
      }
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
    if (sgn(u.dist2) > 0 && n.unique_direction) u.normal = unit_of(n.sep.w, u.dist2);
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
    const std::vector<Q>& w = least->f.sep.w;
    bool agree = true;
    for (const PieceFacts& p : u.pieces)
      if (p.f.sep.dist2 == u.dist2 && p.f.sep.w != w) agree = false;
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

}  // namespace detail::mesh
}  // namespace exactgeom
