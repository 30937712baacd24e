// examples/audits/geos_subjects.hpp: the audit subjects for GEOS 3.11
// (Debian libgeos++-dev, double): geos::algorithm::LineIntersector on two
// 2-D segments, floating precision model (none set). The exact side always
// compiles; the engine side only with EXACTGEOM_AUDIT_HAVE_GEOS.
//
// Questions asked (GEOS's documented semantics, closed segments):
//  - the kind: getIntersectionNum() is NO_INTERSECTION (0), POINT (1: one
//    common point, crossing or touching; collinear segments meeting at one
//    endpoint are a point) or COLLINEAR (2: a common part of positive
//    length) -- exactgeom::intersection's disjoint / cross+touch / overlap.
//    A COLLINEAR answer whose two points are equal (GEOS's answer for a
//    zero-length segment lying on the other) is read as a point.
//  - the point, when the exact kind is a single point: the error of each
//    coordinate in ULPs of the exact coordinate (correctly rounded); a GEOS
//    kind other than point counts as an infinite error.
//  - whether that computed point lies exactly on both closed segments
//    (exactgeom::intersects with a zero-length segment). This is reported,
//    not an error by itself: the exact point is usually not a double.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include <exactgeom/audit/subject.hpp>
#include <exactgeom/exactgeom.hpp>

#ifdef EXACTGEOM_AUDIT_HAVE_GEOS
#include <geos/algorithm/LineIntersector.h>
#include <geos/geom/Coordinate.h>
#endif

namespace audits::geos_audit {

using namespace exactgeom;
using namespace exactgeom::audit;
using Span = std::span<const double>;
using audit::cases::with_case;

/// The families the engine is audited on.
inline const std::vector<CaseFamily> kFamilies = {CaseFamily::random, CaseFamily::near_degenerate,
                                                  CaseFamily::touching, CaseFamily::parallel_zero_length,
                                                  CaseFamily::far_from_origin};

inline Point2<double> p2(Span c, std::size_t i) { return {c[i], c[i + 1]}; }
inline Segment2<double> seg(Span c, std::size_t i) { return {p2(c, i), p2(c, i + 2)}; }

inline int exact_kind(Span c) {
  switch (intersection(seg(c, 0), seg(c, 4)).kind) {
    case IntersectionKind::disjoint: return 0;
    case IntersectionKind::cross:
    case IntersectionKind::touch: return 1;
    case IntersectionKind::overlap: return 2;
  }
  return -1;
}

/// Segment pairs; far cases offset by up to 1e6 (GIS coordinates). With
/// `point_only`, each case is redrawn (up to 64 times) until the exact
/// answer is a single point.
inline audit::cases::Generator pairs(bool point_only) {
  audit::cases::Generator g = [](CaseFamily f, std::uint64_t seed, std::uint64_t i, std::span<double> c) {
    audit::cases::segment_pair(f, 2, seed, i, c);
  };
  audit::cases::Generator off = audit::cases::offset_far(g, 1e6);
  if (!point_only) return off;
  return [off](CaseFamily f, std::uint64_t seed, std::uint64_t i, std::span<double> c) {
    for (std::uint64_t k = 0; k < 64; ++k) {
      off(f, seed + 0x9e3779b97f4a7c15ULL * k, i, c);
      if (exact_kind(c) == 1) return;
    }
  };
}

/// How far the case is from one whose kind differs: the kind of two closed
/// segments changes only when an endpoint of one meets the other (disjoint
/// <-> touching <-> crossing; a collinear overlap has endpoints on the other
/// segment, margin 0), so the smallest distance from an endpoint to the
/// other segment bounds the move any other answer needs.
inline double kind_margin(Span c) {
  const Segment2<double> s = seg(c, 0), t = seg(c, 4);
  const mpq_class d2[4] = {to_mpq(squared_distance(s.a, t)), to_mpq(squared_distance(s.b, t)),
                           to_mpq(squared_distance(t.a, s)), to_mpq(squared_distance(t.b, s))};
  return touching_margin(*std::min_element(d2, d2 + 4), 0);
}

#ifdef EXACTGEOM_AUDIT_HAVE_GEOS
struct Geos {
  int kind;
  double x, y;
};
inline Geos geos_intersect(Span c) {
  using geos::geom::Coordinate;
  geos::algorithm::LineIntersector li;
  li.computeIntersection(Coordinate(c[0], c[1]), Coordinate(c[2], c[3]), Coordinate(c[4], c[5]),
                         Coordinate(c[6], c[7]));
  int k = static_cast<int>(li.getIntersectionNum());
  // A zero-length segment lying on the other comes back as COLLINEAR with
  // two equal points (computeCollinearIntersection does not compare them):
  // a convention for degenerate input, read here as the single point it is.
  if (k == 2 && li.getIntersection(0).equals2D(li.getIntersection(1))) k = 1;
  if (k != 1) return {k, 0, 0};
  const auto& p = li.getIntersection(0);
  return {k, p.x, p.y};
}
#endif

#ifdef EXACTGEOM_AUDIT_HAVE_GEOS
/// The severity of a wrong point: its backward error, the distance from
/// GEOS's point to the farther of the two segments -- moving the segments
/// that far makes it their exact intersection. (Its forward error is no
/// measure: where the lines are nearly parallel one ULP of input moves the
/// exact point far along them.) No point at all: the kind's margin.
inline double point_margin(Span c) {
  const Geos g = geos_intersect(c);
  if (g.kind != 1) return kind_margin(c);
  const Point2<double> p{g.x, g.y};
  return touching_margin(std::max(to_mpq(squared_distance(p, seg(c, 0))), to_mpq(squared_distance(p, seg(c, 4)))), 0);
}
#endif

inline std::string query(Span c) { return with_case(audit::cases::segments_query("segment_intersection", c, 2), c); }

inline AuditSubject kind() {
  AuditSubject s;
  s.name = "geos/LineIntersector::computeIntersection (kind)";
  s.question = "How do the closed segments meet: 0 none, 1 one point, 2 collinear overlap of positive length "
               "(getIntersectionNum)? Reference: exactgeom::intersection's kind.";
  s.families = kFamilies;
  s.width = 8;
  s.generate = pairs(false);
  s.exact = [](Span c) { return Answer{Answer::Kind::sign, exact_kind(c), 0}; };
  s.margin = [](Span c, const Answer&, const Answer&) { return kind_margin(c); };
#ifdef EXACTGEOM_AUDIT_HAVE_GEOS
  s.approx = [](Span c) { return Answer{Answer::Kind::sign, geos_intersect(c).kind, 0}; };
#endif
  s.query = query;
  return s;
}

/// The exact point's coordinates, correctly rounded.
inline std::array<double, 2> exact_point(Span c) {
  const auto r = intersection(seg(c, 0), seg(c, 4));
  return {to_double(r.point->x), to_double(r.point->y)};
}

/// The intersection point's coordinate `axis` (0: x, 1: y).
inline AuditSubject point(int axis) {
  AuditSubject s;
  s.name = std::string("geos/LineIntersector::getIntersection (point ") + (axis ? "y" : "x") + ")";
  s.question = "The intersection point's coordinate, when the exact answer is one point: error in ULPs of the "
               "exact coordinate (correctly rounded); a GEOS kind other than one point is an infinite error. "
               "Reference: exactgeom::intersection's point.";
  s.families = kFamilies;
  s.width = 8;
  s.generate = pairs(true);
  s.exact = [axis](Span c) {
    return Answer::of(exact_kind(c) == 1 ? exact_point(c)[static_cast<std::size_t>(axis)] : 0.0);
  };
#ifdef EXACTGEOM_AUDIT_HAVE_GEOS
  s.margin = [](Span c, const Answer&, const Answer&) { return point_margin(c); };
  s.approx = [axis](Span c) {
    if (exact_kind(c) != 1) return Answer::of(0.0);
    const Geos g = geos_intersect(c);
    if (g.kind != 1) return Answer::of(std::nan(""));
    return Answer::of(axis ? g.y : g.x);
  };
#endif
  s.query = query;
  return s;
}

inline AuditSubject on_both() {
  AuditSubject s;
  s.name = "geos/LineIntersector::getIntersection (on both segments)";
  s.question = "Does the computed point lie exactly on both closed segments (when the exact answer is one "
               "point)? Reference: true. Not an error by itself: the exact point is rarely a double.";
  s.families = kFamilies;
  s.width = 8;
  s.generate = pairs(true);
  s.exact = [](Span) { return Answer::of(true); };
#ifdef EXACTGEOM_AUDIT_HAVE_GEOS
  s.approx = [](Span c) {
    if (exact_kind(c) != 1) return Answer::of(true);
    const Geos g = geos_intersect(c);
    if (g.kind != 1) return Answer::of(false);
    const Segment2<double> p{{g.x, g.y}, {g.x, g.y}};
    return Answer::of(intersects(p, seg(c, 0)) && intersects(p, seg(c, 4)));
  };
  s.margin = [](Span c, const Answer&, const Answer&) { return point_margin(c); };
#endif
  s.query = query;
  return s;
}

inline std::vector<AuditSubject> subjects() { return {kind(), point(0), point(1), on_both()}; }

}  // namespace audits::geos_audit
