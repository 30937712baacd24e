// exactgeom/reference/obb_sat.hpp: the oriented-box separating-axis overlap test in S = float/double.
// Source: Gottschalk, Lin, Manocha, "OBBTree" (SIGGRAPH 1996); Ericson, Real-Time Collision Detection (2005) 4.4.1 TestOBBOBB, 4.4.2.
//
// Written here from the algorithm (no code copied). A box is a centre, three
// axes (the columns of its rotation matrix, taken as given: never
// renormalized) and three half extents; `r` rounds it (the points within r
// of the box, "core"). The test projects both boxes on the 15 candidate
// axes (3 + 3 face normals, 9 edge-edge cross products), all expressed in
// a's frame so that each projection is a few products of |R[i][j]|, and
// reports overlap unless some axis separates them. Closed: touching counts
// (the separation test is a strict `>`). The 2-D version has 4 axes.
//
// EPSILON: the book adds it to every |R[i][j]| so that, for (near-)parallel
// edge pairs, where L = Ai x Bj is (near) zero and both sides of the test
// are rounding noise, the noise can never separate the boxes; it leaves its
// value to the user. The default here is numeric_limits<S>::epsilon(), as
// in reference/ericson.hpp; the R entries are O(1), so this covers their
// rounding but not axes that are further than that from orthonormal.
//
// Known weaknesses, by design (tests/float_convex_test.cpp shows each):
// - epsilon widens every axis test by about epsilon * (sum of the half
//   extents): boxes a few ulps apart are reported overlapping;
// - without epsilon (epsilon = 0), axes that are orthonormal only to within
//   rounding can separate overlapping boxes along a near-null edge axis;
// - t = b.center - a.center is rounded relative to the coordinates, not to
//   the box size: far from the origin, touching boxes come out either way;
// - the formulas assume orthonormal axes; other input is answered, wrongly;
// - rounded boxes: the 15 axes of the cores do not suffice for their
//   rounded versions (these are not polytopes), so where the closest
//   features are edges or vertices the test reports overlap although
//   distance(cores) > ra + rb (axis-aligned boxes corner to corner: any
//   core distance up to sqrt(3) (ra + rb) in 3-D, sqrt(2) (ra + rb) in
//   2-D, passes). That is the textbook behaviour.
#pragma once

#include <array>
#include <cmath>
#include <limits>

#include "exactgeom/geometry.hpp"
#include "exactgeom/shapes.hpp"
#include "exactgeom/vector.hpp"

namespace exactgeom::reference {

/// The default EPSILON added to |R[i][j]|: numeric_limits<S>::epsilon().
template <class S>
inline constexpr S obb_default_epsilon = std::numeric_limits<S>::epsilon();

/// A rounded 2-D oriented box: points center + s0 axes[0] + s1 axes[1],
/// |si| <= half[i], inflated by r >= 0; the axes unit and orthogonal (not
/// checked). The same type as the exact core's Box2 (shapes.hpp), so that
/// one box is handed to both.
template <class S>
using FloatBox2 = Box2<S>;

/// A rounded 3-D oriented box (see FloatBox2): exactgeom::Box3, whose axes
/// are the columns of its rotation matrix.
template <class S>
using FloatBox3 = Box3<S>;

namespace obb_detail {
using exactgeom::dot;  // the library's vector vocabulary (exactgeom/vector.hpp)
using exactgeom::sub;

// One template for the full test and its twin without edge axes, so that
// the twin differs from the reference in that one respect only.
template <class S, bool EdgeAxes>
bool sat3(const FloatBox3<S>& a, const FloatBox3<S>& b, S epsilon) {
  S R[3][3], AbsR[3][3], t[3];
  const Point3<S> d = sub(b.center, a.center);
  for (int i = 0; i < 3; ++i) {
    t[i] = dot(d, a.axes[i]);
    for (int j = 0; j < 3; ++j) {
      R[i][j] = dot(a.axes[i], b.axes[j]);
      AbsR[i][j] = std::abs(R[i][j]) + epsilon;
    }
  }
  // The face axes are unit, so a rounding radius projects to itself.
  const S rr = a.r + b.r;
  for (int i = 0; i < 3; ++i) {  // L = A0, A1, A2
    const S ra = a.half[i];
    const S rb = b.half[0] * AbsR[i][0] + b.half[1] * AbsR[i][1] + b.half[2] * AbsR[i][2];
    if (std::abs(t[i]) > ra + rb + rr) return false;
  }
  for (int j = 0; j < 3; ++j) {  // L = B0, B1, B2
    const S ra = a.half[0] * AbsR[0][j] + a.half[1] * AbsR[1][j] + a.half[2] * AbsR[2][j];
    const S rb = b.half[j];
    if (std::abs(t[0] * R[0][j] + t[1] * R[1][j] + t[2] * R[2][j]) > ra + rb + rr) return false;
  }
  if constexpr (EdgeAxes) {
    // L = Ai x Bj, written in a's frame; the book spells out the nine cases,
    // which are this one with the indices rotated cyclically.
    for (int i = 0; i < 3; ++i) {
      const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
      for (int j = 0; j < 3; ++j) {
        const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
        const S ra = a.half[i1] * AbsR[i2][j] + a.half[i2] * AbsR[i1][j];
        const S rb = b.half[j1] * AbsR[i][j2] + b.half[j2] * AbsR[i][j1];
        // L is not unit (|L| = sin of the angle between the edges), and the
        // box terms above are scaled by |L| implicitly; the ball's radius
        // must be too, or the radius would count up to 1/|L| times over.
        const S len = rr == S(0) ? S(0) : std::sqrt(R[i1][j] * R[i1][j] + R[i2][j] * R[i2][j]);
        if (std::abs(t[i2] * R[i1][j] - t[i1] * R[i2][j]) > ra + rb + rr * len) return false;
      }
    }
  }
  return true;
}
}  // namespace obb_detail

/// RTCD 4.4.1 TestOBBOBB: true when the (rounded) boxes a and b overlap or
/// touch, by the 15-axis separating-axis test. Radii: ra + rb is added to
/// the projected radii on every axis (times |L| on the edge axes), so
/// rounded boxes whose closest features are edges/vertices can be reported
/// overlapping when they are not (see the top of the file).
template <class S>
bool obb_overlap_sat(const FloatBox3<S>& a, const FloatBox3<S>& b,
                     S epsilon = obb_default_epsilon<S>) {
  return obb_detail::sat3<S, true>(a, b, epsilon);
}

/// A deliberately buggy twin of obb_overlap_sat: the same test without the
/// nine edge-edge axes (the "first 6 of 15" shortcut RTCD 4.4.1 mentions
/// as a conservative pretest). It reports overlap for boxes separated only
/// along an edge-edge axis (tests/float_convex_test.cpp builds such a pair).
/// It exists so that an audit can be shown to see a known bug; never use it
/// as an answer.
template <class S>
bool obb_overlap_sat_no_edge_axes(const FloatBox3<S>& a, const FloatBox3<S>& b,
                                  S epsilon = obb_default_epsilon<S>) {
  return obb_detail::sat3<S, false>(a, b, epsilon);
}

/// The 2-D reduction of TestOBBOBB: the 4 face axes are all the candidate
/// separating axes of two rectangles. The epsilon is kept for symmetry with
/// 3-D (there are no cross-product axes here, so it only absorbs the
/// rounding of R). Closed; radii as in 3-D, with the same false positives
/// for rounded rectangles meeting corner to corner.
template <class S>
bool obb2_overlap_sat(const FloatBox2<S>& a, const FloatBox2<S>& b,
                      S epsilon = obb_default_epsilon<S>) {
  using obb_detail::dot;
  S R[2][2], AbsR[2][2], t[2];
  const Point2<S> d = obb_detail::sub(b.center, a.center);
  for (int i = 0; i < 2; ++i) {
    t[i] = dot(d, a.axes[i]);
    for (int j = 0; j < 2; ++j) {
      R[i][j] = dot(a.axes[i], b.axes[j]);
      AbsR[i][j] = std::abs(R[i][j]) + epsilon;
    }
  }
  const S rr = a.r + b.r;
  for (int i = 0; i < 2; ++i) {  // L = A0, A1
    const S rb = b.half[0] * AbsR[i][0] + b.half[1] * AbsR[i][1];
    if (std::abs(t[i]) > a.half[i] + rb + rr) return false;
  }
  for (int j = 0; j < 2; ++j) {  // L = B0, B1
    const S ra = a.half[0] * AbsR[0][j] + a.half[1] * AbsR[1][j];
    if (std::abs(t[0] * R[0][j] + t[1] * R[1][j]) > ra + b.half[j] + rr) return false;
  }
  return true;
}

/// The 8 corners of the core of b (box_corners's order: vertex k takes
/// +half[i] along axis i when bit i of k is set), as points for gjk_epa.hpp.
template <class S>
std::array<std::array<S, 3>, 8> obb_vertices(const FloatBox3<S>& b) {
  std::array<std::array<S, 3>, 8> v{};
  const auto c = box_corners(b);
  for (std::size_t k = 0; k < 8; ++k) v[k] = {c[k].x, c[k].y, c[k].z};
  return v;
}

/// The 4 corners of the core of b, counterclockwise when the axes are.
template <class S>
std::array<std::array<S, 2>, 4> obb2_vertices(const FloatBox2<S>& b) {
  const auto c = box_corners(b);
  constexpr std::size_t ccw[4] = {0, 1, 3, 2};
  std::array<std::array<S, 2>, 4> v{};
  for (std::size_t k = 0; k < 4; ++k) v[k] = {c[ccw[k]].x, c[ccw[k]].y};
  return v;
}

}  // namespace exactgeom::reference
