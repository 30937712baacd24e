// examples/audits/fcl_subjects.hpp: the audit subjects for FCL 0.7 (Debian
// libfcl-dev), in float and double: fcl::distance on two fcl::Capsule<S>
// (default request: libccd solver, which answers capsule-capsule with
// detail::capsuleCapsuleDistance, Ericson's closest points). The exact side
// always compiles; the engine side only with EXACTGEOM_AUDIT_HAVE_FCL.
//
// FCL holds a capsule as a transform (translation, rotation) and a length
// lz along the local z axis: the axis is t -+ (lz / 2) R.col(2). Questions
// are asked of that held capsule, exactly (see HeldCapsule):
//  - with both radii 0, the returned distance is the distance between the
//    axes: compared in ULPs of S with exactgeom::distance (Segment3).
//  - with the radii, FCL returns the signed distance(axes) - r1 - r2
//    (negative when they overlap): its sign against the exact sign.
#pragma once

#include "audit_common.hpp"

#ifdef EXACTGEOM_AUDIT_HAVE_FCL
#include <fcl/fcl.h>
#endif

namespace audits::fcl_audit {

using namespace exactgeom;

inline Gen pairs_gen() {
  Gen g = [](CaseFamily f, std::uint64_t seed, std::uint64_t i, std::span<double> c) {
    audit_cases::capsule_pair(f, 3, seed, i, c);
  };
  std::vector<bool> skip(14, false);
  skip[6] = skip[13] = true;
  return with_offsets(g, 1e4, skip);
}

#ifdef EXACTGEOM_AUDIT_HAVE_FCL
template <class S>
fcl::Transform3<S> transform(const HeldCapsule<S>& h) {
  fcl::Vector3<S> u(h.u[0], h.u[1], h.u[2]), x, y;
  // Any two columns completing u; capsuleCapsuleDistance reads column 2
  // and the translation only.
  x = std::abs(u[0]) < S(0.9) ? fcl::Vector3<S>(1, 0, 0) : fcl::Vector3<S>(0, 1, 0);
  y = u.cross(x).normalized();
  x = y.cross(u);
  fcl::Matrix3<S> r;
  r.col(0) = x;
  r.col(1) = y;
  r.col(2) = u;
  fcl::Transform3<S> t = fcl::Transform3<S>::Identity();
  t.linear() = r;
  t.translation() = fcl::Vector3<S>(h.o[0], h.o[1], h.o[2]);
  return t;
}

/// fcl::distance between the held capsules of c (radii zeroed with `axes`).
template <class S>
S fcl_distance(Span c, bool axes) {
  const auto h1 = hold<S>(c.first(7)), h2 = hold<S>(c.subspan(7));
  const fcl::Capsule<S> a(axes ? S(0) : h1.r, 2 * h1.hh), b(axes ? S(0) : h2.r, 2 * h2.hh);
  fcl::DistanceRequest<S> req;
  fcl::DistanceResult<S> res;
  fcl::distance(&a, transform(h1), &b, transform(h2), req, res);
  return res.min_distance;
}
#endif

template <class S>
Audit axis_distance() {
  AuditSubject s;
  s.name = std::string("fcl/distance Capsule radii 0 (") + scalar_name<S>() + ")";
  s.question = "The distance between the axes FCL holds (translation -+ lz/2 * rotation column 2, exactly), "
               "as returned with both radii 0. Reference: exactgeom::distance (Segment3) on those axes, "
               "correctly rounded; error in ULPs of S.";
  s.families = kFamilies;
  s.width = 14;
  s.generate = rounded<S>(pairs_gen(), [](Span c) { return c[13] > 0 ? std::size_t{13} : std::size_t{6}; });
  s.exact = [](Span c) {
    return Answer::of(distance(held_exact(hold<S>(c.first(7))).seg, held_exact(hold<S>(c.subspan(7))).seg));
  };
#ifdef EXACTGEOM_AUDIT_HAVE_FCL
  s.approx = [](Span c) { return Answer::of(double(fcl_distance<S>(c, true))); };
#endif
  s.query = [](Span c) {
    const auto a = held_exact(hold<S>(c.first(7))), b = held_exact(hold<S>(c.subspan(7)));
    return with_case("{\"op\":\"segment_distance2\",\"s\":[" + qpoint(a.seg.a) + "," + qpoint(a.seg.b) +
                         "],\"t\":[" + qpoint(b.seg.a) + "," + qpoint(b.seg.b) + "]}",
                     c);
  };
  return {s, ulp_unit<S>()};
}

template <class S>
Audit gap_sign() {
  AuditSubject s;
  s.name = std::string("fcl/distance Capsule signed (") + scalar_name<S>() + ")";
  s.question = "The sign of the returned distance(axes) - r1 - r2: -1 overlap, 0 touching, +1 apart. "
               "Reference: the exact sign on the held capsules (query: closed and open both true is -1, "
               "closed only 0, neither +1).";
  s.families = kFamilies;
  s.width = 14;
  s.generate = rounded<S>(pairs_gen(), [](Span c) { return c[13] > 0 ? std::size_t{13} : std::size_t{6}; });
  s.exact = [](Span c) {
    return Answer{Answer::Kind::sign,
                  exact_gap_sign(held_exact(hold<S>(c.first(7))), held_exact(hold<S>(c.subspan(7)))), 0};
  };
#ifdef EXACTGEOM_AUDIT_HAVE_FCL
  s.approx = [](Span c) {
    const S d = fcl_distance<S>(c, false);
    return Answer{Answer::Kind::sign, d > 0 ? 1 : d < 0 ? -1 : 0, 0};
  };
#endif
  s.query = [](Span c) {
    return with_case(capsule_pair_query(held_exact(hold<S>(c.first(7))), held_exact(hold<S>(c.subspan(7)))), c);
  };
  s.nonnegative.assign(14, false);
  s.nonnegative[6] = s.nonnegative[13] = true;
  return {s, 1};
}

inline std::vector<Audit> subjects() {
  return {axis_distance<float>(), gap_sign<float>(), axis_distance<double>(), gap_sign<double>()};
}

}  // namespace audits::fcl_audit
