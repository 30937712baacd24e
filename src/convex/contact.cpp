// Correct rounding of the contact quantities of exactgeom/contact.hpp:
// R - sqrt(d2) and w / sqrt(d2) for exact rationals, by exact comparisons
// with the midpoints between neighbouring doubles (never a rounded sqrt).
#include <gmpxx.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "exactgeom/contact.hpp"
#include "exactgeom/rational.hpp"

namespace exactgeom::detail {

namespace {

bool even(double y) { return (std::bit_cast<std::uint64_t>(y) & 1) == 0; }

int cmp_q(const mpq_class& a, const mpq_class& b) {
  const int c = cmp(a, b);
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

/// Sign of (R - sqrt(d2)) - m for a rational m, exactly.
int compare_depth(const mpq_class& R, const mpq_class& d2, const mpq_class& m) {
  const mpq_class a = R - m;  // compare a with sqrt(d2) >= 0
  if (sgn(a) < 0) return -1;
  return cmp(mpq_class(a * a), d2);
}

/// Walks from an approximation y to the nearest double of a value x known
/// only through cmp_x(m) = sign(x - m); ties go to the even neighbour.
template <class Cmp>
double round_by_midpoints(double y, Cmp cmp_x) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  for (;;) {
    const double up = std::nextafter(y, inf);
    if (std::isfinite(up)) {
      const int c = cmp_x(mpq_class((mpq_class(y) + mpq_class(up)) / 2));
      if (c > 0 || (c == 0 && !even(y))) {
        y = up;
        continue;
      }
    }
    const double down = std::nextafter(y, -inf);
    if (std::isfinite(down)) {
      const int c = cmp_x(mpq_class((mpq_class(y) + mpq_class(down)) / 2));
      if (c < 0 || (c == 0 && !even(y))) {
        y = down;
        continue;
      }
    }
    return y;
  }
}

/// v is a usable start for a value of sign s: a normal double (get_d is
/// then within an ulp), or 0 for an exact 0.
bool usable(double v, int s) { return s == 0 ? v == 0 : std::isnormal(v); }

/// R - sqrt(d2) within a few ulps (or beyond the double range) at every
/// magnitude: in doubles where R, d2 and the result are in the double
/// range, else in 128-bit GMP floats, whose exponents do not overflow: the
/// difference directly when R <= 0 (no cancellation), else as (R^2 - d2) /
/// (R + sqrt(d2)) with the numerator exact before its one rounding. The
/// result goes to double through its exponent (mpf_get_d_2exp and ldexp),
/// so a subnormal start is not flushed to zero.
double start_depth(const mpq_class& R, const mpq_class& d2) {
  // In the double range (every case but the extreme ones): doubles, as
  // before issue 43, no GMP float on the contact path.
  const double r = R.get_d(), q = d2.get_d();
  if (usable(r, sgn(R)) && usable(q, sgn(d2))) {
    if (sgn(R) <= 0) {
      const double y = r - std::sqrt(q);  // both terms <= 0: no cancellation
      if (usable(y, sgn(R) == 0 && sgn(d2) == 0 ? 0 : -1)) return y;
    } else {
      const mpq_class diff = R * R - d2;
      const double num = diff.get_d(), y = num / (r + std::sqrt(q));
      if (usable(num, sgn(diff)) && usable(y, sgn(diff))) return y;
    }
  }
  constexpr mp_bitcnt_t kBits = 128;
  mpf_class sf(0, kBits), rf(0, kBits), yf(0, kBits);
  mpf_set_q(sf.get_mpf_t(), d2.get_mpq_t());
  mpf_sqrt(sf.get_mpf_t(), sf.get_mpf_t());
  mpf_set_q(rf.get_mpf_t(), R.get_mpq_t());
  if (sgn(R) <= 0) {
    yf = rf - sf;
  } else {
    mpf_class num(0, kBits);
    const mpq_class diff = R * R - d2;
    mpf_set_q(num.get_mpf_t(), diff.get_mpq_t());
    yf = num / (rf + sf);
  }
  if (sgn(yf) == 0) return 0.0;
  long e = 0;
  const double m = mpf_get_d_2exp(&e, yf.get_mpf_t());  // y = m 2^e, |m| in [1/2, 1)
  if (e > 2000) return m > 0 ? std::numeric_limits<double>::infinity() : -std::numeric_limits<double>::infinity();
  if (e < -2000) return 0.0;
  return std::ldexp(m, static_cast<int>(e));
}

}  // namespace

double round_depth(const mpq_class& R, const mpq_class& d2) {
  // Start within a few ulps at any magnitude (start_depth), so that the
  // walk below takes a step or two. Any sign: the comparisons are exact
  // whether R is above or below sqrt(d2).
  constexpr double kMax = std::numeric_limits<double>::max();
  double y = start_depth(R, d2);
  y = std::clamp(y, -kMax, kMax);  // the walk compares with finite midpoints only
  const auto cmp = [&](const mpq_class& m) { return compare_depth(R, d2, m); };
  y = round_by_midpoints(y, cmp);
  if (std::fabs(y) == kMax) {
    // Beyond the largest double: the value rounds to infinity from the
    // midpoint 2^1024 - 2^970 on (a tie goes to infinity: kMax is odd).
    const mpq_class edge = mpq_class(std::ldexp(1.0, 1023)) * 2 - mpq_class(std::ldexp(1.0, 970));
    if (y > 0 && cmp(edge) >= 0) return std::numeric_limits<double>::infinity();
    if (y < 0 && cmp(mpq_class(-edge)) <= 0) return -std::numeric_limits<double>::infinity();
  }
  return y;
}

double round_sum_sqrt(const mpq_class& R, const mpq_class& q) {
  constexpr double kMax = std::numeric_limits<double>::max();
  // sign(R + sqrt(q) - m): with a = m - R, negative a means the sum is above
  // m; otherwise compare q with a^2.
  const auto cmp = [&](const mpq_class& m) {
    const mpq_class a = m - R;
    if (sgn(a) < 0) return 1;
    return cmp_q(q, mpq_class(a * a));
  };
  // Both terms correctly rounded at any exponent (subnormal to beyond the
  // double range) and of one sign: their double sum is
  // within two ulps of R + sqrt(q), or beyond the range, so the walk takes
  // a step or two.
  // (R.get_d() + sqrt(q.get_d()) started the walk 2^500 ulps away when q
  // was below the double range, as for cores spanning 2^-1074 to 2^1000.)
  // (Correctly rounded, the start is the answer or next to it: the walk's
  // comparisons of big rationals are the costly part, not this start.)
  double y = ratio_to_double(R.get_num(), R.get_den()) + sqrt_ratio_to_double(q.get_num(), q.get_den());
  if (!std::isfinite(y)) y = kMax;
  y = round_by_midpoints(y, cmp);
  if (y == kMax) {
    const mpq_class edge = mpq_class(std::ldexp(1.0, 1023)) * 2 - mpq_class(std::ldexp(1.0, 970));
    if (cmp(edge) >= 0) return std::numeric_limits<double>::infinity();
  }
  return y;
}

double round_unit_component(const mpq_class& w, const mpq_class& d2) {
  // |w| / sqrt(d2) = sqrt(w^2 / d2); rounding is symmetric under negation.
  // Exactly 0 and +-1 need no root (an axis-aligned normal: a shape resting
  // on a level floor).
  if (sgn(w) == 0) return 0.0;
  const mpq_class w2 = w * w;
  if (w2 == d2) return sgn(w) < 0 ? -1.0 : 1.0;
  const mpq_class q = w2 / d2;
  const double mag = sqrt_ratio_to_double(q.get_num(), q.get_den());
  return sgn(w) < 0 ? -mag : mag;
}

}  // namespace exactgeom::detail
