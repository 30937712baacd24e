// The array entry points of shape_batch.hpp: a loop over the scalar
// functions (their filters decide almost every item in double; the rest take
// the exact path), with the broadcasting and the item-naming errors the
// batch API promises.
#include "exactgeom/shape_batch.hpp"

#include <string>

#include "exactgeom/capsules.hpp"
#include "exactgeom/detail/batch_loop.hpp"
#include "exactgeom/segment_triangle.hpp"
#include "exactgeom/segments.hpp"

namespace exactgeom {

namespace {

using detail::batch::distances;
using detail::batch::squared_distances;

}  // namespace

void capsule_capsule_batch(std::span<const Capsule2<double>> a, std::span<const Capsule2<double>> b,
                           std::span<std::uint8_t> closed, std::span<std::uint8_t> open) {
  detail::batch::overlap("capsule_capsule_batch", a, b, closed, open);
}
void capsule_capsule_batch(std::span<const Capsule3<double>> a, std::span<const Capsule3<double>> b,
                           std::span<std::uint8_t> closed, std::span<std::uint8_t> open) {
  detail::batch::overlap("capsule_capsule_batch", a, b, closed, open);
}
void segment_distance_batch(std::span<const Segment2<double>> s, std::span<const Segment2<double>> t,
                            std::span<double> out) {
  distances("segment_distance_batch", s, t, out);
}
void segment_distance_batch(std::span<const Segment3<double>> s, std::span<const Segment3<double>> t,
                            std::span<double> out) {
  distances("segment_distance_batch", s, t, out);
}
void segment_distance2_batch(std::span<const Segment2<double>> s, std::span<const Segment2<double>> t,
                             std::span<mpq_class> out) {
  squared_distances("segment_distance2_batch", s, t, out);
}
void segment_distance2_batch(std::span<const Segment3<double>> s, std::span<const Segment3<double>> t,
                             std::span<mpq_class> out) {
  squared_distances("segment_distance2_batch", s, t, out);
}

void point_segment_distance_batch(std::span<const Point2<double>> p, std::span<const Segment2<double>> s,
                                  std::span<double> out) {
  distances("point_segment_distance_batch", p, s, out);
}
void point_segment_distance_batch(std::span<const Point3<double>> p, std::span<const Segment3<double>> s,
                                  std::span<double> out) {
  distances("point_segment_distance_batch", p, s, out);
}
void point_segment_distance2_batch(std::span<const Point2<double>> p, std::span<const Segment2<double>> s,
                                   std::span<mpq_class> out) {
  squared_distances("point_segment_distance2_batch", p, s, out);
}
void point_segment_distance2_batch(std::span<const Point3<double>> p, std::span<const Segment3<double>> s,
                                   std::span<mpq_class> out) {
  squared_distances("point_segment_distance2_batch", p, s, out);
}
void segment_triangle_distance_batch(std::span<const Segment3<double>> s, std::span<const Triangle3<double>> tri,
                                     std::span<double> out) {
  distances("segment_triangle_distance_batch", s, tri, out);
}
void segment_triangle_distance2_batch(std::span<const Segment3<double>> s, std::span<const Triangle3<double>> tri,
                                      std::span<mpq_class> out) {
  squared_distances("segment_triangle_distance2_batch", s, tri, out);
}

}  // namespace exactgeom
