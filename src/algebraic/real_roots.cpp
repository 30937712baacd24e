// src/algebraic/real_roots.cpp: the exact real roots of real_roots.hpp.
#include "algebraic/real_roots.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <utility>

namespace exactgeom::detail::algebraic {

namespace {

int sgn_z(const mpz_class& z) { return mpz_sgn(z.get_mpz_t()); }

/// p(x + 1), in place (Taylor shift by one: n^2 / 2 additions).
void taylor_shift_1(std::vector<mpz_class>& c) {
  const std::size_t n = c.size();
  for (std::size_t i = 0; i + 1 < n; ++i)
    for (std::size_t j = n - 1; j > i; --j) c[j - 1] += c[j];
}

/// The number of sign changes of the coefficients (zeros skipped), stopping
/// at `cap`.
int sign_changes(const std::vector<mpz_class>& c, int cap) {
  int v = 0, last = 0;
  for (const mpz_class& x : c) {
    const int s = sgn_z(x);
    if (s == 0) continue;
    if (last != 0 && s != last && ++v >= cap) return v;
    last = s;
  }
  return v;
}

/// Descartes' bound on the roots of q in (0, 1): the sign changes of
/// (x + 1)^n q(1 / (x + 1)), capped at 2 (0, 1 or "2 or more").
int descartes_unit(const std::vector<mpz_class>& q) {
  std::vector<mpz_class> r(q.rbegin(), q.rend());
  // Quick: a polynomial whose coefficients do not change sign has no root
  // in (0, 1) ... only when they are all of one sign, which the shifted
  // form shows too; the shift is the test.
  taylor_shift_1(r);
  return sign_changes(r, 2);
}

/// 2^n q(x / 2), in place (n the degree): coefficient k times 2^(n - k).
void halve_variable(std::vector<mpz_class>& q) {
  const std::size_t n = q.size() - 1;
  for (std::size_t k = 0; k < n; ++k) mpz_mul_2exp(q[k].get_mpz_t(), q[k].get_mpz_t(), n - k);
}

/// The dyadic value of a finite double x >= 0: m 2^e.
void dyadic_of(double x, mpz_class& m, long& e) {
  if (x == 0) {
    m = 0, e = 0;
    return;
  }
  int ex = 0;
  const double f = std::frexp(x, &ex);  // x = f 2^ex, f in [1/2, 1)
  m = static_cast<unsigned long>(std::ldexp(f, 53));
  e = ex - 53;
}

double from_bits(std::uint64_t b) { return std::bit_cast<double>(b); }
std::uint64_t to_bits(double d) { return std::bit_cast<std::uint64_t>(d); }

/// sign(x - q) for a double x and a rational q.
int cmp_double(double x, const mpq_class& q) { return cmp(mpq_class(x), q); }

}  // namespace

// --- polynomials ----------------------------------------------------------------

void Poly::trim() {
  while (!c.empty() && sgn_z(c.back()) == 0) c.pop_back();
}

Poly operator+(const Poly& a, const Poly& b) {
  Poly r;
  r.c.resize(std::max(a.c.size(), b.c.size()));
  for (std::size_t k = 0; k < r.c.size(); ++k) {
    if (k < a.c.size()) r.c[k] += a.c[k];
    if (k < b.c.size()) r.c[k] += b.c[k];
  }
  r.trim();
  return r;
}

Poly operator-(const Poly& a, const Poly& b) {
  Poly r;
  r.c.resize(std::max(a.c.size(), b.c.size()));
  for (std::size_t k = 0; k < r.c.size(); ++k) {
    if (k < a.c.size()) r.c[k] += a.c[k];
    if (k < b.c.size()) r.c[k] -= b.c[k];
  }
  r.trim();
  return r;
}

Poly operator*(const Poly& a, const Poly& b) {
  Poly r;
  if (a.zero() || b.zero()) return r;
  r.c.resize(a.c.size() + b.c.size() - 1);
  for (std::size_t i = 0; i < a.c.size(); ++i)
    for (std::size_t j = 0; j < b.c.size(); ++j) mpz_addmul(r.c[i + j].get_mpz_t(), a.c[i].get_mpz_t(), b.c[j].get_mpz_t());
  r.trim();
  return r;
}

Poly operator*(const Poly& a, const mpz_class& k) {
  Poly r = a;
  for (mpz_class& x : r.c) x *= k;
  r.trim();
  return r;
}

Poly derivative(const Poly& p) {
  Poly d;
  for (std::size_t k = 1; k < p.c.size(); ++k) d.c.push_back(p.c[k] * static_cast<unsigned long>(k));
  d.trim();
  return d;
}

Poly primitive(Poly p) {
  p.trim();
  if (p.zero()) return p;
  mpz_class g = 0;
  for (const mpz_class& x : p.c) {
    mpz_gcd(g.get_mpz_t(), g.get_mpz_t(), x.get_mpz_t());
    if (g == 1) break;
  }
  if (sgn_z(p.c.back()) < 0) g = -g;
  if (g != 1)
    for (mpz_class& x : p.c) mpz_divexact(x.get_mpz_t(), x.get_mpz_t(), g.get_mpz_t());
  return p;
}

namespace {
/// The pseudo-remainder of a by b (deg a >= deg b >= 0): lc(b)^(da - db + 1) a mod b.
Poly pseudo_remainder(Poly a, const Poly& b) {
  const int db = b.degree();
  const mpz_class& lb = b.c.back();
  while (!a.zero() && a.degree() >= db) {
    const int shift = a.degree() - db;
    const mpz_class la = a.c.back();
    for (mpz_class& x : a.c) x *= lb;
    for (int k = 0; k <= db; ++k) a.c[static_cast<std::size_t>(k + shift)] -= la * b.c[static_cast<std::size_t>(k)];
    a.trim();
  }
  return a;
}
}  // namespace

Poly gcd(const Poly& a0, const Poly& b0) {
  Poly a = primitive(a0), b = primitive(b0);
  if (a.zero()) return b;
  if (b.zero()) return a;
  if (a.degree() < b.degree()) std::swap(a, b);
  while (!b.zero()) {
    if (b.degree() == 0) return Poly{{mpz_class(1)}};
    Poly r = primitive(pseudo_remainder(std::move(a), b));
    a = std::move(b);
    b = std::move(r);
  }
  return a;
}

Poly square_free(const Poly& p) {
  Poly q = primitive(p);
  if (q.degree() <= 1) return q;
  const Poly g = gcd(q, derivative(q));
  if (g.degree() == 0) return q;
  // q / g exactly: long division over the integers (g divides q, g primitive,
  // so the quotient has integer coefficients: Gauss's lemma).
  Poly r = q, quo;
  quo.c.assign(static_cast<std::size_t>(q.degree() - g.degree() + 1), mpz_class(0));
  const mpz_class& lg = g.c.back();
  while (!r.zero() && r.degree() >= g.degree()) {
    const int shift = r.degree() - g.degree();
    mpz_class t;
    mpz_divexact(t.get_mpz_t(), r.c.back().get_mpz_t(), lg.get_mpz_t());
    quo.c[static_cast<std::size_t>(shift)] = t;
    for (int k = 0; k <= g.degree(); ++k) r.c[static_cast<std::size_t>(k + shift)] -= t * g.c[static_cast<std::size_t>(k)];
    r.trim();
  }
  return primitive(quo);
}

Poly without_zero_root(Poly p) {
  p.trim();
  std::size_t k = 0;
  while (k < p.c.size() && sgn_z(p.c[k]) == 0) ++k;
  p.c.erase(p.c.begin(), p.c.begin() + static_cast<std::ptrdiff_t>(k));
  return p;
}

int sign_at(const Poly& p, const mpq_class& x) {
  if (p.zero()) return 0;
  // sum c_k a^k b^(n-k), b > 0: Horner with the powers of b.
  const mpz_class& a = x.get_num();
  const mpz_class& b = x.get_den();
  mpz_class acc = p.c.back(), bp = 1;
  for (std::size_t k = p.c.size() - 1; k-- > 0;) {
    bp *= b;
    acc *= a;
    mpz_addmul(acc.get_mpz_t(), p.c[k].get_mpz_t(), bp.get_mpz_t());
  }
  return sgn_z(acc);
}

int sign_at_dyadic(const Poly& p, const mpz_class& m, long e) {
  if (p.zero()) return 0;
  mpz_class acc = p.c.back(), t;
  if (e >= 0) {
    mpz_class x;
    mpz_mul_2exp(x.get_mpz_t(), m.get_mpz_t(), static_cast<mp_bitcnt_t>(e));
    for (std::size_t k = p.c.size() - 1; k-- > 0;) {
      acc *= x;
      acc += p.c[k];
    }
    return sgn_z(acc);
  }
  // 2^(s n) p(m / 2^s) = sum c_k m^k 2^(s (n - k)).
  const auto s = static_cast<mp_bitcnt_t>(-e);
  const std::size_t n = p.c.size() - 1;
  for (std::size_t k = n; k-- > 0;) {
    acc *= m;
    mpz_mul_2exp(t.get_mpz_t(), p.c[k].get_mpz_t(), s * (n - k));
    acc += t;
  }
  return sgn_z(acc);
}

// --- roots ----------------------------------------------------------------------

mpq_class RealRoot::lo() const {
  mpq_class q(c);
  mpq_div_2exp(q.get_mpq_t(), q.get_mpq_t(), k);
  return q;
}

mpq_class RealRoot::hi() const {
  if (exact) return lo();
  mpq_class q(c + 1);
  mpq_div_2exp(q.get_mpq_t(), q.get_mpq_t(), k);
  return q;
}

void RealRoot::bisect() {
  if (exact) return;
  const mpz_class mid = 2 * c + 1;
  const int s = sign_at_dyadic(p, mid, -static_cast<long>(k + 1));
  ++k;
  if (s == 0) {
    c = mid, exact = true;
  } else if (s == sign_lo) {
    c = mid;  // the root is above the midpoint
  } else {
    c = 2 * c;
  }
}

std::vector<RealRoot> roots_in_unit_interval(const Poly& p0) {
  const Poly p = square_free(p0);
  std::vector<RealRoot> out;
  if (p.degree() <= 0) return out;
  auto exact_root = [&](const mpz_class& c, unsigned long k) {
    RealRoot r;
    r.p = p, r.c = c, r.k = k, r.exact = true;
    out.push_back(std::move(r));
  };
  if (sgn_z(p.c[0]) == 0) exact_root(0, 0);
  // The interior roots: q on (0, 1) is p on (c / 2^k, (c + 1) / 2^k), its
  // roots at the ends divided out.
  struct Node {
    std::vector<mpz_class> q;
    mpz_class c;
    unsigned long k;
  };
  std::vector<Node> stack;
  {
    Poly q = without_zero_root(p);
    // Divide out x - 1 where p(1) = 0 (synthetic division).
    mpz_class at1 = 0;
    for (const mpz_class& x : q.c) at1 += x;
    if (sgn_z(at1) == 0 && q.degree() >= 1) {
      std::vector<mpz_class> d(q.c.size() - 1);
      mpz_class carry = 0;
      for (std::size_t k = q.c.size() - 1; k-- > 0;) {
        carry += q.c[k + 1];
        d[k] = carry;
      }
      q.c = std::move(d);
    }
    if (q.degree() >= 1) stack.push_back({std::move(q.c), mpz_class(0), 0});
  }
  std::vector<RealRoot> interior;
  while (!stack.empty()) {
    Node nd = std::move(stack.back());
    stack.pop_back();
    const int v = descartes_unit(nd.q);
    if (v == 0) continue;
    if (v == 1) {
      RealRoot r;
      r.p = p, r.c = nd.c, r.k = nd.k;
      interior.push_back(std::move(r));
      continue;
    }
    // Split at 1/2: left 2^n q(x / 2), right its shift by one.
    std::vector<mpz_class> left = nd.q;
    halve_variable(left);
    std::vector<mpz_class> right = left;
    taylor_shift_1(right);
    const bool mid_root = sgn_z(right[0]) == 0;
    if (mid_root) {
      right.erase(right.begin());
      RealRoot r;
      r.p = p, r.c = 2 * nd.c + 1, r.k = nd.k + 1, r.exact = true;
      interior.push_back(std::move(r));
    }
    // Right first on the stack, so the left half is taken first.
    if (right.size() > 1) stack.push_back({std::move(right), 2 * nd.c + 1, nd.k + 1});
    if (left.size() > 1) stack.push_back({std::move(left), 2 * nd.c, nd.k + 1});
  }
  // Order by position (intervals are disjoint; an exact root lies between
  // the halves it split), then make every inexact root's ends non-roots of
  // p and record the sign at its lower end.
  auto key_lo = [](const RealRoot& r) { return r.lo(); };
  std::sort(interior.begin(), interior.end(), [&](const RealRoot& a, const RealRoot& b) { return key_lo(a) < key_lo(b); });
  for (RealRoot& r : interior) {
    if (!r.exact) {
      for (;;) {
        const int slo = sign_at_dyadic(r.p, r.c, -static_cast<long>(r.k));
        const int shi = sign_at_dyadic(r.p, r.c + 1, -static_cast<long>(r.k));
        if (slo != 0 && shi != 0) {
          r.sign_lo = slo;
          break;
        }
        // An end is another (exact) root of p: halve until neither is. The
        // sign just above lo is p's there, or p''s where lo is a (simple)
        // root; the root is above the midpoint when p has that sign there.
        const int above_lo = slo != 0 ? slo : sign_at_dyadic(derivative(r.p), r.c, -static_cast<long>(r.k));
        const mpz_class mid = 2 * r.c + 1;
        const int sm = sign_at_dyadic(r.p, mid, -static_cast<long>(r.k + 1));
        ++r.k;
        if (sm == 0) {
          r.c = mid, r.exact = true;
          break;
        }
        r.c = sm == above_lo ? mid : mpz_class(2 * r.c);
      }
    }
    out.push_back(std::move(r));
  }
  mpz_class at1 = 0;
  for (const mpz_class& x : p.c) at1 += x;
  if (sgn_z(at1) == 0) exact_root(1, 0);
  return out;
}

int sign_at(const Poly& q, RealRoot& r) {
  if (q.zero()) return 0;
  if (r.exact) return sign_at_dyadic(q, r.c, -static_cast<long>(r.k));
  const int n = q.degree();
  if (n == 0) return sgn_z(q.c[0]);
  // L bounds |q'| on [0, 1]: q has q(lo)'s sign on [lo, hi] when
  // |q(lo)| > L (hi - lo), that is |2^(k n) q(lo)| > L 2^(k (n - 1)).
  mpz_class L = 0;
  for (std::size_t k = 1; k < q.c.size(); ++k) L += abs(q.c[k]) * static_cast<unsigned long>(k);
  auto decided = [&](int& s) {
    // 2^(k n) q(c / 2^k) = sum q_j c^j 2^(k (n - j)).
    mpz_class acc = q.c.back(), t;
    for (std::size_t j = q.c.size() - 1; j-- > 0;) {
      acc *= r.c;
      mpz_mul_2exp(t.get_mpz_t(), q.c[j].get_mpz_t(), r.k * (static_cast<unsigned long>(n) - j));
      acc += t;
    }
    mpz_class bound;
    mpz_mul_2exp(bound.get_mpz_t(), L.get_mpz_t(), r.k * static_cast<unsigned long>(n - 1));
    if (mpz_cmpabs(acc.get_mpz_t(), bound.get_mpz_t()) > 0) {
      s = sgn_z(acc);
      return true;
    }
    return false;
  };
  int s = 0;
  bool checked_common = false;
  for (int iter = 0;; ++iter) {
    if (r.exact) return sign_at_dyadic(q, r.c, -static_cast<long>(r.k));
    if (decided(s)) return s;
    // After a few halvings, or at once when q changes sign across the
    // interval, ask whether q shares the root: the gcd with r.p (square-free)
    // has at most that root in the interval, and has it exactly when it
    // changes sign there.
    if (!checked_common && (iter >= 6 || sign_at_dyadic(q, r.c, -static_cast<long>(r.k)) *
                                                 sign_at_dyadic(q, r.c + 1, -static_cast<long>(r.k)) <= 0)) {
      checked_common = true;
      const Poly g = gcd(q, r.p);
      if (g.degree() >= 1 && sign_at_dyadic(g, r.c, -static_cast<long>(r.k)) *
                                     sign_at_dyadic(g, r.c + 1, -static_cast<long>(r.k)) < 0)
        return 0;
    }
    r.bisect();
  }
}

int compare(RealRoot& a, RealRoot& b) {
  bool checked_common = false;
  for (;;) {
    const mpq_class alo = a.lo(), ahi = a.hi(), blo = b.lo(), bhi = b.hi();
    // Apart, or touching at an end (an inexact root lies strictly inside).
    if (ahi < blo) return -1;
    if (bhi < alo) return 1;
    if (ahi == blo) return a.exact && b.exact ? 0 : -1;
    if (bhi == alo) return a.exact && b.exact ? 0 : 1;
    if (a.exact && b.exact) return 0;  // overlapping points are one point
    // An exact root inside the other's interval: the other's polynomial at
    // it has its lower end's sign below its root.
    if (a.exact) {
      const int s = sign_at_dyadic(b.p, a.c, -static_cast<long>(a.k));
      return s == 0 ? 0 : (s == b.sign_lo ? -1 : 1);
    }
    if (b.exact) {
      const int s = sign_at_dyadic(a.p, b.c, -static_cast<long>(b.k));
      return s == 0 ? 0 : (s == a.sign_lo ? 1 : -1);
    }
    if (!checked_common) {
      checked_common = true;
      // A root of gcd(p_a, p_b) in the intersection is both roots (each
      // polynomial has only its root there; the ends are roots of neither).
      const Poly g = gcd(a.p, b.p);
      if (g.degree() >= 1) {
        const mpq_class lo = std::max(alo, blo), hi = std::min(ahi, bhi);
        if (sign_at(g, lo) * sign_at(g, hi) < 0) return 0;
      }
    }
    if (a.k <= b.k) a.bisect();  // the wider one
    else b.bisect();
  }
}

namespace {

/// sign(alpha - x) for a double x, refining nothing: the root's interval and
/// its polynomial's sign at x.
int root_vs_double(const RealRoot& r, double x) {
  if (r.exact) return -cmp_double(x, r.lo());
  if (cmp_double(x, r.lo()) <= 0) return 1;
  if (cmp_double(x, r.hi()) >= 0) return -1;
  mpz_class m;
  long e = 0;
  dyadic_of(x, m, e);
  const int s = sign_at_dyadic(r.p, m, e);
  if (s == 0) return 0;
  return s == r.sign_lo ? 1 : -1;
}

/// A double near the root: bisection in double on the root's interval with
/// the polynomial's coefficients in double (only a guess: bracket() checks
/// it exactly); NaN when the coefficients do not fit a double.
double guess(const RealRoot& r) {
  std::vector<double> c;
  for (const mpz_class& x : r.p.c) {
    const double d = x.get_d();
    if (!std::isfinite(d)) return std::numeric_limits<double>::quiet_NaN();
    c.push_back(d);
  }
  // Scaled so the largest coefficient is near 1 (no overflow in Horner).
  double m = 0;
  for (double x : c) m = std::max(m, std::fabs(x));
  if (m == 0) return std::numeric_limits<double>::quiet_NaN();
  const int e = std::ilogb(m);
  for (double& x : c) x = std::ldexp(x, -e);
  auto at = [&](double t) {
    double v = 0;
    for (std::size_t k = c.size(); k-- > 0;) v = v * t + c[k];
    return v;
  };
  double lo = r.lo().get_d(), hi = r.hi().get_d();
  const double slo = at(lo);
  for (int i = 0; i < 200 && lo < hi; ++i) {
    const double mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) break;
    const double v = at(mid);
    if (v == 0) return mid;
    if ((v > 0) == (slo > 0)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/// The adjacent doubles around alpha in [0, 1]: lo <= alpha < hi (lo ==
/// alpha exactly when `on` is set). From a double guess, a few exact steps
/// to its neighbours; else bisection over every double in [0, 1] (by their
/// bit patterns: at most 62 halvings).
void bracket(const RealRoot& r, double& lo, double& hi, bool& on) {
  on = false;
  if (r.exact) {
    const mpq_class x = r.lo();
    double d = x.get_d();  // toward zero: d <= x
    if (cmp_double(d, x) > 0) d = std::nextafter(d, 0.0);
    while (cmp_double(std::nextafter(d, 2.0), x) <= 0) d = std::nextafter(d, 2.0);
    lo = d, hi = std::nextafter(d, 2.0), on = cmp_double(d, x) == 0;
    if (on && d == 1.0) hi = 1.0;
    return;
  }
  const double g = guess(r);
  if (std::isfinite(g) && g >= 0 && g <= 1) {
    std::uint64_t a = to_bits(g);
    int s = root_vs_double(r, from_bits(a));
    for (int step = 0; step < 8 && s < 0 && a > 0; ++step) s = root_vs_double(r, from_bits(--a));  // below it
    if (s >= 0) {
      if (s == 0) {
        lo = from_bits(a), hi = from_bits(a + 1), on = true;
        return;
      }
      // alpha > D(a): find the first double above it.
      for (int step = 0; step < 16 && a + 1 <= to_bits(1.0); ++step) {
        const int t = root_vs_double(r, from_bits(a + 1));
        if (t == 0) {
          lo = from_bits(a + 1), hi = from_bits(a + 2), on = true;
          return;
        }
        if (t < 0) {
          lo = from_bits(a), hi = from_bits(a + 1);
          return;
        }
        ++a;
      }
    }
  }
  std::uint64_t a = 0, b = to_bits(1.0);  // D(a) <= alpha <= D(b)
  if (root_vs_double(r, 1.0) == 0) {
    lo = hi = 1.0, on = true;
    return;
  }
  if (root_vs_double(r, 0.0) == 0) {
    lo = 0.0, hi = from_bits(1), on = true;
    return;
  }
  while (b - a > 1) {
    const std::uint64_t mid = a + (b - a) / 2;
    const int s = root_vs_double(r, from_bits(mid));
    if (s == 0) {
      lo = from_bits(mid), hi = from_bits(mid + 1), on = true;
      return;
    }
    if (s > 0) a = mid;
    else b = mid;
  }
  lo = from_bits(a), hi = from_bits(b);
}

}  // namespace

void round_both(RealRoot& r, double& nearest, double& down) {
  double lo, hi;
  bool on;
  bracket(r, lo, hi, on);
  down = lo;
  if (on) {
    nearest = lo;
    return;
  }
  // The midpoint of lo and hi, exactly: (lo + hi) / 2 as a rational.
  const mpq_class mid = (mpq_class(lo) + mpq_class(hi)) / 2;
  int s;
  if (r.exact) {
    s = cmp(r.lo(), mid);
  } else if (cmp(mid, r.lo()) <= 0) {
    s = 1;
  } else if (cmp(mid, r.hi()) >= 0) {
    s = -1;
  } else {
    const int v = sign_at(r.p, mid);
    s = v == 0 ? 0 : (v == r.sign_lo ? 1 : -1);
  }
  nearest = s > 0 ? hi : s < 0 ? lo : ((to_bits(lo) & 1) == 0 ? lo : hi);  // a tie: the even one
}

double round_down(RealRoot& r) {
  double n, d;
  round_both(r, n, d);
  return d;
}

double round_nearest(RealRoot& r) {
  double n, d;
  round_both(r, n, d);
  return n;
}

}  // namespace exactgeom::detail::algebraic
