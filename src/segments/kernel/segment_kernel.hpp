// src/segments/kernel/segment_kernel.hpp (private to the library): the integer formulas of segments.hpp
// (closest points and squared distances of points and segments, the
// crossing point), written once over any integer type W; the bit bounds
// below choose W.
//
// Bit bounds. Inputs are b-bit signed integers (|x| <= 2^(b-1)), so every
// difference has |d| <= 2^b. Then, in D <= 3 dimensions:
//   dot products a, b, c, e, f, w.d       < 3 * 2^(2b)       < 2^(2b+2)
//   cross product components n = d1 x d2  <= 2 * 2^(2b)      = 2^(2b+1)
//   a*e, b*f, c*e, denom = a e - b^2      < 2^(4b+4)
//   Ns = b f - c e, Nt = a f - b c        < 2^(4b+5)
//   |w x d|^2                             < 3 * 2^(4b+2)     < 2^(4b+4)
//   r.n                                   < 3 * 2^(3b+1)     < 2^(3b+3)
//   (r.n)^2                               < 2^(6b+6)
//   closest point numerators p*den + num*d < 2^(5b+5) + 2^(5b+5) = 2^(5b+6)
//   crossing point numerators (2b+1-bit num, den)  < 2^(3b+2)
// so every intermediate has magnitude < 2^(6b+6): segment_bits(b) = 6b + 7
// bits of two's complement, i.e. fixed_int<6b+6> or wider.
#pragma once

#include <array>
#include <cstddef>

#include "exactgeom/detail/vec.hpp"
#include "numbers/wide_int.hpp"
#include "exactgeom/rational.hpp"

namespace exactgeom::detail {

constexpr int segment_bits(int b) { return 6 * b + 7; }

// int32 inputs: 199 bits; int64 inputs (and doubles whose exact scaling fits
// 63 bits): 391 bits.
using seg_w32 = fixed_int<256>;
using seg_w64 = fixed_int<448>;
static_assert(fits(segment_bits(32), 256 + 1));
static_assert(fits(segment_bits(64), 448 + 1));

namespace seg {

template <class W, std::size_t D>
using V = Vec<W, D>;
using detail::cross_norm2;
using detail::dot;
using detail::sub;

/// The point of segment ab nearest to p: parameter t in [0, 1] (ab = a + t
/// (b - a)) and the squared distance. A zero-length ab gives t = 0.
template <class W>
struct PointSegment {
  Fraction<W> t, dist2;
};

template <class W, std::size_t D>
PointSegment<W> point_segment(const V<W, D>& p, const V<W, D>& a, const V<W, D>& b) {
  const V<W, D> d = sub(b, a), w = sub(p, a);
  const W wd = dot(w, d);
  if (wd <= 0) return {Fraction<W>(W(0)), Fraction<W>(dot(w, w))};
  const W dd = dot(d, d);
  if (wd >= dd) {
    const V<W, D> wb = sub(p, b);
    return {Fraction<W>(W(1)), Fraction<W>(dot(wb, wb))};
  }
  // Interior: |w|^2 - (w.d)^2/|d|^2 = |w x d|^2 / |d|^2 (Lagrange).
  return {Fraction<W>(wd, dd), Fraction<W>(cross_norm2(w, d), dd)};
}

/// Closest points of p1q1 (parameter s) and p2q2 (parameter t).
template <class W>
struct SegmentSegment {
  Fraction<W> s, t, dist2;
};

/// Closest points of a segment pq (parameter s) and a filled triangle
/// (segment_triangle_kernel.hpp; here so the front end needs no kernel).
template <class W>
struct SegmentTriangleClosest {
  Fraction<W> s;
  std::array<Fraction<W>, 3> on_triangle;
  Fraction<W> dist2;
};

/// Follows Ericson, Real-Time Collision Detection 5.1.9, with every branch
/// decided exactly: s from the two lines' closest points, clamped to [0, 1];
/// t for that s; if t leaves [0, 1], clamp it and take s again. The result
/// is a pair of closest points; when several exist (parallel segments) it is
/// the one with the smallest s (starting from s = 0 finds it), and a
/// zero-length segment has parameter 0. The squared distance is taken by
/// the lowest-degree formula of the case: (r.n)^2/|n|^2 when both points
/// are interior (0 in 2-D), a point-segment distance otherwise.
template <class W, std::size_t D>
SegmentSegment<W> segment_segment(const V<W, D>& p1, const V<W, D>& q1, const V<W, D>& p2,
                                  const V<W, D>& q2) {
  const Fraction<W> zero(W(0)), one(W(1));
  const V<W, D> d1 = sub(q1, p1), d2 = sub(q2, p2), r = sub(p1, p2);
  const W a = dot(d1, d1), e = dot(d2, d2);
  if (a == 0 && e == 0) return {zero, zero, Fraction<W>(dot(r, r))};
  if (a == 0) {
    PointSegment<W> ps = point_segment(p1, p2, q2);
    return {zero, std::move(ps.t), std::move(ps.dist2)};
  }
  if (e == 0) {
    PointSegment<W> ps = point_segment(p2, p1, q1);
    return {std::move(ps.t), zero, std::move(ps.dist2)};
  }
  const W b = dot(d1, d2), c = dot(d1, r), f = dot(d2, r);
  const W denom = a * e - b * b;  // |d1 x d2|^2 >= 0; 0 iff parallel
  enum { at_p1, at_q1, inside } s_case = at_p1;
  W Ns(0);
  if (denom != 0) {
    Ns = b * f - c * e;
    s_case = Ns <= 0 ? at_p1 : (Ns >= denom ? at_q1 : inside);
  }
  // t for that s: f/e at s = 0, (b + f)/e at s = 1, Nt/denom inside
  // (b Ns + f denom = e Nt).
  W tn, td;
  if (s_case == at_p1) {
    tn = f;
    td = e;
  } else if (s_case == at_q1) {
    tn = b + f;
    td = e;
  } else {
    tn = a * f - b * c;
    td = denom;
  }
  if (tn < 0) {  // t = 0: p2 against p1q1
    PointSegment<W> ps = point_segment(p2, p1, q1);
    return {std::move(ps.t), zero, std::move(ps.dist2)};
  }
  if (tn > td) {  // t = 1: q2 against p1q1
    PointSegment<W> ps = point_segment(q2, p1, q1);
    return {std::move(ps.t), one, std::move(ps.dist2)};
  }
  if (s_case != inside) {  // p1 or q1 against p2q2, t in [0, 1]
    PointSegment<W> ps = point_segment(s_case == at_p1 ? p1 : q1, p2, q2);
    return {s_case == at_p1 ? zero : one, std::move(ps.t), std::move(ps.dist2)};
  }
  if constexpr (D == 2) {
    return {Fraction<W>(Ns, denom), Fraction<W>(tn, denom), zero};
  } else {
    const W nx = d1[1] * d2[2] - d1[2] * d2[1], ny = d1[2] * d2[0] - d1[0] * d2[2],
            nz = d1[0] * d2[1] - d1[1] * d2[0];
    const W rn = r[0] * nx + r[1] * ny + r[2] * nz;
    return {Fraction<W>(Ns, denom), Fraction<W>(tn, denom), Fraction<W>(rn * rn, denom)};
  }
}

/// p + (num/den) d, coordinate by coordinate (den > 0 or normalised by
/// Fraction).
template <class W, std::size_t D>
std::array<Fraction<W>, D> along(const V<W, D>& p, const V<W, D>& d, const Fraction<W>& t) {
  std::array<Fraction<W>, D> out;
  for (std::size_t i = 0; i < D; ++i)
    out[i] = Fraction<W>(p[i] * t.denominator() + t.numerator() * d[i], t.denominator());
  return out;
}

/// The crossing point of p1q1 and p2q2, which the caller knows cross at one
/// point, computed in the coordinate plane (i, j) where they do: t =
/// cross(p2 - p1, d2) / cross(d1, d2) on p1q1.
template <class W, std::size_t D>
std::array<Fraction<W>, D> crossing_point(const V<W, D>& p1, const V<W, D>& q1, const V<W, D>& p2,
                                          const V<W, D>& q2, std::size_t i,
                                          std::size_t j) {
  const V<W, D> d1 = sub(q1, p1), d2 = sub(q2, p2), w = sub(p2, p1);
  const W num = w[i] * d2[j] - w[j] * d2[i];
  const W den = d1[i] * d2[j] - d1[j] * d2[i];
  return along(p1, d1, Fraction<W>(num, den));
}

}  // namespace seg
}  // namespace exactgeom::detail
