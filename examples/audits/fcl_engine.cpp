// examples/audits/fcl_engine.cpp: the call into FCL 0.7 behind fcl_subjects.hpp
// (fcl_distance), compiled once for audit_fcl and engine_regressions_test:
// FCL's headers and templates take minutes to compile, so only this file
// includes them.
#include <fcl/fcl.h>

#include <cmath>

#include "fcl_subjects.hpp"

namespace audits::fcl_audit {

namespace {

template <class S>
fcl::Transform3<S> transform(const CentredCapsule<S>& h) {
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

}  // namespace

template <class S>
S fcl_distance(Span c, bool axes) {
  const auto h1 = held<S>(c, 0), h2 = held<S>(c, 7);
  const fcl::Capsule<S> a(axes ? S(0) : h1.r, 2 * h1.hh), b(axes ? S(0) : h2.r, 2 * h2.hh);
  fcl::DistanceRequest<S> req;
  fcl::DistanceResult<S> res;
  fcl::distance(&a, transform(h1), &b, transform(h2), req, res);
  return res.min_distance;
}

template float fcl_distance<float>(Span, bool);
template double fcl_distance<double>(Span, bool);

}  // namespace audits::fcl_audit
