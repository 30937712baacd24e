// internal/testing/oracle.hpp: the slow independent oracle for the exact predicates (each
// determinant of docs/queries.md expanded by the Leibniz formula in
// mpq_class), exact conversions of the eight coordinate types to mpq_class,
// and the typed-test list of those eight types with readable names.
//
// Written from the definitions only, not from the library's kernel: nothing
// here includes exactgeom/detail. The conversions go through decimal strings
// for Boost types so they do not share code with detail::to_mpz/to_mpq.
#pragma once

#include <gmpxx.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <boost/multiprecision/cpp_int.hpp>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "exactgeom/geometry.hpp"

namespace exactgeom::testing::oracle {

using cpp_int = boost::multiprecision::cpp_int;
using cpp_rational = boost::multiprecision::cpp_rational;

// ---------------------------------------------------------------------------
// Exact conversions to mpq_class.

// Integers through their decimal text: exact whatever the width of long.
inline mpq_class to_q(std::int32_t v) { return mpq_class(mpz_class(std::to_string(v), 10)); }
inline mpq_class to_q(std::int64_t v) { return mpq_class(mpz_class(std::to_string(v), 10)); }
/// mpq_set_d is exact for every finite double (subnormals included); a float
/// widens to double exactly. -0.0 becomes 0.
inline mpq_class to_q(double v) {
  if (!std::isfinite(v)) throw std::domain_error("oracle::to_q: NaN or infinite coordinate");
  return mpq_class(v);
}
inline mpq_class to_q(float v) { return to_q(static_cast<double>(v)); }
inline mpq_class to_q(const mpz_class& v) { return mpq_class(v); }
inline mpq_class to_q(const mpq_class& v) { return v; }
inline mpq_class to_q(const cpp_int& v) { return mpq_class(mpz_class(v.str(), 10)); }
inline mpq_class to_q(const cpp_rational& v) {
  mpq_class q(mpz_class(boost::multiprecision::numerator(v).str(), 10),
              mpz_class(boost::multiprecision::denominator(v).str(), 10));
  q.canonicalize();
  return q;
}

using Q2 = std::array<mpq_class, 2>;
using Q3 = std::array<mpq_class, 3>;

template <class T>
Q2 to_q(const Point2<T>& p) {
  return {to_q(p.x), to_q(p.y)};
}
template <class T>
Q3 to_q(const Point3<T>& p) {
  return {to_q(p.x), to_q(p.y), to_q(p.z)};
}

// ---------------------------------------------------------------------------
// Determinants, by the Leibniz formula: the sum over all permutations s of
// sign(s) * prod_i m[i][s(i)], with sign(s) from counting inversions.

template <std::size_t N>
using Matrix = std::array<std::array<mpq_class, N>, N>;

template <std::size_t N>
mpq_class determinant(const Matrix<N>& m) {
  std::array<std::size_t, N> perm;
  std::iota(perm.begin(), perm.end(), std::size_t{0});
  mpq_class sum = 0;
  do {
    mpq_class term = 1;
    for (std::size_t i = 0; i < N; ++i) term *= m[i][perm[i]];
    int inversions = 0;
    for (std::size_t i = 0; i < N; ++i)
      for (std::size_t j = i + 1; j < N; ++j)
        if (perm[i] > perm[j]) ++inversions;
    if (inversions % 2 == 0)
      sum += term;
    else
      sum -= term;
  } while (std::next_permutation(perm.begin(), perm.end()));
  return sum;
}

inline int sign_of(const mpq_class& v) { return sgn(v); }

/// sign det[b-a; c-a].
inline int orient2d(const Q2& a, const Q2& b, const Q2& c) {
  Matrix<2> m;
  for (std::size_t k = 0; k < 2; ++k) {
    m[0][k] = b[k] - a[k];
    m[1][k] = c[k] - a[k];
  }
  return sign_of(determinant(m));
}

/// sign det[b-a; c-a; d-a].
inline int orient3d(const Q3& a, const Q3& b, const Q3& c, const Q3& d) {
  Matrix<3> m;
  for (std::size_t k = 0; k < 3; ++k) {
    m[0][k] = b[k] - a[k];
    m[1][k] = c[k] - a[k];
    m[2][k] = d[k] - a[k];
  }
  return sign_of(determinant(m));
}

/// sign det of rows [p-d, |p-d|^2], p = a, b, c.
inline int incircle(const Q2& a, const Q2& b, const Q2& c, const Q2& d) {
  const Q2* rows[3] = {&a, &b, &c};
  Matrix<3> m;
  for (std::size_t i = 0; i < 3; ++i) {
    m[i][2] = 0;
    for (std::size_t k = 0; k < 2; ++k) {
      m[i][k] = (*rows[i])[k] - d[k];
      m[i][2] += m[i][k] * m[i][k];
    }
  }
  return sign_of(determinant(m));
}

/// minus the sign of det of rows [p-e, |p-e|^2], p = a, b, c, d.
inline int insphere(const Q3& a, const Q3& b, const Q3& c, const Q3& d, const Q3& e) {
  const Q3* rows[4] = {&a, &b, &c, &d};
  Matrix<4> m;
  for (std::size_t i = 0; i < 4; ++i) {
    m[i][3] = 0;
    for (std::size_t k = 0; k < 3; ++k) {
      m[i][k] = (*rows[i])[k] - e[k];
      m[i][3] += m[i][k] * m[i][k];
    }
  }
  return -sign_of(determinant(m));
}

// The same on points of any coordinate type, converted exactly.
template <class T>
int orient2d(const Point2<T>& a, const Point2<T>& b, const Point2<T>& c) {
  return orient2d(to_q(a), to_q(b), to_q(c));
}
template <class T>
int orient3d(const Point3<T>& a, const Point3<T>& b, const Point3<T>& c, const Point3<T>& d) {
  return orient3d(to_q(a), to_q(b), to_q(c), to_q(d));
}
template <class T>
int incircle(const Point2<T>& a, const Point2<T>& b, const Point2<T>& c, const Point2<T>& d) {
  return incircle(to_q(a), to_q(b), to_q(c), to_q(d));
}
template <class T>
int insphere(const Point3<T>& a, const Point3<T>& b, const Point3<T>& c, const Point3<T>& d,
             const Point3<T>& e) {
  return insphere(to_q(a), to_q(b), to_q(c), to_q(d), to_q(e));
}

// ---------------------------------------------------------------------------
// The typed-test list.

using CoordinateTypes = ::testing::Types<std::int32_t, std::int64_t, float, double, mpz_class,
                                         mpq_class, cpp_int, cpp_rational>;

struct CoordinateTypeNames {
  template <class T>
  static std::string GetName(int) {
    if constexpr (std::is_same_v<T, std::int32_t>)
      return "int32";
    else if constexpr (std::is_same_v<T, std::int64_t>)
      return "int64";
    else if constexpr (std::is_same_v<T, float>)
      return "float";
    else if constexpr (std::is_same_v<T, double>)
      return "double";
    else if constexpr (std::is_same_v<T, mpz_class>)
      return "mpz";
    else if constexpr (std::is_same_v<T, mpq_class>)
      return "mpq";
    else if constexpr (std::is_same_v<T, cpp_int>)
      return "cpp_int";
    else
      return "cpp_rational";
  }
};

}  // namespace exactgeom::testing::oracle
