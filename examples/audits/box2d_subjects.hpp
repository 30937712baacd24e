// examples/audits/box2d_subjects.hpp: the audit subjects for Box2D 2.4.1
// (Debian libbox2d-dev, float). A stadium is a two-sided b2EdgeShape with
// m_radius set to its radius (its distance proxy: the two vertices and the
// radius); a circle is a b2CircleShape. All transforms are the identity
// (exact: cos 1, sin 0, no translation). The exact side always compiles;
// the engine side only with EXACTGEOM_AUDIT_HAVE_BOX2D.
//
// Questions asked (Box2D's implemented semantics; b2_linearSlop and
// b2_polygonRadius play no part once m_radius is set):
//  - b2Distance, useRadii = false: the distance between the axes, in ULPs
//    of float (stadium-stadium, circle-stadium).
//  - b2Distance, useRadii = true: its distance is 0 exactly when
//    distance(axes) <= rA + rB, and also whenever distance(axes) <=
//    b2_epsilon (FLT_EPSILON, an absolute epsilon of the source): asked
//    "is the reported distance 0?" against exactgeom::intersects (closed).
//  - b2TestOverlap: `distance < 10 * b2_epsilon` after b2Distance with
//    radii, i.e. distance(axes) < rA + rB + 10 FLT_EPSILON by design. The
//    reference is exactly that: interiors_overlap with rA enlarged by
//    10 * 2^-23, in rationals, so the designed tolerance is not counted.
//  - b2CollideEdgeAndCircle (two-sided edge, edge radius set): a manifold
//    point iff dd <= (rA + rB)^2 in every region: exactgeom::intersects.
#pragma once

#include <array>
#include <string>
#include <vector>

#include <exactgeom/audit/subject.hpp>
#include <exactgeom/exactgeom.hpp>

#ifdef EXACTGEOM_AUDIT_HAVE_BOX2D
#include <box2d/b2_circle_shape.h>
#include <box2d/b2_collision.h>
#include <box2d/b2_distance.h>
#include <box2d/b2_edge_shape.h>
#endif

namespace audits::box2d {

using namespace exactgeom;
using namespace exactgeom::audit;
using Span = std::span<const double>;
using audit::cases::with_case;

/// The families the engine is audited on.
inline const std::vector<CaseFamily> kFamilies = {CaseFamily::random, CaseFamily::near_degenerate,
                                                  CaseFamily::touching, CaseFamily::parallel_zero_length,
                                                  CaseFamily::far_from_origin};
constexpr double kFloatUlp = 0x1p29;  // one ULP of float, in ULPs of double: Box2D computes in float
inline mpq_class q(double v) { return mpq_class(v); }

inline Point2<double> p2(Span c, std::size_t i) { return {c[i], c[i + 1]}; }
inline Capsule2<double> cap(Span c, std::size_t i) { return {{p2(c, i), p2(c, i + 2)}, c[i + 4]}; }
/// The second shape: a stadium, or with `circle` the disk at c[5..6] (c[7..8]
/// are ignored, so that shrinking a case keeps it a circle).
inline Capsule2<double> second(Span c, bool circle) {
  return circle ? Capsule2<double>{{p2(c, 5), p2(c, 5)}, c[9]} : cap(c, 5);
}
/// The case with the circle's second endpoint set to its first.
inline std::array<double, 10> normalized(Span c, bool circle) {
  std::array<double, 10> v;
  std::copy(c.begin(), c.end(), v.begin());
  if (circle) v[7] = v[5], v[8] = v[6];
  return v;
}

/// How far the case is from touching: |distance(axes) - rA - rB - grow|
/// (the margin that splits rounding-level misses from gross ones).
inline double gap_margin(Span c, bool circle, const mpq_class& grow = 0) {
  const mpq_class d2 = to_mpq(squared_distance(cap(c, 0).seg, second(c, circle).seg));
  return touching_margin(d2, mpq_class(c[4]) + mpq_class(c[9]) + grow);
}

/// Stadium pairs (a, b, r) x 2 rounded to float; far cases offset <= 1e4.
/// With `circle`, the second axis is collapsed to its endpoint nearer the
/// first axis (which keeps the touching family touching): a circle.
inline audit::cases::Generator pairs(bool circle) {
  audit::cases::Generator g = [circle](CaseFamily f, std::uint64_t seed, std::uint64_t i, std::span<double> c) {
    audit::cases::capsule_pair(f, 2, seed, i, c);
    if (!circle) return;
    auto dist = [&](std::size_t k) {
      const Capsule2<double> s = cap(c, 0);
      return to_mpq(squared_distance(p2(c, k), s.seg));
    };
    if (dist(7) < dist(5)) c[5] = c[7], c[6] = c[8];
    c[7] = c[5], c[8] = c[6];
  };
  std::vector<bool> skip(10, false);
  skip[4] = skip[9] = true;
  return audit::cases::rounded_to_float(audit::cases::offset_far(g, 1e4, skip),
                                       [](Span c) { return c[9] > 0 ? std::size_t{9} : std::size_t{4}; });
}

#ifdef EXACTGEOM_AUDIT_HAVE_BOX2D
inline b2Vec2 bv(Span c, std::size_t i) { return b2Vec2(float(c[i]), float(c[i + 1])); }
inline b2EdgeShape edge(Span c, std::size_t i) {
  b2EdgeShape e;
  e.SetTwoSided(bv(c, i), bv(c, i + 2));
  e.m_radius = float(c[i + 4]);
  return e;
}
inline b2CircleShape circle_at(Span c, std::size_t i) {
  b2CircleShape s;
  s.m_p = bv(c, i);
  s.m_radius = float(c[i + 4]);
  return s;
}
inline b2Transform identity() {
  b2Transform t;
  t.SetIdentity();
  return t;
}
/// b2Distance between the stadium at c[0..4] and the stadium or circle at c[5..9].
inline float b2_distance(Span c, bool circle, bool radii) {
  const b2EdgeShape a = edge(c, 0), b = edge(c, 5);
  const b2CircleShape bc = circle_at(c, 5);
  b2DistanceInput in;
  in.proxyA.Set(&a, 0);
  if (circle) in.proxyB.Set(&bc, 0);
  else in.proxyB.Set(&b, 0);
  in.transformA = in.transformB = identity();
  in.useRadii = radii;
  b2SimplexCache cache;
  cache.count = 0;
  b2DistanceOutput out;
  b2Distance(&out, &cache, &in);
  return out.distance;
}
#endif

inline std::string name(bool circle) { return circle ? "circle-stadium" : "stadium-stadium"; }

inline AuditSubject axis_distance(bool circle) {
  AuditSubject s;
  s.name = "box2d/b2Distance useRadii=false (" + name(circle) + ")";
  s.question = "The distance between the axes (segment or point), as returned. Reference: exactgeom::distance "
               "(Segment2), correctly rounded; error in ULPs of float.";
  s.families = kFamilies;
  s.width = 10;
  s.generate = pairs(circle);
  s.exact = [circle](Span c) { return Answer::of(distance(cap(c, 0).seg, second(c, circle).seg)); };
#ifdef EXACTGEOM_AUDIT_HAVE_BOX2D
  s.approx = [circle](Span c) { return Answer::of(double(b2_distance(c, circle, false))); };
#endif
  s.query = [circle](Span c) {
    const auto n = normalized(c, circle);
    const double v[8] = {n[0], n[1], n[2], n[3], n[5], n[6], n[7], n[8]};
    return with_case(audit::cases::segments_query("segment_distance2", v, 2), c);
  };
  s.band_ulp = kFloatUlp;
  return s;
}

inline AuditSubject radii_zero(bool circle) {
  AuditSubject s;
  s.name = "box2d/b2Distance useRadii=true (" + name(circle) + ")";
  s.question = "Is the distance reported with radii 0, i.e. do the closed shapes meet? Reference: "
               "exactgeom::intersects (touching counts).";
  s.families = kFamilies;
  s.width = 10;
  s.generate = pairs(circle);
  s.exact = [circle](Span c) { return Answer::of(intersects(cap(c, 0), second(c, circle))); };
  s.margin = [circle](Span c, const Answer&, const Answer&) { return gap_margin(c, circle); };
#ifdef EXACTGEOM_AUDIT_HAVE_BOX2D
  s.approx = [circle](Span c) { return Answer::of(b2_distance(c, circle, true) == 0.0f); };
#endif
  s.query = [circle](Span c) { return with_case(audit::cases::capsule_query(normalized(c, circle), 2), c); };
  s.nonnegative.assign(10, false);
  s.nonnegative[4] = s.nonnegative[9] = true;
  s.band_ulp = kFloatUlp;
  return s;
}

/// The stadium at c[i..i+4] in rationals, its radius enlarged by `grow`.
inline Capsule2<mpq_class> qcap(Span c, std::size_t i, const mpq_class& grow) {
  return {{{q(c[i]), q(c[i + 1])}, {q(c[i + 2]), q(c[i + 3])}}, q(c[i + 4]) + grow};
}
inline mpq_class ten_flt_epsilon() { return mpq_class(10) / mpq_class(8388608); }  // 10 * 2^-23

inline AuditSubject test_overlap() {
  AuditSubject s;
  s.name = "box2d/b2TestOverlap (stadium-stadium)";
  s.question = "Is distance(axes) < rA + rB + 10 FLT_EPSILON (b2TestOverlap's own definition: its "
               "distance with radii < 10 b2_epsilon)? Reference: exactgeom::interiors_overlap on rationals, "
               "rA enlarged by 10 * 2^-23 (the query's first radius).";
  s.families = kFamilies;
  s.width = 10;
  s.generate = pairs(false);
  s.exact = [](Span c) {
    return Answer::of(interiors_overlap(qcap(c, 0, ten_flt_epsilon()), qcap(c, 5, 0)));
  };
  s.margin = [](Span c, const Answer&, const Answer&) { return gap_margin(c, false, ten_flt_epsilon()); };
#ifdef EXACTGEOM_AUDIT_HAVE_BOX2D
  s.approx = [](Span c) {
    const b2EdgeShape a = edge(c, 0), b = edge(c, 5);
    return Answer::of(b2TestOverlap(&a, 0, &b, 0, identity(), identity()));
  };
#endif
  s.query = [](Span c) {
    return with_case(audit::cases::capsule_pair_query(qcap(c, 0, ten_flt_epsilon()), qcap(c, 5, 0)), c);
  };
  s.nonnegative.assign(10, false);
  s.nonnegative[4] = s.nonnegative[9] = true;
  s.band_ulp = kFloatUlp;
  return s;
}

inline AuditSubject collide_edge_circle() {
  AuditSubject s;
  s.name = "box2d/b2CollideEdgeAndCircle (edge radius set)";
  s.question = "Does the closed circle meet the closed stadium (edge + its m_radius)? A manifold point "
               "counts as yes. Reference: exactgeom::intersects (touching counts).";
  s.families = kFamilies;
  s.width = 10;
  s.generate = pairs(true);
  s.exact = [](Span c) { return Answer::of(intersects(cap(c, 0), second(c, true))); };
  s.margin = [](Span c, const Answer&, const Answer&) { return gap_margin(c, true); };
#ifdef EXACTGEOM_AUDIT_HAVE_BOX2D
  s.approx = [](Span c) {
    const b2EdgeShape a = edge(c, 0);
    const b2CircleShape b = circle_at(c, 5);
    b2Manifold m;
    b2CollideEdgeAndCircle(&m, &a, identity(), &b, identity());
    return Answer::of(m.pointCount > 0);
  };
#endif
  s.query = [](Span c) { return with_case(audit::cases::capsule_query(normalized(c, true), 2), c); };
  s.nonnegative.assign(10, false);
  s.nonnegative[4] = s.nonnegative[9] = true;
  s.band_ulp = kFloatUlp;
  return s;
}

inline std::vector<AuditSubject> subjects() {
  return {axis_distance(false), axis_distance(true), radii_zero(false), radii_zero(true),
          test_overlap(),       collide_edge_circle()};
}

}  // namespace audits::box2d
