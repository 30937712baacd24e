// The out-of-line parts of segments.hpp: exact scaling of doubles and
// rationals to the integers the segment kernel works on, with the scale
// that maps the results back.
#include <gmpxx.h>

#include <algorithm>
#include <climits>

#include "exactgeom/detail/exact.hpp"
#include "exactgeom/detail/scaling.hpp"
#include "segments/kernel/segment_integers.hpp"

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
    out[i] = mpz_of(d.m);
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
