// internal/testing/capsule_oracle.hpp: the slow, independent oracle of the capsule,
// contact and swept tests: exact squared distances between points, segments
// and triangles in mpq_class, written the obvious way (clamped projections,
// the unclamped segment-segment solution when it lies in the unit square,
// the projection onto the plane when it lies inside), never from the
// library's kernel.
#pragma once

#include <gmpxx.h>

#include <array>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

#include "exactgeom/boost.hpp"
#include "exactgeom/coordinate.hpp"
#include "exactgeom/geometry.hpp"

namespace exactgeom::testing::capsule_oracle {

namespace eg = exactgeom;

using Q = mpq_class;
using QV = std::array<Q, 3>;

inline QV qsub(const QV& a, const QV& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
inline Q qdot(const QV& a, const QV& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
inline QV qcross(const QV& u, const QV& v) {
  return {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
}
inline QV qaxpy(const QV& p, const QV& d, const Q& s) {
  return {p[0] + s * d[0], p[1] + s * d[1], p[2] + s * d[2]};
}
inline Q qmin(const Q& a, const Q& b) { return a < b ? a : b; }

inline Q oracle_point_segment(const QV& p, const QV& a, const QV& b) {
  const QV d = qsub(b, a);
  const Q len2 = qdot(d, d);
  Q t = len2 == 0 ? Q(0) : Q(qdot(qsub(p, a), d) / len2);
  if (t < 0) t = 0;
  if (t > 1) t = 1;
  const QV w = qsub(p, qaxpy(a, d, t));
  return qdot(w, w);
}

inline Q oracle_segment_segment(const QV& p1, const QV& q1, const QV& p2, const QV& q2) {
  Q m = qmin(qmin(oracle_point_segment(p1, p2, q2), oracle_point_segment(q1, p2, q2)),
             qmin(oracle_point_segment(p2, p1, q1), oracle_point_segment(q2, p1, q1)));
  const QV d1 = qsub(q1, p1), d2 = qsub(q2, p2), r = qsub(p1, p2);
  const Q a = qdot(d1, d1), b = qdot(d1, d2), c = qdot(d1, r), e = qdot(d2, d2), f = qdot(d2, r);
  const Q den = a * e - b * b;
  if (den != 0) {
    const Q s = (b * f - c * e) / den, t = (a * f - b * c) / den;
    if (s >= 0 && s <= 1 && t >= 0 && t <= 1) {
      const QV w = qsub(qaxpy(p1, d1, s), qaxpy(p2, d2, t));
      m = qmin(m, qdot(w, w));
    }
  }
  return m;
}

inline bool oracle_inside(const QV& x, const QV& a, const QV& b, const QV& c, const QV& n) {
  return qdot(n, qcross(qsub(b, a), qsub(x, a))) >= 0 &&
         qdot(n, qcross(qsub(c, b), qsub(x, b))) >= 0 && qdot(n, qcross(qsub(a, c), qsub(x, c))) >= 0;
}

inline Q oracle_point_triangle(const QV& p, const QV& a, const QV& b, const QV& c) {
  Q m = qmin(oracle_point_segment(p, a, b),
             qmin(oracle_point_segment(p, b, c), oracle_point_segment(p, c, a)));
  const QV n = qcross(qsub(b, a), qsub(c, a));
  const Q n2 = qdot(n, n);
  if (n2 != 0) {
    const Q h = qdot(qsub(p, a), n);
    const QV proj = qaxpy(p, n, Q(-h / n2));
    if (oracle_inside(proj, a, b, c, n)) m = qmin(m, Q(h * h / n2));
  }
  return m;
}

inline Q oracle_segment_triangle(const QV& p, const QV& q, const QV& a, const QV& b, const QV& c) {
  Q m = qmin(oracle_segment_segment(p, q, a, b),
             qmin(oracle_segment_segment(p, q, b, c), oracle_segment_segment(p, q, c, a)));
  m = qmin(m, qmin(oracle_point_triangle(p, a, b, c), oracle_point_triangle(q, a, b, c)));
  const QV n = qcross(qsub(b, a), qsub(c, a));
  if (qdot(n, n) != 0) {
    const Q hp = qdot(qsub(p, a), n), hq = qdot(qsub(q, a), n);
    if (hp * hq <= 0 && hp != hq) {
      const QV x = qaxpy(p, qsub(q, p), Q(hp / (hp - hq)));
      if (oracle_inside(x, a, b, c, n)) m = 0;
    }
  }
  return m;
}

template <class T>
inline Q to_q(const T& v) {
  if constexpr (std::is_same_v<T, eg::cpp_int> || std::is_same_v<T, eg::cpp_rational>)
    return Q(v.str());
  else if constexpr (std::is_same_v<T, mpz_class> || std::is_same_v<T, mpq_class>)
    return Q(v);
  else if constexpr (std::is_same_v<T, std::int64_t>)
    return Q(std::to_string(v));
  else
    return Q(static_cast<double>(v));
}
template <class T>
inline QV qv(const eg::Point3<T>& p) { return {to_q(p.x), to_q(p.y), to_q(p.z)}; }
template <class T>
inline QV qv(const eg::Point2<T>& p) { return {to_q(p.x), to_q(p.y), Q(0)}; }

/// The oracle's answers for two capsules: {closed, open}.
template <class C>
std::pair<bool, bool> oracle(const C& c1, const C& c2) {
  const Q d2 = oracle_segment_segment(qv(c1.seg.a), qv(c1.seg.b), qv(c2.seg.a), qv(c2.seg.b));
  const Q R = to_q(c1.r) + to_q(c2.r);
  return {d2 <= R * R, d2 < R * R};
}
template <class T>
std::pair<bool, bool> oracle(const eg::Capsule3<T>& c, const eg::Triangle3<T>& t) {
  const Q d2 = oracle_segment_triangle(qv(c.seg.a), qv(c.seg.b), qv(t.a), qv(t.b), qv(t.c));
  const Q R = to_q(c.r);
  return {d2 <= R * R, d2 < R * R};
}

}  // namespace exactgeom::testing::capsule_oracle
