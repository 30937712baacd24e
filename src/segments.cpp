// The out-of-line parts of segments.hpp: exact scaling of doubles and
// rationals to the integers the segment kernel works on, with the scale
// that maps the results back.
#include <gmpxx.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <climits>
#include <cmath>

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

bool scale_doubles_int64(const double* in, int n, std::int64_t* out, int& e, int max_bits,
                         const char* what) {
  // One pass over the bit patterns (this runs once per exact distance, in
  // front of a kernel of a few dozen integer operations): value = +-M * 2^E
  // with M the significand; its lowest set bit is at E + ctz(M), its top at
  // E + bit_width(M).
  constexpr int kMax = 16;
  if (n > kMax) return false;
  std::uint64_t mag[kMax];
  int ex[kMax];
  int emin = INT_MAX, top = INT_MIN;
  for (int i = 0; i < n; ++i) {
    const auto bits = std::bit_cast<std::uint64_t>(in[i]);
    const int field = static_cast<int>((bits >> 52) & 0x7ff);
    if (field == 0x7ff) require_finite(in, n, what);  // throws
    std::uint64_t m = bits & ((std::uint64_t(1) << 52) - 1);
    if (field != 0) m |= std::uint64_t(1) << 52;
    mag[i] = m;
    ex[i] = field != 0 ? field - 1075 : -1074;
    if (m == 0) continue;
    emin = std::min(emin, ex[i] + std::countr_zero(m));
    top = std::max(top, ex[i] + static_cast<int>(std::bit_width(m)));
  }
  if (emin == INT_MAX) emin = 0;                              // all zero
  if (top != INT_MIN && top - emin > max_bits) return false;  // some |m_i| >= 2^max_bits
  for (int i = 0; i < n; ++i) {
    const int sh = ex[i] - emin;  // >= -ctz(mag[i]) when mag[i] != 0: exact either way
    const std::uint64_t m = mag[i] == 0 ? 0 : (sh >= 0 ? mag[i] << sh : mag[i] >> -sh);
    const auto v = static_cast<std::int64_t>(m);  // < 2^max_bits <= 2^62
    out[i] = std::signbit(in[i]) ? -v : v;
  }
  e = emin;
  return true;
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
