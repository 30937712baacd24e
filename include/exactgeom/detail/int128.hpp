// exactgeom/detail/int128.hpp: the built-in wide integers of the exact
// kernel, the bit bounds that pick a type for each predicate and input width,
// and sgn(). Light on purpose (no GMP, no Boost): predicates.hpp includes it,
// and a user of double or int coordinates should not pay for big numbers.
// The big types (Boost's fixed_int, mpz_class) are added by the library's
// src/numbers/wide_int.hpp.
#pragma once

#include <cstdint>
#include <type_traits>

namespace exactgeom::detail {

__extension__ typedef __int128 int128;
__extension__ typedef unsigned __int128 uint128;

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

// The built-in choices for int32 inputs (b = 32): orient2d and orient3d in
// __int128 (wide_int.hpp checks the fixed-width ones).
static_assert(fits(orient2d_bits(32), 128));
static_assert(fits(orient3d_bits(32), 128));

/// The sign of an integer of any kernel type, as -1, 0, +1.
inline int sgn(int128 v) { return (v > 0) - (v < 0); }
inline int sgn(long v) { return (v > 0) - (v < 0); }
inline int sgn(long long v) { return (v > 0) - (v < 0); }
/// Class types: Boost numbers answer sign(); others (GMP) by comparison.
template <class W>
  requires std::is_class_v<W>
int sgn(const W& v) {
  if constexpr (requires { v.sign(); })
    return v.sign();
  else
    return (v > 0) - (v < 0);
}

}  // namespace exactgeom::detail
