// examples/audits/bullet_subjects.hpp: the audit subjects for Bullet 3.24
// (Debian libbullet-dev): SphereTriangleDetector, SegmentSqrDistance and
// capsule-capsule through btCollisionWorld::contactPairTest. The exact side
// always compiles; the engine side only with EXACTGEOM_AUDIT_HAVE_BULLET,
// for S == btScalar (float for bullet.pc, double for bullet-float64.pc).
//
// Questions asked (Bullet's documented/implemented semantics, margins 0):
//  - SphereTriangleDetector::collide(centre, ..., threshold 0) reports a
//    contact iff distance(centre, filled triangle) < radius (strict `<`
//    throughout the source): the open question, interiors_overlap.
//  - SegmentSqrDistance(from, to, p) returns |p - segment|^2: compared with
//    the exact squared distance, in ULPs of btScalar.
//  - contactPairTest on two btCapsuleShape objects, with gContactBreakingThreshold
//    = 0, the dispatcher's relative threshold off and m_closestDistanceThreshold
//    = 0: btConvexConvexAlgorithm's capsule path adds a point iff
//    distance(axes) - r1 - r2 < 0: interiors_overlap, asked of the capsule
//    Bullet holds (centre, basis column, half-height; see exactgeom::audit::CentredCapsule).
#pragma once

#include <array>
#include <string>
#include <type_traits>
#include <vector>

#include <exactgeom/audit/subject.hpp>
#include <exactgeom/exactgeom.hpp>

#ifdef EXACTGEOM_AUDIT_HAVE_BULLET
#include "bullet_shapes.hpp"  // btBulletCollisionCommon.h, and the one collision World

#include <BulletCollision/CollisionDispatch/SphereTriangleDetector.h>
#include <BulletCollision/CollisionShapes/btTriangleShape.h>
// Exported by libBulletCollision (SphereTriangleDetector.cpp), not declared
// in any header.
btScalar SegmentSqrDistance(const btVector3& from, const btVector3& to, const btVector3& p,
                            btVector3& nearest);
#endif

namespace audits::bullet {

using namespace exactgeom;
using namespace exactgeom::audit;
using Span = std::span<const double>;
using audit::cases::with_case;

/// The families the engine is audited on.
inline const std::vector<CaseFamily> kFamilies = {CaseFamily::random, CaseFamily::near_degenerate,
                                                  CaseFamily::touching, CaseFamily::parallel_zero_length,
                                                  CaseFamily::far_from_origin};
template <class S>
constexpr const char* scalar_name() {
  return std::is_same_v<S, float> ? "float" : "double";
}
/// One ULP of S in ULPs of double (normal range): the unit of the tolerance
/// and of the gross band.
template <class S>
constexpr double ulp_unit() {
  return std::is_same_v<S, float> ? 0x1p29 : 1.0;
}
/// Cases at game scales (offsets up to 1e4), rounded to S for float.
template <class S>
audit::cases::Generator engine_cases(audit::cases::Generator g, std::vector<bool> skip,
                                    std::function<std::size_t(Span)> nudge_at) {
  g = audit::cases::offset_far(std::move(g), 1e4, std::move(skip));
  if constexpr (std::is_same_v<S, float>) return audit::cases::rounded_to_float(std::move(g), std::move(nudge_at));
  return g;
}
/// The capsule at c[i..i+6] as Bullet holds it (btCapsuleShape: axis local Y).
template <class S>
CentredCapsule<S> held(Span c, std::size_t i) {
  return CentredCapsule<S>::hold({{{c[i], c[i + 1], c[i + 2]}, {c[i + 3], c[i + 4], c[i + 5]}}, c[i + 6]}, 1);
}

template <class S>
constexpr bool engine_here() {
#ifdef EXACTGEOM_AUDIT_HAVE_BULLET
  return std::is_same_v<S, btScalar>;
#else
  return false;
#endif
}

inline Point3<double> p3(Span c, std::size_t i) { return {c[i], c[i + 1], c[i + 2]}; }

#ifdef EXACTGEOM_AUDIT_HAVE_BULLET
inline btVector3 bv(Span c, std::size_t i) {
  return btVector3(btScalar(c[i]), btScalar(c[i + 1]), btScalar(c[i + 2]));
}


struct HitFlag : btCollisionWorld::ContactResultCallback {
  bool hit = false;
  btScalar addSingleResult(btManifoldPoint&, const btCollisionObjectWrapper*, int, int,
                           const btCollisionObjectWrapper*, int, int) override {
    hit = true;
    return 0;
  }
};

inline void place(btCollisionObject& obj, const CentredCapsule<btScalar>& h) {
  const btVector3 u(h.u[0], h.u[1], h.u[2]);
  btVector3 p, w;
  btPlaneSpace1(u, p, w);
  btTransform t;
  // btCapsuleShape's axis is local Y: basis column 1 is u.
  t.setBasis(btMatrix3x3(p.x(), u.x(), w.x(), p.y(), u.y(), w.y(), p.z(), u.z(), w.z()));
  t.setOrigin(btVector3(h.o[0], h.o[1], h.o[2]));
  obj.setWorldTransform(t);
}

inline bool bullet_capsules(Span c) {
  const auto h1 = held<btScalar>(c, 0), h2 = held<btScalar>(c, 7);
  btCapsuleShape s1(h1.r, 2 * h1.hh), s2(h2.r, 2 * h2.hh);
  btCollisionObject o1, o2;
  o1.setCollisionShape(&s1);
  o2.setCollisionShape(&s2);
  place(o1, h1);
  place(o2, h2);
  HitFlag cb;
  cb.m_closestDistanceThreshold = 0;
  World::get().world.contactPairTest(&o1, &o2, cb);
  return cb.hit;
}
#endif

/// Sphere (c[0..2], radius c[6]) against the triangle c[7..15].
template <class S>
AuditSubject sphere_triangle() {
  AuditSubject s;
  s.name = std::string("bullet/SphereTriangleDetector::collide (") + scalar_name<S>() + ")";
  s.question =
      "Does the open ball meet the filled triangle (distance < r)? Bullet: collide() with contact "
      "threshold 0 (strict < throughout). Reference: exactgeom::interiors_overlap(Sphere, Triangle3).";
  s.families = kFamilies;
  s.width = 16;
  audit::cases::Generator g = [](CaseFamily f, std::uint64_t seed, std::uint64_t i, std::span<double> c) {
    audit::cases::capsule_triangle(f, seed, i, c);
    for (int k = 0; k < 3; ++k) c[3 + k] = c[k];  // the axis' lowest end: a sphere
  };
  std::vector<bool> skip(16, false);
  skip[6] = true;
  s.generate = engine_cases<S>(g, skip, [](Span) { return std::size_t{6}; });
  s.exact = [](Span c) {
    return Answer::of(interiors_overlap(Sphere<double>{p3(c, 0), c[6]},
                                        Triangle3<double>{p3(c, 7), p3(c, 10), p3(c, 13)}));
  };
  s.margin = [](Span c, const Answer&, const Answer&) {
    return touching_margin(to_mpq(squared_distance(p3(c, 0), Triangle3<double>{p3(c, 7), p3(c, 10), p3(c, 13)})),
                           mpq_class(c[6]));
  };
#ifdef EXACTGEOM_AUDIT_HAVE_BULLET
  if constexpr (engine_here<S>())
    s.approx = [](Span c) {
      btSphereShape sphere{static_cast<btScalar>(c[6])};
      btTriangleShape tri(bv(c, 7), bv(c, 10), bv(c, 13));
      SphereTriangleDetector det(&sphere, &tri, 0);
      btVector3 point, normal;
      btScalar depth = 0, toi = 1;
      return Answer::of(det.collide(bv(c, 0), point, normal, depth, toi, 0));
    };
#endif
  s.query = [](Span c) {  // the sphere as a zero-length capsule, whatever c[3..5] hold
    std::array<double, 16> v;
    std::copy(c.begin(), c.end(), v.begin());
    for (std::size_t k = 0; k < 3; ++k) v[3 + k] = v[k];
    return with_case(audit::cases::capsule_triangle_query(v), c);
  };
  s.nonnegative.assign(16, false);
  s.nonnegative[6] = true;
  s.band_ulp = ulp_unit<S>();
  return s;
}

/// Point c[6..8] against the segment c[0..2] -- c[3..5].
template <class S>
AuditSubject segment_sqr_distance() {
  AuditSubject s;
  s.name = std::string("bullet/SegmentSqrDistance (") + scalar_name<S>() + ")";
  s.question =
      "The squared distance from a point to a segment, as returned. Reference: exactgeom::squared_distance "
      "(Point3, Segment3), correctly rounded to double; error in ULPs of btScalar.";
  s.families = kFamilies;
  s.width = 9;
  audit::cases::Generator g = [](CaseFamily f, std::uint64_t seed, std::uint64_t i, std::span<double> c) {
    audit::cases::points(f, 3, 3, seed, i, c);
  };
  s.generate = engine_cases<S>(g, {}, [](Span) { return std::size_t{8}; });
  s.answer_scale_power = 2;  // a squared distance: its error as a length is e / scale
  s.exact = [](Span c) {
    return Answer::of(to_double(squared_distance(p3(c, 6), Segment3<double>{p3(c, 0), p3(c, 3)})));
  };
#ifdef EXACTGEOM_AUDIT_HAVE_BULLET
  if constexpr (engine_here<S>())
    s.approx = [](Span c) {
      btVector3 nearest;
      return Answer::of(double(SegmentSqrDistance(bv(c, 0), bv(c, 3), bv(c, 6), nearest)));
    };
#endif
  s.query = [](Span c) {
    const double v[12] = {c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[6], c[7], c[8]};
    return with_case(audit::cases::segments_query("segment_distance2", v, 3), c);
  };
  s.band_ulp = ulp_unit<S>();
  return s;
}

/// Two capsules (a, b, r) at c[0..6] and c[7..13], held as Bullet holds them.
template <class S>
AuditSubject capsule_capsule() {
  AuditSubject s;
  s.name = std::string("bullet/contactPairTest btCapsuleShape (") + scalar_name<S>() + ")";
  s.question =
      "Do the capsules' interiors overlap (distance(axes) < r1 + r2)? Bullet: contactPairTest with every "
      "contact threshold 0 (a point is added iff distance - r1 - r2 < 0). Asked of the capsules Bullet "
      "holds: centre +- half-height * basis column, exactly (the query's rational endpoints). Reference: "
      "exactgeom::interiors_overlap on those.";
  s.families = kFamilies;
  s.width = 14;
  audit::cases::Generator g = [](CaseFamily f, std::uint64_t seed, std::uint64_t i, std::span<double> c) {
    audit::cases::capsule_pair(f, 3, seed, i, c);
  };
  std::vector<bool> skip(14, false);
  skip[6] = skip[13] = true;
  s.generate = engine_cases<S>(g, skip, [](Span c) { return c[13] > 0 ? std::size_t{13} : std::size_t{6}; });
  s.exact = [](Span c) { return Answer::of(interiors_overlap(held<S>(c, 0).exact(), held<S>(c, 7).exact())); };
  s.margin = [](Span c, const Answer&, const Answer&) {
    const auto a = held<S>(c, 0).exact(), b = held<S>(c, 7).exact();
    return touching_margin(to_mpq(squared_distance(a.seg, b.seg)), a.r + b.r);
  };
  s.held_offset = [](Span c) {  // how far Bullet's capsules are from the requested ones
    double m = 0;
    for (std::size_t i : {0, 7}) {
      const auto h = held<S>(c, i).exact();
      const Point3<mpq_class> a{c[i], c[i + 1], c[i + 2]}, b{c[i + 3], c[i + 4], c[i + 5]};
      const mpq_class d[7] = {a.x - h.seg.a.x, a.y - h.seg.a.y, a.z - h.seg.a.z, b.x - h.seg.b.x,
                              b.y - h.seg.b.y, b.z - h.seg.b.z, h.r - c[i + 6]};
      for (const mpq_class& v : d) m = std::max(m, std::abs(v.get_d()));
    }
    return m;
  };
#ifdef EXACTGEOM_AUDIT_HAVE_BULLET
  if constexpr (engine_here<S>()) s.approx = [](Span c) { return Answer::of(bullet_capsules(c)); };
#endif
  s.query = [](Span c) {
    return with_case(audit::cases::capsule_pair_query(held<S>(c, 0).exact(), held<S>(c, 7).exact()), c);
  };
  s.nonnegative.assign(14, false);
  s.nonnegative[6] = s.nonnegative[13] = true;
  s.band_ulp = ulp_unit<S>();
  return s;
}

template <class S>
std::vector<AuditSubject> subjects() {
  return {sphere_triangle<S>(), segment_sqr_distance<S>(), capsule_capsule<S>()};
}

}  // namespace audits::bullet
