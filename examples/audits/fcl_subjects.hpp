// examples/audits/fcl_subjects.hpp: the audit subjects for FCL 0.7 (Debian
// libfcl-dev), in float and double: fcl::distance on two fcl::Capsule<S>
// (default request: libccd solver, which answers capsule-capsule with
// detail::capsuleCapsuleDistance, Ericson's closest points). The exact side
// always compiles; the engine side only with EXACTGEOM_AUDIT_HAVE_FCL, and
// then links fcl_engine.cpp (the call into FCL).
//
// FCL holds a capsule as a transform (translation, rotation) and a length
// lz along the local z axis: the axis is t -+ (lz / 2) R.col(2). Questions
// are asked of that held capsule, exactly (see exactgeom::audit::CentredCapsule):
//  - with both radii 0, the returned distance is the distance between the
//    axes: compared in ULPs of S with exactgeom::distance (Segment3).
//  - with the radii, FCL returns the signed distance(axes) - r1 - r2
//    (negative when they overlap): its sign against the exact sign.
#pragma once

#include <string>
#include <type_traits>
#include <vector>

#include <exactgeom/audit/subject.hpp>
#include <exactgeom/exactgeom.hpp>

namespace audits::fcl_audit {

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
/// One ULP of S in ULPs of double (normal range).
template <class S>
constexpr double ulp_unit() {
  return std::is_same_v<S, float> ? 0x1p29 : 1.0;
}

/// Capsule pairs at game scales (offsets up to 1e4), rounded to S for float.
template <class S>
audit::cases::Generator pairs_gen() {
  audit::cases::Generator g = [](CaseFamily f, std::uint64_t seed, std::uint64_t i, std::span<double> c) {
    audit::cases::capsule_pair(f, 3, seed, i, c);
  };
  std::vector<bool> skip(14, false);
  skip[6] = skip[13] = true;
  g = audit::cases::offset_far(g, 1e4, skip);
  if constexpr (std::is_same_v<S, float>)
    return audit::cases::rounded_to_float(g, [](Span c) { return c[13] > 0 ? std::size_t{13} : std::size_t{6}; });
  return g;
}
/// The capsule at c[i..i+6] as FCL holds it (fcl::Capsule: axis local z).
template <class S>
CentredCapsule<S> held(Span c, std::size_t i) {
  return CentredCapsule<S>::hold({{{c[i], c[i + 1], c[i + 2]}, {c[i + 3], c[i + 4], c[i + 5]}}, c[i + 6]}, 2);
}

#ifdef EXACTGEOM_AUDIT_HAVE_FCL
/// fcl::distance between the held capsules of c (radii zeroed with `axes`),
/// for S = float and double: in fcl_engine.cpp, the one file that includes
/// FCL (its templates are most of this directory's build time).
template <class S>
S fcl_distance(Span c, bool axes);
#endif

template <class S>
AuditSubject axis_distance() {
  AuditSubject s;
  s.name = std::string("fcl/distance Capsule radii 0 (") + scalar_name<S>() + ")";
  s.question = "The distance between the axes FCL holds (translation -+ lz/2 * rotation column 2, exactly), "
               "as returned with both radii 0. Reference: exactgeom::distance (Segment3) on those axes, "
               "correctly rounded; error in ULPs of S.";
  s.families = kFamilies;
  s.width = 14;
  s.generate = pairs_gen<S>();
  s.exact = [](Span c) {
    return Answer::of(distance(held<S>(c, 0).exact().seg, held<S>(c, 7).exact().seg));
  };
#ifdef EXACTGEOM_AUDIT_HAVE_FCL
  s.approx = [](Span c) { return Answer::of(double(fcl_distance<S>(c, true))); };
#endif
  s.query = [](Span c) {
    return with_case(
        audit::cases::segment_pair_query("segment_distance2", held<S>(c, 0).exact().seg, held<S>(c, 7).exact().seg),
        c);
  };
  s.band_ulp = ulp_unit<S>();
  return s;
}

template <class S>
AuditSubject gap_sign() {
  AuditSubject s;
  s.name = std::string("fcl/distance Capsule signed (") + scalar_name<S>() + ")";
  s.question = "The sign of the returned distance(axes) - r1 - r2: -1 overlap, 0 touching, +1 apart. "
               "Reference: the exact sign on the held capsules (query: closed and open both true is -1, "
               "closed only 0, neither +1).";
  s.families = kFamilies;
  s.width = 14;
  s.generate = pairs_gen<S>();
  s.exact = [](Span c) {
    const auto a = held<S>(c, 0).exact(), b = held<S>(c, 7).exact();
    const mpq_class R = a.r + b.r;
    return Answer{Answer::Kind::sign, sgn(to_mpq(squared_distance(a.seg, b.seg)) - R * R), 0};
  };
  s.margin = [](Span c, const Answer&, const Answer&) {
    const auto a = held<S>(c, 0).exact(), b = held<S>(c, 7).exact();
    return touching_margin(to_mpq(squared_distance(a.seg, b.seg)), a.r + b.r);
  };
#ifdef EXACTGEOM_AUDIT_HAVE_FCL
  s.approx = [](Span c) {
    const S d = fcl_distance<S>(c, false);
    return Answer{Answer::Kind::sign, d > 0 ? 1 : d < 0 ? -1 : 0, 0};
  };
#endif
  s.query = [](Span c) {
    return with_case(audit::cases::capsule_pair_query(held<S>(c, 0).exact(), held<S>(c, 7).exact()), c);
  };
  s.nonnegative.assign(14, false);
  s.nonnegative[6] = s.nonnegative[13] = true;
  s.band_ulp = ulp_unit<S>();
  return s;
}

inline std::vector<AuditSubject> subjects() {
  return {axis_distance<float>(), gap_sign<float>(), axis_distance<double>(), gap_sign<double>()};
}

}  // namespace audits::fcl_audit
