// exactgeom/shapes.hpp: the shapes with faces -- convex polygons, convex
// hulls and boxes as engines store them -- each a convex core grown by a
// radius, like every other shape of the library (a capsule is a segment
// grown by r). convex.hpp answers every question about any two shapes of
// one dimension.
//
//   ConvexPolygon<T>   the convex hull of any points in the plane (any
//                      order; repeated and collinear points allowed; one
//                      point, or points on one line, give a point or a
//                      segment), computed exactly, plus a radius (a rounded
//                      polygon, as Box2D's b2Polygon carries one).
//   ConvexHull3<T>     the same in space: a solid, flat, collinear or
//                      one-point hull, with its facets.
//   Box2<T>, Box3<T>   a box as engines store it: the points
//                      center + sum s_i half[i] axes[i], s_i in [-1, 1],
//                      taken exactly as given -- axes that are not unit or
//                      not orthogonal (a float rotation matrix never is
//                      exactly) give the parallelogram or parallelepiped
//                      they span, which is the shape the engine holds.
//
// The hulls are computed at construction with the exact orientation
// predicates, so they are right for every input. Errors: a negative radius
// or half extent, a NaN or infinite float/double value, or no points throw
// exactgeom::invalid_input (polygons and hulls at construction; boxes,
// plain structs, when a question is asked of them).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <vector>

#include "exactgeom/coordinate.hpp"
#include "exactgeom/detail/hull.hpp"
#include "exactgeom/detail/vec.hpp"
#include "exactgeom/geometry.hpp"
#include "exactgeom/predicates.hpp"

namespace exactgeom {

namespace detail {

template <class T>
void require_valid_value(const T& v, const char* what) {
  if constexpr (std::is_floating_point_v<T>) {
    if (!finite_bits(static_cast<double>(v))) throw invalid_input(std::string(what) + ": NaN or infinite value");
  }
}
template <class T>
void require_valid_point(const Point2<T>& p, const char* what) {
  require_valid_value(p.x, what), require_valid_value(p.y, what);
}
template <class T>
void require_valid_point(const Point3<T>& p, const char* what) {
  require_valid_value(p.x, what), require_valid_value(p.y, what), require_valid_value(p.z, what);
}
template <class T>
void require_valid_radius(const T& r, const char* what) {
  require_valid_value(r, what);
  if (r < T(0)) throw invalid_input(std::string(what) + ": negative radius");
}

}  // namespace detail

/// A convex polygon grown by a radius: the points within distance radius()
/// of the convex hull of the points it was made from.
template <Coordinate T>
class ConvexPolygon {
 public:
  /// The hull of `points` (at least one; any order, repeats and collinear
  /// points allowed), grown by `radius` >= 0.
  explicit ConvexPolygon(std::span<const Point2<T>> points, T radius = T(0)) : r_(std::move(radius)) {
    if (points.empty()) throw invalid_input("ConvexPolygon: no points");
    for (const auto& p : points) detail::require_valid_point(p, "ConvexPolygon");
    detail::require_valid_radius(r_, "ConvexPolygon");
    for (auto i : detail::hull::hull2(points)) v_.push_back(points[i]);
  }
  /// The same, from a braced list of points.
  ConvexPolygon(std::initializer_list<Point2<T>> points, T radius = T(0))
      : ConvexPolygon(std::span<const Point2<T>>(points.begin(), points.size()), std::move(radius)) {}

  /// The hull's corners, counterclockwise from the lexicographically
  /// smallest (x, then y); no three consecutive ones collinear. One corner
  /// when all points are equal, two when they lie on one line.
  const std::vector<Point2<T>>& vertices() const { return v_; }
  /// The radius the hull is grown by, >= 0 (0: the polygon itself).
  const T& radius() const { return r_; }

 private:
  std::vector<Point2<T>> v_;
  T r_;
};

/// A convex hull in space grown by a radius.
template <Coordinate T>
class ConvexHull3 {
 public:
  /// The hull of `points` (at least one; any order, repeats, collinear and
  /// coplanar points allowed), grown by `radius` >= 0.
  explicit ConvexHull3(std::span<const Point3<T>> points, T radius = T(0)) : r_(std::move(radius)) {
    if (points.empty()) throw invalid_input("ConvexHull3: no points");
    for (const auto& p : points) detail::require_valid_point(p, "ConvexHull3");
    detail::require_valid_radius(r_, "ConvexHull3");
    const detail::hull::Hull3 h = detail::hull::hull3(points);
    dim_ = h.dim;
    std::vector<std::uint32_t> at(points.size(), 0);
    for (auto i : h.corners) {
      at[i] = static_cast<std::uint32_t>(v_.size());
      v_.push_back(points[i]);
    }
    for (const auto& f : h.facets) {
      std::vector<std::uint32_t> g;
      for (auto i : f) g.push_back(at[i]);
      faces_.push_back(std::move(g));
    }
  }
  /// The same, from a braced list of points.
  ConvexHull3(std::initializer_list<Point3<T>> points, T radius = T(0))
      : ConvexHull3(std::span<const Point3<T>>(points.begin(), points.size()), std::move(radius)) {}

  /// The corners (extreme points), lexicographically sorted.
  const std::vector<Point3<T>>& vertices() const { return v_; }
  /// The facets as cycles of indices into vertices(): counterclockwise seen
  /// from outside for a solid hull; for a flat hull one cycle (the polygon,
  /// counterclockwise seen from one side); none below that.
  const std::vector<std::vector<std::uint32_t>>& faces() const { return faces_; }
  /// 3 for a solid, 2 flat, 1 a segment, 0 a point.
  int dimension() const { return dim_; }
  /// The radius the hull is grown by, >= 0 (0: the hull itself).
  const T& radius() const { return r_; }

 private:
  std::vector<Point3<T>> v_;
  std::vector<std::vector<std::uint32_t>> faces_;
  int dim_ = 0;
  T r_;
};

/// A box (rectangle) as engines store it: centre, the two columns of its
/// rotation, half extents; grown by r. The shape is {center + s0 half[0]
/// axes[0] + s1 half[1] axes[1] : s in [-1, 1]^2}, exactly as given.
template <class T>
struct Box2 {
  Point2<T> center;               ///< the centre
  std::array<Point2<T>, 2> axes;  ///< the directions of the sides, taken as given (need not be unit or orthogonal)
  std::array<T, 2> half;          ///< the half extents along axes[0] and axes[1], each >= 0
  T r = T(0);                     ///< the radius the box is grown by, >= 0 (0: the box itself)
  /// Equal if every member is (the same numbers, not the same shape).
  friend bool operator==(const Box2&, const Box2&) = default;
};

/// A box in space: centre, the three columns of its rotation matrix, half
/// extents, grown by r. {center + sum s_i half[i] axes[i] : s in [-1, 1]^3}.
template <class T>
struct Box3 {
  Point3<T> center;               ///< the centre
  std::array<Point3<T>, 3> axes;  ///< the directions of the sides, taken as given (need not be unit or orthogonal)
  std::array<T, 3> half;          ///< the half extents along axes[0], axes[1] and axes[2], each >= 0
  T r = T(0);                     ///< the radius the box is grown by, >= 0 (0: the box itself)
  /// Equal if every member is (the same numbers, not the same shape).
  friend bool operator==(const Box3&, const Box3&) = default;
};

namespace detail {
/// box_corners for either dimension: corner k is center + sum over i of
/// (bit i of k ? +half[i] : -half[i]) axes[i], left to right (axpy).
template <class P, class T, std::size_t D>
std::array<P, std::size_t{1} << D> corners_of(const P& center, const std::array<P, D>& axes,
                                               const std::array<T, D>& half) {
  std::array<P, std::size_t{1} << D> out;
  for (std::size_t k = 0; k < out.size(); ++k) {
    P p = center;
    for (std::size_t i = 0; i < D; ++i) p = axpy(p, axes[i], (k >> i) & 1 ? half[i] : T(-half[i]));
    out[k] = p;
  }
  return out;
}
}  // namespace detail

/// The corners of a box's core, computed in T: corner k is center + sum over
/// i of (bit i of k set ? +half[i] : -half[i]) * axes[i], summed left to
/// right (i = 0, 1, 2). Exact in exact types; in float or double it is the
/// corner an engine computes from the same numbers. The radius is ignored.
template <class T>
std::array<Point3<T>, 8> box_corners(const Box3<T>& b) {
  return detail::corners_of(b.center, b.axes, b.half);
}
/// The 2-D box's four corners in the same order (bit 0: axis 0, bit 1: axis
/// 1): counterclockwise is {0, 1, 3, 2} when the axes are.
template <class T>
std::array<Point2<T>, 4> box_corners(const Box2<T>& b) {
  return detail::corners_of(b.center, b.axes, b.half);
}

/// The rotation of the unit quaternion q = (w, x, y, z) as a box's axes,
/// the columns of its matrix (axes[i] = R e_i, Box3's convention), in S by
/// the unit-quaternion formula engines use (Jolt, Bullet, FCL, Eigen):
/// axes[0] = (1 - 2(y^2 + z^2), 2(xy + wz), 2(xz - wy)), and so on. For a q
/// that is not exactly unit (any float one) the result is the matrix an
/// engine holds, not a rotation; exact_quaternion_axes is the rotation q
/// denotes.
template <class S>
std::array<Point3<S>, 3> quaternion_axes(const S& w, const S& x, const S& y, const S& z) {
  const S one = 1, two = 2;
  return {Point3<S>{one - two * (y * y + z * z), two * (x * y + w * z), two * (x * z - w * y)},
          Point3<S>{two * (x * y - w * z), one - two * (x * x + z * z), two * (y * z + w * x)},
          Point3<S>{two * (x * z + w * y), two * (y * z - w * x), one - two * (x * x + y * y)}};
}

/// The rotation of any nonzero quaternion (w, x, y, z), exactly: the
/// homogeneous matrix of q divided by |q|^2, as columns (quaternion_axes's
/// convention). For a float quaternion pass its exact values. Throws
/// invalid_input for q = 0.
inline std::array<Point3<mpq_class>, 3> exact_quaternion_axes(const mpq_class& w, const mpq_class& x,
                                                              const mpq_class& y, const mpq_class& z) {
  const mpq_class n = w * w + x * x + y * y + z * z;
  if (sgn(n) == 0) throw invalid_input("exact_quaternion_axes: zero quaternion");
  return {Point3<mpq_class>{(w * w + x * x - y * y - z * z) / n, 2 * (x * y + w * z) / n, 2 * (x * z - w * y) / n},
          Point3<mpq_class>{2 * (x * y - w * z) / n, (w * w - x * x + y * y - z * z) / n, 2 * (y * z + w * x) / n},
          Point3<mpq_class>{2 * (x * z + w * y) / n, 2 * (y * z - w * x) / n, (w * w - x * x - y * y + z * z) / n}};
}

}  // namespace exactgeom
