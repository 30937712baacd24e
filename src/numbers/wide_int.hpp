// src/numbers/wide_int.hpp (private to the library): the big integer types of
// the exact kernel (Boost fixed-width, GMP) beside the built-in ones and the
// bit bounds of int128.hpp, and their conversions to the public result
// integers (rational.hpp's FixedInt, mpz_class). Boost stays in the library's
// own sources: no public header includes it (exactgeom/boost.hpp aside).
#pragma once

#include <gmpxx.h>

#include <boost/multiprecision/cpp_int.hpp>
#include <cstdint>

#include <iterator>
#include <vector>

#include "exactgeom/detail/int128.hpp"
#include "exactgeom/rational.hpp"

namespace exactgeom::detail {

/// Fixed-width signed integer holding |x| < 2^Bits, no heap, no GMP call.
/// Unchecked: every use is covered by a bit bound below, checked by
/// static_assert (and the tests use extreme inputs at every bound).
template <unsigned Bits>
using fixed_int = boost::multiprecision::number<
    boost::multiprecision::cpp_int_backend<Bits, Bits, boost::multiprecision::signed_magnitude,
                                           boost::multiprecision::unchecked, void>,
    boost::multiprecision::et_off>;

// The choices for int32 inputs (b = 32) past __int128 (int128.hpp):
// incircle and insphere in a 192-bit fixed integer.
static_assert(fits(incircle_bits(32), 192 + 1));
static_assert(fits(insphere_bits(32), 192 + 1));
// For int64 inputs (b = 64): orient2d compares two 128-bit magnitudes
// (|u|,|v| <= 2^64 - 1, so each product < 2^128 fits uint128); the others
// use fixed widths of 256, 320 and 384 bits.
static_assert(fits(orient3d_bits(64), 256 + 1));
static_assert(fits(incircle_bits(64), 320 + 1));
static_assert(fits(insphere_bits(64), 384 + 1));

using i32_wide_incircle = fixed_int<192>;
using i32_wide_insphere = fixed_int<192>;
using i64_wide_orient3d = fixed_int<256>;
using i64_wide_incircle = fixed_int<320>;
using i64_wide_insphere = fixed_int<384>;

/// Exact conversion of a Boost fixed-width (or cpp_int) integer to mpz_class.
template <class B, boost::multiprecision::expression_template_option E>
mpz_class int_to_mpz(const boost::multiprecision::number<B, E>& v) {
  mpz_class z;
  if constexpr (requires { v.backend().limbs(); }) {
    // cpp_int's backends keep the magnitude as little-endian limbs: copy
    // them without a temporary (this runs once per exact segment distance).
    const auto& b = v.backend();
    mpz_import(z.get_mpz_t(), b.size(), -1, sizeof(*b.limbs()), 0, 0, b.limbs());
  } else {
    std::vector<std::uint64_t> limbs;
    export_bits(v, std::back_inserter(limbs), 64, false);  // magnitude, little-endian limbs
    if (!limbs.empty())
      mpz_import(z.get_mpz_t(), limbs.size(), -1, sizeof(std::uint64_t), 0, 0, limbs.data());
  }
  if (v.sign() < 0) mpz_neg(z.get_mpz_t(), z.get_mpz_t());
  return z;
}

/// rational.hpp's conversions (to_mpq, to_double of a Fraction) for Boost's
/// integers: the kernels' own Fractions (and the white-box tests) use them.
template <class B, boost::multiprecision::expression_template_option E>
struct int_conversion<boost::multiprecision::number<B, E>> {
  static mpz_class to_mpz(const boost::multiprecision::number<B, E>& v) { return int_to_mpz(v); }
};

/// The kernel's fixed-width value as the public result integer (rational.hpp:
/// FixedInt): the same sign and magnitude limbs, copied.
template <unsigned Bits>
FixedInt<Bits> to_public(const fixed_int<Bits>& v) {
  // Boost's limbs are read as their own type (unsigned long long, where
  // std::uint64_t is unsigned long) and converted one by one.
  const auto& b = v.backend();
  return FixedInt<Bits>::from_limbs(b.limbs(), b.size(), v.sign() < 0);
}
template <unsigned Bits>
Fraction<FixedInt<Bits>> to_public(const Fraction<fixed_int<Bits>>& q) {
  return Fraction<FixedInt<Bits>>(to_public(q.numerator()), to_public(q.denominator()));
}
inline const Fraction<mpz_class>& to_public(const Fraction<mpz_class>& q) { return q; }

}  // namespace exactgeom::detail
