// src/segments/kernel/segment_integers.hpp (private): how segments.hpp turns each coordinate
// type into the integer problem of detail/segment_kernel.hpp and back, and
// the exact classification of two segments from orientation signs.
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>

#include "exactgeom/coordinate.hpp"
#include "exactgeom/detail/exact.hpp"
#include "exactgeom/segments.hpp"
#include "exactgeom/detail/scaling.hpp"
#include "segment_kernel.hpp"
#include "exactgeom/geometry.hpp"
#include "exactgeom/predicates.hpp"
#include "exactgeom/rational.hpp"

namespace exactgeom {

namespace detail {

template <class T>
struct kernel_int {
  using type = mpz_class;
};
template <>
struct kernel_int<std::int32_t> {
  using type = seg_w32;
};
template <>
struct kernel_int<std::int64_t> {
  using type = seg_w64;
};

// Out of line (src/segments/segments.cpp). n values scaled to integers `out` with
// value = out * sn / sd: doubles by 2^-e_min (NaN/inf throw invalid_input
// naming `what`), rationals by the lcm of their denominators.
void scale_doubles(const double* in, int n, mpz_class* out, mpz_class& sn, mpz_class& sd,
                   const char* what);
void scale_rationals(const mpq_class* in, int n, mpz_class* out, mpz_class& sn, mpz_class& sd);

namespace seg {

using detail::coord;
template <class T>
constexpr int dim_of(const Point2<T>*) {
  return 2;
}
template <class T>
constexpr int dim_of(const Point3<T>*) {
  return 3;
}

/// The float or double coordinates of pts as doubles, point after point.
template <class P, std::size_t K, int D = dim_of(static_cast<const P*>(nullptr))>
void flat_doubles(const std::array<P, K>& pts, double (&v)[K * D]) {
  for (std::size_t i = 0; i < K; ++i)
    for (int k = 0; k < D; ++k) v[i * D + k] = coord(pts[i], k);
}

/// Throws invalid_input if a float/double coordinate is NaN or infinite.
template <class P, std::size_t K>
void require_finite_points(const std::array<P, K>& pts, const char* what) {
  using T = std::remove_cvref_t<decltype(pts[0].x)>;
  if constexpr (is_binary_float_v<T>) {
    constexpr int D = dim_of(static_cast<const P*>(nullptr));
    double v[K * D];
    flat_doubles(pts, v);
    require_finite(v, static_cast<int>(K * D), what);
  }
}

/// Double or float points as integers below 2^61 times 2^e (the inputs of
/// segment_fast.hpp's OutWide path) when the exponent spread allows (the
/// usual case: coordinates of similar magnitude); false otherwise (the
/// caller takes IntegerForm). NaN/inf throw invalid_input naming `what`.
template <class P, std::size_t K, std::size_t D>
bool doubles_as_int61(const std::array<P, K>& pts, std::array<std::array<std::int64_t, D>, K>& w,
                      int& e, const char* what) {
  constexpr int N = static_cast<int>(K * D);
  double v[N];
  flat_doubles(pts, v);
  require_finite(v, N, what);
  const ScaledDoubles<N> s(v);
  if (s.bits() > 61) return false;
  std::int64_t m[N];
  s.to_int64(m);
  for (std::size_t i = 0; i < K; ++i)
    for (std::size_t k = 0; k < D; ++k) w[i][k] = m[i * D + k];
  e = s.exponent();
  return true;
}

/// The points as integers W (exact), with the scale that maps them back:
/// coordinate = integer * sn / sd (sn = sd = 1 for integer inputs).
template <class T, int D, std::size_t K>
struct IntegerForm {
  using W = typename kernel_int<T>::type;
  std::array<seg::V<W, static_cast<std::size_t>(D)>, K> p;
  mpz_class sn = 1, sd = 1;

  template <class P>
  explicit IntegerForm(const std::array<P, K>& pts) {
    if constexpr (std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::int64_t>) {
      for (std::size_t i = 0; i < K; ++i)
        for (int k = 0; k < D; ++k) p[i][k] = W(coord(pts[i], k));
    } else {
      constexpr int N = static_cast<int>(K) * D;
      mpz_class z[N];
      if constexpr (is_binary_float_v<T>) {
        double v[N];
        flat_doubles(pts, v);
        scale_doubles(v, N, z, sn, sd, "segments");
      } else if constexpr (std::is_same_v<T, mpz_class>) {
        for (std::size_t i = 0; i < K; ++i)
          for (int k = 0; k < D; ++k) z[i * D + k] = coord(pts[i], k);
      } else if constexpr (coordinate_traits<T>::kind == CoordinateKind::big_int) {  // cpp_int
        for (std::size_t i = 0; i < K; ++i)
          for (int k = 0; k < D; ++k) z[i * D + k] = coordinate_traits<T>::to_mpz(coord(pts[i], k));
      } else {
        mpq_class q[N];
        for (std::size_t i = 0; i < K; ++i)
          for (int k = 0; k < D; ++k) {
            if constexpr (std::is_same_v<T, mpq_class>)
              q[i * D + k] = coord(pts[i], k);
            else
              q[i * D + k] = to_mpq(coord(pts[i], k));
          }
        scale_rationals(q, N, z, sn, sd);
      }
      for (std::size_t i = 0; i < K; ++i)
        for (int k = 0; k < D; ++k) p[i][k] = std::move(z[i * D + k]);
    }
  }

  /// A length (a coordinate) back in the input's units.
  Fraction<W> length(Fraction<W> v) const {
    if constexpr (std::is_same_v<W, mpz_class>)
      return Fraction<W>(v.numerator() * sn, v.denominator() * sd);
    else
      return v;
  }
  /// An area (a squared distance) back in the input's units.
  Fraction<W> area(Fraction<W> v) const {
    if constexpr (std::is_same_v<W, mpz_class>)
      return Fraction<W>(v.numerator() * sn * sn, v.denominator() * sd * sd);
    else
      return v;
  }
};

/// A coordinate as the exact rational result type.
template <class T>
Fraction<typename kernel_int<T>::type> exact_value(const T& x) {
  using W = typename kernel_int<T>::type;
  if constexpr (std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::int64_t>) {
    return Fraction<W>(W(x));
  } else if constexpr (is_binary_float_v<T>) {
    const mpq_class q(static_cast<double>(x));  // exact for every finite double
    return Fraction<W>(q.get_num(), q.get_den());
  } else if constexpr (std::is_same_v<T, mpz_class>) {
    return Fraction<W>(x);
  } else if constexpr (coordinate_traits<T>::kind == CoordinateKind::big_int) {  // cpp_int
    return Fraction<W>(coordinate_traits<T>::to_mpz(x));
  } else if constexpr (std::is_same_v<T, mpq_class>) {
    return Fraction<W>(x.get_num(), x.get_den());
  } else {
    const mpq_class q = to_mpq(x);
    return Fraction<W>(q.get_num(), q.get_den());
  }
}

template <class T>
bool lex_less(const Point2<T>& a, const Point2<T>& b) {
  if (a.x < b.x) return true;
  if (b.x < a.x) return false;
  return a.y < b.y;
}
template <class T>
bool lex_less(const Point3<T>& a, const Point3<T>& b) {
  if (a.x < b.x) return true;
  if (b.x < a.x) return false;
  if (a.y < b.y) return true;
  if (b.y < a.y) return false;
  return a.z < b.z;
}

/// The answer of the classification: the kind, and which input points make
/// up the result (indices into p1, q1, p2, q2).
struct Classified {
  int kind = 0;      // 0 disjoint, 1 cross, 2 touch, 3 overlap
  int point = -1;    // touch: the endpoint that is the common point
  int lo = -1, hi = -1;  // overlap: the common part, lo lexicographically smaller
  std::size_t pi = 0, pj = 1;  // cross: a coordinate plane where the segments cross
};

/// x on the closed segment ab, given that x, a, b lie on one line (points
/// on a line are ordered along it by the lexicographic order).
template <class P>
bool between(const P& x, const P& a, const P& b) {
  const bool ab = lex_less(a, b);
  const P& lo = ab ? a : b;
  const P& hi = ab ? b : a;
  return !lex_less(x, lo) && !lex_less(hi, x);
}

/// All four points on one line: the common part of the two closed
/// intervals of that line.
template <class P>
Classified classify_collinear(const std::array<P, 4>& pt) {
  const int lo1 = lex_less(pt[1], pt[0]) ? 1 : 0, hi1 = 1 - lo1;
  const int lo2 = lex_less(pt[3], pt[2]) ? 3 : 2, hi2 = 5 - lo2;
  Classified c;
  c.lo = lex_less(pt[lo1], pt[lo2]) ? lo2 : lo1;  // the larger start
  c.hi = lex_less(pt[hi1], pt[hi2]) ? hi1 : hi2;  // the smaller end
  if (lex_less(pt[c.hi], pt[c.lo])) {
    c.kind = 0;
  } else if (!lex_less(pt[c.lo], pt[c.hi])) {
    c.kind = 2;
    c.point = c.lo;
  } else {
    c.kind = 3;
  }
  return c;
}

/// Not all four points on one line; o1..o4 are the exact orientations
/// (p1 q1 p2), (p1 q1 q2), (p2 q2 p1), (p2 q2 q1) in a plane onto which the
/// segments' plane projects one-to-one (the plane itself in 2-D).
template <class P>
Classified classify_general(const std::array<P, 4>& pt, int o1, int o2, int o3, int o4) {
  Classified c;
  if (o1 * o2 < 0 && o3 * o4 < 0) {
    c.kind = 1;
    return c;
  }
  // The lines meet in at most one point; it is common to both segments iff
  // it is an endpoint of one lying on the other.
  const int on[4][4] = {{o1, 2, 0, 1}, {o2, 3, 0, 1}, {o3, 0, 2, 3}, {o4, 1, 2, 3}};
  for (const auto& t : on)
    if (t[0] == 0 && between(pt[t[1]], pt[t[2]], pt[t[3]])) {
      c.kind = 2;
      c.point = t[1];
      return c;
    }
  return c;
}

template <class T>
Classified classify(const std::array<Point2<T>, 4>& pt) {
  auto orient = [&pt](int i, int j, int k) {
    return static_cast<int>(orient2d(pt[i], pt[j], pt[k]));
  };
  // Both endpoints strictly on one side of the other segment's line: apart
  // (the common early exit, two orientations).
  const int o1 = orient(0, 1, 2), o2 = orient(0, 1, 3);
  if (o1 * o2 > 0) return Classified{};
  const int o3 = orient(2, 3, 0), o4 = orient(2, 3, 1);
  if (o3 * o4 > 0) return Classified{};
  if (o1 == 0 && o2 == 0 && o3 == 0 && o4 == 0) return classify_collinear(pt);
  return classify_general(pt, o1, o2, o3, o4);
}

template <class T>
Classified classify(const std::array<Point3<T>, 4>& pt) {
  if (orient3d(pt[0], pt[1], pt[2], pt[3]) != Sign::zero) return Classified{};  // skew
  // Coplanar. Find a point off the other segment's line and a coordinate
  // plane where that triple has nonzero orientation: the common plane then
  // projects one-to-one onto it. If there is none, all four are collinear.
  auto proj = [](const Point3<T>& p, int i, int j) { return Point2<T>{coord(p, i), coord(p, j)}; };
  static constexpr int planes[3][2] = {{0, 1}, {0, 2}, {1, 2}};
  static constexpr int triples[4][3] = {{0, 1, 2}, {0, 1, 3}, {2, 3, 0}, {2, 3, 1}};
  for (const auto& pl : planes)
    for (const auto& tr : triples) {
      const int i = pl[0], j = pl[1];
      if (orient2d(proj(pt[tr[0]], i, j), proj(pt[tr[1]], i, j), proj(pt[tr[2]], i, j)) !=
          Sign::zero) {
        auto orient = [&pt, &proj, i, j](int a, int b, int c) {
          return static_cast<int>(orient2d(proj(pt[a], i, j), proj(pt[b], i, j), proj(pt[c], i, j)));
        };
        Classified c = classify_general(pt, orient(0, 1, 2), orient(0, 1, 3), orient(2, 3, 0),
                                        orient(2, 3, 1));
        c.pi = static_cast<std::size_t>(i);
        c.pj = static_cast<std::size_t>(j);
        return c;
      }
    }
  return classify_collinear(pt);
}

}  // namespace seg
}  // namespace detail
}  // namespace exactgeom
