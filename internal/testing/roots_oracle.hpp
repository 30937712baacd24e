// internal/testing/roots_oracle.hpp: the slow oracle for exact real roots --
// polynomials over mpq_class, Sturm sequences, bisection -- written apart
// from the library's (src/algebraic/: Descartes' rule over integers, primitive
// remainder sequences) so that the two share no code and no algorithm.
#pragma once

#include <gmpxx.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
#include <utility>
#include <vector>

namespace exactgeom::testing::roots_oracle {

/// c[k] is the coefficient of x^k; no trailing zeros.
using QPoly = std::vector<mpq_class>;

inline void trim(QPoly& p) {
  while (!p.empty() && sgn(p.back()) == 0) p.pop_back();
}

inline mpq_class eval(const QPoly& p, const mpq_class& x) {
  mpq_class v = 0;
  for (std::size_t k = p.size(); k-- > 0;) v = v * x + p[k];
  return v;
}

inline int sign_at(const QPoly& p, const mpq_class& x) { return sgn(eval(p, x)); }

inline QPoly derivative(const QPoly& p) {
  QPoly d;
  for (std::size_t k = 1; k < p.size(); ++k) d.push_back(p[k] * static_cast<long>(k));
  trim(d);
  return d;
}

/// a mod b (b nonzero), by long division over the rationals.
inline QPoly remainder(QPoly a, const QPoly& b) {
  trim(a);
  while (a.size() >= b.size() && !a.empty()) {
    const mpq_class f = a.back() / b.back();
    const std::size_t shift = a.size() - b.size();
    for (std::size_t k = 0; k < b.size(); ++k) a[k + shift] -= f * b[k];
    a.pop_back();  // the leading term cancels exactly
    trim(a);
  }
  return a;
}

/// Monic gcd by Euclid's algorithm over the rationals.
inline QPoly gcd(QPoly a, QPoly b) {
  trim(a), trim(b);
  while (!b.empty()) {
    QPoly r = remainder(a, b);
    a = std::move(b);
    b = std::move(r);
  }
  if (!a.empty()) {
    const mpq_class lc = a.back();
    for (mpq_class& x : a) x /= lc;
  }
  return a;
}

/// p / g (g divides p).
inline QPoly quotient(QPoly p, const QPoly& g) {
  trim(p);
  if (g.size() > p.size()) return {};
  QPoly q(p.size() - g.size() + 1);
  while (p.size() >= g.size() && !p.empty()) {
    const mpq_class f = p.back() / g.back();
    const std::size_t shift = p.size() - g.size();
    q[shift] = f;
    for (std::size_t k = 0; k < g.size(); ++k) p[k + shift] -= f * g[k];
    p.pop_back();
    trim(p);
  }
  trim(q);
  return q;
}

inline QPoly square_free(const QPoly& p) {
  if (p.size() <= 2) return p;
  return quotient(p, gcd(p, derivative(p)));
}

/// The Sturm sequence of a square-free p.
inline std::vector<QPoly> sturm(const QPoly& p) {
  std::vector<QPoly> s{p, derivative(p)};
  while (s.back().size() > 1) {
    QPoly r = remainder(s[s.size() - 2], s.back());
    if (r.empty()) break;
    for (mpq_class& x : r) x = -x;
    s.push_back(std::move(r));
  }
  return s;
}

inline int variations(const std::vector<QPoly>& s, const mpq_class& x) {
  int v = 0, last = 0;
  for (const QPoly& q : s) {
    const int g = sign_at(q, x);
    if (g == 0) continue;
    if (last != 0 && g != last) ++v;
    last = g;
  }
  return v;
}

/// The number of distinct roots of p (square-free, Sturm sequence s) in (a, b].
inline int count(const std::vector<QPoly>& s, const mpq_class& a, const mpq_class& b) {
  return variations(s, a) - variations(s, b);
}

/// A root in [lo, hi] (lo == hi: exactly lo), alone there among p's roots.
struct Root {
  mpq_class lo, hi;
  bool exact() const { return lo == hi; }
};

/// Every root of p in [0, 1] (distinct), sorted, each in an interval of
/// width at most `width` (or exact).
inline std::vector<Root> roots(const QPoly& p0, const mpq_class& width) {
  std::vector<Root> out;
  QPoly p = p0;
  trim(p);
  if (p.size() <= 1) return out;
  p = square_free(p);
  const std::vector<QPoly> s = sturm(p);
  if (sign_at(p, 0) == 0) out.push_back({0, 0});
  // (a, b] holding exactly n roots: split until each holds one, then narrow.
  std::vector<std::pair<mpq_class, mpq_class>> todo{{mpq_class(0), mpq_class(1)}};
  std::vector<Root> inner;
  while (!todo.empty()) {
    auto [a, b] = todo.back();
    todo.pop_back();
    const int n = count(s, a, b);
    if (n == 0) continue;
    if (sign_at(p, b) == 0 && n == 1) {
      inner.push_back({b, b});
      continue;
    }
    if (n == 1 && b - a <= width) {
      inner.push_back({a, b});
      continue;
    }
    const mpq_class m = (a + b) / 2;
    todo.emplace_back(a, m);
    todo.emplace_back(m, b);
  }
  std::sort(inner.begin(), inner.end(), [](const Root& x, const Root& y) { return x.lo < y.lo; });
  for (Root& r : inner) {
    if (!r.exact() && sign_at(p, r.hi) == 0) r.lo = r.hi;  // an end that is the root
    out.push_back(r);
  }
  return out;
}

/// Refines root r of square-free p (Sturm s) to width w.
inline void narrow(const QPoly& p, const std::vector<QPoly>& s, Root& r, const mpq_class& w) {
  while (!r.exact() && r.hi - r.lo > w) {
    const mpq_class m = (r.lo + r.hi) / 2;
    if (sign_at(p, m) == 0) {
      r.lo = r.hi = m;
      return;
    }
    if (count(s, r.lo, m) == 1) r.hi = m;
    else r.lo = m;
  }
}

/// The sign of q at root r of p (refining r): 0 when the gcd of q and p
/// has a root in r's interval.
inline int sign_at_root(const QPoly& q0, const QPoly& p0, Root& r) {
  QPoly q = q0;
  trim(q);
  if (q.empty()) return 0;
  if (r.exact()) return sign_at(q, r.lo);
  const QPoly p = square_free(p0);
  const QPoly g = gcd(q, p);
  if (g.size() > 1) {
    const auto sg = sturm(g);
    if (count(sg, r.lo, r.hi) == 1) return 0;
  }
  // q has no root at the root: narrow until q has none in the interval.
  const QPoly qs = square_free(q);
  const auto sq = sturm(qs), sp = sturm(p);
  while (qs.size() > 1 && count(sq, r.lo, r.hi) > 0) {
    const mpq_class m = (r.lo + r.hi) / 2;
    if (sign_at(p, m) == 0) {
      r.lo = r.hi = m;
      return sign_at(q, m);
    }
    if (count(sp, r.lo, m) == 1) r.hi = m;
    else r.lo = m;
  }
  return sign_at(q, r.hi);
}

/// The nearest double to a rational in [0, 1] (ties to even), by exact
/// comparisons.
inline double nearest_double(const mpq_class& x) {
  double d = x.get_d();  // truncates: within one ulp
  for (int i = 0; i < 4; ++i) {
    const double up = std::nextafter(d, 2.0);
    if (mpq_class(up) <= x) d = up;
  }
  while (mpq_class(d) > x) d = std::nextafter(d, -1.0);
  if (mpq_class(d) == x) return d;
  const double up = std::nextafter(d, 2.0);
  const mpq_class mid = (mpq_class(d) + mpq_class(up)) / 2;
  if (x < mid) return d;
  if (x > mid) return up;
  std::uint64_t bits;
  std::memcpy(&bits, &d, sizeof bits);
  return bits % 2 == 0 ? d : up;
}

/// The two roundings of root r of p: narrowed until its interval holds no
/// double and no midpoint of two doubles, or the root is one.
inline std::pair<double, double> roundings(const QPoly& p0, Root r) {
  const QPoly p = square_free(p0);
  const auto s = sturm(p);
  for (;;) {
    if (r.exact()) {
      double lo = nearest_double(r.lo);
      if (mpq_class(lo) > r.lo) lo = std::nextafter(lo, -1.0);
      return {nearest_double(r.lo), lo};
    }
    double d = nearest_double(r.lo);
    if (mpq_class(d) > r.lo) d = std::nextafter(d, -1.0);  // the largest double <= lo
    const double up = std::nextafter(d, 2.0);
    const mpq_class mid = (mpq_class(d) + mpq_class(up)) / 2;
    // Settled when (lo, hi] holds neither mid nor up.
    const bool has_mid = mid > r.lo && mid <= r.hi, has_up = mpq_class(up) <= r.hi;
    if (!has_mid && !has_up) return {r.hi <= mid ? d : up, d};
    const mpq_class m = (r.lo + r.hi) / 2;
    if (sign_at(p, m) == 0) {
      r.lo = r.hi = m;
      continue;
    }
    if (count(s, r.lo, m) == 1) r.hi = m;
    else r.lo = m;
  }
}

}  // namespace exactgeom::testing::roots_oracle
