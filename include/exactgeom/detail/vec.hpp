// exactgeom/detail/vec.hpp: the small vector helpers the integer kernels
// share (segments, capsules, triangles): coordinates by index, and
// difference, dot and cross products over any kernel integer type W.
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

}  // namespace exactgeom::detail
