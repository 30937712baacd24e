// exactgeom/batch.hpp: the four predicates over arrays of points.
//
// Each call answers out[i] = the exact sign (-1, 0, +1) of the predicate on
// the i-th tuple, with the definitions of predicates.hpp:
//
//   orient2d_batch(a, b, c, out)          out[i] = orient2d(a[i], b[i], c[i])
//   orient3d_batch(a, b, c, d, out)       out[i] = orient3d(a[i], ..., d[i])
//   incircle_batch(a, b, c, d, out)       out[i] = incircle(a[i], ..., d[i])
//   insphere_batch(a, b, c, d, e, out)    out[i] = insphere(a[i], ..., e[i])
//
// Every point span has out.size() elements, or exactly one: a one-point span
// is used for every i (one query point against many, say).
//
// The indexed form takes one point array and index tuples, as mesh code
// stores them (triangles, tetrahedra):
//
//   orient2d_batch(points, tuples, out)   out[i] = orient2d(points[tuples[i][0]],
//                                                           points[tuples[i][1]],
//                                                           points[tuples[i][2]])
//
// and likewise for the others (4 indices for orient3d and incircle, 5 for
// insphere). tuples.size() == out.size().
//
// Coordinates: float, double, std::int32_t and std::int64_t (the types a
// mesh or a NumPy array holds); indices std::uint32_t or std::int64_t.
// Include this header alone: it does not pull in GMP or Boost.
//
// Errors: throws exactgeom::invalid_input (nothing written past the failing
// item is guaranteed) when a span's size is neither out.size() nor 1, when an
// index is negative or not below points.size(), or when a coordinate of a
// float/double tuple that is used is NaN or infinite; the message names the
// call, the item and the coordinate.
//
// How: a first pass evaluates the double filter of predicates.hpp on every
// item with no branch, so the compiler vectorizes it (portable C++, no
// intrinsics); it writes the sign where the filter's error bound certifies
// it and 0 where it cannot. A second pass decides those items exactly (the
// scalar predicate's exact path). For int64 coordinates, whose differences
// need 65 bits, every item takes the scalar predicate.
//
// On x86-64 (GCC) the first pass is compiled for x86-64-v4 (AVX-512),
// x86-64-v3 (AVX2) and the baseline, and the best copy the CPU runs is used.
// The environment variable EXACTGEOM_BATCH_ISA (x86-64-v4, x86-64-v3 or
// baseline, read once) picks a lesser copy instead, as the test suite does
// to run each; batch_isa() says which copy runs. The answers are the same.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "exactgeom/geometry.hpp"

namespace exactgeom {

/// The copy of the first pass this process runs: "x86-64-v4", "x86-64-v3"
/// or "baseline" (see the top of this file).
std::string_view batch_isa();

#define EXACTGEOM_BATCH_DECLARE(T)                                                               \
  void orient2d_batch(std::span<const Point2<T>> a, std::span<const Point2<T>> b,                \
                      std::span<const Point2<T>> c, std::span<std::int8_t> out);                 \
  void orient3d_batch(std::span<const Point3<T>> a, std::span<const Point3<T>> b,                \
                      std::span<const Point3<T>> c, std::span<const Point3<T>> d,                \
                      std::span<std::int8_t> out);                                               \
  void incircle_batch(std::span<const Point2<T>> a, std::span<const Point2<T>> b,                \
                      std::span<const Point2<T>> c, std::span<const Point2<T>> d,                \
                      std::span<std::int8_t> out);                                               \
  void insphere_batch(std::span<const Point3<T>> a, std::span<const Point3<T>> b,                \
                      std::span<const Point3<T>> c, std::span<const Point3<T>> d,                \
                      std::span<const Point3<T>> e, std::span<std::int8_t> out);                 \
  EXACTGEOM_BATCH_DECLARE_INDEXED(T, std::uint32_t)                                              \
  EXACTGEOM_BATCH_DECLARE_INDEXED(T, std::int64_t)

#define EXACTGEOM_BATCH_DECLARE_INDEXED(T, I)                                                    \
  void orient2d_batch(std::span<const Point2<T>> points,                                         \
                      std::span<const std::array<I, 3>> tuples, std::span<std::int8_t> out);     \
  void orient3d_batch(std::span<const Point3<T>> points,                                         \
                      std::span<const std::array<I, 4>> tuples, std::span<std::int8_t> out);     \
  void incircle_batch(std::span<const Point2<T>> points,                                         \
                      std::span<const std::array<I, 4>> tuples, std::span<std::int8_t> out);     \
  void insphere_batch(std::span<const Point3<T>> points,                                         \
                      std::span<const std::array<I, 5>> tuples, std::span<std::int8_t> out);

EXACTGEOM_BATCH_DECLARE(float)
EXACTGEOM_BATCH_DECLARE(double)
EXACTGEOM_BATCH_DECLARE(std::int32_t)
EXACTGEOM_BATCH_DECLARE(std::int64_t)

#undef EXACTGEOM_BATCH_DECLARE
#undef EXACTGEOM_BATCH_DECLARE_INDEXED

}  // namespace exactgeom
