// internal/testing/ccd_oracle.hpp: the slow oracle of continuous collision
// (exactgeom/ccd.hpp), the obvious way: every condition a function of t
// evaluated exactly at sample times and interpolated (no symbolic
// products), the candidates t = 0 and every root of every condition in
// [0, 1] (Sturm sequences, roots_oracle.hpp), each candidate checked
// exactly, the least that holds rounded by bisection. One formula for every
// ms, ms = 0 included (the squared distance to the nearest feature is at
// most ms^2), where the library writes ms = 0 apart (coplanarity, sides,
// segments); it shares no code with src/ccd/ or src/algebraic/.
#pragma once

#include <gmpxx.h>

#include <array>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "testing/roots_oracle.hpp"

namespace exactgeom::testing::ccd_oracle {

using roots_oracle::QPoly;
using Q3 = std::array<mpq_class, 3>;

/// A query: t0 and t1, four points each ([v, f0, f1, f2] or [a0, a1, b0, b1]).
struct Case {
  std::array<Q3, 4> t0, t1;
  mpq_class ms = 0;
};

inline Q3 at(const Case& c, int i, const mpq_class& t) {
  Q3 r;
  for (int k = 0; k < 3; ++k) r[k] = c.t0[i][k] + t * (c.t1[i][k] - c.t0[i][k]);
  return r;
}
inline Q3 minus(const Q3& a, const Q3& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
inline mpq_class dotq(const Q3& a, const Q3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
inline Q3 crossq(const Q3& a, const Q3& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

/// The polynomial of degree <= deg through f at t = 0, 1, ..., deg
/// (Newton's divided differences, expanded).
inline QPoly interpolate(const std::function<mpq_class(const mpq_class&)>& f, int deg) {
  std::vector<mpq_class> x, d;
  for (int i = 0; i <= deg; ++i) x.emplace_back(i), d.push_back(f(x.back()));
  for (int j = 1; j <= deg; ++j)
    for (int i = deg; i >= j; --i) d[i] = (d[i] - d[i - 1]) / (x[i] - x[i - j]);
  QPoly p{d[deg]};
  for (int i = deg - 1; i >= 0; --i) {  // p = p (t - x_i) + d_i
    QPoly q(p.size() + 1, mpq_class(0));
    for (std::size_t k = 0; k < p.size(); ++k) q[k + 1] += p[k], q[k] -= p[k] * x[i];
    q[0] += d[i];
    p = std::move(q);
  }
  roots_oracle::trim(p);
  return p;
}

enum class Rel { gt, ge, le };
struct Atom {
  QPoly p;
  Rel rel;
};
using Conj = std::vector<Atom>;

inline void add(std::vector<Conj>& f, std::vector<std::pair<std::function<mpq_class(const mpq_class&)>, std::pair<int, Rel>>> atoms) {
  Conj c;
  for (auto& [g, dr] : atoms) c.push_back({interpolate(g, dr.first), dr.second});
  f.push_back(std::move(c));
}

/// "The distance from point i to segment [j, k] is at most ms".
inline void point_segment(std::vector<Conj>& f, const Case& c, int i, int j, int k) {
  const mpq_class m2 = c.ms * c.ms;
  add(f, {{[&c, i, j, m2](const mpq_class& t) -> mpq_class { const Q3 d = minus(at(c, i, t), at(c, j, t)); return dotq(d, d) - m2; }, {2, Rel::le}}});
  add(f, {{[&c, i, k, m2](const mpq_class& t) -> mpq_class { const Q3 d = minus(at(c, i, t), at(c, k, t)); return dotq(d, d) - m2; }, {2, Rel::le}}});
  auto seg = [&c, j, k](const mpq_class& t) { return minus(at(c, k, t), at(c, j, t)); };
  add(f, {{[seg](const mpq_class& t) -> mpq_class { const Q3 e = seg(t); return dotq(e, e); }, {2, Rel::gt}},
          {[&c, i, j, seg](const mpq_class& t) -> mpq_class { return dotq(minus(at(c, i, t), at(c, j, t)), seg(t)); }, {2, Rel::ge}},
          {[&c, i, k, seg](const mpq_class& t) -> mpq_class { return dotq(minus(at(c, k, t), at(c, i, t)), seg(t)); }, {2, Rel::ge}},
          {[&c, i, j, seg, m2](const mpq_class& t) -> mpq_class {
             const Q3 e = seg(t), x = crossq(e, minus(at(c, i, t), at(c, j, t)));
             return dotq(x, x) - m2 * dotq(e, e);
           }, {4, Rel::le}}});
}

inline std::vector<Conj> vertex_face(const Case& c) {
  std::vector<Conj> f;
  const mpq_class m2 = c.ms * c.ms;
  auto n = [&c](const mpq_class& t) { return crossq(minus(at(c, 2, t), at(c, 1, t)), minus(at(c, 3, t), at(c, 1, t))); };
  auto side = [&c, n](int u, int w) {
    return [&c, n, u, w](const mpq_class& t) -> mpq_class {
      return dotq(n(t), crossq(minus(at(c, w, t), at(c, u, t)), minus(at(c, 0, t), at(c, u, t))));
    };
  };
  add(f, {{[n](const mpq_class& t) -> mpq_class { const Q3 v = n(t); return dotq(v, v); }, {4, Rel::gt}},
          {side(1, 2), {4, Rel::ge}}, {side(2, 3), {4, Rel::ge}}, {side(3, 1), {4, Rel::ge}},
          {[&c, n, m2](const mpq_class& t) -> mpq_class {
             const Q3 v = n(t);
             const mpq_class h = dotq(v, minus(at(c, 0, t), at(c, 1, t)));
             return h * h - m2 * dotq(v, v);
           }, {6, Rel::le}}});
  point_segment(f, c, 0, 1, 2);
  point_segment(f, c, 0, 2, 3);
  point_segment(f, c, 0, 3, 1);
  return f;
}

inline std::vector<Conj> edge_edge(const Case& c) {
  std::vector<Conj> f;
  const mpq_class m2 = c.ms * c.ms;
  // The lines' closest points (s, u) = (sn, un) / D. (Every lambda that
  // computes says "-> mpq_class": a GMP expression returned as auto would
  // refer to its destroyed locals.)
  struct Parts { mpq_class D, sn, un, h; };
  auto parts = [&c](const mpq_class& t) {
    const Q3 dA = minus(at(c, 1, t), at(c, 0, t)), dB = minus(at(c, 3, t), at(c, 2, t)), r = minus(at(c, 0, t), at(c, 2, t));
    const mpq_class A = dotq(dA, dA), B = dotq(dB, dB), C = dotq(dA, dB), d = dotq(dA, r), e = dotq(dB, r);
    return Parts{A * B - C * C, C * e - B * d, A * e - C * d, dotq(r, crossq(dA, dB))};
  };
  add(f, {{[parts](const mpq_class& t) -> mpq_class { return parts(t).D; }, {4, Rel::gt}},
          {[parts](const mpq_class& t) -> mpq_class { return parts(t).sn; }, {4, Rel::ge}},
          {[parts](const mpq_class& t) -> mpq_class { const Parts p = parts(t); return p.D - p.sn; }, {4, Rel::ge}},
          {[parts](const mpq_class& t) -> mpq_class { return parts(t).un; }, {4, Rel::ge}},
          {[parts](const mpq_class& t) -> mpq_class { const Parts p = parts(t); return p.D - p.un; }, {4, Rel::ge}},
          {[parts, m2](const mpq_class& t) -> mpq_class { const Parts p = parts(t); return p.h * p.h - m2 * p.D; }, {6, Rel::le}}});
  point_segment(f, c, 0, 2, 3);
  point_segment(f, c, 1, 2, 3);
  point_segment(f, c, 2, 0, 1);
  point_segment(f, c, 3, 0, 1);
  return f;
}

inline bool satisfied(int s, Rel r) { return r == Rel::gt ? s > 0 : r == Rel::ge ? s >= 0 : s <= 0; }

/// The answer: none, or (toi, toi_lo).
inline std::optional<std::pair<double, double>> solve(const Case& c, bool vertex_face_kind) {
  const std::vector<Conj> f = vertex_face_kind ? vertex_face(c) : edge_edge(c);
  // Every distinct polynomial once, with its square-free part and Sturm
  // sequence; the atoms by index.
  struct Entry {
    QPoly p, sf;
    std::vector<QPoly> st;
  };
  std::vector<Entry> polys;
  std::vector<std::vector<std::pair<std::size_t, Rel>>> dnf;
  for (const Conj& conj : f) {
    std::vector<std::pair<std::size_t, Rel>> d;
    for (const Atom& a : conj) {
      std::size_t k = 0;
      while (k < polys.size() && polys[k].p != a.p) ++k;
      if (k == polys.size()) {
        Entry e{a.p, roots_oracle::square_free(a.p), {}};
        if (e.sf.size() > 1) e.st = roots_oracle::sturm(e.sf);
        polys.push_back(std::move(e));
      }
      d.emplace_back(k, a.rel);
    }
    dnf.push_back(std::move(d));
  }
  auto holds_at = [&](auto sign_of) {
    std::vector<int> known(polys.size(), 2);
    for (const auto& conj : dnf) {
      bool all = true;
      for (const auto& [k, rel] : conj) {
        if (known[k] == 2) known[k] = sign_of(k);
        if (!satisfied(known[k], rel)) {
          all = false;
          break;
        }
      }
      if (all) return true;
    }
    return false;
  };
  if (holds_at([&](std::size_t k) { return roots_oracle::sign_at(polys[k].p, 0); })) return std::pair{0.0, 0.0};
  // The sign of polynomial q at root r of polynomial k: zero when their gcd
  // has a root in r's interval; else narrow r until q has none there.
  auto sign_at_root = [&](std::size_t q, std::size_t k, roots_oracle::Root& r) {
    const Entry& eq = polys[q];
    if (eq.p.empty()) return 0;
    if (eq.p.size() == 1) return sgn(eq.p[0]);
    if (r.exact()) return roots_oracle::sign_at(eq.p, r.lo);
    const Entry& ek = polys[k];
    if (q != k) {
      const QPoly g = roots_oracle::gcd(eq.sf, ek.sf);
      if (g.size() > 1 && roots_oracle::count(roots_oracle::sturm(g), r.lo, r.hi) == 1) return 0;
    } else {
      return 0;
    }
    while (roots_oracle::count(eq.st, r.lo, r.hi) > 0) {
      const mpq_class m = (r.lo + r.hi) / 2;
      if (roots_oracle::sign_at(ek.sf, m) == 0) {
        r.lo = r.hi = m;
        return roots_oracle::sign_at(eq.p, m);
      }
      if (roots_oracle::count(ek.st, r.lo, m) == 1) r.hi = m;
      else r.lo = m;
    }
    return roots_oracle::sign_at(eq.p, r.hi);
  };
  const mpq_class w(1, 1 << 30);
  std::optional<std::pair<std::size_t, roots_oracle::Root>> best;
  const mpq_class fine("1/2582249878086908589655919172003011874329705792829223512830659356540647622016841194629645353280137831435903171972747493376");  // 2^-400
  for (std::size_t k = 0; k < polys.size(); ++k)
    for (roots_oracle::Root r : roots_oracle::roots(polys[k].p, w)) {
      if (r.exact() && sgn(r.lo) == 0) continue;
      if (best && best->second.hi < r.lo) break;  // the rest of this polynomial's roots are later
      if (!holds_at([&](std::size_t q) { return sign_at_root(q, k, r); })) continue;
      if (!best) {
        best.emplace(k, r);
        continue;
      }
      // Order at 2^-400: distinct roots of these polynomials are far
      // farther apart (an overlap is the same root).
      roots_oracle::narrow(polys[k].sf, polys[k].st, r, fine);
      roots_oracle::narrow(polys[best->first].sf, polys[best->first].st, best->second, fine);
      if (r.hi < best->second.lo) best.emplace(k, r);
    }
  if (!best) return std::nullopt;
  return roots_oracle::roundings(polys[best->first].p, best->second);
}

}  // namespace exactgeom::testing::ccd_oracle
