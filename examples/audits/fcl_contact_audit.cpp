// FCL 0.7's capsule-capsule contact (fcl::collide with enable_contact, the
// default libccd solver) audited with exactgeom::audit::audit_pair -- installed API
// only: is there contact, its penetration depth and its normal (FCL's
// Contact::normal, documented as pointing from o1 to o2). FCL holds a
// capsule as a transform (translation, rotation column 2 = axis) and a
// length lz, so the adapter reads that shape back (to_exact) and the exact
// reference is asked about the capsule FCL holds. Double precision.
// Usage: audit_fcl_contact [--cases N] ... (exactgeom::audit::audit_main: --help).
#include <fcl/fcl.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include <optional>

#include <exactgeom/audit/audit.hpp>

using S = double;

// What FCL holds: translation o, unit axis u (rotation column 2), half-length hh, radius r.
using FclCapsule = exactgeom::audit::CentredCapsule<S, 2>;  // FCL's rest axis: z


namespace {

fcl::Transform3<S> transform(const FclCapsule& h) {
  fcl::Vector3<S> u(h.u[0], h.u[1], h.u[2]), x, y;
  x = std::abs(u[0]) < S(0.9) ? fcl::Vector3<S>(1, 0, 0) : fcl::Vector3<S>(0, 1, 0);
  y = u.cross(x).normalized();
  x = y.cross(u);
  fcl::Matrix3<S> r;
  r.col(0) = x, r.col(1) = y, r.col(2) = u;  // fcl::Capsule's axis is local z
  fcl::Transform3<S> t = fcl::Transform3<S>::Identity();
  t.linear() = r;
  t.translation() = fcl::Vector3<S>(h.o[0], h.o[1], h.o[2]);
  return t;
}

struct Hit {
  double depth;
  exactgeom::Point3<double> normal;
};

std::optional<Hit> collide(const FclCapsule& a, const FclCapsule& b) {
  const fcl::Capsule<S> sa(a.r, 2 * a.hh), sb(b.r, 2 * b.hh);
  fcl::CollisionRequest<S> req(1, true);
  fcl::CollisionResult<S> res;
  fcl::collide(&sa, transform(a), &sb, transform(b), req, res);
  if (!res.isCollision() || res.numContacts() == 0) return std::nullopt;
  const auto& c = res.getContact(0);
  return Hit{c.penetration_depth, {c.normal[0], c.normal[1], c.normal[2]}};
}

}  // namespace

int main(int argc, char** argv) {
  using namespace exactgeom;
  using namespace exactgeom::audit;
  const std::string name = "fcl/collide Capsule (double)";
  // Wrong: beyond 4 ULPs of double at the scale r1 + r2 (the normal: of 1).
  return audit_main(argc, argv, {{name, [&](const AuditOptions& o) { return audit_contact<FclCapsule>(collide, o, name); }}},
                    {.cases = 2000, .tolerance = {Unit::scale_ulps, 4}, .scale = Scale::radius_sum});
}
