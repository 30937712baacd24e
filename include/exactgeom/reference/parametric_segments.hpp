// exactgeom/reference/parametric_segments.hpp: the common parametric segment
// intersection test with division, in float/double.
//
// Source: the textbook/tutorial method (e.g. the StackOverflow answer that
// article 000 (docs/articles.md), the article on exact 2-D capsule
// intersection with integer arithmetic, cites and rejects; also found in
// many engines): solve p1 + t d1 = p2 + u d2 with cross products,
// t = cross(p2 - p1, d2) / cross(d1, d2), u = cross(p2 - p1, d1) /
// cross(d1, d2), and report a hit when both lie in [0, 1]. As in those
// sources, parallel segments (cross(d1, d2) == 0, collinear overlaps and
// zero-length segments included) never intersect: article 000 names this
// as the reason it does not use the test.
#pragma once

#include <optional>

#include "exactgeom/geometry.hpp"

namespace exactgeom::reference {

/// Where two segments cross, as segment_intersection computes it in F.
template <class F>
struct Hit {
  F t;            ///< parameter on the first segment, in [0, 1]
  F u;            ///< parameter on the second segment, in [0, 1]
  Point2<F> point;  ///< p1 + t d1, in F
};

/// The hit, or nothing when the parameters leave [0, 1] or the segments are
/// parallel (denominator exactly 0).
template <class F>
std::optional<Hit<F>> segment_intersection(const Segment2<F>& s1, const Segment2<F>& s2) {
  const F d1x = s1.b.x - s1.a.x, d1y = s1.b.y - s1.a.y;
  const F d2x = s2.b.x - s2.a.x, d2y = s2.b.y - s2.a.y;
  const F wx = s2.a.x - s1.a.x, wy = s2.a.y - s1.a.y;
  const F denom = d1x * d2y - d1y * d2x;
  if (denom == F(0)) return std::nullopt;
  const F t = (wx * d2y - wy * d2x) / denom;
  const F u = (wx * d1y - wy * d1x) / denom;
  if (t < F(0) || t > F(1) || u < F(0) || u > F(1)) return std::nullopt;
  return Hit<F>{t, u, Point2<F>{s1.a.x + t * d1x, s1.a.y + t * d1y}};
}

template <class F>
bool segments_intersect(const Segment2<F>& s1, const Segment2<F>& s2) {
  return segment_intersection(s1, s2).has_value();
}

}  // namespace exactgeom::reference
