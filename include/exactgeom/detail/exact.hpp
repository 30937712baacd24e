// exactgeom/detail/exact.hpp: the out-of-line exact paths behind the inline
// filters (compiled into libexactgeom.a): those of exact_fixed.hpp and those
// that name big-number types. Each returns -1, 0 or +1; the double versions
// throw invalid_input for NaN or infinite coordinates.
#pragma once

#include <gmpxx.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "exactgeom/coordinate.hpp"
#include "exactgeom/detail/exact_fixed.hpp"
#include "exactgeom/detail/gmp_int.hpp"

namespace exactgeom::detail {

int orient2d_exact(const mpz_class* c6);
int orient3d_exact(const mpz_class* c12);
int incircle_exact(const mpz_class* c8);
int insphere_det_exact(const mpz_class* c15);

/// Replaces n rationals by integers with the same ratios: each times the
/// positive least common multiple of the denominators.
void scale_to_integers(const mpq_class* in, mpz_class* out, int n);

/// Copies n coordinates into big integers, scaling rationals by their
/// common denominator.
template <class T>
void to_big_integers(const T* flat, mpz_class* out, int n) {
  // The big types' conversions are their coordinate_traits' (coordinate.hpp;
  // cpp_int and cpp_rational: exactgeom/boost.hpp).
  if constexpr (std::is_same_v<T, mpz_class>) {
    for (int i = 0; i < n; ++i) out[i] = flat[i];
  } else if constexpr (std::is_same_v<T, mpq_class>) {
    scale_to_integers(flat, out, n);
  } else if constexpr (coordinate_traits<T>::kind == CoordinateKind::big_int) {
    for (int i = 0; i < n; ++i) out[i] = coordinate_traits<T>::to_mpz(flat[i]);
  } else {
    static_assert(coordinate_traits<T>::kind == CoordinateKind::rational);
    std::vector<mpq_class> q(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) q[static_cast<std::size_t>(i)] = coordinate_traits<T>::to_mpq(flat[i]);
    scale_to_integers(q.data(), out, n);
  }
}
template <class T, int N>
void to_big_integers(const T (&flat)[N], mpz_class (&out)[N]) {
  to_big_integers(flat, out, N);
}

}  // namespace exactgeom::detail
