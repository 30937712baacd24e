// exactgeom/detail/gmp_int.hpp: 64-bit integers into GMP, exactly, whatever
// the width of `long` (gmpxx's constructors take long, which is 32 bits on
// LLP64 platforms: static_cast<long> would truncate there).
#pragma once

#include <gmpxx.h>

#include <cstdint>

namespace exactgeom::detail {

inline mpz_class mpz_of(std::int64_t v) {
  if constexpr (sizeof(long) >= sizeof(std::int64_t)) {
    return mpz_class(static_cast<long>(v));
  } else {
    const std::uint64_t m = v < 0 ? std::uint64_t(0) - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v);
    mpz_class z;
    mpz_import(z.get_mpz_t(), 1, -1, sizeof m, 0, 0, &m);
    if (v < 0) mpz_neg(z.get_mpz_t(), z.get_mpz_t());
    return z;
  }
}

inline mpz_class mpz_of(std::uint64_t v) {
  if constexpr (sizeof(unsigned long) >= sizeof(std::uint64_t)) {
    return mpz_class(static_cast<unsigned long>(v));
  } else {
    mpz_class z;
    mpz_import(z.get_mpz_t(), 1, -1, sizeof v, 0, 0, &v);
    return z;
  }
}

/// mpz_class by GMP's own sign (int128.hpp has the others).
inline int sgn(const mpz_class& v) { return ::sgn(v); }

}  // namespace exactgeom::detail
