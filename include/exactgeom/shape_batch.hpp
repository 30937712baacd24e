// exactgeom/shape_batch.hpp: capsule overlap tests and segment distances
// over arrays of doubles, the entry points of the Python module's array
// forms (docs/python.md) and of any caller holding its shapes in arrays.
//
//   capsule_capsule_batch(a, b, closed, open)
//       closed[i] = intersects(a[i], b[i]), open[i] = interiors_overlap(a[i], b[i])
//       (either output may be empty: not computed)
//   segment_distance_batch(s, t, out)    out[i] = distance(s[i], t[i]), correctly rounded
//   segment_distance2_batch(s, t, out)   out[i] = squared_distance(s[i], t[i]), exact
//   point_segment_distance_batch(p, s, out), point_segment_distance2_batch(p, s, out)
//   segment_triangle_distance_batch(s, tri, out), segment_triangle_distance2_batch(s, tri, out)
//       the same for a point and a segment, and a 3-D segment and a filled triangle
//
// for Capsule2/Capsule3, Point2/Point3, Segment2/Segment3 and Triangle3 of
// double. Every input span
// has n elements or exactly one (used for every i: one shape against many),
// n being the output's size (for capsule_capsule_batch, the size of the
// non-empty outputs, which must agree). Each item is the scalar function's
// answer (capsules.hpp, segments.hpp): the same filters first, the same
// exact fallback.
//
// Errors: exactgeom::invalid_input when a span's size is neither n nor 1,
// the outputs' sizes differ, or an item has a NaN or infinite coordinate or
// a negative radius; the message names the call and the item. Items before
// it are written; nothing after it is.
#pragma once

#include <gmpxx.h>

#include <cstdint>
#include <span>

#include "exactgeom/geometry.hpp"

namespace exactgeom {

void capsule_capsule_batch(std::span<const Capsule2<double>> a, std::span<const Capsule2<double>> b,
                           std::span<std::uint8_t> closed, std::span<std::uint8_t> open);
void capsule_capsule_batch(std::span<const Capsule3<double>> a, std::span<const Capsule3<double>> b,
                           std::span<std::uint8_t> closed, std::span<std::uint8_t> open);

void segment_distance_batch(std::span<const Segment2<double>> s, std::span<const Segment2<double>> t,
                            std::span<double> out);
void segment_distance_batch(std::span<const Segment3<double>> s, std::span<const Segment3<double>> t,
                            std::span<double> out);

void segment_distance2_batch(std::span<const Segment2<double>> s, std::span<const Segment2<double>> t,
                             std::span<mpq_class> out);
void segment_distance2_batch(std::span<const Segment3<double>> s, std::span<const Segment3<double>> t,
                             std::span<mpq_class> out);

void point_segment_distance_batch(std::span<const Point2<double>> p, std::span<const Segment2<double>> s,
                                  std::span<double> out);
void point_segment_distance_batch(std::span<const Point3<double>> p, std::span<const Segment3<double>> s,
                                  std::span<double> out);
void point_segment_distance2_batch(std::span<const Point2<double>> p, std::span<const Segment2<double>> s,
                                   std::span<mpq_class> out);
void point_segment_distance2_batch(std::span<const Point3<double>> p, std::span<const Segment3<double>> s,
                                   std::span<mpq_class> out);

void segment_triangle_distance_batch(std::span<const Segment3<double>> s, std::span<const Triangle3<double>> tri,
                                     std::span<double> out);
void segment_triangle_distance2_batch(std::span<const Segment3<double>> s, std::span<const Triangle3<double>> tri,
                                      std::span<mpq_class> out);

}  // namespace exactgeom
