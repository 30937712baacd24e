// exactgeom/detail/wide_int.hpp: the big integer types of the exact kernel
// (Boost fixed-width, GMP) beside the built-in ones and the bit bounds of
// int128.hpp.
#pragma once

#include <gmpxx.h>

#include <boost/multiprecision/cpp_int.hpp>
#include <cstdint>

#include "exactgeom/detail/int128.hpp"

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

/// mpz_class by GMP's own sign (int128.hpp has the others).
inline int sgn(const mpz_class& v) { return ::sgn(v); }

}  // namespace exactgeom::detail
