// exactgeom/detail/exact.hpp: the out-of-line exact paths behind the inline
// filters (compiled into libexactgeom.a). Each returns -1, 0 or +1; the
// double versions throw invalid_input for NaN or infinite coordinates.
#pragma once

#include <gmpxx.h>

#include <cstdint>

#include "exactgeom/coordinate.hpp"

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

int orient2d_exact(const mpz_class* c6);
int orient3d_exact(const mpz_class* c12);
int incircle_exact(const mpz_class* c8);
int insphere_det_exact(const mpz_class* c15);

/// Exact conversions between the two big-number families.
mpz_class to_mpz(const cpp_int& v);
mpq_class to_mpq(const cpp_rational& v);
cpp_int to_cpp_int(const mpz_class& v);
cpp_rational to_cpp_rational(const mpq_class& v);

/// Replaces n rationals by integers with the same ratios: each times the
/// positive least common multiple of the denominators.
void scale_to_integers(const mpq_class* in, mpz_class* out, int n);

/// The exact sign of ux*vy - uy*vx when each of the four doubles is 0 or has
/// magnitude in [2^-480, 2^480] (an FMA sign test; predicates.cpp proves it).
int orient2d_fma_sign(double ux, double uy, double vx, double vy);

/// Throws invalid_input naming `what` if any of the n values is NaN or inf.
void require_finite(const double* v, int n, const char* what);

}  // namespace exactgeom::detail
