// The entry points of namespace exactgeom::compiled: the public paths that
// compute in floating point, compiled here with the library's own flags, for
// callers whose translation unit is compiled with -ffast-math or a flag like
// it (detail/float_env.hpp). Each calls the same implementation the inline
// path runs; the instantiations below are every coordinate type with a
// float path (float, double, int32_t, int64_t) and every shape pair. The
// segment queries have no inline path: they are answered here for every
// coordinate type.
#include <cfenv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "exactgeom/boost.hpp"
#include "exactgeom/capsules.hpp"
#include "exactgeom/predicates.hpp"
#include "exactgeom/segment_triangle.hpp"
#include "exactgeom/segments.hpp"
#include "segments/kernel/segments_impl.hpp"

#if EXACTGEOM_UNSAFE_MATH
#error "exactgeom's own sources must be compiled without -ffast-math (its CMake target adds -fno-fast-math)"
#endif

namespace exactgeom {

namespace detail {

bool rounding_is_to_nearest() { return std::fegetround() == FE_TONEAREST; }

void rounding_mode_error(const char* where) {
  std::fprintf(stderr,
               "exactgeom: %s called with a rounding mode other than round-to-nearest (FE_TONEAREST); "
               "the filters' error bounds assume it (exactgeom/detail/float_env.hpp)\n",
               where);
  std::abort();
}

}  // namespace detail

namespace compiled {

namespace {
thread_local std::uint64_t g_calls = 0;
}  // namespace

std::uint64_t calls_on_this_thread() { return g_calls; }

template <class T>
Sign orient2d(const Point2<T>& a, const Point2<T>& b, const Point2<T>& c) {
  ++g_calls;
  return detail::orient2d_impl(a, b, c);
}
template <class T>
Sign orient3d(const Point3<T>& a, const Point3<T>& b, const Point3<T>& c, const Point3<T>& d) {
  ++g_calls;
  return detail::orient3d_impl(a, b, c, d);
}
template <class T>
Sign incircle(const Point2<T>& a, const Point2<T>& b, const Point2<T>& c, const Point2<T>& d) {
  ++g_calls;
  return detail::incircle_impl(a, b, c, d);
}
template <class T>
Sign insphere(const Point3<T>& a, const Point3<T>& b, const Point3<T>& c, const Point3<T>& d,
              const Point3<T>& e) {
  ++g_calls;
  return detail::insphere_impl(a, b, c, d, e);
}

#define EXACTGEOM_PREDICATES_INSTANTIATE(T)                                                              \
  template Sign orient2d<T>(const Point2<T>&, const Point2<T>&, const Point2<T>&);                       \
  template Sign orient3d<T>(const Point3<T>&, const Point3<T>&, const Point3<T>&, const Point3<T>&);     \
  template Sign incircle<T>(const Point2<T>&, const Point2<T>&, const Point2<T>&, const Point2<T>&);     \
  template Sign insphere<T>(const Point3<T>&, const Point3<T>&, const Point3<T>&, const Point3<T>&,      \
                            const Point3<T>&);
EXACTGEOM_PREDICATES_INSTANTIATE(float)
EXACTGEOM_PREDICATES_INSTANTIATE(double)
EXACTGEOM_PREDICATES_INSTANTIATE(std::int32_t)
EXACTGEOM_PREDICATES_INSTANTIATE(std::int64_t)
#undef EXACTGEOM_PREDICATES_INSTANTIATE

// The segment and segment-triangle queries (segments.hpp,
// segment_triangle.hpp) for every coordinate type: their implementations
// are here only (kernel/segments_impl.hpp), so that the public headers need
// neither Boost nor the kernels. Results are converted to the public types
// (detail::publish: Boost fixed-width integers copied into FixedInt).
template <class P, class S>
using SegHit = SegmentIntersection<P, S>;

#define EXACTGEOM_SEGMENTS_DEFINE_D(D)                                                                    \
  template <class T>                                                                                      \
  bool segments_meet(const Segment##D<T>& s, const Segment##D<T>& t) {                                    \
    ++g_calls;                                                                                            \
    return detail::seg::segments_meet<T>(s, t);                                                           \
  }                                                                                                       \
  template <class T>                                                                                      \
  SegHit<Point##D<rational_t<T>>, Segment##D<rational_t<T>>> segment_intersection(const Segment##D<T>& s, \
                                                                                  const Segment##D<T>& t) { \
    ++g_calls;                                                                                            \
    return detail::publish<SegHit<Point##D<rational_t<T>>, Segment##D<rational_t<T>>>>(                   \
        detail::seg::segment_intersection<T>(s, t));                                                      \
  }                                                                                                       \
  template <class T>                                                                                      \
  rational_t<T> segment_dist2(const Segment##D<T>& s, const Segment##D<T>& t) {                           \
    ++g_calls;                                                                                            \
    return detail::publish<rational_t<T>>(detail::seg::segment_dist2<T>(s, t));                           \
  }                                                                                                       \
  template <class T>                                                                                      \
  rational_t<T> point_segment_dist2(const Point##D<T>& p, const Segment##D<T>& s) {                       \
    ++g_calls;                                                                                            \
    return detail::publish<rational_t<T>>(detail::seg::point_segment_dist2<T>(p, s));                     \
  }                                                                                                       \
  template <class T>                                                                                      \
  ClosestPoints<Point##D<rational_t<T>>> segment_closest(const Segment##D<T>& s, const Segment##D<T>& t) { \
    ++g_calls;                                                                                            \
    return detail::publish<ClosestPoints<Point##D<rational_t<T>>>>(detail::seg::segment_closest<T>(s, t)); \
  }
EXACTGEOM_SEGMENTS_DEFINE_D(2)
EXACTGEOM_SEGMENTS_DEFINE_D(3)
#undef EXACTGEOM_SEGMENTS_DEFINE_D

template <class T>
rational_t<T> segment_triangle_d2(const Point3<T>& p, const Point3<T>& q, const Triangle3<T>& tri) {
  ++g_calls;
  return detail::publish<rational_t<T>>(detail::seg::segment_triangle_d2<T>(p, q, tri));
}
template <class T>
ClosestPoints<Point3<rational_t<T>>> segment_triangle_cp(const Point3<T>& p, const Point3<T>& q,
                                                         const Triangle3<T>& tri) {
  ++g_calls;
  return detail::publish<ClosestPoints<Point3<rational_t<T>>>>(detail::seg::segment_triangle_cp<T>(p, q, tri));
}

#define EXACTGEOM_SEGMENTS_INSTANTIATE_D(T, D)                                                            \
  template bool segments_meet<T>(const Segment##D<T>&, const Segment##D<T>&);                             \
  template SegHit<Point##D<rational_t<T>>, Segment##D<rational_t<T>>> segment_intersection<T>(            \
      const Segment##D<T>&, const Segment##D<T>&);                                                        \
  template rational_t<T> segment_dist2<T>(const Segment##D<T>&, const Segment##D<T>&);                    \
  template rational_t<T> point_segment_dist2<T>(const Point##D<T>&, const Segment##D<T>&);                \
  template ClosestPoints<Point##D<rational_t<T>>> segment_closest<T>(const Segment##D<T>&, const Segment##D<T>&);
#define EXACTGEOM_SEGMENTS_INSTANTIATE(T)                                                                 \
  EXACTGEOM_SEGMENTS_INSTANTIATE_D(T, 2)                                                                  \
  EXACTGEOM_SEGMENTS_INSTANTIATE_D(T, 3)                                                                  \
  template rational_t<T> segment_triangle_d2<T>(const Point3<T>&, const Point3<T>&, const Triangle3<T>&); \
  template ClosestPoints<Point3<rational_t<T>>> segment_triangle_cp<T>(const Point3<T>&, const Point3<T>&, \
                                                                       const Triangle3<T>&);
EXACTGEOM_SEGMENTS_INSTANTIATE(float)
EXACTGEOM_SEGMENTS_INSTANTIATE(double)
EXACTGEOM_SEGMENTS_INSTANTIATE(std::int32_t)
EXACTGEOM_SEGMENTS_INSTANTIATE(std::int64_t)
EXACTGEOM_SEGMENTS_INSTANTIATE(mpz_class)
EXACTGEOM_SEGMENTS_INSTANTIATE(mpq_class)
EXACTGEOM_SEGMENTS_INSTANTIATE(cpp_int)
EXACTGEOM_SEGMENTS_INSTANTIATE(cpp_rational)
#undef EXACTGEOM_SEGMENTS_INSTANTIATE
#undef EXACTGEOM_SEGMENTS_INSTANTIATE_D

template <class A, class B>
bool shapes_meet(const A& x, const B& y, bool strict) {
  ++g_calls;
  return detail::shapes_meet_impl(x, y, strict);
}

// Every pair: {point, disk, stadium} in 2-D; {point, ball, capsule} in 3-D,
// and those with a filled triangle.
#define EXACTGEOM_PAIR(A, B) template bool shapes_meet<A, B>(const A&, const B&, bool);
#define EXACTGEOM_ROW2(T, A)                                                                              \
  EXACTGEOM_PAIR(A<T>, Point2<T>) EXACTGEOM_PAIR(A<T>, Circle<T>) EXACTGEOM_PAIR(A<T>, Capsule2<T>)
#define EXACTGEOM_ROW3(T, A)                                                                              \
  EXACTGEOM_PAIR(A<T>, Point3<T>)                                                                         \
  EXACTGEOM_PAIR(A<T>, Sphere<T>) EXACTGEOM_PAIR(A<T>, Capsule3<T>) EXACTGEOM_PAIR(A<T>, Triangle3<T>)
#define EXACTGEOM_SHAPES_INSTANTIATE(T)                                                                   \
  EXACTGEOM_ROW2(T, Point2)                                                                               \
  EXACTGEOM_ROW2(T, Circle)                                                                               \
  EXACTGEOM_ROW2(T, Capsule2) EXACTGEOM_ROW3(T, Point3) EXACTGEOM_ROW3(T, Sphere) EXACTGEOM_ROW3(T, Capsule3)
EXACTGEOM_SHAPES_INSTANTIATE(float)
EXACTGEOM_SHAPES_INSTANTIATE(double)
EXACTGEOM_SHAPES_INSTANTIATE(std::int32_t)
EXACTGEOM_SHAPES_INSTANTIATE(std::int64_t)
#undef EXACTGEOM_SHAPES_INSTANTIATE
#undef EXACTGEOM_ROW3
#undef EXACTGEOM_ROW2
#undef EXACTGEOM_PAIR

}  // namespace compiled
}  // namespace exactgeom
