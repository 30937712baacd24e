// Correct rounding of exact rationals and of their square roots to double,
// with integer arithmetic only (GMP): the quotient or integer square root is
// taken with >= 58 significant bits, and the rest of the value is kept as an
// exact "inexact" flag, so round-to-nearest-even sees the true round bit and
// sticky bit, halfway cases included.
#include <gmpxx.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "exactgeom/geometry.hpp"
#include "exactgeom/rational.hpp"

namespace exactgeom::detail {

namespace {

long bit_length(const mpz_class& v) {
  return sgn(v) == 0 ? 0 : static_cast<long>(mpz_sizeinbase(v.get_mpz_t(), 2));
}

// The double nearest to (Q + delta) * 2^-k, where delta = 0 when !inexact
// and 0 < delta < 1 otherwise. Requires Q >= 2^57.
//
// The result's last place is 2^ulp_exp with ulp_exp = max(E - 52, -1074),
// E = the exponent of Q's top bit in the value. Since Q has >= 58 bits, at
// least 5 bits of Q lie below that place: the highest is the round bit, the
// others together with `inexact` the sticky bit.
double round_scaled(const mpz_class& Q, bool inexact, long k) {
  const long L = bit_length(Q);
  const long E = L - 1 - k;
  if (E > 1023) return std::numeric_limits<double>::infinity();
  const long ulp_exp = std::max(E - 52, -1074L);
  const long shift = ulp_exp + k;  // >= L - 53 >= 5
  mpz_class q;
  mpz_fdiv_q_2exp(q.get_mpz_t(), Q.get_mpz_t(), static_cast<mp_bitcnt_t>(shift));
  const bool round = mpz_tstbit(Q.get_mpz_t(), static_cast<mp_bitcnt_t>(shift - 1)) != 0;
  bool sticky = inexact;
  if (!sticky) {
    // Any bit below the round bit?
    const mp_bitcnt_t low = mpz_scan1(Q.get_mpz_t(), 0);
    sticky = low < static_cast<mp_bitcnt_t>(shift - 1);
  }
  if (round && (sticky || mpz_odd_p(q.get_mpz_t()))) ++q;
  // q <= 2^53: exact in a double; ldexp is exact (or overflows to inf).
  return std::ldexp(q.get_d(), static_cast<int>(ulp_exp));
}

}  // namespace

double ratio_to_double(const mpz_class& num_in, const mpz_class& den_in) {
  if (sgn(den_in) == 0) throw invalid_input("to_double: zero denominator");
  if (sgn(num_in) == 0) return 0.0;
  const bool neg = (sgn(num_in) < 0) != (sgn(den_in) < 0);
  const mpz_class num = abs(num_in), den = abs(den_in);
  // num/den lies in [2^(e-1), 2^(e+1)) with e = bits(num) - bits(den); with
  // k = 58 - e the quotient num * 2^k / den is >= 2^57.
  const long k = 58 - (bit_length(num) - bit_length(den));
  mpz_class n = num, d = den, q, r;
  if (k >= 0)
    n <<= static_cast<mp_bitcnt_t>(k);
  else
    d <<= static_cast<mp_bitcnt_t>(-k);
  mpz_tdiv_qr(q.get_mpz_t(), r.get_mpz_t(), n.get_mpz_t(), d.get_mpz_t());
  const double m = round_scaled(q, sgn(r) != 0, k);
  return neg ? -m : m;
}

double sqrt_ratio_to_double(const mpz_class& num_in, const mpz_class& den_in) {
  mpz_class num = num_in, den = den_in;
  if (sgn(den) < 0) {
    num = -num;
    den = -den;
  }
  if (sgn(den) == 0 || sgn(num) < 0)
    throw invalid_input("sqrt_to_double: negative value or zero denominator");
  if (sgn(num) == 0) return 0.0;
  // sqrt(num/den) >= 2^(s-1) with s = floor((bits(num) - bits(den)) / 2);
  // with k = 60 - s, S = isqrt(num * 4^k / den) >= 2^59.
  const long diff = bit_length(num) - bit_length(den);
  const long s = diff >= 0 ? diff / 2 : -((-diff + 1) / 2);
  const long k = 60 - s;
  if (k >= 0)
    num <<= static_cast<mp_bitcnt_t>(2 * k);
  else
    den <<= static_cast<mp_bitcnt_t>(-2 * k);
  mpz_class X, r;
  mpz_tdiv_qr(X.get_mpz_t(), r.get_mpz_t(), num.get_mpz_t(), den.get_mpz_t());
  // sqrt of the true value lies in [S, S + 1): floor(sqrt(x)) =
  // isqrt(floor(x)), and it equals S exactly iff both remainders are 0.
  mpz_class S, rem;
  mpz_sqrtrem(S.get_mpz_t(), rem.get_mpz_t(), X.get_mpz_t());
  return round_scaled(S, sgn(r) != 0 || sgn(rem) != 0, k);
}

}  // namespace exactgeom::detail
