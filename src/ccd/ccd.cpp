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
#include <functional>
#include <memory>
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
/// be zero. Each polynomial is built when first asked for (named by a key:
/// the same condition in two disjuncts is one polynomial): most queries
/// need few of them.
struct System {
  std::vector<std::string> keys;
  std::vector<std::function<Poly()>> make;
  mutable std::vector<std::optional<Poly>> built;
  std::vector<std::vector<Atom>> dnf;
  int necessary = -1;

  std::uint16_t add(const std::string& key, std::function<Poly()> f) {
    for (std::size_t i = 0; i < keys.size(); ++i)
      if (keys[i] == key) return static_cast<std::uint16_t>(i);
    keys.push_back(key);
    make.push_back(std::move(f));
    built.emplace_back();
    return static_cast<std::uint16_t>(keys.size() - 1);
  }
  Atom atom(const std::string& key, std::function<Poly()> f, Rel r) { return {add(key, std::move(f)), r}; }
  const Poly& poly(std::size_t i) const {
    if (!built[i]) built[i] = make[i]();
    return *built[i];
  }
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
  std::vector<std::int8_t> known(s.keys.size(), 2);
  for (const auto& conj : s.dnf) {
    bool all = true;
    for (const Atom& a : conj) {
      std::int8_t& k = known[a.poly];
      if (k == 2) k = static_cast<std::int8_t>(sign_of(s.poly(a.poly)));
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

/// The four moving points, shared by the polynomials' builders, and the
/// normal n (u x v of the pair's two spanning vectors) once.
struct Points {
  std::array<V, 4> p;
  mpz_class m2;
  std::optional<V> n;
  bool vertex_face = true;
  const V& normal() {
    if (!n) n = vertex_face ? cross(sub(p[2], p[1]), sub(p[3], p[1])) : cross(sub(p[1], p[0]), sub(p[3], p[2]));
    return *n;
  }
};
using Shared = std::shared_ptr<Points>;

/// Point i in the closed segment [u, w] (key: "on i u w").
std::vector<Atom> on_segment(System& s, const Shared& P, int i, int u, int w) {
  const std::string key = "on" + std::to_string(i) + std::to_string(u) + std::to_string(w);
  auto x = [P, i, u, w](int k) {
    return [P, i, u, w, k] { return cross(sub(P->p[i], P->p[u]), sub(P->p[i], P->p[w]))[k]; };
  };
  return {s.atom(key + "x0", x(0), Rel::eq), s.atom(key + "x1", x(1), Rel::eq), s.atom(key + "x2", x(2), Rel::eq),
          s.atom(key + "d", [P, i, u, w] { return dot(sub(P->p[i], P->p[u]), sub(P->p[i], P->p[w])); }, Rel::le)};
}

/// Disjuncts of "the distance from point i to [u, w] is at most ms" (m2 > 0).
void near_segment(System& s, const Shared& P, int i, int u, int w) {
  auto within = [&](int j) {
    s.dnf.push_back({s.atom("near" + std::to_string(i) + std::to_string(j), [P, i, j] {
      const V d = sub(P->p[i], P->p[j]);
      return dot(d, d) - Poly{{P->m2}};
    }, Rel::le)});
  };
  within(u);
  within(w);
  const std::string key = "line" + std::to_string(i) + std::to_string(u) + std::to_string(w);
  s.dnf.push_back({s.atom(key + "dd", [P, u, w] { const V d = sub(P->p[w], P->p[u]); return dot(d, d); }, Rel::gt),
                   s.atom(key + "pu", [P, i, u, w] { return dot(sub(P->p[i], P->p[u]), sub(P->p[w], P->p[u])); }, Rel::ge),
                   s.atom(key + "pw", [P, i, u, w] { return dot(sub(P->p[i], P->p[w]), sub(P->p[u], P->p[w])); }, Rel::ge),
                   s.atom(key + "h", [P, i, u, w] {
                     const V d = sub(P->p[w], P->p[u]), x = cross(d, sub(P->p[i], P->p[u]));
                     return dot(x, x) - dot(d, d) * P->m2;
                   }, Rel::le)});
}

System vertex_face(const std::vector<mpz_class>& z, const mpz_class& m2) {
  System s;
  auto P = std::make_shared<Points>();
  for (std::size_t i = 0; i < 4; ++i) P->p[i] = moving(z, i);
  P->m2 = m2;
  P->vertex_face = true;
  // p = 0, a = 1, b = 2, c = 3; n = (b - a) x (c - a).
  auto orient = [P] { return dot(P->normal(), sub(P->p[0], P->p[1])); };
  auto side = [P](int u, int w) {  // n . ((w - u) x (p - u))
    return [P, u, w] { return dot(P->normal(), cross(sub(P->p[w], P->p[u]), sub(P->p[0], P->p[u]))); };
  };
  if (sgn(m2) == 0) {
    s.necessary = s.add("orient", orient);
    s.dnf.push_back({s.atom("orient", orient, Rel::eq), s.atom("sab", side(1, 2), Rel::gt),
                     s.atom("sbc", side(2, 3), Rel::gt), s.atom("sca", side(3, 1), Rel::gt)});
    s.dnf.push_back(on_segment(s, P, 0, 1, 2));
    s.dnf.push_back(on_segment(s, P, 0, 2, 3));
    s.dnf.push_back(on_segment(s, P, 0, 3, 1));
    return s;
  }
  s.dnf.push_back({s.atom("nn", [P] { return dot(P->normal(), P->normal()); }, Rel::gt),
                   s.atom("sab", side(1, 2), Rel::ge), s.atom("sbc", side(2, 3), Rel::ge), s.atom("sca", side(3, 1), Rel::ge),
                   s.atom("plane", [P, orient] {
                     const Poly o = orient();
                     return o * o - dot(P->normal(), P->normal()) * P->m2;
                   }, Rel::le)});
  near_segment(s, P, 0, 1, 2);
  near_segment(s, P, 0, 2, 3);
  near_segment(s, P, 0, 3, 1);
  return s;
}

System edge_edge(const std::vector<mpz_class>& z, const mpz_class& m2) {
  System s;
  auto P = std::make_shared<Points>();
  for (std::size_t i = 0; i < 4; ++i) P->p[i] = moving(z, i);
  P->m2 = m2;
  P->vertex_face = false;
  // a0 = 0, a1 = 1, b0 = 2, b1 = 3; n = (a1 - a0) x (b1 - b0), r = a0 - b0.
  auto orient = [P] { return dot(sub(P->p[0], P->p[2]), P->normal()); };
  if (sgn(m2) == 0) {
    s.necessary = s.add("orient", orient);
    // The side of point i of one edge from the other edge (o, d): n . (d x (i - o)).
    auto side = [P](int i, int o, int e) {
      return [P, i, o, e] { return dot(cross(sub(P->p[e], P->p[o]), sub(P->p[i], P->p[o])), P->normal()); };
    };
    for (Rel ra : {Rel::gt, Rel::lt})
      for (Rel rb : {Rel::gt, Rel::lt})
        s.dnf.push_back({s.atom("orient", orient, Rel::eq), s.atom("sa0", side(0, 2, 3), ra),
                         s.atom("sa1", side(1, 2, 3), ra == Rel::gt ? Rel::lt : Rel::gt), s.atom("sb0", side(2, 0, 1), rb),
                         s.atom("sb1", side(3, 0, 1), rb == Rel::gt ? Rel::lt : Rel::gt)});
    s.dnf.push_back(on_segment(s, P, 0, 2, 3));
    s.dnf.push_back(on_segment(s, P, 1, 2, 3));
    s.dnf.push_back(on_segment(s, P, 2, 0, 1));
    s.dnf.push_back(on_segment(s, P, 3, 0, 1));
    return s;
  }
  // The lines' closest points: s = sn / D, u = un / D.
  struct Lines {
    Poly D, sn, un;
  };
  auto lines = std::make_shared<std::optional<Lines>>();
  auto L = [P, lines]() -> const Lines& {
    if (!*lines) {
      const V dA = sub(P->p[1], P->p[0]), dB = sub(P->p[3], P->p[2]), r = sub(P->p[0], P->p[2]);
      const Poly A = dot(dA, dA), B = dot(dB, dB), C = dot(dA, dB), d = dot(dA, r), e = dot(dB, r);
      *lines = Lines{dot(P->normal(), P->normal()), C * e - B * d, A * e - C * d};
    }
    return **lines;
  };
  s.dnf.push_back({s.atom("D", [L] { return L().D; }, Rel::gt), s.atom("sn", [L] { return L().sn; }, Rel::ge),
                   s.atom("D-sn", [L] { return L().D - L().sn; }, Rel::ge), s.atom("un", [L] { return L().un; }, Rel::ge),
                   s.atom("D-un", [L] { return L().D - L().un; }, Rel::ge),
                   s.atom("plane", [P, L, orient] {
                     const Poly o = orient();
                     return o * o - L().D * P->m2;
                   }, Rel::le)});
  near_segment(s, P, 0, 2, 3);
  near_segment(s, P, 1, 2, 3);
  near_segment(s, P, 2, 0, 1);
  near_segment(s, P, 3, 0, 1);
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
  if (s.necessary >= 0 && !s.poly(static_cast<std::size_t>(s.necessary)).zero()) {
    visit(s.poly(static_cast<std::size_t>(s.necessary)));
  } else {
    for (std::size_t i = 0; i < s.keys.size(); ++i) visit(s.poly(i));
  }
  if (!best) return std::nullopt;
  PrimitiveImpact hit;
  algebraic::round_both(*best, hit.toi, hit.toi_lo);
  return hit;
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
