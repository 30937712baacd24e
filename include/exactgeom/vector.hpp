// exactgeom/vector.hpp: the vector vocabulary, one for the whole library
// (its kernels, the references, the audit, the tools and tests use these):
// for Point2<T> / Point3<T> and std::array<T, D>, any number type T:
//
//   add(u, v), sub(u, v)   u + v, u - v
//   scaled(u, s)           u * s
//   axpy(p, d, s)          p + d * s (points)
//   dot(u, v)              u . v
//   cross(u, v)            u x v (3-D); u.x v.y - u.y v.x (2-D points)
//
// Evaluated as written, left to right: in float or double each operation
// rounds once (the library's objects are built without FMA contraction).
// Exact in mpq_class, mpz_class and the Boost types.
#pragma once

#include "exactgeom/detail/vec.hpp"

namespace exactgeom {

using detail::add;
using detail::axpy;
using detail::cross;
using detail::dot;
using detail::scaled;
using detail::sub;

}  // namespace exactgeom
