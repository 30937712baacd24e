// exactgeom/detail/exact_fixed.hpp: the out-of-line exact paths behind the
// inline filters of predicates.hpp, declared without GMP or Boost (compiled
// into libexactgeom.a). Each returns -1, 0 or +1; the double versions throw
// invalid_input for NaN or infinite coordinates. exact.hpp adds the
// declarations that name big-number types.
#pragma once

#include <cstdint>

#include "exactgeom/detail/filters.hpp"

namespace exactgeom::detail {

// Coordinates are passed flat: point after point, x y [z] each.
int orient2d_exact(const double* c6);
int orient3d_exact(const double* c12);
int incircle_exact(const double* c8);
int insphere_det_exact(const double* c15);

int incircle_exact(const std::int32_t* c8);
int insphere_det_exact(const std::int32_t* c15);
int orient3d_exact(const std::int64_t* c12);
int incircle_exact(const std::int64_t* c8);
int insphere_det_exact(const std::int64_t* c15);

/// The four predicates on big coordinates (mpz_class, mpq_class, cpp_int,
/// cpp_rational), flat as above: rationals are scaled by their common
/// denominator, everything is converted to mpz_class and the kernel runs in
/// GMP. Defined and explicitly instantiated for exactly those four types in
/// src/predicates/predicates.cpp, so that predicates.hpp need not include gmpxx or
/// Boost.
template <class T>
int orient2d_exact_big(const T* c6);
template <class T>
int orient3d_exact_big(const T* c12);
template <class T>
int incircle_exact_big(const T* c8);
template <class T>
int insphere_det_exact_big(const T* c15);

/// The exact sign of ux*vy - uy*vx when each of the four doubles is 0 or has
/// magnitude in [2^-480, 2^480] (an FMA sign test; predicates.cpp proves it).
int orient2d_fma_sign(double ux, double uy, double vx, double vy);
/// The same test with its two product orders swapped (for the tests: the
/// second order of orient2d_fma_sign rarely decides, here it decides).
int orient2d_fma_sign_swapped(double ux, double uy, double vx, double vy);

/// orient2d on doubles with inexact differences: an FMA estimate of the
/// determinant with the differences' tails and its error bound (derived in
/// predicates.cpp), valid when the six coordinates are each 0 or of
/// magnitude in [2^-400, 2^400] (the caller checks). Its sign() is D's or 0
/// (undecided).
Estimate orient2d_tail_estimate(const double* c6);

/// Throws invalid_input naming `what` if any of the n values is NaN or inf.
void require_finite(const double* v, int n, const char* what);

}  // namespace exactgeom::detail
