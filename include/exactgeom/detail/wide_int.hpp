// exactgeom/detail/wide_int.hpp: the integer types of the exact kernel and
// the bit bounds that pick one for each predicate and input width.
#pragma once

#include <gmpxx.h>

#include <boost/multiprecision/cpp_int.hpp>
#include <cstdint>

namespace exactgeom::detail {

__extension__ typedef __int128 int128;
__extension__ typedef unsigned __int128 uint128;

/// Fixed-width signed integer holding |x| < 2^Bits, no heap, no GMP call.
/// Unchecked: every use is covered by a bit bound below, checked by
/// static_assert (and the tests use extreme inputs at every bound).
template <unsigned Bits>
using fixed_int = boost::multiprecision::number<
    boost::multiprecision::cpp_int_backend<Bits, Bits, boost::multiprecision::signed_magnitude,
                                           boost::multiprecision::unchecked, void>,
    boost::multiprecision::et_off>;

// Bit bounds. Inputs are signed b-bit integers, |x| <= 2^(b-1); a difference
// of two has |d| <= 2^b. "Needs n bits" means the result and every
// intermediate have magnitude < 2^(n-1): a signed two's complement type of n
// bits holds it, and so does fixed_int<n-1> (magnitude bits + sign).
//
// orient2d: det = ux*vy - uy*vx; each product <= 2^(2b), |det| <= 2^(2b+1).
constexpr int orient2d_bits(int b) { return 2 * b + 2; }
// orient3d: minors <= 2^(2b+1); terms u*minor <= 2^(3b+1); sum of three
// < 2^(3b+3).
constexpr int orient3d_bits(int b) { return 3 * b + 4; }
// incircle: lifts dx^2+dy^2 <= 2^(2b+1); minors <= 2^(2b+1); terms
// <= 2^(4b+2); sum of three < 2^(4b+4).
constexpr int incircle_bits(int b) { return 4 * b + 5; }
// insphere: 2x2 minors <= 2^(2b+1); 3x3 minors (three terms d*minor)
// < 2^(3b+3); lifts < 2^(2b+2); terms lift*minor3 < 2^(5b+5); sum of four
// < 2^(5b+7).
constexpr int insphere_bits(int b) { return 5 * b + 8; }

/// Fits a signed integer type of `width` bits (two's complement)?
constexpr bool fits(int needed_bits, int width) { return needed_bits <= width; }

// The choices for int32 inputs (b = 32): orient2d and orient3d in __int128,
// incircle and insphere in a 192-bit fixed integer.
static_assert(fits(orient2d_bits(32), 128));
static_assert(fits(orient3d_bits(32), 128));
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

/// The sign of an integer of any kernel type, as -1, 0, +1.
inline int sgn(int128 v) { return (v > 0) - (v < 0); }
inline int sgn(long v) { return (v > 0) - (v < 0); }
inline int sgn(long long v) { return (v > 0) - (v < 0); }
inline int sgn(const mpz_class& v) { return ::sgn(v); }
template <class B, boost::multiprecision::expression_template_option E>
int sgn(const boost::multiprecision::number<B, E>& v) {
  return v.sign();
}

}  // namespace exactgeom::detail
