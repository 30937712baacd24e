// exactgeom/detail/vec.hpp: the one vector vocabulary of the library, for
// any number type W (kernel integers, mpq_class, float, double): sum,
// difference, scaling, p + d s, dot and cross products, over std::array<W, D>
// and over Point2<W> / Point3<W>; and coordinates by index. The public name
// of the same functions is exactgeom/vector.hpp. Each evaluates in the order
// written (left to right, no fused multiply-add in the library's objects),
// so the float references that use it round as they did when each had its
// own copy.
#pragma once

#include <array>
#include <cstddef>

#include "exactgeom/geometry.hpp"

namespace exactgeom::detail {

template <class T>
const T& coord(const Point2<T>& p, int k) {
  return k == 0 ? p.x : p.y;
}
template <class T>
const T& coord(const Point3<T>& p, int k) {
  return k == 0 ? p.x : (k == 1 ? p.y : p.z);
}

template <class W, std::size_t D>
using Vec = std::array<W, D>;

template <class W, std::size_t D>
Vec<W, D> sub(const Vec<W, D>& u, const Vec<W, D>& v) {
  Vec<W, D> r;
  for (std::size_t i = 0; i < D; ++i) r[i] = u[i] - v[i];
  return r;
}

template <class W, std::size_t D>
W dot(const Vec<W, D>& u, const Vec<W, D>& v) {
  W s = u[0] * v[0];
  for (std::size_t i = 1; i < D; ++i) s = s + u[i] * v[i];
  return s;
}

template <class W, std::size_t D>
Vec<W, D> add(const Vec<W, D>& u, const Vec<W, D>& v) {
  Vec<W, D> r;
  for (std::size_t i = 0; i < D; ++i) r[i] = u[i] + v[i];
  return r;
}

/// u * s, componentwise.
template <class W, std::size_t D>
Vec<W, D> scaled(const Vec<W, D>& u, const W& s) {
  Vec<W, D> r;
  for (std::size_t i = 0; i < D; ++i) r[i] = u[i] * s;
  return r;
}

template <class W>
Vec<W, 3> cross(const Vec<W, 3>& u, const Vec<W, 3>& v) {
  return {W(u[1] * v[2] - u[2] * v[1]), W(u[2] * v[0] - u[0] * v[2]),
          W(u[0] * v[1] - u[1] * v[0])};
}

/// |u x v|^2 (in 2-D the square of the scalar cross product): by Lagrange's
/// identity |u|^2 |v|^2 - (u.v)^2, in half the bits. Degree 4: for
/// differences of b-bit inputs the cross components are <= 2^(2b+1) and the
/// result < 2^(4b+4).
template <class W, std::size_t D>
W cross_norm2(const Vec<W, D>& u, const Vec<W, D>& v) {
  if constexpr (D == 2) {
    const W c = u[0] * v[1] - u[1] * v[0];
    return c * c;
  } else {
    const Vec<W, 3> c = cross(u, v);
    return dot(c, c);
  }
}

// The same over points (a point is also the vector from the origin).
template <class W>
W dot(const Point2<W>& u, const Point2<W>& v) {
  return u.x * v.x + u.y * v.y;
}
template <class W>
W dot(const Point3<W>& u, const Point3<W>& v) {
  return u.x * v.x + u.y * v.y + u.z * v.z;
}
template <class W>
Point2<W> sub(const Point2<W>& u, const Point2<W>& v) {
  return {u.x - v.x, u.y - v.y};
}
template <class W>
Point3<W> sub(const Point3<W>& u, const Point3<W>& v) {
  return {u.x - v.x, u.y - v.y, u.z - v.z};
}
template <class W>
Point2<W> add(const Point2<W>& u, const Point2<W>& v) {
  return {u.x + v.x, u.y + v.y};
}
template <class W>
Point3<W> add(const Point3<W>& u, const Point3<W>& v) {
  return {u.x + v.x, u.y + v.y, u.z + v.z};
}
template <class W>
Point2<W> scaled(const Point2<W>& u, const W& s) {
  return {u.x * s, u.y * s};
}
template <class W>
Point3<W> scaled(const Point3<W>& u, const W& s) {
  return {u.x * s, u.y * s, u.z * s};
}
/// p + d * s (each component rounded twice in floating point, as written).
template <class W>
Point2<W> axpy(const Point2<W>& p, const Point2<W>& d, const W& s) {
  return {p.x + d.x * s, p.y + d.y * s};
}
template <class W>
Point3<W> axpy(const Point3<W>& p, const Point3<W>& d, const W& s) {
  return {p.x + d.x * s, p.y + d.y * s, p.z + d.z * s};
}
template <class W>
Point3<W> cross(const Point3<W>& u, const Point3<W>& v) {
  return {u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x};
}
/// The scalar cross product u.x v.y - u.y v.x of two 2-D vectors.
template <class W>
W cross(const Point2<W>& u, const Point2<W>& v) {
  return u.x * v.y - u.y * v.x;
}

}  // namespace exactgeom::detail
