// The array entry points of shape_batch.hpp: a loop over the scalar
// functions (their filters decide almost every item in double; the rest take
// the exact path), with the broadcasting and the item-naming errors the
// batch API promises.
#include "exactgeom/shape_batch.hpp"

#include <string>

#include "exactgeom/capsules.hpp"
#include "exactgeom/segment_triangle.hpp"
#include "exactgeom/segments.hpp"

namespace exactgeom {

namespace {

/// The item count n of a call whose inputs have n or 1 elements.
template <class A, class B>
std::size_t items(const char* call, std::span<const A> a, std::span<const B> b, std::size_t n) {
  auto fits = [n](std::size_t k) { return k == n || k == 1; };
  if (!fits(a.size()) || !fits(b.size()))
    throw invalid_input(std::string(call) + ": an input has " + std::to_string(!fits(a.size()) ? a.size() : b.size()) +
                        " elements; each must have " + std::to_string(n) + " (the output's size) or 1");
  return n;
}

template <class T>
const T& at(std::span<const T> s, std::size_t i) {
  return s.size() == 1 ? s[0] : s[i];
}

/// Runs f(i) for every item, naming the item in an invalid_input it throws.
template <class F>
void each(const char* call, std::size_t n, F&& f) {
  std::size_t i = 0;
  try {
    for (; i < n; ++i) f(i);
  } catch (const invalid_input& e) {
    throw invalid_input(std::string(call) + ": item " + std::to_string(i) + ": " + e.what());
  }
}

template <class C>
void capsules(std::span<const C> a, std::span<const C> b, std::span<std::uint8_t> closed,
              std::span<std::uint8_t> open) {
  constexpr const char* call = "capsule_capsule_batch";
  if (!closed.empty() && !open.empty() && closed.size() != open.size())
    throw invalid_input(std::string(call) + ": the outputs have " + std::to_string(closed.size()) + " and " +
                        std::to_string(open.size()) + " elements; they must agree");
  const std::size_t n = items(call, a, b, closed.empty() ? open.size() : closed.size());
  each(call, n, [&](std::size_t i) {
    if (!closed.empty()) closed[i] = intersects(at(a, i), at(b, i));
    if (!open.empty()) open[i] = interiors_overlap(at(a, i), at(b, i));
  });
}

template <class A, class B>
void distances(const char* call, std::span<const A> s, std::span<const B> t, std::span<double> out) {
  const std::size_t n = items(call, s, t, out.size());
  each(call, n, [&](std::size_t i) { out[i] = distance(at(s, i), at(t, i)); });
}

template <class A, class B>
void distances2(const char* call, std::span<const A> s, std::span<const B> t, std::span<mpq_class> out) {
  const std::size_t n = items(call, s, t, out.size());
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
