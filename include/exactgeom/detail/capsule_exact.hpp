// exactgeom/detail/capsule_exact.hpp: the out-of-line exact paths of the
// capsule tests (src/capsules.cpp), behind the inline filter of capsules.hpp.
//
// Flat layouts: segment-segment in dimension dim (2 or 3) is p1 q1 p2 q2
// (dim values each) then r1 r2, 4 dim + 2 values; segment-triangle is
// p q a b c (3 values each) then r, 16 values. Radii are >= 0 and doubles
// finite (the caller has checked). Each returns distance <= r1 + r2
// (strict: <). segseg_exact evaluates only the candidates in `mask` (see
// segment_segment_within in capsule_kernel.hpp): the filter passes those
// it could not decide, after all the others answered no.
#pragma once

#include <gmpxx.h>

#include <cstdint>

namespace exactgeom::detail {

bool segseg_exact(const double* v, int dim, bool strict, unsigned mask);
bool segseg_exact(const std::int32_t* v, int dim, bool strict, unsigned mask);
bool segseg_exact(const std::int64_t* v, int dim, bool strict, unsigned mask);
bool segseg_exact(const mpz_class* v, int dim, bool strict, unsigned mask);

bool segtri_exact(const double* v, bool strict);
bool segtri_exact(const std::int32_t* v, bool strict);
bool segtri_exact(const std::int64_t* v, bool strict);
bool segtri_exact(const mpz_class* v, bool strict);

}  // namespace exactgeom::detail
