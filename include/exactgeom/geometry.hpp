// exactgeom/geometry.hpp: the value types (points, segments, capsules,
// triangles), the Sign of a predicate, and the library's error type.
#pragma once

#include <stdexcept>
#include <string>

namespace exactgeom {

/// The sign of a determinant. The enumerators compare and convert like -1, 0, +1.
enum class Sign : int { negative = -1, zero = 0, positive = 1 };

constexpr Sign operator-(Sign s) noexcept { return static_cast<Sign>(-static_cast<int>(s)); }
constexpr Sign sign_of_int(int v) noexcept {
  return v > 0 ? Sign::positive : (v < 0 ? Sign::negative : Sign::zero);
}

/// Thrown for input no exact answer exists for: a NaN or infinite coordinate,
/// a negative radius. Every API that takes float/double coordinates documents
/// that it throws this; integer and rational inputs never do.
class invalid_input : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// A point in the plane (also used as a 2-D vector, vector.hpp).
template <class T>
struct Point2 {
  T x;  ///< the first coordinate
  T y;  ///< the second coordinate
  /// Equal if every coordinate is (compared as T: a NaN equals nothing).
  friend bool operator==(const Point2&, const Point2&) = default;
};

/// A point in space (also used as a 3-D vector, vector.hpp).
template <class T>
struct Point3 {
  T x;  ///< the first coordinate
  T y;  ///< the second coordinate
  T z;  ///< the third coordinate
  /// Equal if every coordinate is (compared as T: a NaN equals nothing).
  friend bool operator==(const Point3&, const Point3&) = default;
};

/// A closed segment from a to b; a == b (zero length) is allowed everywhere.
template <class T>
struct Segment2 {
  Point2<T> a;  ///< the first endpoint
  Point2<T> b;  ///< the second endpoint (may equal a)
  /// Equal if both endpoints are, in order: the segment reversed compares unequal.
  friend bool operator==(const Segment2&, const Segment2&) = default;
};

/// A closed segment from a to b in space; a == b (zero length) is allowed everywhere.
template <class T>
struct Segment3 {
  Point3<T> a;  ///< the first endpoint
  Point3<T> b;  ///< the second endpoint (may equal a)
  /// Equal if both endpoints are, in order: the segment reversed compares unequal.
  friend bool operator==(const Segment3&, const Segment3&) = default;
};

/// A 2-D capsule (a stadium): the closed set of points within distance r of
/// the segment seg. r must be >= 0 (a negative r is invalid_input); a
/// zero-length seg is a disk, r == 0 the segment itself.
template <class T>
struct Capsule2 {
  Segment2<T> seg;  ///< the core segment (zero length: a disk)
  T r;              ///< the radius, >= 0 (0: the segment itself)
  /// Equal if seg and r both are.
  friend bool operator==(const Capsule2&, const Capsule2&) = default;
};

/// A 3-D capsule: the points within distance r of seg (r >= 0).
template <class T>
struct Capsule3 {
  Segment3<T> seg;  ///< the core segment (zero length: a ball)
  T r;              ///< the radius, >= 0 (0: the segment itself)
  /// Equal if seg and r both are.
  friend bool operator==(const Capsule3&, const Capsule3&) = default;
};

/// A disk: the points within distance r >= 0 of center.
template <class T>
struct Circle {
  Point2<T> center;  ///< the centre
  T r;               ///< the radius, >= 0 (0: the point center)
  /// Equal if center and r both are.
  friend bool operator==(const Circle&, const Circle&) = default;
};

/// A ball: the points within distance r >= 0 of center.
template <class T>
struct Sphere {
  Point3<T> center;  ///< the centre
  T r;               ///< the radius, >= 0 (0: the point center)
  /// Equal if center and r both are.
  friend bool operator==(const Sphere&, const Sphere&) = default;
};

/// A filled triangle in space; collinear or coincident corners give the
/// segment or point they cover.
template <class T>
struct Triangle3 {
  Point3<T> a;  ///< the first corner
  Point3<T> b;  ///< the second corner
  Point3<T> c;  ///< the third corner
  /// Equal if the corners are, in order: permuted corners compare unequal.
  friend bool operator==(const Triangle3&, const Triangle3&) = default;
};

}  // namespace exactgeom
