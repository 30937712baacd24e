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

using detail::batch::at;
using detail::batch::each;
using detail::batch::items;

template <class C>
void capsules(std::span<const C> a, std::span<const C> b, std::span<std::uint8_t> closed,
              std::span<std::uint8_t> open) {
  constexpr const char* call = "capsule_capsule_batch";
  if (!closed.empty() && !open.empty() && closed.size() != open.size())
    throw invalid_input(std::string(call) + ": the outputs have " + std::to_string(closed.size()) + " and " +
                        std::to_string(open.size()) + " elements; they must agree");
  const std::size_t n = items(call, closed.empty() ? open.size() : closed.size(), a, b);
  each(call, n, [&](std::size_t i) {
    if (!closed.empty()) closed[i] = intersects(at(a, i), at(b, i));
    if (!open.empty()) open[i] = interiors_overlap(at(a, i), at(b, i));
  });
}

template <class A, class B>
void distances(const char* call, std::span<const A> s, std::span<const B> t, std::span<double> out) {
  const std::size_t n = items(call, out.size(), s, t);
  each(call, n, [&](std::size_t i) { out[i] = distance(at(s, i), at(t, i)); });
}

template <class A, class B>
void distances2(const char* call, std::span<const A> s, std::span<const B> t, std::span<mpq_class> out) {
  const std::size_t n = items(call, out.size(), s, t);
  each(call, n, [&](std::size_t i) { out[i] = to_mpq(squared_distance(at(s, i), at(t, i))); });
}

}  // namespace

void capsule_capsule_batch(std::span<const Capsule2<double>> a, std::span<const Capsule2<double>> b,
                           std::span<std::uint8_t> closed, std::span<std::uint8_t> open) {
  capsules(a, b, closed, open);
}
void capsule_capsule_batch(std::span<const Capsule3<double>> a, std::span<const Capsule3<double>> b,
                           std::span<std::uint8_t> closed, std::span<std::uint8_t> open) {
  capsules(a, b, closed, open);
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
  distances2("segment_distance2_batch", s, t, out);
}
void segment_distance2_batch(std::span<const Segment3<double>> s, std::span<const Segment3<double>> t,
                             std::span<mpq_class> out) {
  distances2("segment_distance2_batch", s, t, out);
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
  distances2("point_segment_distance2_batch", p, s, out);
}
void point_segment_distance2_batch(std::span<const Point3<double>> p, std::span<const Segment3<double>> s,
                                   std::span<mpq_class> out) {
  distances2("point_segment_distance2_batch", p, s, out);
}
void segment_triangle_distance_batch(std::span<const Segment3<double>> s, std::span<const Triangle3<double>> tri,
                                     std::span<double> out) {
  distances("segment_triangle_distance_batch", s, tri, out);
}
void segment_triangle_distance2_batch(std::span<const Segment3<double>> s, std::span<const Triangle3<double>> tri,
                                      std::span<mpq_class> out) {
  distances2("segment_triangle_distance2_batch", s, tri, out);
}

}  // namespace exactgeom
