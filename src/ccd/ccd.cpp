// src/ccd/ccd.cpp: continuous collision of moving primitives (exactgeom/
// ccd.hpp), exactly: the conditions as signs of polynomials in t, their
// roots as exact real algebraic numbers (src/algebraic/), and a double
// filter in front (ccd_filter.cpp).
//
// The set S of t in [0, 1] where the primitives are within ms is closed and
// described by a formula over signs of polynomials g_i(t) (below, per
// kind). Between two consecutive roots of the g_i every sign is constant, so
// the least element of S is t = 0 or a root of some g_i: the candidates,
// checked in increasing order (the least-element argument of Wang et al.'s
// exact root finders and of Brochu, Edwards and Bridson, SIGGRAPH 2012, here
// without parity: every root is visited, so a double root counts). With
// ms = 0 every disjunct requires the four points to be coplanar, so when the
// coplanarity cubic is not identically zero its roots are the only
// candidates; only primitives coplanar for the whole step need the others.
//
// The formulas. p(t) in the closed segment [u, w]:
//   cross(p - u, p - w) = 0 and (p - u).(p - w) <= 0
// (also right for u = w: then p = u). Vertex p against triangle (a, b, c),
// n = (b - a) x (c - a), ms = 0:
//   [orient = 0, n.((b-a) x (p-a)) > 0, n.((c-b) x (p-b)) > 0, n.((a-c) x (p-c)) > 0]
//   or p in [a, b] or p in [b, c] or p in [c, a]
// (the strict interior of a non-degenerate triangle, or its boundary; a
// degenerate triangle is the union of its three segments). Edges (a0, a1)
// and (b0, b1), n = (a1 - a0) x (b1 - b0), ms = 0: [orient = 0, a0 and a1
// strictly on opposite sides of b's line, b0 and b1 of a's, sides measured
// as n.(d x (q - o))] or an endpoint of one in the other. With ms > 0, in
// squares (m2 = ms^2): the distance to a closed segment is at most ms iff an
// end is within ms, or the foot of the perpendicular is inside (both
// projections >= 0, the segment of positive length) and |d x (p - u)|^2 <=
// m2 |d|^2; to a triangle iff some edge is, or n != 0, the projection is
// inside (the three sides >= 0) and orient^2 <= m2 |n|^2; between two
// segments iff an endpoint is within ms of the other segment, or the lines'
// closest points are inside both (s and u in [0, 1], as s_num and u_num
// against |n|^2 > 0) and (r . n)^2 <= m2 |n|^2. Degree at most 6. Every
// condition is homogeneous in the coordinates and ms together and uses only
// differences of points, so inputs are translated and scaled to integers
// first.
#include <gmpxx.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "algebraic/real_roots.hpp"
#include "ccd/ccd_filter.hpp"
#include "exactgeom/ccd.hpp"
#include "exactgeom/geometry.hpp"

namespace exactgeom {
namespace detail::ccd {

using algebraic::Poly;
using algebraic::RealRoot;
using V = std::array<Poly, 3>;

namespace {

V sub(const V& a, const V& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
Poly dot(const V& a, const V& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
V cross(const V& a, const V& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

enum class Rel : std::uint8_t { eq, gt, ge, lt, le };
struct Atom {
  std::uint16_t poly;
  Rel rel;
};

/// The formula: a disjunction of conjunctions of sign conditions on the
/// polynomials; `necessary` (or -1) a polynomial every disjunct requires to
/// be zero.
struct System {
  std::vector<Poly> polys;
  std::vector<std::vector<Atom>> dnf;
  int necessary = -1;

  std::uint16_t add(Poly p) {
    for (std::size_t i = 0; i < polys.size(); ++i)
      if (polys[i].c == p.c) return static_cast<std::uint16_t>(i);
    polys.push_back(std::move(p));
    return static_cast<std::uint16_t>(polys.size() - 1);
  }
  Atom atom(Poly p, Rel r) { return {add(std::move(p)), r}; }
};

bool satisfies(int s, Rel r) {
  switch (r) {
    case Rel::eq: return s == 0;
    case Rel::gt: return s > 0;
    case Rel::ge: return s >= 0;
    case Rel::lt: return s < 0;
    case Rel::le: return s <= 0;
  }
  return false;
}

/// The formula at one t, signs asked lazily (and once each).
template <class SignOf>
bool holds(const System& s, SignOf sign_of) {
  std::vector<std::int8_t> known(s.polys.size(), 2);
  for (const auto& conj : s.dnf) {
    bool all = true;
    for (const Atom& a : conj) {
      std::int8_t& k = known[a.poly];
      if (k == 2) k = static_cast<std::int8_t>(sign_of(s.polys[a.poly]));
      if (!satisfies(k, a.rel)) {
        all = false;
        break;
      }
    }
    if (all) return true;
  }
  return false;
}

int sign_at_zero(const Poly& p) { return p.zero() ? 0 : mpz_sgn(p.c[0].get_mpz_t()); }

/// The point i of the case as polynomials in t: x_t0 + t (x_t1 - x_t0).
V moving(const std::vector<mpz_class>& z, std::size_t i) {
  V v;
  for (std::size_t k = 0; k < 3; ++k) {
    v[k].c = {z[i * 3 + k], z[12 + i * 3 + k] - z[i * 3 + k]};
    v[k].trim();
  }
  return v;
}

/// p in the closed segment [u, w].
std::vector<Atom> on_segment(System& s, const V& p, const V& u, const V& w) {
  const V pu = sub(p, u), pw = sub(p, w);
  const V x = cross(pu, pw);
  return {s.atom(x[0], Rel::eq), s.atom(x[1], Rel::eq), s.atom(x[2], Rel::eq), s.atom(dot(pu, pw), Rel::le)};
}

/// Disjuncts of "the distance from p to [u, w] is at most ms" (m2 = ms^2 > 0).
void near_segment(System& s, const V& p, const V& u, const V& w, const mpz_class& m2) {
  const Poly m{{m2}};
  const V d = sub(w, u), pu = sub(p, u), pw = sub(p, w);
  s.dnf.push_back({s.atom(dot(pu, pu) - m, Rel::le)});
  s.dnf.push_back({s.atom(dot(pw, pw) - m, Rel::le)});
  const Poly dd = dot(d, d);
  const V x = cross(d, pu);
  s.dnf.push_back({s.atom(dd, Rel::gt), s.atom(dot(pu, d), Rel::ge), s.atom(Poly{} - dot(pw, d), Rel::ge),
                   s.atom(dot(x, x) - dd * m2, Rel::le)});
}

System vertex_face(const std::vector<mpz_class>& z, const mpz_class& m2) {
  System s;
  const V p = moving(z, 0), a = moving(z, 1), b = moving(z, 2), c = moving(z, 3);
  const V ab = sub(b, a), ac = sub(c, a), bc = sub(c, b), ca = sub(a, c);
  const V ap = sub(p, a), bp = sub(p, b), cp = sub(p, c);
  const V n = cross(ab, ac);
  const Poly orient = dot(n, ap);
  const Poly sab = dot(n, cross(ab, ap)), sbc = dot(n, cross(bc, bp)), sca = dot(n, cross(ca, cp));
  if (sgn(m2) == 0) {
    s.necessary = s.add(orient);
    s.dnf.push_back({s.atom(orient, Rel::eq), s.atom(sab, Rel::gt), s.atom(sbc, Rel::gt), s.atom(sca, Rel::gt)});
    s.dnf.push_back(on_segment(s, p, a, b));
    s.dnf.push_back(on_segment(s, p, b, c));
    s.dnf.push_back(on_segment(s, p, c, a));
    return s;
  }
  const Poly nn = dot(n, n);
  s.dnf.push_back({s.atom(nn, Rel::gt), s.atom(sab, Rel::ge), s.atom(sbc, Rel::ge), s.atom(sca, Rel::ge),
                   s.atom(orient * orient - nn * m2, Rel::le)});
  near_segment(s, p, a, b, m2);
  near_segment(s, p, b, c, m2);
  near_segment(s, p, c, a, m2);
  return s;
}

System edge_edge(const std::vector<mpz_class>& z, const mpz_class& m2) {
  System s;
  const V a0 = moving(z, 0), a1 = moving(z, 1), b0 = moving(z, 2), b1 = moving(z, 3);
  const V dA = sub(a1, a0), dB = sub(b1, b0);
  const V n = cross(dA, dB);
  const V r = sub(a0, b0);
  const Poly orient = dot(r, n);
  if (sgn(m2) == 0) {
    s.necessary = s.add(orient);
    const Poly sa0 = dot(cross(dB, sub(a0, b0)), n), sa1 = dot(cross(dB, sub(a1, b0)), n);
    const Poly sb0 = dot(cross(dA, sub(b0, a0)), n), sb1 = dot(cross(dA, sub(b1, a0)), n);
    for (Rel ra : {Rel::gt, Rel::lt})
      for (Rel rb : {Rel::gt, Rel::lt})
        s.dnf.push_back({s.atom(orient, Rel::eq), s.atom(sa0, ra), s.atom(sa1, ra == Rel::gt ? Rel::lt : Rel::gt),
                         s.atom(sb0, rb), s.atom(sb1, rb == Rel::gt ? Rel::lt : Rel::gt)});
    s.dnf.push_back(on_segment(s, a0, b0, b1));
    s.dnf.push_back(on_segment(s, a1, b0, b1));
    s.dnf.push_back(on_segment(s, b0, a0, a1));
    s.dnf.push_back(on_segment(s, b1, a0, a1));
    return s;
  }
  const Poly A = dot(dA, dA), B = dot(dB, dB), C = dot(dA, dB), d = dot(dA, r), e = dot(dB, r);
  const Poly D = dot(n, n), sn = C * e - B * d, un = A * e - C * d;
  s.dnf.push_back({s.atom(D, Rel::gt), s.atom(sn, Rel::ge), s.atom(D - sn, Rel::ge), s.atom(un, Rel::ge),
                   s.atom(D - un, Rel::ge), s.atom(orient * orient - D * m2, Rel::le)});
  near_segment(s, a0, b0, b1, m2);
  near_segment(s, a1, b0, b1, m2);
  near_segment(s, b0, a0, a1, m2);
  near_segment(s, b1, a0, a1, m2);
  return s;
}

/// The least t of the system's set: 0, a root, or none.
std::optional<PrimitiveImpact> least(const System& s) {
  if (holds(s, sign_at_zero)) return PrimitiveImpact{0, 0};
  std::optional<RealRoot> best;
  auto visit = [&](const Poly& g) {
    if (g.degree() < 1) return;
    for (RealRoot& r : algebraic::roots_in_unit_interval(g)) {
      if (r.exact && sgn(r.c) == 0) continue;  // t = 0: asked above
      if (best && algebraic::compare(r, *best) >= 0) return;  // the rest of g's roots are later
      if (holds(s, [&](const Poly& q) { return algebraic::sign_at(q, r); })) {
        best = std::move(r);
        return;
      }
    }
  };
  if (s.necessary >= 0 && !s.polys[static_cast<std::size_t>(s.necessary)].zero()) {
    visit(s.polys[static_cast<std::size_t>(s.necessary)]);
  } else {
    for (const Poly& g : s.polys) visit(g);
  }
  if (!best) return std::nullopt;
  return PrimitiveImpact{algebraic::round_nearest(*best), algebraic::round_down(*best)};
}

/// The case translated by its first point at t0 and scaled to integers (the
/// common denominator), with ms scaled alike and squared.
void to_integers(const mpq_class* c, const mpq_class& ms, std::vector<mpz_class>& z, mpz_class& m2) {
  std::vector<mpq_class> q(24);
  for (std::size_t i = 0; i < 24; ++i) q[i] = c[i] - c[i % 3];
  mpz_class l = ms.get_den();
  for (const mpq_class& x : q) mpz_lcm(l.get_mpz_t(), l.get_mpz_t(), x.get_den().get_mpz_t());
  z.resize(24);
  for (std::size_t i = 0; i < 24; ++i) z[i] = q[i].get_num() * (l / q[i].get_den());
  const mpz_class m = ms.get_num() * (l / ms.get_den());
  m2 = m * m;
}

}  // namespace

std::optional<PrimitiveImpact> exact(Kind k, const mpq_class* c, const mpq_class& ms) {
  if (sgn(ms) < 0) throw invalid_input("ccd: the minimum separation ms must be >= 0");
  std::vector<mpz_class> z;
  mpz_class m2;
  to_integers(c, ms, z, m2);
  if (sgn(m2) == 0) {
    // Every contact is coplanar: when the coplanarity cubic is not zero and
    // has no root in [0, 1], a miss, before the other conditions are built.
    const bool vf = k == Kind::vertex_face;
    const V p = moving(z, 0), a = moving(z, 1), b = moving(z, 2), d = moving(z, 3);
    const Poly orient = vf ? dot(cross(sub(b, a), sub(d, a)), sub(p, a)) : dot(sub(p, b), cross(sub(a, p), sub(d, b)));
    if (!orient.zero() && algebraic::roots_in_unit_interval(orient).empty()) return std::nullopt;
  }
  return least(k == Kind::vertex_face ? vertex_face(z, m2) : edge_edge(z, m2));
}

}  // namespace detail::ccd

namespace compiled {

namespace {
void require_finite(const double* c, double ms) {
  for (int i = 0; i < 24; ++i)
    if (!std::isfinite(c[i]))
      throw invalid_input("ccd: coordinate " + std::to_string(i % 3) + " of point " + std::to_string(i % 12 / 3) +
                          " at t" + (i < 12 ? "0" : "1") + " is NaN or infinite");
  if (!std::isfinite(ms) || !(ms >= 0))
    throw invalid_input("ccd: the minimum separation ms must be a finite number >= 0");
}

std::optional<PrimitiveImpact> on_doubles(detail::ccd::Kind k, const double* c, double ms) {
  require_finite(c, ms);
  if (const auto f = detail::ccd::filter(k, c, ms)) return f->impact;
  std::vector<mpq_class> q(c, c + 24);
  return detail::ccd::exact(k, q.data(), mpq_class(ms));
}
}  // namespace

std::optional<PrimitiveImpact> ccd_vertex_face(const double* c, double ms) {
  return on_doubles(detail::ccd::Kind::vertex_face, c, ms);
}
std::optional<PrimitiveImpact> ccd_edge_edge(const double* c, double ms) {
  return on_doubles(detail::ccd::Kind::edge_edge, c, ms);
}
std::optional<PrimitiveImpact> ccd_vertex_face(const mpq_class* c, const mpq_class& ms) {
  return detail::ccd::exact(detail::ccd::Kind::vertex_face, c, ms);
}
std::optional<PrimitiveImpact> ccd_edge_edge(const mpq_class* c, const mpq_class& ms) {
  return detail::ccd::exact(detail::ccd::Kind::edge_edge, c, ms);
}

}  // namespace compiled
}  // namespace exactgeom
