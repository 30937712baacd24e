// exactgeom/capsules.hpp: exact, division-free overlap tests between points,
// circles, stadiums (Capsule2), spheres, capsules (Capsule3) and filled
// triangles, for every Coordinate type.
//
//   intersects(x, y)         true iff the closed shapes meet: the distance
//                            between their axes (segment, point or triangle)
//                            is <= r1 + r2. Touching counts.
//   interiors_overlap(x, y)  true iff the shapes overlap by more than
//                            touching (docs/queries.md's `open`, contact's
//                            depth > 0): distance < r1 + r2 (the strict
//                            test of article 000, docs/articles.md), or,
//                            with r1 + r2 == 0, axes that cross so that no
//                            small move separates them: two 2-D segments
//                            crossing at interior points of both, a 3-D
//                            segment through a triangle's interior (until
//                            0.3 these were false: d < R alone). The
//                            `capsule_capsule` and `capsule_triangle` ops
//                            of `exactgeom eval` keep d < R.
//
// Shapes: a point is a zero-radius, zero-length capsule; a Circle/Sphere a
// zero-length one; a zero-length Capsule axis is a disk/ball; a Triangle3 is
// filled, and collinear or coincident corners give the segment or point they
// cover. Pairs: any two of {Point2, Circle, Capsule2}; any two of {Point3,
// Sphere, Capsule3}; any of those 3-D shapes with a Triangle3 (either order).
// Both functions are symmetric in x and y.
//
// Errors: a negative radius, or a NaN or infinite float/double coordinate or
// radius, throws exactgeom::invalid_input.
//
// How (see detail/capsule_kernel.hpp for the formulas, degrees and bit
// bounds): the answer is the OR of candidate closest-feature tests, each
// a sign of a polynomial of degree <= 4 in 2-D and <= 6 in 3-D (the
// interior-interior case of two 3-D axes compares (r.(d1 x d2))^2 with
// R^2 |d1 x d2|^2). Between points, circles, stadiums, spheres and
// capsules, and between those and triangles, doubles, floats, int32 and
// int64 first try a cheap certificate (detail/capsule_first_stage.hpp,
// detail/triangle_first_stage.hpp: Ericson's closest points in double give a pair
// of points closer than R, or a separating slab wider than R, each with a
// proven error bound), which decides almost every input not within about
// 2^-40 of touching. Then they run the kernel on error-tracking
// doubles (detail/capsule_filter.hpp, FilterDouble); the candidates it
// leaves unsure run again on error-tracking long doubles (FilterLong, 11
// more bits: decides nearly every input a few ulps from touching), and only
// the still-uncertain ones reach the exact path, on integers: fixed-width
// for int32 (131 / 198 bits) and int64 (259 / 390 bits), never the heap;
// doubles are scaled
// exactly to integers (fixed width when they fit 63 bits, else GMP);
// mpz_class/cpp_int/mpq_class/cpp_rational go to GMP, rationals scaled by
// their common denominator.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include "exactgeom/coordinate.hpp"
#include "exactgeom/detail/capsule_exact.hpp"
#include "exactgeom/detail/exact.hpp"
#include "exactgeom/detail/float_env.hpp"
#include "exactgeom/detail/capsule_first_stage.hpp"
#include "exactgeom/detail/capsule_filter.hpp"
#include "exactgeom/detail/capsule_kernel.hpp"
#include "exactgeom/detail/convex_core.hpp"
#include "exactgeom/detail/triangle_first_stage.hpp"
#include "exactgeom/geometry.hpp"
#include "exactgeom/predicates.hpp"
#include "exactgeom/rational.hpp"

namespace exactgeom {

namespace detail {

/// Which shapes are "a segment swept by a ball", and their axis and radius.
template <class S>
struct sweep_traits;
template <class T>
struct sweep_traits<Point2<T>> {
  using coord = T;
  static constexpr int dim = 2;
  static Capsule2<T> get(const Point2<T>& p) { return {{p, p}, T(0)}; }
};
template <class T>
struct sweep_traits<Circle<T>> {
  using coord = T;
  static constexpr int dim = 2;
  static Capsule2<T> get(const Circle<T>& c) { return {{c.center, c.center}, c.r}; }
};
template <class T>
struct sweep_traits<Capsule2<T>> {
  using coord = T;
  static constexpr int dim = 2;
  static const Capsule2<T>& get(const Capsule2<T>& c) { return c; }
};
template <class T>
struct sweep_traits<Point3<T>> {
  using coord = T;
  static constexpr int dim = 3;
  static Capsule3<T> get(const Point3<T>& p) { return {{p, p}, T(0)}; }
};
template <class T>
struct sweep_traits<Sphere<T>> {
  using coord = T;
  static constexpr int dim = 3;
  static Capsule3<T> get(const Sphere<T>& s) { return {{s.center, s.center}, s.r}; }
};
template <class T>
struct sweep_traits<Capsule3<T>> {
  using coord = T;
  static constexpr int dim = 3;
  static const Capsule3<T>& get(const Capsule3<T>& c) { return c; }
};

template <class S>
concept SweptShape = requires { sweep_traits<S>::dim; } && Coordinate<typename sweep_traits<S>::coord>;

template <class T>
void require_nonnegative_radius(const T& r) {
  // A NaN radius is not negative here; require_finite reports it.
  if (r < 0) throw invalid_input("capsule: negative radius");
}

template <class T>
void put(T* out, const Point2<T>& p) {
  out[0] = p.x;
  out[1] = p.y;
}
template <class T>
void put(T* out, const Point3<T>& p) {
  out[0] = p.x;
  out[1] = p.y;
  out[2] = p.z;
}

/// Filter on N error-tracking doubles, then the exact path on `flat`.
/// skip_filter: straight to the exact path (the caller knows the filter
/// cannot decide); the input checks still run.
template <class T, int N, class FilterFn, class ExactFn>
bool filtered(const T (&flat)[N], FilterFn filter, ExactFn exact, bool skip_filter = false) {
  if constexpr (is_binary_float_v<T> || std::is_same_v<T, std::int32_t>) {
    // float, double and int32 are exact doubles. Doubles are used in place:
    // a copy here read flat[] in 16-byte loads right after put()'s 8-byte
    // stores, a store-forwarding stall on every query.
    double copy[std::is_same_v<T, double> ? 1 : N];
    const double* d = copy;
    if constexpr (std::is_same_v<T, double>) {
      d = flat;
    } else {
      for (int i = 0; i < N; ++i) copy[i] = static_cast<double>(flat[i]);
    }
    if constexpr (is_binary_float_v<T>) require_finite(d, N, "capsule");
    if (!skip_filter) {
      FilterDouble f[N];
      for (int i = 0; i < N; ++i) f[i] = FilterDouble(d[i]);
      const Tri t = filter(f);
      if (t != Tri::maybe) return t == Tri::yes;
    }
    if constexpr (std::is_same_v<T, std::int32_t>)
      return exact(flat);
    else
      return exact(d);
  } else if constexpr (std::is_same_v<T, std::int64_t>) {
    if (!skip_filter) {
      FilterDouble f[N];
      for (int i = 0; i < N; ++i) f[i] = filter_from_int64(flat[i]);
      const Tri t = filter(f);
      if (t != Tri::maybe) return t == Tri::yes;
    }
    return exact(flat);
  } else {
    mpz_class z[N];
    to_big_integers(flat, z);
    return exact(static_cast<const mpz_class*>(z));
  }
}

/// The first stage (capsule_first_stage.hpp) takes differences that are exact or
/// rounded once: float/double subtract in double (one rounding), int32
/// differences are exact doubles, int64 ones exact in __int128 and rounded
/// once by the conversion.
template <class T>
inline constexpr bool has_fast_stage_v =
    is_binary_float_v<T> || std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::int64_t>;

template <class T>
double fast_diff(const T& x, const T& y) {
  if constexpr (std::is_same_v<T, std::int64_t>) {
    std::int64_t d;  // the int64 difference when it fits (cheap conversion)
    if (!__builtin_sub_overflow(x, y, &d)) return static_cast<double>(d);
    return static_cast<double>(static_cast<int128>(x) - static_cast<int128>(y));
  } else {
    return static_cast<double>(x) - static_cast<double>(y);
  }
}
template <class T>
double fast_sum(const T& x, const T& y) {
  if constexpr (std::is_same_v<T, std::int64_t>) {
    std::int64_t d;
    if (!__builtin_add_overflow(x, y, &d)) return static_cast<double>(d);
    return static_cast<double>(static_cast<int128>(x) + static_cast<int128>(y));
  } else {
    return static_cast<double>(x) + static_cast<double>(y);
  }
}

/// distance(seg1, seg2) <= r1 + r2 (strict: <), any dimension: the kernel
/// filter, then the exact path (out of line).
template <int D, class Seg, class T>
[[gnu::noinline, gnu::cold]] bool segseg_query(const Seg& s1, const T& r1, const Seg& s2, const T& r2, bool strict,
                                               bool near = false) {
  constexpr int N = 4 * D + 2;
  T flat[N];
  put(flat, s1.a);
  put(flat + D, s1.b);
  put(flat + 2 * D, s2.a);
  put(flat + 3 * D, s2.b);
  flat[4 * D] = r1;
  flat[4 * D + 1] = r2;
  // The exact path re-runs only the candidates the filter left uncertain
  // (all of them when the filter does not run).
  unsigned uncertain = kAllCandidates;
  int certified = -1;  // set below
  auto filter = [strict, near, &certified, &uncertain](const FilterDouble* f) {
    uncertain = 0;
    return segseg_filter(f, D, strict, &uncertain, near, certified);
  };
  auto exact = [strict, &uncertain](const auto* v) { return segseg_exact(v, D, strict, uncertain); };
  require_nonnegative_radius(r1);
  require_nonnegative_radius(r2);
  // The fast stage's second look (capsule_first_stage.hpp: segseg_second): a
  // certain 2-D crossing answers; a certified candidate spares the filter
  // its own certification. Non-finite input is left to filtered(), which
  // reports it.
  if constexpr (has_fast_stage_v<T>) {
    double r[D], d1[D], d2[D];
    for (int k = 0; k < D; ++k) {
      r[k] = fast_diff(coord(s1.a, k), coord(s2.a, k));
      d1[k] = fast_diff(coord(s1.b, k), coord(s1.a, k));
      d2[k] = fast_diff(coord(s2.b, k), coord(s2.a, k));
    }
    const Tri t = segseg_second<D>(r, d1, d2, fast_sum(r1, r2), strict, &certified);
    if (t != Tri::maybe) return t == Tri::yes;
    if (near && certified >= 0) {  // the filter would skip its value test: skip it whole
      uncertain = (1u << certified) | kCertifiedCandidate;
      return filtered(flat, filter, exact, true);
    }
  }
  return filtered(flat, filter, exact);
}

/// distance(segment, filled triangle) <= r (strict: <): the kernel filter,
/// then the exact path (out of line).
template <class T>
[[gnu::noinline, gnu::cold]] bool segtri_filtered(const Segment3<T>& s, const T& r, const Triangle3<T>& tri,
                                                  bool strict, int hint = -1, bool near_hint = false) {
  T flat[16];
  put(flat, s.a);
  put(flat + 3, s.b);
  put(flat + 6, tri.a);
  put(flat + 9, tri.b);
  put(flat + 12, tri.c);
  flat[15] = r;
  unsigned uncertain = kAllTriangleCandidates;  // as segseg_query
  unsigned candidates = kAllTriangleCandidates;
  bool near = false;
  auto filter = [strict, &uncertain, &candidates, hint, near_hint](const FilterDouble* f) {
    uncertain = 0;
    return segtri_filter(f, strict, &uncertain, candidates, hint, near_hint);
  };
  auto exact = [strict, &uncertain](const auto* v) { return segtri_exact(v, strict, uncertain); };
  require_nonnegative_radius(r);
  // A point (zero-length axis): the candidate holding the closest point,
  // certified in double (triangle_first_stage.hpp: pointtri_certified_fast), is
  // the only one the filter and the exact path need to test; and when the
  // point stage's squared distance is within 2^-40 of r^2 (a hint only, as
  // segseg_fast's), the filter's double value test is skipped too.
  if constexpr (has_fast_stage_v<T>) {
    double w[3], d[3], e1[3], e2[3];
    for (int k = 0; k < 3; ++k) {
      w[k] = fast_diff(coord(s.a, k), coord(tri.a, k));
      d[k] = fast_diff(coord(s.b, k), coord(s.a, k));
      e1[k] = fast_diff(coord(tri.b, k), coord(tri.a, k));
      e2[k] = fast_diff(coord(tri.c, k), coord(tri.a, k));
    }
    if ((d[0] == 0) & (d[1] == 0) & (d[2] == 0)) {
      const TriGram g = tri_gram<true>(w, nullptr, e1, e2);
      const int k = pointtri_certified_fast(g);
      if (k >= 0) {
        candidates = 1u << k;
        near = pointtri_near(g, static_cast<double>(r));
      }
    }
  }
  if (near) uncertain = candidates;  // the double value test cannot decide: skip the filter
  return filtered(flat, filter, exact, near);
}

/// distance(segment, filled triangle) <= r (strict: <). Point: the segment
/// is known to have zero length (a point or sphere). Doubles, floats, int32
/// and int64 first try the cheap certificate of triangle_first_stage.hpp.
template <bool Point, class T>
[[gnu::always_inline]] inline bool segtri_query(const Segment3<T>& s, const T& r, const Triangle3<T>& tri,
                                                bool strict) {
  if constexpr (has_fast_stage_v<T>) {
    if (!(r < T(0))) {  // negative radii: the slow path throws
      double w[3], d[3], e1[3], e2[3];
      for (int k = 0; k < 3; ++k) {
        w[k] = fast_diff(coord(s.a, k), coord(tri.a, k));
        d[k] = Point ? 0.0 : fast_diff(coord(s.b, k), coord(s.a, k));
        e1[k] = fast_diff(coord(tri.b, k), coord(tri.a, k));
        e2[k] = fast_diff(coord(tri.c, k), coord(tri.a, k));
      }
      // int64 radii are rounded once, as the input model allows.
      const double R = static_cast<double>(r);
      // A zero-length axis (exactly: d = 0) takes the point stage.
      const bool point = Point || ((d[0] == 0) & (d[1] == 0) & (d[2] == 0));
      int hint = -1;      // the candidate the stage's best witness lies on, for the filter
      bool near = false;  // that witness is within rounding of touching
      const Tri t = point ? pointtri_fast(w, e1, e2, R) : segtri_fast(w, d, e1, e2, R, &hint, &near);
      if (t != Tri::maybe) return t == Tri::yes;
      return segtri_filtered(s, r, tri, strict, hint, near);
    }
  }
  return segtri_filtered(s, r, tri, strict);
}

/// Shapes whose axis has zero length by type (points and spheres).
template <class S>
inline constexpr bool is_point_sweep_v = !std::is_same_v<S, Capsule3<typename sweep_traits<S>::coord>>;

template <class A, class B>
[[gnu::always_inline]] inline bool swept_query(const A& x, const B& y, bool strict) {
  using TA = sweep_traits<A>;
  using TB = sweep_traits<B>;
  static_assert(std::is_same_v<typename TA::coord, typename TB::coord>,
                "both shapes must have the same coordinate type");
  static_assert(TA::dim == TB::dim, "both shapes must have the same dimension");
  using T = typename TA::coord;
  constexpr int D = TA::dim;
  const auto& cx = TA::get(x);
  const auto& cy = TB::get(y);
  bool near = false;
  if constexpr (has_fast_stage_v<T>) {
    if (!(cx.r < T(0)) && !(cy.r < T(0))) {  // negative radii: the slow path throws
      const auto &p1 = cx.seg.a, &q1 = cx.seg.b, &p2 = cy.seg.a, &q2 = cy.seg.b;
      double r[D], d1[D], d2[D];
      for (int k = 0; k < D; ++k) {
        r[k] = fast_diff(coord(p1, k), coord(p2, k));
        d1[k] = fast_diff(coord(q1, k), coord(p1, k));
        d2[k] = fast_diff(coord(q2, k), coord(p2, k));
      }
      const Tri t = segseg_fast<D>(r, d1, d2, fast_sum(cx.r, cy.r), strict, &near);
      if (t != Tri::maybe) return t == Tri::yes;
    }
  }
  return segseg_query<D>(cx.seg, cx.r, cy.seg, cy.r, strict, near);
}

}  // namespace detail

// Entry points compiled into the library with its own flags, called instead of
// the inline paths when the caller's flags are unsafe (detail/float_env.hpp):
// the closed (strict false) or open test of x and y, for every pair of the
// shapes above and of those with a Triangle3 (x first), over float, double,
// int32_t and int64_t (instantiated in src/float_env/compiled.cpp).
namespace compiled {
template <class A, class B>
bool shapes_meet(const A& x, const B& y, bool strict);
}  // namespace compiled

namespace detail {
/// The test itself (never instantiated where calls are routed: the library's
/// compiled entry points call it, so it is always compiled with safe flags).
template <class A, class B>
[[gnu::always_inline]] inline bool shapes_meet_impl(const A& x, const B& y, bool strict) {
  using T = typename sweep_traits<A>::coord;
  if constexpr (std::is_same_v<B, Triangle3<T>>) {
    const auto& c = sweep_traits<A>::get(x);
    return segtri_query<is_point_sweep_v<A>>(c.seg, c.r, y, strict);
  } else {
    return swept_query(x, y, strict);
  }
}
template <class A, class B>
[[gnu::always_inline]] inline bool shapes_meet(const A& x, const B& y, bool strict) {
  using T = typename sweep_traits<A>::coord;
  if constexpr (route_to_library<T>()) {
    return compiled::shapes_meet(x, y, strict);
  } else {
    check_rounding_for<T>(strict ? "interiors_overlap" : "intersects");
    return shapes_meet_impl(x, y, strict);
  }
}
/// The rest of the open test for two shapes of radius 0 whose closed test
/// holds (their axes meet): they overlap by more than touching iff the
/// axes' penetration P (docs/queries.md, "Penetration") is positive. Only
/// two 2-D segments that cross at interior points of both, and a 3-D
/// segment through a triangle's interior, have P > 0 (two 3-D segments,
/// or anything with a point, span no volume); those go to the exact convex
/// engine, the rest is false at once.
template <class A, class B>
bool crossing_axes(const A& x, const B& y) {
  const auto& cx = sweep_traits<A>::get(x);
  auto push = [](cvx::Core& c, const auto& p) {
    c.c.push_back(exactgeom::to_mpq(p.x));
    c.c.push_back(exactgeom::to_mpq(p.y));
    if constexpr (requires { p.z; }) c.c.push_back(exactgeom::to_mpq(p.z));
  };
  cvx::Core a, b;
  a.dim = b.dim = sweep_traits<A>::dim;
  if (cx.seg.a == cx.seg.b) return false;
  push(a, cx.seg.a), push(a, cx.seg.b);
  if constexpr (std::is_same_v<B, Triangle3<typename sweep_traits<A>::coord>>) {
    push(b, y.a), push(b, y.b), push(b, y.c);
  } else {
    if constexpr (sweep_traits<A>::dim == 3) return false;
    const auto& cy = sweep_traits<B>::get(y);
    if (cy.seg.a == cy.seg.b) return false;
    push(b, cy.seg.a), push(b, cy.seg.b);
  }
  return sgn(cvx::core_penetration(a, b).p2) > 0;
}

/// The open test (docs/queries.md's `open`): distance < r1 + r2, or, for
/// two shapes of radius 0 that meet, crossing axes.
template <class A, class B>
bool shapes_overlap_open(const A& x, const B& y) {
  if (shapes_meet(x, y, true)) return true;
  using T = typename sweep_traits<A>::coord;
  if (!(sweep_traits<A>::get(x).r == T(0))) return false;
  if constexpr (!std::is_same_v<B, Triangle3<T>>) {
    if (!(sweep_traits<B>::get(y).r == T(0))) return false;
  }
  return shapes_meet(x, y, false) && crossing_axes(x, y);
}

}  // namespace detail

/// Closed test: the two shapes (points, circles, stadiums in 2-D; points,
/// spheres, capsules in 3-D) meet, touching included. See the top of file.
template <detail::SweptShape A, detail::SweptShape B>
bool intersects(const A& x, const B& y) {
  return detail::shapes_meet(x, y, false);
}

/// Open test: the shapes overlap by more than touching. See the top of file.
template <detail::SweptShape A, detail::SweptShape B>
bool interiors_overlap(const A& x, const B& y) {
  return detail::shapes_overlap_open(x, y);
}

/// Closed test between a 3-D point/sphere/capsule and a filled triangle.
template <detail::SweptShape A>
  requires(detail::sweep_traits<A>::dim == 3)
bool intersects(const A& x, const Triangle3<typename detail::sweep_traits<A>::coord>& t) {
  return detail::shapes_meet(x, t, false);
}
template <detail::SweptShape A>
  requires(detail::sweep_traits<A>::dim == 3)
bool intersects(const Triangle3<typename detail::sweep_traits<A>::coord>& t, const A& x) {
  return detail::shapes_meet(x, t, false);
}

/// Open test between a 3-D point/sphere/capsule and a filled triangle.
template <detail::SweptShape A>
  requires(detail::sweep_traits<A>::dim == 3)
bool interiors_overlap(const A& x, const Triangle3<typename detail::sweep_traits<A>::coord>& t) {
  return detail::shapes_overlap_open(x, t);
}
template <detail::SweptShape A>
  requires(detail::sweep_traits<A>::dim == 3)
bool interiors_overlap(const Triangle3<typename detail::sweep_traits<A>::coord>& t, const A& x) {
  return detail::shapes_overlap_open(x, t);
}

/// The distance between the cores is less than the sum of the radii
/// (dist < r1 + r2): the `open` of the contract's capsule_capsule and
/// capsule_triangle ops. It differs from interiors_overlap (depth > 0) only
/// for two shapes of radius 0 whose cores cross (false here, true there).
/// Same shapes and errors as intersects.
template <detail::SweptShape A, detail::SweptShape B>
bool within_radii(const A& x, const B& y) {
  return detail::shapes_meet(x, y, true);
}
template <detail::SweptShape A>
  requires(detail::sweep_traits<A>::dim == 3)
bool within_radii(const A& x, const Triangle3<typename detail::sweep_traits<A>::coord>& t) {
  return detail::shapes_meet(x, t, true);
}
template <detail::SweptShape A>
  requires(detail::sweep_traits<A>::dim == 3)
bool within_radii(const Triangle3<typename detail::sweep_traits<A>::coord>& t, const A& x) {
  return detail::shapes_meet(x, t, true);
}

}  // namespace exactgeom
