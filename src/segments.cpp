// The out-of-line parts of segments.hpp: exact scaling of doubles and
// rationals to the integers the segment kernel works on, with the scale
// that maps the results back.
#include <gmpxx.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <climits>

#include "exactgeom/detail/exact.hpp"
#include "exactgeom/detail/scaling.hpp"
#include "exactgeom/detail/segment_front.hpp"

namespace exactgeom::detail {

void scale_doubles(const double* in, int n, mpz_class* out, mpz_class& sn, mpz_class& sd,
                   const char* what) {
  require_finite(in, n, what);
  // Every double is m * 2^e; multiplying all by 2^-e_min gives integers
  // m * 2^(e - e_min), and value = integer * 2^e_min.
  int emin = INT_MAX;
  for (int i = 0; i < n; ++i) {
    const Dyadic d = to_dyadic(in[i]);
    if (d.m != 0) emin = std::min(emin, d.e);
  }
  if (emin == INT_MAX) emin = 0;  // all zero
  for (int i = 0; i < n; ++i) {
    const Dyadic d = to_dyadic(in[i]);
    out[i] = static_cast<long>(d.m);
    if (d.m != 0)
      mpz_mul_2exp(out[i].get_mpz_t(), out[i].get_mpz_t(), static_cast<mp_bitcnt_t>(d.e - emin));
  }
  sn = 1;
  sd = 1;
  if (emin >= 0)
    mpz_mul_2exp(sn.get_mpz_t(), sn.get_mpz_t(), static_cast<mp_bitcnt_t>(emin));
  else
    mpz_mul_2exp(sd.get_mpz_t(), sd.get_mpz_t(), static_cast<mp_bitcnt_t>(-emin));
}

bool scale_doubles_int64(const double* in, int n, std::int64_t* out, int& e, const char* what) {
  require_finite(in, n, what);
  int emin = INT_MAX, top = INT_MIN;  // the smallest exponent, the largest bit position
  for (int i = 0; i < n; ++i) {
    const Dyadic d = to_dyadic(in[i]);
    if (d.m == 0) continue;
    emin = std::min(emin, d.e);
    top = std::max(top, d.e + static_cast<int>(std::bit_width(static_cast<std::uint64_t>(
                                   d.m < 0 ? -d.m : d.m))));
  }
  if (emin == INT_MAX) emin = 0;  // all zero
  if (top != INT_MIN && top - emin > 62) return false;  // some |m_i| >= 2^62
  for (int i = 0; i < n; ++i) {
    const Dyadic d = to_dyadic(in[i]);
    out[i] = d.m == 0 ? 0 : d.m * (std::int64_t(1) << (d.e - emin));  // |.| < 2^62: no overflow
  }
  e = emin;
  return true;
}

Fraction<mpz_class> scaled_area(const Fraction<fixed_int<448>>& v, int e) {
  mpz_class num = int_to_mpz(v.numerator()), den = int_to_mpz(v.denominator());
  if (e >= 0)
    mpz_mul_2exp(num.get_mpz_t(), num.get_mpz_t(), 2 * static_cast<mp_bitcnt_t>(e));
  else
    mpz_mul_2exp(den.get_mpz_t(), den.get_mpz_t(), 2 * static_cast<mp_bitcnt_t>(-e));
  return Fraction<mpz_class>(std::move(num), std::move(den));
}

void scale_rationals(const mpq_class* in, int n, mpz_class* out, mpz_class& sn, mpz_class& sd) {
  mpz_class l = 1;
  for (int i = 0; i < n; ++i) mpz_lcm(l.get_mpz_t(), l.get_mpz_t(), in[i].get_den_mpz_t());
  for (int i = 0; i < n; ++i) {
    mpz_divexact(out[i].get_mpz_t(), l.get_mpz_t(), in[i].get_den_mpz_t());
    out[i] *= in[i].get_num();
  }
  sn = 1;
  sd = l;
}

}  // namespace exactgeom::detail
