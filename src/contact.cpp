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

}  // namespace

double round_depth(const mpq_class& R, const mpq_class& d2) {
  // Start within a few ulps even under cancellation: R - sqrt(d2) =
  // (R^2 - d2) / (R + sqrt(d2)). Any sign: the comparisons are exact
  // whether R is above or below sqrt(d2).
  constexpr double kMax = std::numeric_limits<double>::max();
  const double num = mpq_class(R * R - d2).get_d();
  const double den = R.get_d() + std::sqrt(d2.get_d());
  double y = den > 0 ? num / den : 0.0;
  if (!std::isfinite(y)) y = R.get_d() - std::sqrt(d2.get_d());
  if (std::isnan(y)) y = 0;
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
  double y = R.get_d() + std::sqrt(q.get_d());
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
  const mpq_class q = w * w / d2;
  const double mag = sqrt_ratio_to_double(q.get_num(), q.get_den());
  return sgn(w) < 0 ? -mag : mag;
}

}  // namespace exactgeom::detail
