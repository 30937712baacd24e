// exactgeom/convex_batch.hpp: convex.hpp's questions about two shapes, over
// arrays of shapes: the entry points of the Python module's array forms of
// overlap, distance, squared_distance, closest_points, contact and sweep
// (docs/python.md), and of any caller holding its shapes in arrays. One
// batch API for every pair: for the double capsules, segments, points and
// triangles of the Python module's array forms the library holds compiled
// overloads (declared at the end; the same answers and errors as the
// templates, without instantiating the filters in the caller).
//
//   overlap_batch(x, y, closed, open)     closed[i] = intersects(x[i], y[i]),
//                                         open[i] = interiors_overlap(x[i], y[i])
//                                         (either output may be empty: not computed)
//   squared_distance_batch(x, y, out)     out[i] = squared_distance(x[i], y[i]), exact
//   distance_batch(x, y, out)             out[i] = distance(x[i], y[i]), correctly rounded
//   closest_points_batch(x, y, out)       out[i] = closest_points(x[i], y[i])
//   contact_batch(x, y, out)              out[i] = contact(x[i], y[i]) (empty when apart)
//   time_of_impact_batch(x, v, y, out)    out[i] = time_of_impact(x[i], v[i], y[i])
//   intersects_batch(s, t, out)           out[i] = intersects(s[i], t[i]) (segments.hpp:
//                                         two segments; any pair intersects() takes)
//   intersection_batch(s, t, out)         out[i] = intersection(s[i], t[i]) (two segments)
//
// for any two shape types of one dimension that convex.hpp takes (points,
// segments, balls, capsules, triangles, polygons, hulls, boxes; the older
// headers' pairs keep their fast paths: each item is exactly the scalar
// call). Every input span has n elements or exactly one (used for every i:
// one shape against many), n being the output's size.
//
// Errors: exactgeom::invalid_input when a span's size is neither n nor 1,
// the outputs' sizes differ, or an item is invalid (the scalar function's
// error); the message names the call and the item. Items before it are
// written; nothing after it is.
#pragma once

#include <gmpxx.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>

#include "exactgeom/contact.hpp"
#include "exactgeom/convex.hpp"
#include "exactgeom/detail/batch_loop.hpp"

namespace exactgeom {

template <class A, class B>
void overlap_batch(std::span<const A> x, std::span<const B> y, std::span<std::uint8_t> closed,
                   std::span<std::uint8_t> open) {
  detail::batch::overlap("overlap_batch", x, y, closed, open);
}

template <class A, class B>
void squared_distance_batch(std::span<const A> x, std::span<const B> y, std::span<mpq_class> out) {
  detail::batch::squared_distances("squared_distance_batch", x, y, out);
}

template <class A, class B>
void distance_batch(std::span<const A> x, std::span<const B> y, std::span<double> out) {
  detail::batch::distances("distance_batch", x, y, out);
}

template <class A, class B>
void closest_points_batch(std::span<const A> x, std::span<const B> y,
                          std::span<decltype(closest_points(std::declval<const A&>(), std::declval<const B&>()))> out) {
  using namespace detail::batch;
  each("closest_points_batch", items("closest_points_batch", out.size(), x, y),
       [&](std::size_t i) { out[i] = closest_points(at(x, i), at(y, i)); });
}

template <class A, class B>
void contact_batch(std::span<const A> x, std::span<const B> y,
                   std::span<decltype(contact(std::declval<const A&>(), std::declval<const B&>()))> out) {
  using namespace detail::batch;
  each("contact_batch", items("contact_batch", out.size(), x, y),
       [&](std::size_t i) { out[i] = contact(at(x, i), at(y, i)); });
}

/// v: x's translation, a Point2/Point3 of x's coordinate type per item (or one).
template <class A, class V, class B>
void time_of_impact_batch(std::span<const A> x, std::span<const V> v, std::span<const B> y,
                          std::span<std::optional<double>> out) {
  using namespace detail::batch;
  each("time_of_impact_batch", items("time_of_impact_batch", out.size(), x, v, y),
       [&](std::size_t i) { out[i] = time_of_impact(at(x, i), at(v, i), at(y, i)); });
}

template <class A, class B>
void intersects_batch(std::span<const A> x, std::span<const B> y, std::span<std::uint8_t> out) {
  using namespace detail::batch;
  each("intersects_batch", items("intersects_batch", out.size(), x, y),
       [&](std::size_t i) { out[i] = intersects(at(x, i), at(y, i)); });
}

template <class S>
void intersection_batch(std::span<const S> s, std::span<const S> t,
                        std::span<decltype(intersection(std::declval<const S&>(), std::declval<const S&>()))> out) {
  using namespace detail::batch;
  each("intersection_batch", items("intersection_batch", out.size(), s, t),
       [&](std::size_t i) { out[i] = intersection(at(s, i), at(t, i)); });
}

// The double capsules, segments, points and triangles of the Python module's
// array forms are compiled in the library (src/convex/convex_batch.cpp): callers
// use those instances instead of instantiating the filters again. One list,
// read by both files.
#define EXACTGEOM_COMPILED_BATCHES(X)                                                                     \
  X(overlap_batch, Capsule2<double>, Capsule2<double>, std::span<std::uint8_t>, std::span<std::uint8_t>) \
  X(overlap_batch, Capsule3<double>, Capsule3<double>, std::span<std::uint8_t>, std::span<std::uint8_t>) \
  X(distance_batch, Segment2<double>, Segment2<double>, std::span<double>)                             \
  X(distance_batch, Segment3<double>, Segment3<double>, std::span<double>)                             \
  X(distance_batch, Point2<double>, Segment2<double>, std::span<double>)                               \
  X(distance_batch, Point3<double>, Segment3<double>, std::span<double>)                               \
  X(distance_batch, Segment3<double>, Triangle3<double>, std::span<double>)                            \
  X(squared_distance_batch, Segment2<double>, Segment2<double>, std::span<mpq_class>)                  \
  X(squared_distance_batch, Segment3<double>, Segment3<double>, std::span<mpq_class>)                  \
  X(squared_distance_batch, Point2<double>, Segment2<double>, std::span<mpq_class>)                    \
  X(squared_distance_batch, Point3<double>, Segment3<double>, std::span<mpq_class>)                    \
  X(squared_distance_batch, Segment3<double>, Triangle3<double>, std::span<mpq_class>)

#define EXACTGEOM_EXTERN_BATCH(fn, A, B, ...) \
  extern template void fn<A, B>(std::span<const A>, std::span<const B>, __VA_ARGS__);
EXACTGEOM_COMPILED_BATCHES(EXACTGEOM_EXTERN_BATCH)
#undef EXACTGEOM_EXTERN_BATCH

}  // namespace exactgeom
